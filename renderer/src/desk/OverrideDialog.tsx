import { useState, type KeyboardEvent } from 'react';
import { Modal } from '../components/Modal.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useT } from '../i18n/index.ts';
import { Kbd } from '../shell/Kbd.tsx';
import { useOverride, type PinAsk } from './override.ts';
import { useDesk } from './store.ts';
import type { SupervisorAction } from '../../../contract/overrides.ts';

/**
 * "Supervisor approval": a supervisor at the agent's side picks their name and types their PIN to
 * let the agent do this one thing (journalled with both names). Enter approves, Esc cancels.
 * Kind 'proof': the supervisor signed in types their own PIN again, for their PIN proof on a
 * change of the station's settings (no one to pick).
 */
export function OverrideDialog() {
  const pending = useOverride((s) => s.pending);
  // A new form per request: nothing typed for an earlier approval stays.
  return pending ? <OverrideForm key={pending.kind + pending.action + pending.waiters.length} action={pending.action} kind={pending.kind} /> : null;
}

function OverrideForm({ action, kind }: { action: SupervisorAction; kind: PinAsk }) {
  const t = useT();
  const busy = useOverride((s) => s.busy);
  const error = useOverride((s) => s.error);
  const desk = useDesk((s) => s.desk);
  const me = desk?.signedIn;
  const proof = kind === 'proof';
  const supervisors = proof ? (me?.role === 'supervisor' ? [me] : []) : (desk?.agents ?? []).filter((a) => a.role === 'supervisor' && a.id !== me?.id);
  const [supervisorId, setSupervisorId] = useState(supervisors[0]?.id ?? '');
  const [pin, setPin] = useState('');
  const { submit, cancel } = useOverride.getState();
  const onKey = (e: KeyboardEvent) => {
    // the language key works here as on every step (it changes nothing behind)
    if (e.key === 'F3') return;
    // the approval answers its own keys: nothing behind it (a step, a screen) reacts to them
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };
  return (
    // a modal layer: focus comes in (the PIN) and goes back where it was when it closes
    <Modal className="override-backdrop">
      <form
        className="desk-card override"
        role="dialog"
        aria-modal="true"
        aria-labelledby="override-title"
        aria-describedby="override-intro"
        data-testid="override"
        onKeyDown={onKey}
        onSubmit={(e) => {
          e.preventDefault();
          if (supervisorId && pin) void submit(supervisorId, pin).then(() => setPin(''));
        }}
      >
        <h2 id="override-title">{t(proof ? 'override.proof.title' : 'override.title')}</h2>
        <p className="desk-intro" id="override-intro">
          {proof ? t('override.proof.intro', { supervisor: me?.name ?? '' }) : t('override.intro', { agent: me?.name ?? '', action: t(`override.action.${action}`) })}
        </p>
        {supervisors.length === 0 ? (
          <p className="desk-intro">{t(proof ? 'override.proof.none' : 'override.none')}</p>
        ) : (
          <>
            {!proof && (
              <>
                <label htmlFor="override-supervisor">{t('override.supervisor')}</label>
                <select id="override-supervisor" value={supervisorId} onChange={(e) => setSupervisorId(e.target.value)}>
                  {supervisors.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </>
            )}
            <label htmlFor="override-pin">{t(proof ? 'override.proof.pin' : 'override.pin', { supervisor: me?.name ?? '' })}</label>
            <input
              id="override-pin"
              data-autofocus
              type="password"
              inputMode="numeric"
              autoComplete="off"
              value={pin}
              onChange={(e) => setPin(e.target.value)}
              aria-invalid={error?.code === 'wrong_pin' || error?.code === 'agent_locked' || undefined}
              aria-describedby={error ? 'override-error' : undefined}
            />
          </>
        )}
        {error && <ErrorNotice error={error} id="override-error" />}
        <div className="st-actions">
          <button type="submit" className="st-btn st-btn-primary" disabled={busy || !pin || !supervisorId} aria-keyshortcuts="Enter">
            {t(proof ? 'override.proof.confirm' : 'override.approve')} <Kbd k="Enter" />
          </button>
          <button type="button" className="st-btn" onClick={() => cancel()} aria-keyshortcuts="Escape">
            {t('override.cancel')} <Kbd k="Esc" />
          </button>
        </div>
      </form>
    </Modal>
  );
}
