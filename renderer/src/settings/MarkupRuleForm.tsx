import { useMemo, type FormEvent, type RefObject } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { MarkupRule, ReferenceData } from '../../../contract/counter.ts';
import { plainPounds } from '../../../core/money.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { MarkupExample } from './MarkupExample.tsx';
import type { PlaceNames } from './markup-names.ts';
import { describedBy, Field, Notice } from './parts.tsx';

/** Fare class names the sandbox and the operators use, offered as suggestions. */
const KNOWN_CLASSES = ['Economy', 'Deluxe', 'Elite', 'Business', 'VIP'];

/** The rule being written, as typed (`id` null: a new rule). */
export interface Draft {
  id: string | null;
  operatorId: string;
  originId: string;
  destinationId: string;
  fareClass: string;
  percent: string;
  fixed: string;
}

export const EMPTY_DRAFT: Draft = { id: null, operatorId: '', originId: '', destinationId: '', fareClass: '', percent: '0', fixed: '0.00' };

export function draftOf(rule: MarkupRule): Draft {
  return {
    id: rule.id,
    operatorId: rule.operatorId ?? '',
    originId: rule.originId ?? '',
    destinationId: rule.destinationId ?? '',
    fareClass: rule.fareClass ?? '',
    percent: String(rule.percent),
    fixed: plainPounds(rule.fixedMinor),
  };
}

export type Saving = { phase: 'idle' } | { phase: 'saving' } | { phase: 'saved' } | { phase: 'failed'; error: AppError };

/** The cities a rule's route may name: the API's routes when known, else every city. */
function routeChoices(ref: ReferenceData | null, n: PlaceNames, draft: Draft) {
  const routes = ref?.routes ?? [];
  const originIds = routes.length ? new Set(routes.map((r) => r.origin_id)) : new Set(n.cities.keys());
  if (draft.originId) originIds.add(draft.originId);
  const destinationIds =
    draft.originId && routes.length
      ? new Set(routes.filter((r) => r.origin_id === draft.originId).map((r) => r.destination_id))
      : routes.length
        ? new Set(routes.map((r) => r.destination_id))
        : new Set(n.cities.keys());
  if (draft.destinationId) destinationIds.add(draft.destinationId);
  /** Whether a new origin keeps the chosen destination (a route between them exists). */
  const keepsDestination = (originId: string) => !originId || !routes.length || routes.some((r) => r.origin_id === originId && r.destination_id === draft.destinationId);
  return { originIds, destinationIds, keepsDestination };
}

/** The editor of one markup rule (a new one, or the one chosen in the table), with its example. */
export function MarkupRuleForm(props: {
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
  /** The percent and fixed parts as read from the draft (null: not a valid value). */
  percent: number | null;
  fixedMinor: number | null;
  /** Whether saving was tried (field errors show from then on). */
  tried: boolean;
  saving: Saving;
  reference: ReferenceData | null;
  names: PlaceNames;
  rules: MarkupRule[] | null;
  firstFieldRef: RefObject<HTMLSelectElement | null>;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}) {
  const t = useTi();
  const { locale } = useLocale();
  const { draft, update, percent, fixedMinor, tried, saving, names: n, firstFieldRef, onSubmit, onCancel } = props;
  const busy = saving.phase === 'saving';
  const collator = useMemo(() => new Intl.Collator(locale === 'ar' ? 'ar-EG' : 'en-EG'), [locale]);
  const byName = (a: [string, string], b: [string, string]) => collator.compare(a[1], b[1]);

  const operatorOptions = [...n.operators].sort(byName);
  const { originIds, destinationIds, keepsDestination } = routeChoices(props.reference, n, draft);
  const originOptions = [...originIds].map((id): [string, string] => [id, n.city(id)]).sort(byName);
  const destinationOptions = [...destinationIds].map((id): [string, string] => [id, n.city(id)]).sort(byName);
  const classSuggestions = [...new Set([...KNOWN_CLASSES, ...(props.rules ?? []).flatMap((r) => (r.fareClass ? [r.fareClass] : []))])];

  const percentError = tried && percent === null ? t('settings.prices.percent.invalid') : null;
  const fixedError = tried && fixedMinor === null ? t('settings.prices.fixed.invalid') : null;

  return (
    <form
      className="st-form"
      onSubmit={onSubmit}
      aria-labelledby="st-rule-form"
      noValidate
      data-testid="markup-form"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && draft.id) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h3 id="st-rule-form">{draft.id ? t('settings.prices.form.edit') : t('settings.prices.form.add')}</h3>
      <div className="st-grid">
        <Field id="st-rule-operator" label={t('settings.prices.operator')}>
          <select id="st-rule-operator" ref={firstFieldRef} value={draft.operatorId} onChange={(e) => update({ operatorId: e.target.value })} disabled={busy}>
            <option value="">{t('settings.prices.anyOperator')}</option>
            {operatorOptions.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
            {draft.operatorId && !n.operators.has(draft.operatorId) && <option value={draft.operatorId}>{draft.operatorId}</option>}
          </select>
        </Field>
        <Field id="st-rule-origin" label={t('settings.prices.origin')}>
          <select
            id="st-rule-origin"
            value={draft.originId}
            onChange={(e) => {
              const originId = e.target.value;
              update({ originId, ...(keepsDestination(originId) ? {} : { destinationId: '' }) });
            }}
            disabled={busy}
          >
            <option value="">{t('settings.any')}</option>
            {originOptions.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-rule-destination" label={t('settings.prices.destination')}>
          <select id="st-rule-destination" value={draft.destinationId} onChange={(e) => update({ destinationId: e.target.value })} disabled={busy}>
            <option value="">{t('settings.any')}</option>
            {destinationOptions.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="st-rule-class" label={t('settings.prices.class')} hint={t('settings.prices.class.hint')}>
          <input
            id="st-rule-class"
            list="st-rule-classes"
            dir="ltr"
            value={draft.fareClass}
            placeholder={t('settings.prices.anyClass')}
            onChange={(e) => update({ fareClass: e.target.value })}
            disabled={busy}
            maxLength={50}
            aria-describedby={describedBy('st-rule-class', true, false)}
          />
          <datalist id="st-rule-classes">
            {classSuggestions.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </Field>
        <Field id="st-rule-percent" label={t('settings.prices.percent')} hint={t('settings.prices.percent.hint')} error={percentError}>
          <input
            id="st-rule-percent"
            className="st-input-num"
            inputMode="decimal"
            value={draft.percent}
            onChange={(e) => update({ percent: e.target.value })}
            onFocus={(e) => e.target.select()}
            disabled={busy}
            aria-invalid={percentError ? true : undefined}
            aria-describedby={describedBy('st-rule-percent', true, !!percentError)}
          />
        </Field>
        <Field id="st-rule-fixed" label={t('settings.prices.fixed')} hint={t('settings.prices.fixed.hint')} error={fixedError}>
          <input
            id="st-rule-fixed"
            className="st-input-num"
            inputMode="decimal"
            value={draft.fixed}
            onChange={(e) => update({ fixed: e.target.value })}
            onFocus={(e) => e.target.select()}
            disabled={busy}
            aria-invalid={fixedError ? true : undefined}
            aria-describedby={describedBy('st-rule-fixed', true, !!fixedError)}
          />
        </Field>
      </div>

      <MarkupExample percent={percent} fixedMinor={fixedMinor} />

      <div className="st-actions">
        <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || undefined}>
          {busy ? t('settings.saving') : draft.id ? t('settings.prices.save.edit') : t('settings.prices.save.add')}
        </button>
        {draft.id && (
          <button type="button" className="st-btn" onClick={onCancel} disabled={busy}>
            {t('settings.cancel')}
          </button>
        )}
      </div>
      {saving.phase === 'saved' && <Notice kind="ok">{t('settings.prices.saved')}</Notice>}
      {saving.phase === 'failed' && (
        <>
          <ErrorNotice error={saving.error} />
          {saving.error.code === 'conflict' && <p className="st-next">{t('settings.prices.conflict')}</p>}
        </>
      )}
    </form>
  );
}
