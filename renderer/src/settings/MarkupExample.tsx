import { useState } from 'react';
import { parseAmount } from '../../../core/money.ts';
import { formatMoney } from '../../../core/format.ts';
import { useLocale } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { formatPercent } from './format.ts';
import { previewMarkup } from './markup-preview.ts';
import { describedBy, Field } from './parts.tsx';

/**
 * What the rule being edited makes of a NET the supervisor types (350.00 at first): NET, the
 * percent part, the fixed part, the retail price. Nothing when the terms are not valid yet.
 */
export function MarkupExample({ percent, fixedMinor }: { percent: number | null; fixedMinor: number | null }) {
  const t = useTi();
  const { locale } = useLocale();
  const [example, setExample] = useState('350.00');
  const exampleNet = parseAmount(example);
  const preview = percent !== null && fixedMinor !== null && exampleNet !== null ? previewMarkup(exampleNet, { percent, fixedMinor }) : null;
  const exampleError = exampleNet === null ? t('settings.prices.fixed.invalid') : null;
  const money = (minor: number) => formatMoney(minor, locale);
  return (
    <div className="st-preview" data-testid="markup-preview">
      <Field id="st-rule-example" label={t('settings.prices.example.net')} error={exampleError}>
        <input
          id="st-rule-example"
          className="st-input-num"
          inputMode="decimal"
          value={example}
          onChange={(e) => setExample(e.target.value)}
          onFocus={(e) => e.target.select()}
          aria-invalid={exampleError ? true : undefined}
          aria-describedby={describedBy('st-rule-example', false, !!exampleError)}
        />
      </Field>
      <div className="st-preview-out" aria-live="polite">
        <span className="st-preview-label">{t('settings.prices.example')}</span>
        {preview ? (
          <>
            <strong className="st-preview-line" data-testid="markup-preview-line">
              {t('settings.prices.example.line', { net: money(preview.netMinor), retail: money(preview.retailMinor) })}
            </strong>
            <small className="st-hint">
              {t('settings.prices.example.parts', {
                net: money(preview.netMinor),
                percent: formatPercent(percent ?? 0, locale),
                percentAmount: money(Math.round(preview.percentMinor)),
                fixed: money(preview.fixedMinor),
              })}
            </small>
            <small className="st-hint">{t('settings.prices.example.note')}</small>
          </>
        ) : (
          <span className="st-hint">—</span>
        )}
      </div>
    </div>
  );
}
