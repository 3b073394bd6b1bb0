import { useState } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { useShell } from '../shell/store.ts';

/**
 * The digits numbers are written with on Arabic screens and Arabic paper: Arabic-Indic (١٢٣, the
 * default) or Latin (123). One choice for every figure, chart and count of this counter.
 */
export function DigitsSection() {
  const t = useT();
  const digits = useLocale((s) => s.digits);
  const [error, setError] = useState<AppError | null>(null);
  const choose = async (next: 'arab' | 'latn') => {
    setError(null);
    const r = await api.saveArabicDigits({ digits: next });
    if (!r.ok) return setError(r.error);
    useLocale.getState().setDigits(r.value.arabicDigits);
    void useShell.getState().load();
  };
  return (
    <section className="st-form" aria-labelledby="st-digits-title" data-testid="settings-digits">
      <h3 id="st-digits-title">{t('settings.digits.heading')}</h3>
      <fieldset className="st-seg">
        <legend>{t('settings.digits.legend')}</legend>
        {(['arab', 'latn'] as const).map((d) => (
          <label key={d} className={digits === d ? 'chosen' : undefined}>
            <input type="radio" name="arabic-digits" value={d} checked={digits === d} onChange={() => void choose(d)} />
            {t(`settings.digits.${d}`)}
          </label>
        ))}
      </fieldset>
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
