import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { MarkupRule, ReferenceData } from '../../../contract/counter.ts';
import { api } from '../api.ts';
import { useLocale, useT, type Locale } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { formatCairo, formatMoney } from '../../../core/format.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { retailPerSeat } from '../../../core/retail.ts';
import { previewMarkup } from './markup-preview.ts';
import { parsePercentInput } from './money-input.ts';
import { parseAmount, plainPounds } from '../../../core/money.ts';
import { formatPercent } from './format.ts';
import { describedBy, Field, InlineConfirm, Loading, Notice } from './parts.tsx';
import { useLoad, valueOf } from './use-load.ts';
import { SharedSettingsNotice } from '../station/SharedSettingsNotice.tsx';

/** The NET used for the example column of the table: 350.00 EGP a seat. */
const EXAMPLE_NET = 35_000;
/** Fare class names the sandbox and the operators use, offered as suggestions. */
const KNOWN_CLASSES = ['Economy', 'Deluxe', 'Elite', 'Business', 'VIP'];

interface Draft {
  id: string | null;
  operatorId: string;
  originId: string;
  destinationId: string;
  fareClass: string;
  percent: string;
  fixed: string;
}

const EMPTY: Draft = { id: null, operatorId: '', originId: '', destinationId: '', fareClass: '', percent: '0', fixed: '0.00' };

type Saving = { phase: 'idle' } | { phase: 'saving' } | { phase: 'saved' } | { phase: 'failed'; error: AppError };
type Deleting = { id: string; phase: 'confirm' | 'deleting' } | null;

const loadReference = () => api.referenceData();

function names(ref: ReferenceData | null, locale: Locale) {
  const cities = new Map((ref?.cities ?? []).map((c) => [c.id, locale === 'ar' ? (c.name_ar ?? c.name) : c.name]));
  const operators = new Map((ref?.operators ?? []).map((o) => [o.id, locale === 'ar' ? (o.name_ar ?? o.name) : o.name]));
  return {
    city: (id: string) => cities.get(id) ?? id,
    operator: (id: string) => operators.get(id) ?? id,
    cities,
    operators,
  };
}

export function PricesTab() {
  const t = useTi();
  const label = useT(); // accessible names: no bidi marks
  const { locale } = useLocale();
  const [rules, reloadRules, setRules] = useLoad(api.listMarkupRules);
  const [reference, reloadReference] = useLoad(loadReference);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [example, setExample] = useState('350.00');
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [deleteResult, setDeleteResult] = useState<{ error: AppError | null } | null>(null);
  const firstFieldRef = useRef<HTMLSelectElement>(null);

  const ref = valueOf(reference);
  const n = useMemo(() => names(ref, locale), [ref, locale]);
  const collator = useMemo(() => new Intl.Collator(locale === 'ar' ? 'ar-EG' : 'en-EG'), [locale]);
  const byName = (a: [string, string], b: [string, string]) => collator.compare(a[1], b[1]);

  const operatorOptions = [...n.operators].sort(byName);
  const routes = ref?.routes ?? [];
  const originIds = routes.length ? new Set(routes.map((r) => r.origin_id)) : new Set(n.cities.keys());
  if (draft.originId) originIds.add(draft.originId);
  const destinationIds = draft.originId && routes.length
    ? new Set(routes.filter((r) => r.origin_id === draft.originId).map((r) => r.destination_id))
    : routes.length
      ? new Set(routes.map((r) => r.destination_id))
      : new Set(n.cities.keys());
  if (draft.destinationId) destinationIds.add(draft.destinationId);
  const originOptions = [...originIds].map((id): [string, string] => [id, n.city(id)]).sort(byName);
  const destinationOptions = [...destinationIds].map((id): [string, string] => [id, n.city(id)]).sort(byName);
  const classSuggestions = [...new Set([...KNOWN_CLASSES, ...(valueOf(rules) ?? []).flatMap((r) => (r.fareClass ? [r.fareClass] : []))])];

  const percent = parsePercentInput(draft.percent);
  const fixedMinor = parseAmount(draft.fixed);
  const exampleNet = parseAmount(example);
  const preview = percent !== null && fixedMinor !== null && exampleNet !== null ? previewMarkup(exampleNet, { percent, fixedMinor }) : null;
  const busy = saving.phase === 'saving';

  const money = (minor: number) => formatMoney(minor, locale);
  const describe = (r: Pick<MarkupRule, 'operatorId' | 'originId' | 'destinationId' | 'fareClass'>) =>
    [
      r.operatorId ? n.operator(r.operatorId) : label('settings.prices.anyOperator'),
      label('settings.prices.route', {
        from: r.originId ? n.city(r.originId) : label('settings.any'),
        to: r.destinationId ? n.city(r.destinationId) : label('settings.any'),
      }),
      r.fareClass ?? label('settings.prices.anyClass'),
    ].join(' · ');

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (saving.phase !== 'saving') setSaving({ phase: 'idle' });
  };

  function edit(rule: MarkupRule) {
    setDraft({
      id: rule.id,
      operatorId: rule.operatorId ?? '',
      originId: rule.originId ?? '',
      destinationId: rule.destinationId ?? '',
      fareClass: rule.fareClass ?? '',
      percent: String(rule.percent),
      fixed: plainPounds(rule.fixedMinor),
    });
    setTried(false);
    setSaving({ phase: 'idle' });
    firstFieldRef.current?.focus();
  }

  function cancelEdit() {
    setDraft(EMPTY);
    setTried(false);
    setSaving({ phase: 'idle' });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (percent === null || fixedMinor === null || busy) return;
    setSaving({ phase: 'saving' });
    setDeleteResult(null);
    const fareClass = draft.fareClass.trim();
    void api
      .saveMarkupRule({
        ...(draft.id ? { id: draft.id } : {}),
        operatorId: draft.operatorId || null,
        originId: draft.originId || null,
        destinationId: draft.destinationId || null,
        fareClass: fareClass || null,
        percent,
        fixedMinor,
      })
      .then((r) => {
        if (!r.ok) {
          setSaving({ phase: 'failed', error: r.error });
          return;
        }
        setRules(r.value);
        setDraft(EMPTY);
        setTried(false);
        setSaving({ phase: 'saved' });
      });
  }

  function remove(id: string) {
    setDeleting({ id, phase: 'deleting' });
    void api.deleteMarkupRule({ id }).then((r) => {
      setDeleting(null);
      if (r.ok) {
        setRules(r.value);
        if (draft.id === id) setDraft(EMPTY);
      }
      setDeleteResult({ error: r.ok ? null : r.error });
    });
  }

  const percentError = tried && percent === null ? t('settings.prices.percent.invalid') : null;
  const fixedError = tried && fixedMinor === null ? t('settings.prices.fixed.invalid') : null;
  const exampleError = exampleNet === null ? t('settings.prices.fixed.invalid') : null;

  return (
    <div className="st-tab" data-testid="settings-prices">
      <h2>{t('settings.prices.heading')}</h2>
      <p className="st-intro">{t('settings.prices.intro')}</p>
      <SharedSettingsNotice />

      {reference.status === 'error' && (
        <>
          <Notice kind="warn">{t('settings.prices.referenceMissing')}</Notice>
          <ErrorNotice error={reference.error} onRetry={reloadReference} />
        </>
      )}
      {rules.status === 'loading' && <Loading />}
      {rules.status === 'error' && <ErrorNotice error={rules.error} onRetry={reloadRules} />}
      {rules.status === 'ready' &&
        (rules.value.length === 0 ? (
          <p className="st-empty">{t('settings.prices.none')}</p>
        ) : (
          <div className="st-table-wrap">
            <table className="st-table" data-testid="markup-rules">
              <thead>
                <tr>
                  <th scope="col">{t('settings.prices.col.operator')}</th>
                  <th scope="col">{t('settings.prices.col.route')}</th>
                  <th scope="col">{t('settings.prices.col.class')}</th>
                  <th scope="col" className="st-num">
                    {t('settings.prices.col.percent')}
                  </th>
                  <th scope="col" className="st-num">
                    {t('settings.prices.col.fixed')}
                  </th>
                  <th scope="col" className="st-num">
                    {t('settings.prices.col.example')}
                  </th>
                  <th scope="col">{t('settings.prices.col.changedBy')}</th>
                  <th scope="col">{t('settings.prices.col.changedAt')}</th>
                  <th scope="col">
                    <span className="st-sr">{t('settings.prices.col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.value.map((r) => (
                  <tr key={r.id} data-rule={r.id} className={draft.id === r.id ? 'st-row-editing' : undefined}>
                    <td>{r.operatorId ? n.operator(r.operatorId) : <span className="st-any">{t('settings.prices.anyOperator')}</span>}</td>
                    <td>
                      {t('settings.prices.route', {
                        from: r.originId ? n.city(r.originId) : t('settings.any'),
                        to: r.destinationId ? n.city(r.destinationId) : t('settings.any'),
                      })}
                    </td>
                    <td>{r.fareClass ?? <span className="st-any">{t('settings.prices.anyClass')}</span>}</td>
                    <td className="st-num">{formatPercent(r.percent, locale)}</td>
                    <td className="st-num">{money(r.fixedMinor)}</td>
                    <td className="st-num">{money(retailPerSeat(EXAMPLE_NET, r))}</td>
                    <td>{r.changedBy}</td>
                    <td>{formatCairo(r.changedAt, locale)}</td>
                    <td className="st-cell-actions">
                      {deleting?.id === r.id ? (
                        <InlineConfirm
                          message={t('settings.prices.delete.confirm')}
                          confirmLabel={t('settings.prices.delete.yes')}
                          busy={deleting.phase === 'deleting'}
                          onConfirm={() => remove(r.id)}
                          onCancel={() => setDeleting(null)}
                        />
                      ) : (
                        <div className="st-row-buttons">
                          <button
                            type="button"
                            className="st-btn st-btn-quiet"
                            aria-label={label('settings.prices.edit.label', { rule: describe(r) })}
                            onClick={() => edit(r)}
                            disabled={busy}
                          >
                            {t('settings.prices.edit')}
                          </button>
                          <button
                            type="button"
                            className="st-btn st-btn-quiet st-btn-danger-text"
                            aria-label={label('settings.prices.delete.label', { rule: describe(r) })}
                            onClick={() => {
                              setDeleteResult(null);
                              setDeleting({ id: r.id, phase: 'confirm' });
                            }}
                            disabled={busy || deleting !== null}
                          >
                            {t('settings.prices.delete')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {deleteResult &&
        (deleteResult.error ? <ErrorNotice error={deleteResult.error} /> : <Notice kind="ok">{t('settings.prices.deleted')}</Notice>)}
      <p className="st-note">
        {t('settings.prices.precedence')} {t('settings.prices.history')}
      </p>

      <form
        className="st-form"
        onSubmit={onSubmit}
        aria-labelledby="st-rule-form"
        noValidate
        data-testid="markup-form"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && draft.id) {
            e.preventDefault();
            cancelEdit();
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
                const keep = !originId || !routes.length || routes.some((r) => r.origin_id === originId && r.destination_id === draft.destinationId);
                update({ originId, ...(keep ? {} : { destinationId: '' }) });
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

        <div className="st-actions">
          <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || undefined}>
            {busy ? t('settings.saving') : draft.id ? t('settings.prices.save.edit') : t('settings.prices.save.add')}
          </button>
          {draft.id && (
            <button type="button" className="st-btn" onClick={cancelEdit} disabled={busy}>
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
    </div>
  );
}
