import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { CredentialView, CredentialsStatus, KeychainProblem } from '../../../contract/counter.ts';
import { api } from '../api.ts';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { formatCairo } from '../../../core/format.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useShell } from '../shell/store.ts';
import { credentialKind, isComplete } from './credential-form.ts';
import { describedBy, Field, InlineConfirm, Loading, Notice } from './parts.tsx';
import { useLoad, valueOf } from './use-load.ts';
import { LockedFields, useSupervisorForm } from './SupervisorLock.tsx';

type Slot = CredentialView['slot'];

/** What to install, by platform: the keychain module missing or unloadable, or no keychain service. */
const keychainFix = (p: KeychainProblem): MessageKey =>
  `settings.cred.keychain.fix.${p.platform}.${p.reason === 'no_service' ? 'service' : 'module'}`;
const SLOTS: Slot[] = ['primary', 'secondary'];

type Submit =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'saved'; credential: CredentialView | null; environment: CredentialsStatus['environment'] }
  | { phase: 'failed'; error: AppError };

type Removal = { slot: Slot; phase: 'confirm' | 'removing' } | null;

/** Where to go next after a failed save, for the codes a supervisor can act on. */
const NEXT_STEP: Partial<Record<AppError['code'], MessageKey>> = {
  credential_rejected: 'settings.cred.next.credential_rejected',
  invalid_client: 'settings.cred.next.credential_rejected',
  invalid_base_url: 'settings.cred.next.invalid_base_url',
  keychain_unavailable: 'settings.cred.next.keychain_unavailable',
  network: 'settings.cred.next.network',
  timeout: 'settings.cred.next.timeout',
  conflict: 'settings.cred.next.conflict',
};

export function CredentialsTab() {
  const { locked, notice } = useSupervisorForm('credentials');
  const t = useTi();
  const label = useT(); // accessible names: no bidi marks
  const { locale } = useLocale();
  const [status, reload, setStatus] = useLoad(api.credentialsStatus);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [slotChoice, setSlotChoice] = useState<Slot | null>(null);
  const [liveAck, setLiveAck] = useState(false);
  const [submit, setSubmit] = useState<Submit>({ phase: 'idle' });
  const [removal, setRemoval] = useState<Removal>(null);
  const [removeResult, setRemoveResult] = useState<{ error: AppError | null } | null>(null);

  const current = valueOf(status);
  const held = new Map((current?.credentials ?? []).map((c) => [c.slot, c]));
  const slot: Slot = slotChoice ?? SLOTS.find((s) => !held.has(s)) ?? 'primary';
  const kind = credentialKind(clientId, clientSecret);
  const checking = submit.phase === 'checking';
  const canSubmit = isComplete({ clientId, clientSecret, baseUrl }) && (kind !== 'LIVE' || liveAck) && !checking;
  const slotName = (s: Slot) => t(`settings.cred.slot.${s}`);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    const arg = { clientId, clientSecret, baseUrl, slot };
    setClientSecret(''); // never kept on screen once sent
    setSubmit({ phase: 'checking' });
    setRemoveResult(null);
    void api.saveCredential(arg).then((r) => {
      if (!r.ok) {
        setSubmit({ phase: 'failed', error: r.error });
        return;
      }
      setStatus(r.value);
      void useShell.getState().load(); // the top bar's environment badge follows at once
      setSubmit({
        phase: 'saved',
        credential: r.value.credentials.find((c) => c.slot === slot) ?? null,
        environment: r.value.environment,
      });
      setClientId('');
      setBaseUrl('');
      setLiveAck(false);
      setSlotChoice(null);
    });
  }

  function remove(s: Slot) {
    setRemoval({ slot: s, phase: 'removing' });
    void api.removeCredential({ slot: s }).then((r) => {
      setRemoval(null);
      setSubmit({ phase: 'idle' });
      if (r.ok) {
        setStatus(r.value);
        void useShell.getState().load();
      }
      setRemoveResult({ error: r.ok ? null : r.error });
    });
  }

  return (
    <div className="st-tab" data-testid="settings-credentials">
      <h2>{t('settings.cred.heading')}</h2>
      {notice}

      {status.status === 'loading' && <Loading />}
      {status.status === 'error' && <ErrorNotice error={status.error} onRetry={reload} />}

      {current && (
        <>
          <div className={`st-env st-env-${current.environment.toLowerCase()}`} data-testid="settings-environment" data-environment={current.environment}>
            <span className="st-env-label">{t('settings.cred.env.label')}</span>
            <strong className="st-env-name">{t(`env.${current.environment}`)}</strong>
            <p>{t(`settings.cred.env.${current.environment}`)}</p>
          </div>

          {current.keychainProblem && (
            <Notice kind="bad" testId="keychain-problem">
              {t('settings.cred.keychain.missing')} {t(keychainFix(current.keychainProblem))}
            </Notice>
          )}

          <LockedFields action="credentials" locked={locked}>
            <section aria-labelledby="st-cred-stored">
              <h3 id="st-cred-stored">{t('settings.cred.stored')}</h3>
              {current.credentials.length === 0 ? (
                <p className="st-empty">{t('settings.cred.none')}</p>
              ) : (
                <table className="st-table" data-testid="credential-list">
                  <thead>
                    <tr>
                      <th scope="col">{t('settings.cred.col.slot')}</th>
                      <th scope="col">{t('settings.cred.col.env')}</th>
                      <th scope="col">{t('settings.cred.col.clientId')}</th>
                      <th scope="col">{t('settings.cred.col.baseUrl')}</th>
                      <th scope="col">{t('settings.cred.col.savedAt')}</th>
                      <th scope="col">
                        <span className="st-sr">{t('settings.cred.col.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.credentials.map((c) => (
                      <tr key={c.slot} data-slot={c.slot}>
                        <td>{slotName(c.slot)}</td>
                        <td>
                          <span className={`st-pill st-pill-${c.environment.toLowerCase()}`}>{t(`env.${c.environment}`)}</span>
                        </td>
                        <td>
                          <bdi className="mono">{c.clientIdMasked}</bdi>
                        </td>
                        <td>
                          <bdi className="mono st-url">{c.baseUrl}</bdi>
                        </td>
                        <td>{formatCairo(c.savedAt, locale)}</td>
                        <td className="st-cell-actions">
                          {removal?.slot === c.slot ? (
                            <InlineConfirm
                              message={t('settings.cred.remove.confirm', { slot: slotName(c.slot), clientId: c.clientIdMasked })}
                              confirmLabel={removal.phase === 'removing' ? t('settings.cred.removing') : t('settings.cred.remove.yes')}
                              busy={removal.phase === 'removing'}
                              onConfirm={() => remove(c.slot)}
                              onCancel={() => setRemoval(null)}
                            />
                          ) : (
                            <button
                              type="button"
                              className="st-btn st-btn-quiet"
                              aria-label={label('settings.cred.remove.label', { slot: slotName(c.slot) })}
                              onClick={() => {
                                setRemoveResult(null);
                                setRemoval({ slot: c.slot, phase: 'confirm' });
                              }}
                              disabled={removal !== null || checking}
                            >
                              {t('settings.cred.remove')}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {removeResult &&
                (removeResult.error ? (
                  <ErrorNotice error={removeResult.error} />
                ) : (
                  <Notice kind="ok">{t('settings.cred.removed')}</Notice>
                ))}
              <p className="st-note">{t('settings.cred.rotation')}</p>
            </section>
          </LockedFields>
        </>
      )}

      <LockedFields action="credentials" locked={locked}>
        <form className="st-form" onSubmit={onSubmit} aria-labelledby="st-cred-form" autoComplete="off" noValidate>
          <h3 id="st-cred-form">{t('settings.cred.form')}</h3>
          <div className="st-grid">
            <Field id="st-cred-id" label={t('settings.cred.clientId')} hint={t('settings.cred.clientId.hint')}>
              <input
                id="st-cred-id"
                className="mono"
                dir="ltr"
                value={clientId}
                onChange={(e) => setClientId(e.target.value)}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                disabled={checking}
                aria-describedby={describedBy('st-cred-id', true, false)}
              />
            </Field>
            <Field id="st-cred-secret" label={t('settings.cred.secret')} hint={t('settings.cred.secret.hint')}>
              <input
                id="st-cred-secret"
                className="mono"
                dir="ltr"
                type="password"
                value={clientSecret}
                onChange={(e) => setClientSecret(e.target.value)}
                spellCheck={false}
                autoComplete="new-password"
                disabled={checking}
                aria-describedby={describedBy('st-cred-secret', true, false)}
              />
            </Field>
            <Field id="st-cred-url" label={t('settings.cred.baseUrl')} hint={t('settings.cred.baseUrl.hint')} wide>
              <input
                id="st-cred-url"
                className="mono"
                dir="ltr"
                type="url"
                inputMode="url"
                placeholder="https://…/v1"
                value={baseUrl}
                onChange={(e) => setBaseUrl(e.target.value)}
                spellCheck={false}
                autoCapitalize="off"
                disabled={checking}
                aria-describedby={describedBy('st-cred-url', true, false)}
              />
            </Field>
          </div>
          <fieldset className="st-radios" disabled={checking}>
            <legend>{t('settings.cred.slot')}</legend>
            {SLOTS.map((s) => (
              <label key={s}>
                <input type="radio" name="st-cred-slot" value={s} checked={slot === s} onChange={() => setSlotChoice(s)} />
                {slotName(s)}
                {held.has(s) && <span className="st-hint"> {t('settings.cred.slot.replaces')}</span>}
              </label>
            ))}
          </fieldset>

          {kind === 'LIVE' && (
            <div className="st-live-warning" role="alert" data-testid="live-warning">
              <strong>{t('settings.cred.live.title')}</strong>
              <p>{t('settings.cred.live.body')}</p>
              <label>
                <input type="checkbox" checked={liveAck} onChange={(e) => setLiveAck(e.target.checked)} disabled={checking} />
                {t('settings.cred.live.ack')}
              </label>
            </div>
          )}

          <div className="st-actions">
            <button type="submit" className="st-btn st-btn-primary" aria-disabled={!canSubmit || undefined}>
              {t('settings.cred.submit')}
            </button>
          </div>

          <div className="st-result" data-testid="credential-result">
            {submit.phase === 'checking' && (
              <Notice kind="info" busy>
                {t('settings.cred.checking')}
              </Notice>
            )}
            {submit.phase === 'saved' && (
              <Notice kind="ok">
                {t('settings.cred.saved', {
                  environment: t(`env.${submit.environment}`),
                  clientId: submit.credential?.clientIdMasked ?? '',
                })}
              </Notice>
            )}
            {submit.phase === 'failed' && (
              <>
                <ErrorNotice error={submit.error} />
                <p className="st-next">
                  {t(NEXT_STEP[submit.error.code] ?? 'settings.cred.next.default')}
                  {submit.error.code === 'keychain_unavailable' && current?.keychainProblem && <> {t(keychainFix(current.keychainProblem))}</>}
                </p>
              </>
            )}
          </div>
        </form>
      </LockedFields>
    </div>
  );
}
