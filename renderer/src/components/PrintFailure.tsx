import type { AppError } from '../../../contract/errors.ts';
import { useT } from '../i18n/index.ts';
import { printFailureText } from './print-failure.ts';

/** A print that failed, told beside the button that sent it: what happened and what to do. */
export function PrintFailure({ error, again = false }: { error: AppError; again?: boolean }) {
  const t = useT();
  return (
    // a span: it sits inside the print button's own span
    <span className="error-notice print-failure" role="alert" data-code={error.code}>
      {printFailureText(t, error, again)}
    </span>
  );
}
