import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { needsApproval } from '../desk/approval.ts';
import { useDesk } from '../desk/store.ts';
import { useT } from '../i18n/index.ts';
import { toLatinDigits } from '../../../core/digits.ts';
import { Field, Notice } from '../settings/parts.tsx';

/**
 * The station secret (the key that seals the agents' PINs, kept in the system keychain only): a
 * supervisor shows it on the station's first counter, writes it down, and types it on the next
 * before linking it, so that the station's agents sign in there with the same PINs. It never goes
 * to the station database.
 */
export function StationSecret() {
  const t = useT();
  const signedIn = useDesk((s) => s.desk?.signedIn ?? null);
  const agent = useDesk((s) => needsApproval(s.desk));
  const [pin, setPin] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [adopted, setAdopted] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const digits = (v: string) => toLatinDigits(v).replace(/\D/g, '').slice(0, 8);

  async function show(e: FormEvent) {
    e.preventDefault();
    const r = await api.exportStationSecret({ pin });
    setPin('');
    setError(r.ok ? null : r.error);
    setShown(r.ok ? r.value.secret : null);
  }
  async function adopt(e: FormEvent) {
    e.preventDefault();
    const r = await api.importStationSecret(signedIn ? { secret: typed, supervisorId: signedIn.id, pin } : { secret: typed });
    setPin('');
    setError(r.ok ? null : r.error);
    setAdopted(r.ok);
    if (r.ok) await useDesk.getState().load();
  }

  if (agent) {
    // no approval opens the station secret (contract/overrides.ts NEVER_APPROVED): a supervisor signed in only
    return (
      <section className="st-form" data-testid="station-secret">
        <h3>{t('station.secret.heading')}</h3>
        <Notice kind="info" testId="station-secret-supervisor-only">
          {t('station.secret.supervisorOnly')}
        </Notice>
      </section>
    );
  }
  return (
    <section className="st-form" data-testid="station-secret">
      <h3>{t('station.secret.heading')}</h3>
      <p className="st-intro">{t('station.secret.intro')}</p>
      {shown && (
        <Notice kind="info" testId="station-secret-shown">
          <span className="mono" dir="ltr">
            {shown}
          </span>
        </Notice>
      )}
      {adopted && (
        <Notice kind="ok" testId="station-secret-adopted">
          {t('station.secret.adopted')}
        </Notice>
      )}
      <Field id="station-secret-typed" label={t('station.secret.typed')} wide>
        <input id="station-secret-typed" dir="ltr" autoComplete="off" spellCheck={false} maxLength={200} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </Field>
      {signedIn && (
        <Field id="station-secret-pin" label={t('station.secret.pin')}>
          <input id="station-secret-pin" type="password" inputMode="numeric" autoComplete="off" maxLength={8} value={pin} onChange={(e) => setPin(digits(e.target.value))} />
        </Field>
      )}
      {error && <ErrorNotice error={error} />}
      <div className="st-actions st-field-wide">
        {signedIn && (
          <button type="button" className="st-btn" disabled={pin.length < 6} onClick={(e) => void show(e)}>
            {t('station.secret.show')}
          </button>
        )}
        <button type="button" className="st-btn" disabled={typed.trim().length < 10 || (signedIn !== null && pin.length < 6)} onClick={(e) => void adopt(e)}>
          {t('station.secret.adopt')}
        </button>
      </div>
    </section>
  );
}
