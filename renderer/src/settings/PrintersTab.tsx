import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { PrintResult, PrintSettings, PrinterInfo } from '../../../contract/counter.ts';
import { api } from '../api.ts';
import { useT } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field, Loading, Notice } from './parts.tsx';
import { useLoad } from './use-load.ts';
import { useSupervisorForm } from './SupervisorLock.tsx';

type Role = 'ticket' | 'receipt';
const ROLES: Role[] = ['ticket', 'receipt'];
const FIELD: Record<Role, 'ticketPrinter' | 'receiptPrinter'> = { ticket: 'ticketPrinter', receipt: 'receiptPrinter' };

type Test = { phase: 'sending'; printer: string } | { phase: 'done'; printer: string; result: PrintResult } | { phase: 'error'; printer: string; error: AppError };
type Saving = { phase: 'idle' } | { phase: 'saving' } | { phase: 'saved' } | { phase: 'failed'; error: AppError };

export function PrintersTab() {
  const t = useTi();
  const plainT = useT(); // accessible names: no bidi marks
  const [printers, reloadPrinters] = useLoad(api.listPrinters);
  const [saved, reloadSaved, setSaved] = useLoad(api.printSettings);
  const [draft, setDraft] = useState<PrintSettings | null>(null);
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const [tests, setTests] = useState<Partial<Record<Role, Test>>>({});
  // an agent tests the printers; choosing them needs a supervisor's approval
  const { locked, notice } = useSupervisorForm('printers');

  const reload = () => {
    reloadPrinters();
    reloadSaved();
  };

  if (printers.status === 'loading' || saved.status === 'loading') {
    return (
      <div className="st-tab" data-testid="settings-printers">
        <h2>{t('settings.printers.heading')}</h2>
        <Loading />
      </div>
    );
  }

  const list: PrinterInfo[] = printers.status === 'ready' ? printers.value : [];
  const settings: PrintSettings | null = draft ?? (saved.status === 'ready' ? saved.value : null);
  const dirty = draft !== null && saved.status === 'ready' && JSON.stringify(draft) !== JSON.stringify(saved.value);
  const busy = saving.phase === 'saving';

  function change(patch: Partial<PrintSettings>) {
    if (!settings) return;
    setDraft({ ...settings, ...patch });
    setSaving({ phase: 'idle' });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!settings || busy || !dirty) return;
    setSaving({ phase: 'saving' });
    void api.savePrintSettings(settings).then((r) => {
      if (!r.ok) {
        setSaving({ phase: 'failed', error: r.error });
        return;
      }
      setSaved(r.value);
      setDraft(null);
      setSaving({ phase: 'saved' });
    });
  }

  function testPage(role: Role, printer: string) {
    setTests((all) => ({ ...all, [role]: { phase: 'sending', printer } }));
    void api.printTestPage({ printer }).then((r) => {
      setTests((all) => ({
        ...all,
        [role]: r.ok ? { phase: 'done', printer, result: r.value } : { phase: 'error', printer, error: r.error },
      }));
    });
  }

  return (
    <div className="st-tab" data-testid="settings-printers">
      <h2>{t('settings.printers.heading')}</h2>
      <p className="st-intro">{t('settings.printers.intro')}</p>
      {notice}
      {printers.status === 'error' && <ErrorNotice error={printers.error} onRetry={reload} />}
      {saved.status === 'error' && printers.status !== 'error' && <ErrorNotice error={saved.error} onRetry={reload} />}
      {printers.status === 'ready' && list.length === 0 && (
        <Notice kind="warn">
          {t('settings.printers.none')}{' '}
          <button type="button" className="st-btn st-btn-quiet" onClick={reload}>
            {t('settings.reload')}
          </button>
        </Notice>
      )}

      {settings && (
        <form className="st-form" onSubmit={onSubmit} aria-labelledby="st-printers-form" noValidate>
          <h3 id="st-printers-form" className="st-sr">
            {t('settings.printers.heading')}
          </h3>
          {ROLES.map((role) => {
            const chosen = settings[FIELD[role]];
            const id = `st-printer-${role}`;
            const test = tests[role];
            const label = t(`settings.printers.${role}`);
            return (
              <div className="st-printer" key={role} data-testid={`printer-${role}`}>
                <div className="st-printer-row">
                  <Field id={id} label={label}>
                    <select id={id} value={chosen ?? ''} onChange={(e) => change({ [FIELD[role]]: e.target.value || null })} disabled={busy || locked}>
                      <option value="">{t('settings.printers.notChosen')}</option>
                      {list.map((p) => (
                        <option key={p.name} value={p.name}>
                          {p.isDefault ? t('settings.printers.default', { name: p.name }) : p.name}
                        </option>
                      ))}
                      {chosen && !list.some((p) => p.name === chosen) && (
                        <option value={chosen}>{t('settings.printers.missing', { name: chosen })}</option>
                      )}
                    </select>
                  </Field>
                  <button
                    type="button"
                    className="st-btn"
                    data-testid={`printer-${role}-test`}
                    aria-describedby={`${id}-test-for`}
                    onClick={() => chosen && test?.phase !== 'sending' && testPage(role, chosen)}
                    aria-disabled={!chosen || test?.phase === 'sending' || undefined}
                  >
                    {t('settings.printers.test')}
                    <span id={`${id}-test-for`} hidden>
                      {plainT('settings.printers.test.label', { role: label })}
                    </span>
                  </button>
                </div>
                <div className="st-printer-result" data-testid={`printer-${role}-result`}>
                  {test?.phase === 'sending' && (
                    <Notice kind="info" busy>
                      {t('settings.printers.test.sending', { printer: test.printer })}
                    </Notice>
                  )}
                  {test?.phase === 'done' && test.result.status === 'sent' && (
                    <Notice kind="ok" testId="print-sent">
                      {t('settings.printers.test.sent', { printer: test.printer })}
                      {test.result.jobId && <> {t('settings.printers.test.job', { job: test.result.jobId })}</>}
                    </Notice>
                  )}
                  {((test?.phase === 'done' && test.result.status === 'failed') || test?.phase === 'error') && (
                    <div className="st-print-failed">
                      <p className="st-bad-line">{t('settings.printers.test.failed', { printer: test.printer })}</p>
                      <ErrorNotice
                        error={
                          test.phase === 'error'
                            ? test.error
                            : (test.result.error ?? { code: 'print_failed', message: 'The spooler did not take the job' })
                        }
                        onRetry={() => testPage(role, test.printer)}
                      />
                      <p className="st-next">{t('settings.printers.test.check')}</p>
                    </div>
                  )}
                </div>
              </div>
            );
          })}
          <fieldset className="st-radios" disabled={busy || locked}>
            <legend>{t('settings.printers.paper')}</legend>
            {(['80mm', 'A4'] as const).map((paper) => (
              <label key={paper}>
                <input type="radio" name="st-paper" value={paper} checked={settings.receiptPaper === paper} onChange={() => change({ receiptPaper: paper })} />
                {t(`settings.printers.paper.${paper}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="st-radios" disabled={busy || locked}>
            <legend>{t('settings.printers.ticketFormat')}</legend>
            {(['pdf', 'thermal80'] as const).map((format) => (
              <label key={format}>
                <input
                  type="radio"
                  name="st-ticket-format"
                  value={format}
                  checked={(settings.ticketFormat ?? 'pdf') === format}
                  onChange={() => change({ ticketFormat: format })}
                />
                {t(`settings.printers.ticketFormat.${format}`)}
              </label>
            ))}
          </fieldset>
          <div className="st-actions">
            <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || !dirty || undefined} disabled={locked}>
              {busy ? t('settings.saving') : t('settings.printers.save')}
            </button>
          </div>
          {saving.phase === 'saved' && <Notice kind="ok">{t('settings.printers.saved')}</Notice>}
          {saving.phase === 'failed' && <ErrorNotice error={saving.error} />}
        </form>
      )}
    </div>
  );
}
