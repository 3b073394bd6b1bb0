import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { formatNumber, partsSeparator } from '../../../core/format.ts';
import { Field, Notice } from '../settings/parts.tsx';
import { SharedSettingsNotice } from './SharedSettingsNotice.tsx';
import { StationSecret } from './StationSecret.tsx';
import { useStation } from './store.ts';
import { LockedFields, useSupervisorForm } from '../settings/SupervisorLock.tsx';

/**
 * Settings → Station (supervisor): the station's PostgreSQL this counter ships its journal to.
 * The password goes to the system keychain; connecting checks the schema (the administrator migrates it).
 */
export function StationTab() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const status = useStation((s) => s.status);
  const c = status?.connection;
  const [form, setForm] = useState({
    stationId: status?.station?.id ?? '',
    stationName: status?.station?.name ?? '',
    host: c?.host ?? '',
    port: String(c?.port ?? 5432),
    database: c?.database ?? 'shubbak',
    user: c?.user ?? '',
    password: '',
    tls: c?.tls ?? true,
    tlsVerify: c?.tlsVerify ?? true,
    /** The PEM of a certificate authority file chosen now (a kept one stays when none is chosen). */
    tlsCa: '',
  });
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [newName, setNewName] = useState(status?.station?.name ?? '');
  const [renamed, setRenamed] = useState(false);
  const { locked, notice } = useSupervisorForm('station');
  const field = (key: 'stationId' | 'stationName' | 'host' | 'port' | 'database' | 'user' | 'password', type = 'text') => (
    <Field id={`station-${key}`} label={t(`station.field.${key}`)} wide={key === 'password'}>
      <input
        id={`station-${key}`}
        type={type}
        autoComplete="off"
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        dir={key === 'stationName' ? 'auto' : 'ltr'}
      />
    </Field>
  );

  async function connect(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await api.connectStation({
      stationId: form.stationId.trim(),
      // Once linked, the station's name is changed for all counters by the form above.
      stationName: status?.configured && status.station ? status.station.name : form.stationName.trim(),
      host: form.host.trim(),
      port: Number(form.port),
      database: form.database.trim(),
      user: form.user.trim(),
      tls: form.tls,
      tlsVerify: form.tlsVerify,
      ...(form.password ? { password: form.password } : {}),
      ...(form.tls && form.tlsCa ? { tlsCa: form.tlsCa } : {}),
    });
    setBusy(false);
    setForm((f) => ({ ...f, password: '' }));
    if (r.ok) useStation.getState().set(r.value);
    else setError(r.error);
  }

  async function rename(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setRenamed(false);
    const r = await api.renameStation({ stationName: newName.trim() });
    if (!r.ok) return setError(r.error);
    useStation.getState().set(r.value);
    setRenamed(true);
  }

  async function disconnect() {
    const r = await api.disconnectStation();
    if (r.ok) useStation.getState().set(r.value);
    else setError(r.error);
  }

  return (
    <div className="st-tab" data-testid="settings-station">
      <h2>{t('station.heading')}</h2>
      <p className="st-intro">{t('station.intro')}</p>
      {notice}
      {status && (
        <p className="st-intro" data-testid="station-counter-id">
          {t('station.counterId')} <bdi className="mono" dir="ltr">{status.counterId}</bdi>
        </p>
      )}
      {status?.publicKey && (
        <p className="st-intro" data-testid="station-counter-key">
          {t('station.counterKey')} <bdi className="mono" dir="ltr">{status.publicKey}</bdi>
          <br />
          {t('station.counterKey.fingerprint')} <bdi className="mono" dir="ltr">{status.keyFingerprint}</bdi>
        </p>
      )}
      {status?.settings?.refused && (
        <Notice kind="bad" testId="station-settings-refused">
          {t('station.settingsRefused', { counter: status.settings.refused.counterId, seq: formatNumber(status.settings.refused.seq, locale) })}
          <p className="mono">{status.settings.refused.reason}</p>
          <p className="mono" dir="ltr" data-testid="station-settings-set-aside-command">
            {status.settings.refused.command}
          </p>
        </Notice>
      )}
      {status?.changedOutside && (
        <Notice kind="bad" testId="station-changed-outside">
          {t('station.changedOutside')}
        </Notice>
      )}
      {status?.configured && (
        <Notice kind={status.shipping === 'stopped' ? 'bad' : status.shipping === 'synced' ? 'ok' : 'info'} testId="station-state">
          {t(`station.sync.${status.shipping}`, { backlog: formatNumber(status.backlog, locale) })}
          {partsSeparator(locale)}
          {status.station?.name} ({status.connection?.host}:{status.connection?.port}/
          {status.connection?.database})
          {status.lastError && <p className="mono">{status.lastError}</p>}
        </Notice>
      )}
      {status?.restoring && (
        <Notice kind="info" testId="station-restoring">
          {t('station.restoring', { counter: status.restoring })}
        </Notice>
      )}
      {status?.stoppedCounters.map((c) => (
        <Notice key={c.counterId} kind="bad" testId="station-stopped-counter">
          {t('station.stopped', { counter: c.counterId })}
          <p className="mono">{c.reason}</p>
        </Notice>
      ))}
      <LockedFields action="station" locked={locked}>
        {status?.configured && (
          <>
            <SharedSettingsNotice />
            <form className="st-form" onSubmit={(e) => void rename(e)} data-testid="station-rename">
              <Field id="station-new-name" label={t('station.rename.field')} hint={t('station.rename.hint')}>
                <input id="station-new-name" value={newName} maxLength={80} dir="auto" onChange={(e) => setNewName(e.target.value)} />
              </Field>
              <div className="st-actions">
                <button type="submit" className="st-btn" disabled={!newName.trim() || newName.trim() === status.station?.name}>
                  {t('station.rename.save')}
                </button>
              </div>
              {renamed && (
                <Notice kind="ok" testId="station-renamed">
                  {t('station.rename.done', { name: status.station?.name ?? '' })}
                </Notice>
              )}
            </form>
          </>
        )}
        <form className="st-form" onSubmit={(e) => void connect(e)} data-testid="station-form">
          {field('stationId')}
          {!status?.configured && field('stationName')}
          {field('host')}
          {field('port')}
          {field('database')}
          {field('user')}
          {field('password', 'password')}
          <label className="st-field st-field-wide">
            <span>
              <input type="checkbox" checked={form.tls} onChange={(e) => setForm((f) => ({ ...f, tls: e.target.checked }))} /> {t('station.field.tls')}
            </span>
          </label>
          {form.tls && (
            <label className="st-field st-field-wide">
              <span>
                <input type="checkbox" checked={form.tlsVerify} onChange={(e) => setForm((f) => ({ ...f, tlsVerify: e.target.checked }))} />{' '}
                {t('station.field.tlsVerify')}
              </span>
              <small className="st-hint">{t('station.field.tlsVerify.hint')}</small>
            </label>
          )}
          {form.tls && form.tlsVerify && (
            <Field id="station-tlsCa" label={t('station.field.tlsCa')} wide hint={t(c?.hasCa ? 'station.field.tlsCa.kept' : 'station.field.tlsCa.hint')}>
              <input
                id="station-tlsCa"
                type="file"
                accept=".pem,.crt,.cer"
                onChange={(e) => void e.target.files?.[0]?.text().then((pem) => setForm((f) => ({ ...f, tlsCa: pem })))}
              />
            </Field>
          )}
          {error && <ErrorNotice error={error} />}
          {error?.code.startsWith('station_') && (
            <p className="mono st-field-wide" data-testid="station-error-detail">
              {error.message}
            </p>
          )}
          <div className="st-actions st-field-wide">
            <button type="submit" className="st-btn st-btn-primary" disabled={busy}>
              {t('station.connect')}
            </button>
            {status?.configured && (
              <button type="button" className="st-btn" onClick={() => void disconnect()}>
                {t('station.disconnect')}
              </button>
            )}
          </div>
        </form>
      </LockedFields>
      <StationSecret />
    </div>
  );
}
