import type { AppError } from '../../../contract/errors.ts';
import type { MessageKey, Translate } from '../i18n/index.ts';

/**
 * What a failed print means for the agent (the outcome, the notices, the reprints and the journal
 * say it alike). `again`: there is no "Try again" beside it, the agent presses the same button.
 */
export function printFailureText(t: Translate, error: AppError, again = false): string {
  if (error.code === 'not_configured') return t(again ? 'print.error.not_configured.again' : 'print.error.not_configured');
  if (error.code === 'print_failed') return t(again ? 'print.error.print_failed.again' : 'print.error.print_failed');
  return t(`error.${error.code}` as MessageKey);
}
