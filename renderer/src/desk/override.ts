import { create } from 'zustand';
import type { AppError, Result } from '../../../contract/errors.ts';
import type { DeskState, OverrideGrant } from '../../../contract/shifts.ts';
import type { SupervisorAction } from '../../../contract/overrides.ts';

// The supervisor approval on screen: a supervisor-only call refused for the agent signed in asks
// for a supervisor's PIN (renderer/src/api.ts), and the call is made again once approved. Calls of
// the same action that are refused meanwhile wait for the same answer. The same dialog asks the
// supervisor signed in for their own PIN again when a change of the station's settings needs
// their PIN proof (kind 'proof': signed in before the counter was linked).

type Approve = (supervisorId: string, pin: string) => Promise<Result<OverrideGrant | DeskState>>;

/** 'approval': a supervisor at the agent's side approves an action; 'proof': the supervisor signed in types their PIN again. */
export type PinAsk = 'approval' | 'proof';

interface Pending {
  kind: PinAsk;
  action: SupervisorAction;
  approve: Approve;
  waiters: ((approved: boolean) => void)[];
}

interface OverrideStore {
  pending: Pending | null;
  busy: boolean;
  error: AppError | null;
  /**
   * The supervisor's approval that stands for the agent signed in, as main granted it (one at a
   * time, as main keeps one): a supervisor's form of its action is editable until it expires.
   * Dropped when the screen locks or the agent changes (desk/approval.ts), as main drops it.
   */
  grant: OverrideGrant | null;
  /** Resolves true once a supervisor approved `action` (or typed their PIN: `kind` 'proof'), false when cancelled. */
  ask(action: SupervisorAction, approve: Approve, kind?: PinAsk): Promise<boolean>;
  submit(supervisorId: string, pin: string): Promise<void>;
  cancel(): void;
  /** Forgets the approval that stood (the screen locked, the agent changed). */
  dropGrant(): void;
}

export const useOverride = create<OverrideStore>((set, get) => {
  const settle = (approved: boolean, grant?: OverrideGrant) => {
    const p = get().pending;
    // the approval and the dialog's end drawn together: the form it opens is there when the focus comes back
    set({ pending: null, busy: false, error: null, ...(grant ? { grant } : {}) });
    for (const w of p?.waiters ?? []) w(approved);
  };
  return {
    pending: null,
    busy: false,
    error: null,
    grant: null,
    ask(action, approve, kind = 'approval') {
      return new Promise<boolean>((resolve) => {
        const p = get().pending;
        if (p && p.action === action && p.kind === kind) p.waiters.push(resolve);
        else if (p) resolve(false); // one approval at a time
        else set({ pending: { kind, action, approve, waiters: [resolve] }, error: null });
      });
    },
    async submit(supervisorId, pin) {
      const p = get().pending;
      if (!p || get().busy) return;
      set({ busy: true, error: null });
      const r = await p.approve(supervisorId, pin);
      if (r.ok) settle(true, p.kind === 'approval' && 'expiresAt' in r.value ? r.value : undefined);
      else set({ busy: false, error: r.error });
    },
    cancel: () => settle(false),
    dropGrant: () => set({ grant: null }),
  };
});
