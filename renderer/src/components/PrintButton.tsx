import { useState } from 'react';
import type { PrintResult } from '../../../contract/counter.ts';
import type { AppError, Result } from '../../../contract/errors.ts';
import { useT } from '../i18n/index.ts';
import { Spinner } from './Icons.tsx';
import { PrintFailure } from './PrintFailure.tsx';

/**
 * A print action that says where it went: "Printing…" while main spools it, then "Sent to
 * <printer>." or what failed and what to do, beside the button. The button stays focusable
 * while it prints (aria-disabled): a disabled one would drop the keyboard's focus to the page.
 */
export function PrintButton(props: { label: string; print: () => Promise<Result<PrintResult>>; testId?: string; primary?: boolean; autoFocus?: boolean }) {
  const { label, print, testId, primary = false } = props;
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setSent(null);
    setError(null);
    const r = await print();
    setBusy(false);
    if (!r.ok) return setError(r.error);
    if (r.value.status === 'sent') setSent(r.value.printer);
    else setError(r.value.error);
  };
  return (
    <span className="print-button" data-testid={testId}>
      <button type="button" className={primary ? 'st-btn st-btn-primary' : 'st-btn'} onClick={() => void run()} aria-disabled={busy || undefined} autoFocus={props.autoFocus}>
        {label}
      </button>
      <span role="status" className="print-button-status">
        {busy && (
          <>
            <Spinner /> {t('common.printing')}
          </>
        )}
        {sent && t('common.printedTo', { printer: sent })}
      </span>
      {error && <PrintFailure error={error} again />}
    </span>
  );
}
