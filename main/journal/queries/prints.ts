// The `prints` read model (with the `sales` flags that decide a print) as the print follower reads
// it: which confirmed sales are still owed their tickets or receipt, and each sale's print records.
import type { Journal } from '../journal.ts';

/** A print of a sale's tickets or receipt, as recorded (one print.recorded entry). */
export interface SalePrint {
  printId: string;
  kind: 'tickets' | 'receipt';
  printer: string;
  status: 'sent' | 'failed';
  jobId: string | null;
  errorCode: string | null;
}

interface PrintRow {
  print_id: string;
  kind: SalePrint['kind'];
  printer: string;
  status: SalePrint['status'];
  job_id: string | null;
  error_code: string | null;
}

const salePrintOf = (r: PrintRow): SalePrint => ({ printId: r.print_id, kind: r.kind, printer: r.printer, status: r.status, jobId: r.job_id, errorCode: r.error_code });

/** The confirmed sales made to be printed by main that lack their tickets' or receipt's record, oldest first. */
export function salesOwedPrints(j: Journal): string[] {
  return j
    .stmt<[], { sale_id: string }>(
      `SELECT sale_id FROM sales s WHERE status = 'confirmed' AND print_on_confirm = 1
         AND (SELECT count(DISTINCT kind) FROM prints p WHERE p.sale_id = s.sale_id AND p.kind IN ('tickets', 'receipt')) < 2
       ORDER BY intent_seq`,
    )
    .all()
    .map((r) => r.sale_id);
}

/** Whether main prints this sale by itself: it is confirmed and was made to be printed on confirmation. */
export function printsOnConfirm(j: Journal, saleId: string): boolean {
  const sale = j.stmt<[string], { status: string; print_on_confirm: number }>('SELECT status, print_on_confirm FROM sales WHERE sale_id = ?').get(saleId);
  return sale?.status === 'confirmed' && sale.print_on_confirm === 1;
}

/** The prints of a sale's tickets and receipt, in the order they were recorded. */
export function salePrints(j: Journal, saleId: string): SalePrint[] {
  return j
    .stmt<[string], PrintRow>("SELECT print_id, kind, printer, status, job_id, error_code FROM prints WHERE sale_id = ? AND kind IN ('tickets', 'receipt') ORDER BY seq")
    .all(saleId)
    .map(salePrintOf);
}
