import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where the CUPS-PDF printers of the test environment write (scripts/test-env.sh). */
export const CUPS_PDF_DIR = process.env.SHUBBAK_CUPS_PDF_DIR ?? '/var/spool/cups-pdf/out';
export const TICKET_PRINTER = process.env.SHUBBAK_TEST_PRINTER ?? 'TicketPDF';
export const RECEIPT_PRINTER = process.env.SHUBBAK_TEST_RECEIPT_PRINTER ?? 'ReceiptPDF';

/**
 * The PDF a CUPS-PDF job wrote, once it is complete. cups-pdf names files
 * `<title>-job_<n>.pdf` (Label 2); the job id from `lp` is `<printer>-<n>`.
 */
export async function printedPdf(jobId: string, timeoutMs = 30_000): Promise<string> {
  const n = /-(\d+)$/.exec(jobId)?.[1];
  if (!n) throw new Error(`not a CUPS job id: ${jobId}`);
  const suffix = `-job_${n}.pdf`;
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < deadline) {
    const file = existsSync(CUPS_PDF_DIR) ? readdirSync(CUPS_PDF_DIR).find((f) => f.endsWith(suffix) || f === `job_${n}.pdf`) : undefined;
    if (file) {
      const full = join(CUPS_PDF_DIR, file);
      const size = statSync(full).size;
      // cups-pdf writes in place: wait until the size holds still and the job is completed.
      if (size > 0 && size === last && jobCompleted(jobId)) return full;
      last = size;
    }
    await new Promise((r) => setTimeout(r, 200)); // cups-pdf, another process, tells nobody when it is done: its file is polled
  }
  throw new Error(`CUPS job ${jobId} produced no PDF in ${CUPS_PDF_DIR} within ${timeoutMs} ms`);
}

function jobCompleted(jobId: string): boolean {
  try {
    return execFileSync('lpstat', ['-W', 'completed', '-o'], { encoding: 'utf8' }).includes(jobId);
  } catch {
    return false;
  }
}

/** Text of a PDF as poppler reads it (what a person would copy out of it). */
export function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}
