// Settings → Prices: the markup rules in force (./MarkupRulesTable.tsx) and the editor of one
// rule with its example (./MarkupRuleForm.tsx). Saving and deleting go through main, which
// sends a station-wide change to the station's settings stream when the counter is linked.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { MarkupRule } from '../../../contract/counter.ts';
import { parseAmount } from '../../../core/money.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale } from '../i18n/index.ts';
import { SharedSettingsNotice } from '../station/SharedSettingsNotice.tsx';
import { useTi } from './bidi.ts';
import { placeNames } from './markup-names.ts';
import { draftOf, EMPTY_DRAFT, MarkupRuleForm, type Draft, type Saving } from './MarkupRuleForm.tsx';
import { MarkupRulesTable, type Deleting } from './MarkupRulesTable.tsx';
import { parsePercentInput } from './money-input.ts';
import { Loading, Notice } from './parts.tsx';
import { useLoad, valueOf } from './use-load.ts';
import { LockedFields, useSupervisorForm } from './SupervisorLock.tsx';

const loadReference = () => api.referenceData();

export function PricesTab() {
  const t = useTi();
  const { locale } = useLocale();
  const [rules, reloadRules, setRules] = useLoad(api.listMarkupRules);
  const [reference, reloadReference] = useLoad(loadReference);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [deleteResult, setDeleteResult] = useState<{ error: AppError | null } | null>(null);
  const firstFieldRef = useRef<HTMLSelectElement>(null);
  const { locked, notice } = useSupervisorForm('prices');

  const ref = valueOf(reference);
  const names = useMemo(() => placeNames(ref, locale), [ref, locale]);
  const percent = parsePercentInput(draft.percent);
  const fixedMinor = parseAmount(draft.fixed);
  const busy = saving.phase === 'saving';

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (saving.phase !== 'saving') setSaving({ phase: 'idle' });
  };

  function edit(rule: MarkupRule) {
    setDraft(draftOf(rule));
    setTried(false);
    setSaving({ phase: 'idle' });
    firstFieldRef.current?.focus();
  }

  function cancelEdit() {
    setDraft(EMPTY_DRAFT);
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
        setDraft(EMPTY_DRAFT);
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
        if (draft.id === id) setDraft(EMPTY_DRAFT);
      }
      setDeleteResult({ error: r.ok ? null : r.error });
    });
  }

  return (
    <div className="st-tab" data-testid="settings-prices">
      <h2>{t('settings.prices.heading')}</h2>
      <p className="st-intro">{t('settings.prices.intro')}</p>
      <SharedSettingsNotice />
      {notice}
      <LockedFields action="prices" locked={locked}>

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
            <MarkupRulesTable
              rules={rules.value}
              names={names}
              editingId={draft.id}
              deleting={deleting}
              busy={busy}
              onEdit={edit}
              onAskDelete={(id) => {
                setDeleteResult(null);
                setDeleting({ id, phase: 'confirm' });
              }}
              onCancelDelete={() => setDeleting(null)}
              onDelete={remove}
            />
          ))}
        {deleteResult &&
          (deleteResult.error ? <ErrorNotice error={deleteResult.error} /> : <Notice kind="ok">{t('settings.prices.deleted')}</Notice>)}
        <p className="st-note">
          {t('settings.prices.precedence')} {t('settings.prices.history')}
        </p>

        <MarkupRuleForm
          draft={draft}
          update={update}
          percent={percent}
          fixedMinor={fixedMinor}
          tried={tried}
          saving={saving}
          reference={ref}
          names={names}
          rules={valueOf(rules)}
          firstFieldRef={firstFieldRef}
          onSubmit={onSubmit}
          onCancel={cancelEdit}
        />
      </LockedFields>
    </div>
  );
}
