import { useState, type FormEvent } from 'react';
import type { BackupSettingsInput, BackupStatus } from '../../../contract/backup.ts';
import type { AppError } from '../../../contract/errors.ts';
import { cairoDateAndTime, formatNumber } from '../../../core/format.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale } from '../i18n/index.ts';
import { useTi } from '../settings/bidi.ts';
import { formatBytes } from '../settings/format.ts';
import { describedBy, Field, Loading, Notice } from '../settings/parts.tsx';
import { useLoad } from '../settings/use-load.ts';
import { needsApproval } from '../desk/approval.ts';
import { useDesk } from '../desk/store.ts';
import { entryFamiliesSaid } from './entry-families.ts';
import { RestorePanel } from './RestorePanel.tsx';
import { RetirePanel } from './RetirePanel.tsx';
import { useBackup } from './store.ts';

const loadStatus = () => api.backupStatus();

type Step = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done' } | { phase: 'failed'; error: AppError };

const NUMBERS = ['everyHours', 'warnAfterHours', 'keepDays', 'keepWeeks'] as const;

/** Settings → Journal: where the automatic backups go, how often, how many are kept, and how they stand. */
export function BackupSection() {
  const t = useTi();
  const { locale } = useLocale();
  const [status, reload, setStatus] = useLoad(loadStatus);
  const [draft, setDraft] = useState<{ folder: string; numbers: Record<(typeof NUMBERS)[number], string> } | null>(null);
  const [saving, setSaving] = useState<Step>({ phase: 'idle' });
  const [running, setRunning] = useState<Step>({ phase: 'idle' });
  const [restoredHere, setRestoredHere] = useState(false);
  // restoring or replacing the counter is no approval's (contract/overrides.ts NEVER_APPROVED): a supervisor signed in only
  const agent = useDesk((s) => needsApproval(s.desk));

  const shown = (s: BackupStatus) => draft ?? { folder: s.settings.folder ?? '', numbers: Object.fromEntries(NUMBERS.map((k) => [k, String(s.settings[k])])) as Record<(typeof NUMBERS)[number], string> };
  const adopt = (s: BackupStatus) => {
    setStatus(s);
    useBackup.getState().set(s);
  };

  function save(e: FormEvent, s: BackupStatus) {
    e.preventDefault();
    if (saving.phase === 'busy') return;
    const d = shown(s);
    const input: BackupSettingsInput = { folder: d.folder.trim() === '' ? null : d.folder.trim(), ...(Object.fromEntries(NUMBERS.map((k) => [k, Number(d.numbers[k])])) as Omit<BackupSettingsInput, 'folder'>) };
    setSaving({ phase: 'busy' });
    void api.saveBackupSettings(input).then((r) => {
      if (!r.ok) return setSaving({ phase: 'failed', error: r.error });
      adopt(r.value);
      setDraft(null);
      setSaving({ phase: 'done' });
    });
  }

  function backUpNow() {
    if (running.phase === 'busy') return;
    setRunning({ phase: 'busy' });
    void api.backupJournal().then((r) => {
      setRunning(r.ok ? { phase: 'done' } : { phase: 'failed', error: r.error });
      reload();
      void useBackup.getState().load();
    });
  }

  return (
    <>
      {status.status === 'ready' && (status.value.fresh || restoredHere) && !agent && (
        <RestorePanel
          fresh
          onRestored={() => {
            setRestoredHere(true); // the same panel stays, with its news
            reload();
          }}
        />
      )}
      <section aria-labelledby="st-backups" className="st-backups" data-testid="backup-section">
        <h3 id="st-backups">{t('backup.heading')}</h3>
        <p className="st-intro">{t('backup.intro')}</p>
        {status.status === 'loading' && <Loading />}
        {status.status === 'error' && <ErrorNotice error={status.error} onRetry={reload} />}
        {status.status === 'ready' && (
          <>
            <BackupState status={status.value} locale={locale} />
            <form className="st-form" onSubmit={(e) => save(e, status.value)} noValidate aria-label={t('backup.heading')}>
              <Field id="st-backup-folder" label={t('backup.folder')} hint={t('backup.folder.hint')} wide>
                <input
                  id="st-backup-folder"
                  className="mono"
                  dir="ltr"
                  value={shown(status.value).folder}
                  onChange={(e) => setDraft({ ...shown(status.value), folder: e.target.value })}
                  aria-describedby={describedBy('st-backup-folder', true, false)}
                  data-testid="backup-folder"
                />
              </Field>
              {NUMBERS.map((k) => (
                <Field key={k} id={`st-backup-${k}`} label={t(`backup.${k}`)}>
                  <input
                    id={`st-backup-${k}`}
                    type="number"
                    inputMode="numeric"
                    min={k === 'keepWeeks' ? 0 : 1}
                    value={shown(status.value).numbers[k]}
                    onChange={(e) => setDraft({ ...shown(status.value), numbers: { ...shown(status.value).numbers, [k]: e.target.value } })}
                  />
                </Field>
              ))}
              <div className="st-actions">
                <button type="submit" className="st-btn st-btn-primary" aria-disabled={saving.phase === 'busy' || undefined} data-testid="backup-save">
                  {t('backup.save')}
                </button>
                <button type="button" className="st-btn" onClick={backUpNow} aria-disabled={running.phase === 'busy' || undefined} data-testid="backup-now">
                  {t('backup.now')}
                </button>
              </div>
              {saving.phase === 'done' && <Notice kind="ok">{t('backup.saved')}</Notice>}
              {saving.phase === 'failed' && <ErrorNotice error={saving.error} />}
              {running.phase === 'busy' && (
                <Notice kind="info" busy>
                  {t('backup.running')}
                </Notice>
              )}
              {running.phase === 'failed' && <ErrorNotice error={running.error} onRetry={backUpNow} />}
            </form>
            {agent && <Notice kind="info" testId="identity-supervisor-only">{t('backup.identity.supervisorOnly')}</Notice>}
            {!status.value.fresh && !agent && !restoredHere && <RestorePanel fresh={false} />}
            {!status.value.fresh && !agent && <RetirePanel />}
          </>
        )}
      </section>
    </>
  );
}

function BackupState({ status, locale }: { status: BackupStatus; locale: 'ar' | 'en' }) {
  const t = useTi();
  const good = status.lastGood;
  const when = good ? cairoDateAndTime(good.at, locale) : null;
  const rewound = status.rewound && { ...status.rewound, when: cairoDateAndTime(status.rewound.at, locale) };
  const foreign = status.foreign && { ...status.foreign, when: cairoDateAndTime(status.foreign.at, locale) };
  return (
    <div data-testid="backup-state" data-warning={status.warning ?? 'none'}>
      {good && when ? (
        <Notice kind={status.warning ? 'warn' : 'ok'} testId="backup-last-good">
          {t('backup.lastGood', { when: `${when.date} ${when.time}`, seq: formatNumber(good.seq, locale), size: formatBytes(good.bytes, locale) })}{' '}
          <bdi className="mono st-path">{good.path}</bdi>
        </Notice>
      ) : (
        <Notice kind="warn">{t('backup.none')}</Notice>
      )}
      {rewound && (
        <Notice kind="bad" testId="journal-rewound">
          {t('backup.warn.journal_rewound', { when: `${rewound.when.date} ${rewound.when.time}`, found: formatNumber(rewound.foundSeq, locale), anchored: formatNumber(rewound.anchoredSeq, locale) })}
        </Notice>
      )}
      {foreign && (
        <Notice kind="bad" testId="journal-foreign">
          {t('backup.warn.journal_foreign', {
            when: `${foreign.when.date} ${foreign.when.time}`,
            count: formatNumber(foreign.count, locale),
            first: formatNumber(foreign.firstSeq, locale),
            kinds: entryFamiliesSaid(foreign.types, t, locale),
          })}
        </Notice>
      )}
      {status.warning && status.warning !== 'journal_rewound' && (
        <Notice kind="bad" testId="backup-warning">
          {t(`backup.warn.${status.warning}`, { folder: status.folder, file: status.differs?.path ?? '', seq: formatNumber(status.differs?.seq ?? 0, locale) })}
        </Notice>
      )}
      {status.lastFailure && <ErrorNotice error={status.lastFailure.error} />}
      {status.sameDiskAsJournal && <Notice kind="warn">{t('backup.sameDisk')}</Notice>}
      <p className="st-hint">{t('backup.kept', { count: formatNumber(status.kept.length, locale) })}</p>
    </div>
  );
}
