import { useState } from 'react';
import type { AgentView } from '../../../contract/shifts.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useT } from '../i18n/index.ts';
import { toLatinDigits } from '../../../core/digits.ts';
import { useDesk } from './store.ts';

const PIN = /^[0-9]{4,8}$/;

/** The errors that are about the PIN typed: its field is marked invalid and described by them. */
const PIN_ERRORS = new Set(['wrong_pin', 'agent_locked']);

/**
 * A PIN field: digits only (Arabic-Indic accepted), never shown, never kept after the attempt.
 * `problem`: the id of what is wrong with it (marked invalid, and read with the field).
 */
function PinInput(props: { id: string; value: string; onChange(v: string): void; autoFocus?: boolean; problem?: string | null }) {
  return (
    <input
      id={props.id}
      aria-invalid={props.problem ? true : undefined}
      aria-describedby={props.problem ?? undefined}
      className="pin-input"
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={8}
      autoFocus={props.autoFocus}
      value={props.value}
      onChange={(e) => props.onChange(toLatinDigits(e.target.value).replace(/\D/g, ''))}
    />
  );
}

/** Sign in (pick your name, type your PIN) or unlock the locked screen. */
export function SignIn() {
  const t = useT();
  const desk = useDesk((s) => s.desk)!;
  const error = useDesk((s) => s.error);
  const busy = useDesk((s) => s.busy);
  const locked = desk.locked && desk.signedIn;
  const [agentId, setAgentId] = useState<string | null>(locked ? desk.signedIn!.id : (desk.agents[0]?.id ?? null));
  const [pin, setPin] = useState('');
  /** The name of the agent whose lock a supervisor just lifted. */
  const [lifted, setLifted] = useState<string | null>(null);
  const submit = async () => {
    if (!agentId || !PIN.test(pin)) return;
    await useDesk.getState().signIn(agentId, pin);
    setPin('');
  };
  return (
    <main className="desk-screen" data-testid={locked ? 'lock-screen' : 'sign-in'}>
      <form
        className="desk-card"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1>{locked ? t('desk.locked.title') : t('desk.signIn.title')}</h1>
        <p className="desk-intro">{locked ? t('desk.locked.intro', { name: desk.signedIn!.name }) : t('desk.signIn.intro')}</p>
        <fieldset className="agent-pick">
          <legend>{t('desk.signIn.who')}</legend>
          {desk.agents.map((a: AgentView) => (
            <label key={a.id} className={`agent-tile${agentId === a.id ? ' chosen' : ''}`}>
              <input type="radio" name="agent" value={a.id} checked={agentId === a.id} onChange={() => setAgentId(a.id)} />
              <span className="agent-name">{a.name}</span>
              <span className="agent-role">{t(`desk.role.${a.role}`)}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor="pin">{t('desk.pin')}</label>
        <PinInput id="pin" value={pin} onChange={setPin} autoFocus problem={error && PIN_ERRORS.has(error.code) ? 'pin-error' : null} />
        {error && <ErrorNotice error={error} id="pin-error" />}
        <button type="submit" className="st-btn st-btn-primary" disabled={busy || !agentId || !PIN.test(pin)}>
          {locked ? t('desk.locked.unlock') : t('desk.signIn.submit')}
        </button>
      </form>
      {error?.code === 'agent_locked' && agentId && <SupervisorUnlock agentId={agentId} onDone={setLifted} />}
      {lifted && !error && (
        <p className="desk-card" role="status" data-testid="lock-lifted">
          {t('desk.unlock.done', { name: lifted })}
        </p>
      )}
    </main>
  );
}

/** A supervisor types their own PIN to lift the lock of the agent chosen above. */
function SupervisorUnlock({ agentId, onDone }: { agentId: string; onDone(name: string): void }) {
  const t = useT();
  const desk = useDesk((s) => s.desk)!;
  const busy = useDesk((s) => s.busy);
  const supervisors = desk.agents.filter((a) => a.role === 'supervisor' && a.id !== agentId);
  const [supervisorId, setSupervisorId] = useState<string>(supervisors[0]?.id ?? '');
  const [pin, setPin] = useState('');
  if (supervisors.length === 0) return null;
  const name = desk.agents.find((a) => a.id === agentId)?.name ?? '';
  return (
    <form
      className="desk-card"
      data-testid="supervisor-unlock"
      onSubmit={(e) => {
        e.preventDefault();
        if (!PIN.test(pin)) return;
        void useDesk
          .getState()
          .unlockAgent(agentId, supervisorId, pin)
          .then((ok) => ok && onDone(name));
        setPin('');
      }}
    >
      <h2>{t('desk.unlock.title')}</h2>
      <label htmlFor="unlock-supervisor">{t('desk.unlock.supervisor')}</label>
      <select id="unlock-supervisor" value={supervisorId} onChange={(e) => setSupervisorId(e.target.value)}>
        {supervisors.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      <label htmlFor="unlock-pin">{t('desk.unlock.pin')}</label>
      <PinInput id="unlock-pin" value={pin} onChange={setPin} />
      <button type="submit" className="st-btn" disabled={busy || !PIN.test(pin)}>
        {t('desk.unlock.submit')}
      </button>
    </form>
  );
}

/**
 * The PIN key is lost (DeskState.pinKeyLost): the station secret written down, with a
 * supervisor's PIN, brings every PIN back; otherwise a supervisor is made again.
 */
export function PinKeyLost() {
  const t = useT();
  const desk = useDesk((s) => s.desk)!;
  const error = useDesk((s) => s.error);
  const busy = useDesk((s) => s.busy);
  const supervisors = desk.agents.filter((a) => a.role === 'supervisor');
  const [secret, setSecret] = useState('');
  const [supervisorId, setSupervisorId] = useState<string>(supervisors[0]?.id ?? '');
  const [pin, setPin] = useState('');
  return (
    <main className="desk-screen" data-testid="pin-key-lost">
      <form
        className="desk-card"
        onSubmit={(e) => {
          e.preventDefault();
          void useDesk.getState().importStationSecret(secret, supervisorId, pin);
          setPin('');
        }}
      >
        <h1>{t('desk.keyLost.title')}</h1>
        <p className="desk-intro">{t('desk.keyLost.intro')}</p>
        <label htmlFor="station-secret">{t('desk.keyLost.secret')}</label>
        <input id="station-secret" dir="ltr" autoComplete="off" spellCheck={false} maxLength={200} value={secret} onChange={(e) => setSecret(e.target.value)} />
        <label htmlFor="secret-supervisor">{t('desk.unlock.supervisor')}</label>
        <select id="secret-supervisor" value={supervisorId} onChange={(e) => setSupervisorId(e.target.value)}>
          {supervisors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
        <label htmlFor="secret-pin">{t('desk.pin')}</label>
        <PinInput id="secret-pin" value={pin} onChange={setPin} />
        {error && <ErrorNotice error={error} />}
        <button type="submit" className="st-btn st-btn-primary" disabled={busy || secret.trim().length < 10 || !PIN.test(pin)}>
          {t('desk.keyLost.submit')}
        </button>
      </form>
      <FirstSupervisor embedded />
    </main>
  );
}

/** The first start of a counter with no agent: its first supervisor, who then adds the others. */
/**
 * The first supervisor of a counter with no agent. Over a lost journal (`withSecret`), the station
 * secret a supervisor wrote down is asked too: main refuses the form without it. Over an earlier
 * copy of the journal (`besideAgents`) its agents are still there: the form makes one more supervisor.
 */
export function FirstSupervisor({ withSecret = false, embedded = withSecret, besideAgents = false }: { withSecret?: boolean; embedded?: boolean; besideAgents?: boolean }) {
  // on the lost journal's or the lost PIN key's screen it is a part of it (its <main>, its <h1>), not a screen of its own
  const Screen = embedded ? 'section' : 'main';
  const Heading = embedded ? 'h2' : 'h1';
  const t = useT();
  const error = useDesk((s) => s.error);
  const busy = useDesk((s) => s.busy);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [secret, setSecret] = useState('');
  const ready = name.trim().length > 0 && PIN.test(pin) && pin === again && (!withSecret || secret.trim().length >= 10);
  const mismatch = again.length >= 4 && pin !== again;
  return (
    <Screen className={embedded ? 'desk-part' : 'desk-screen'} data-testid="first-supervisor">
      <form
        className="desk-card"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void useDesk.getState().createFirstSupervisor(name.trim(), pin, withSecret ? secret.trim() : undefined);
        }}
      >
        <Heading>{t(besideAgents ? 'desk.first.besideTitle' : 'desk.first.title')}</Heading>
        <p className="desk-intro">{t(besideAgents ? 'desk.first.besideIntro' : 'desk.first.intro')}</p>
        <label htmlFor="first-name">{t('desk.name')}</label>
        <input id="first-name" autoFocus={!embedded} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} dir="auto" />
        <label htmlFor="first-pin">{t('desk.newPin')}</label>
        <PinInput id="first-pin" value={pin} onChange={setPin} />
        <label htmlFor="first-pin-again">{t('desk.newPinAgain')}</label>
        <PinInput id="first-pin-again" value={again} onChange={setAgain} problem={mismatch ? 'first-pin-mismatch' : null} />
        <p className="st-field-error" id="first-pin-mismatch" role="status">
          {mismatch && t('desk.pinMismatch')}
        </p>
        {withSecret && (
          <>
            <label htmlFor="first-secret">{t('desk.lost.secret')}</label>
            <input id="first-secret" dir="ltr" autoComplete="off" spellCheck={false} maxLength={200} value={secret} onChange={(e) => setSecret(e.target.value)} />
          </>
        )}
        {error && <ErrorNotice error={error} />}
        <button type="submit" className="st-btn st-btn-primary" disabled={busy || !ready}>
          {t('desk.first.submit')}
        </button>
      </form>
    </Screen>
  );
}
