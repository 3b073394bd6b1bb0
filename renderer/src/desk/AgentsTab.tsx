import { useEffect, useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { AgentRole, AgentView } from '../../../contract/shifts.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useT } from '../i18n/index.ts';
import { readWholeNumber, toLatinDigits } from '../../../core/digits.ts';
import { Field, Notice } from '../settings/parts.tsx';
import { useDesk } from './store.ts';
import { SharedSettingsNotice } from '../station/SharedSettingsNotice.tsx';
import { LockedFields, useSupervisorForm } from '../settings/SupervisorLock.tsx';

const PIN = /^[0-9]{4,8}$/;

/**
 * Settings → Agents (supervisor): who may sign in at this counter, with which role, and how soon
 * an idle screen locks. On a counter with no agent yet, its first supervisor is made here.
 */
export function AgentsTab() {
  const t = useT();
  const desk = useDesk((s) => s.desk);
  const [agents, setAgents] = useState<AgentView[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [role, setRole] = useState<AgentRole>('agent');
  const [pin, setPin] = useState('');
  const [minutes, setMinutes] = useState<string | null>(null);
  const inUse = desk?.agentsInUse ?? false;
  // an agent sees who works here only once a supervisor approved it (main refuses the list before)
  const { locked, notice } = useSupervisorForm('agents');

  useEffect(() => {
    if (!inUse || locked) return;
    let current = true;
    void api.listAgents().then((r) => current && (r.ok ? setAgents(r.value) : setError(r.error)));
    return () => {
      current = false;
    };
  }, [inUse, locked]);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || !PIN.test(pin)) return;
    setError(null);
    if (!inUse) {
      const ok = await useDesk.getState().createFirstSupervisor(name.trim(), pin);
      if (!ok) setError(useDesk.getState().error);
      return;
    }
    const r = await api.saveAgent({ name: name.trim(), role, pin, active: true });
    if (!r.ok) return setError(r.error);
    setAgents(r.value);
    setSaved(t('settings.agents.added', { name: name.trim() }));
    setName('');
    setPin('');
    void useDesk.getState().load();
  }

  async function setActive(a: AgentView, active: boolean) {
    const r = await api.saveAgent({ id: a.id, name: a.name, role: a.role, active });
    if (!r.ok) return setError(r.error);
    setAgents(r.value);
    void useDesk.getState().load();
  }

  async function saveMinutes(e: FormEvent) {
    e.preventDefault();
    const n = readWholeNumber(minutes ?? String(desk?.idleLockMinutes ?? ''), 3);
    if (n === null || n > 240) return;
    const ok = await useDesk.getState().run(() => api.saveIdleLock({ minutes: n }), (d) => useDesk.setState({ desk: d }));
    if (ok) setSaved(t('settings.agents.lockSaved'));
    else setError(useDesk.getState().error);
  }

  return (
    <div className="st-tab" data-testid="settings-agents">
      <h2>{t('settings.agents.heading')}</h2>
      <p className="st-intro">{inUse ? t('settings.agents.intro') : t('settings.agents.none')}</p>
      <SharedSettingsNotice />
      {notice}
      <LockedFields action="agents" locked={locked}>
        {agents && !locked && (
          <table className="st-table" data-testid="agents-table">
            <thead>
              <tr>
                <th scope="col">{t('desk.name')}</th>
                <th scope="col">{t('settings.agents.role')}</th>
                <th scope="col">{t('settings.agents.state')}</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((a) => (
                <tr key={a.id}>
                  <td dir="auto">{a.name}</td>
                  <td>{t(`desk.role.${a.role}`)}</td>
                  <td>
                    {a.active ? t('settings.agents.active') : t('settings.agents.disabled')}{' '}
                    {a.id !== desk?.signedIn?.id && (
                      <button type="button" className="st-btn st-btn-quiet" onClick={() => void setActive(a, !a.active)}>
                        {a.active ? t('settings.agents.disable') : t('settings.agents.enable')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <form className="st-form" onSubmit={(e) => void add(e)} data-testid="add-agent">
          <h3>{inUse ? t('settings.agents.add') : t('desk.first.title')}</h3>
          <Field id="agent-name" label={t('desk.name')}>
            <input id="agent-name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} dir="auto" />
          </Field>
          {inUse && (
            <Field id="agent-role" label={t('settings.agents.role')}>
              <select id="agent-role" value={role} onChange={(e) => setRole(e.target.value as AgentRole)}>
                <option value="agent">{t('desk.role.agent')}</option>
                <option value="supervisor">{t('desk.role.supervisor')}</option>
              </select>
            </Field>
          )}
          <Field id="agent-pin" label={t('desk.newPin')}>
            <input
              id="agent-pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={(e) => setPin(toLatinDigits(e.target.value).replace(/\D/g, ''))}
            />
          </Field>
          <div className="st-actions st-field-wide">
            <button type="submit" className="st-btn st-btn-primary" disabled={!name.trim() || !PIN.test(pin)}>
              {inUse ? t('settings.agents.addSubmit') : t('desk.first.submit')}
            </button>
          </div>
        </form>
        {inUse && desk && (
          <form className="st-form" onSubmit={(e) => void saveMinutes(e)}>
            <Field id="idle-lock" label={t('settings.agents.lockAfter')}>
              <input id="idle-lock" inputMode="numeric" value={minutes ?? String(desk.idleLockMinutes)} onChange={(e) => setMinutes(e.target.value)} />
            </Field>
            <div className="st-actions st-field-wide">
              <button type="submit" className="st-btn">
                {t('settings.agents.lockSave')}
              </button>
            </div>
          </form>
        )}
      </LockedFields>
      {saved && <Notice kind="ok">{saved}</Notice>}
      {error && <ErrorNotice error={error} />}
    </div>
  );
}
