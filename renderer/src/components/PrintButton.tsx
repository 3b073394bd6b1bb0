import { useState } from 'react';
import type { PrintResult } from '../../../contract/counter.ts';
import type { AppError, Result } from '../../../contract/errors.ts';
import { useT } from '../i18n/index.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { Spinner } from './Icons.tsx';

/**
 * A print action that says where it went: "Printing…" while main spools it, then "Sent to
 * <printer>." or what failed and what to do, beside the button.
 */
export function PrintButton({ label, print, testId, primary = false }: { label: string; print: () => Promise<Result<PrintResult>>; testId?: string; primary?: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const run = async () => {
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
      <button type="button" className={primary ? 'st-btn st-btn-primary' : 'st-btn'} onClick={() => void run()} disabled={busy}>
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
      {error && <ErrorNotice error={error} />}
    </span>
  );
}
