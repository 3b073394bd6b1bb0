import { useEffect, useRef, type ReactNode } from 'react';
import type { SupervisorAction } from '../../../contract/overrides.ts';
import { cairoDateAndTime } from '../../../core/format.ts';
import { askApproval } from '../api.ts';
import { LockIcon } from '../components/Icons.tsx';
import { useApprovalLock, type ApprovalLock } from '../desk/approval.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useTi } from './bidi.ts';

// A supervisor's Settings form seen by an agent, as Reports are: in sight, marked as needing a
// supervisor's approval, and not changeable until one approves it at the agent's side. The
// notice at its head asks for the approval (the same dialog as every refused supervisor call);
// the form's controls sit in a disabled fieldset until it stands.

/** The id of the notice's control: the button while locked, the note once approved (the dialog gives the focus back to it). */
const noticeId = (action: SupervisorAction) => `approval-${action}`;
/** The id of the sentence that says why a form is locked (the description of its button and fields). */
export const lockReasonId = (action: SupervisorAction) => `approval-${action}-why`;

/** The lock of `action`'s forms and the notice to put at their head. */
export function useSupervisorForm(action: SupervisorAction): ApprovalLock & { notice: ReactNode } {
  const lock = useApprovalLock(action);
  return { ...lock, notice: <ApprovalNotice action={action} lock={lock} /> };
}

/**
 * Locked: why (a lock and "Needs a supervisor's approval") and one button that asks for it.
 * Approved: by whom and until when, the focus on that line so the next Tab is in the form.
 * Nothing for a supervisor.
 */
function ApprovalNotice({ action, lock }: { action: SupervisorAction; lock: ApprovalLock }) {
  const t = useT();
  const ti = useTi();
  const locale = useLocale((s) => s.locale);
  const button = useRef<HTMLButtonElement>(null);
  const wasLocked = useRef(lock.locked);
  // the approval ran out while a field had the focus: that field cannot act now, the button can
  useEffect(() => {
    const ranOut = lock.locked && !wasLocked.current;
    wasLocked.current = lock.locked;
    const active = document.activeElement;
    if (ranOut && (!active || active === document.body || active.matches(':disabled'))) button.current?.focus();
  }, [lock.locked]);
  if (lock.locked) {
    return (
      <div className="st-approval st-approval-locked" data-testid="approval-locked">
        <p id={lockReasonId(action)}>
          <LockIcon /> <strong>{t('settings.approval.title')}.</strong> {t('settings.approval.why', { action: t(`override.action.${action}`) })}
        </p>
        <button ref={button} id={noticeId(action)} type="button" className="st-btn st-btn-primary" aria-describedby={lockReasonId(action)} onClick={() => void askApproval(action)}>
          {t('settings.approval.ask')}
        </button>
      </div>
    );
  }
  if (!lock.grant) return null;
  return (
    <p id={noticeId(action)} tabIndex={-1} role="status" className="st-approval st-approval-open" data-testid="approval-open">
      {ti('settings.approval.open', { supervisor: lock.grant.supervisor.name, until: cairoDateAndTime(lock.grant.expiresAt, locale).time })}
    </p>
  );
}

/** A supervisor's controls: disabled (all at once, as a fieldset does) while the form is locked. */
export function LockedFields({ action, locked, children }: { action: SupervisorAction; locked: boolean; children: ReactNode }) {
  return (
    <fieldset className="st-lockable" disabled={locked} aria-describedby={locked ? lockReasonId(action) : undefined} data-locked={locked || undefined}>
      {children}
    </fieldset>
  );
}
