// The wallet statement of one business day against the sales of the journals that day: written
// once, as a pure function of its inputs, so the counter (one SQLite journal) and the station
// (several counters' entries in PostgreSQL) run the same rule. A sale is known by its booking
// reference, whatever counter made it; a line nobody here made is a normal, explained line.
import type { Reconciliation, ReconciledSale, UnmatchedLine } from '../../contract/reports.ts';
import type { Transaction } from '../../contract/partner/resources.ts';
import { toAppError } from '../failure.ts';

export interface ReconcileInput {
  date: string;
  /** Statement lines of the business day (any order). */
  lines: Transaction[];
  /** The sales of the business day, from every journal the report covers. */
  sales: ReconciledSale[];
  /** A sale of another day by its booking reference (lines just after midnight), or null. */
  saleOfOtherDay: (bookingReference: string) => ReconciledSale | null;
  /** Balance before the first line of the day and after the last (null when the statement is empty). */
  openingBalanceMinor: number | null;
  closingBalanceMinor: number | null;
}

const OPEN = new Set(['pending', 'unknown', 'sending']);

export function reconcile(input: ReconcileInput): Omit<Reconciliation, 'statementRead' | 'error'> {
  const byRef = new Map<string, ReconciledSale>();
  for (const s of input.sales) if (s.bookingReference) byRef.set(s.bookingReference, s);
  const debits = new Map<string, Transaction[]>();
  const reversals = new Map<string, Transaction[]>();
  const apart: Transaction[] = [];
  const unmatched: UnmatchedLine[] = [];
  const totals = { debitsMinor: 0, reversalsMinor: 0, topupsMinor: 0, adjustmentsMinor: 0, confirmedNetMinor: 0 };

  const walletLine = (t: Transaction, reason: UnmatchedLine['reason'], sale: ReconciledSale | null = null): UnmatchedLine => ({
    side: 'wallet',
    reason,
    bookingReference: t.booking_ref ?? null,
    amountMinor: t.amount_minor,
    transactionId: t.id,
    saleId: sale?.saleId ?? null,
    counterId: sale?.counterId ?? null,
  });

  for (const t of input.lines) {
    if (t.type === 'TOPUP' || t.type === 'ADJUSTMENT') {
      apart.push(t);
      if (t.type === 'TOPUP') totals.topupsMinor += t.amount_minor;
      else totals.adjustmentsMinor += t.amount_minor;
      continue;
    }
    if (t.type === 'DEBIT') totals.debitsMinor += t.amount_minor;
    else totals.reversalsMinor += t.amount_minor;
    const ref = t.booking_ref ?? null;
    if (ref === null) {
      unmatched.push(walletLine(t, 'booked_outside'));
      continue;
    }
    const bucket = t.type === 'DEBIT' ? debits : reversals;
    bucket.set(ref, [...(bucket.get(ref) ?? []), t]);
  }

  const matchedDebits: Reconciliation['matchedDebits'] = [];
  const matchedReversals: Reconciliation['matchedReversals'] = [];
  const seen = new Set<string>();

  for (const sale of input.sales) {
    if (sale.status === 'confirmed') totals.confirmedNetMinor += sale.netMinor;
    const ref = sale.bookingReference;
    const debit = ref ? (debits.get(ref) ?? []) : [];
    const reversal = ref ? (reversals.get(ref) ?? []) : [];
    if (ref) seen.add(ref);
    const journalLine = (reason: UnmatchedLine['reason']): UnmatchedLine => ({
      side: 'journal',
      reason,
      bookingReference: ref,
      amountMinor: -sale.netMinor,
      transactionId: null,
      saleId: sale.saleId,
      counterId: sale.counterId,
    });
    if (OPEN.has(sale.status)) {
      // Charged or not, it cannot be called right or wrong before the API's final answer.
      if (ref || debit.length > 0) unmatched.push(journalLine('pending_at_close'));
      for (const t of [...debit, ...reversal]) unmatched.push(walletLine(t, 'pending_at_close', sale));
      continue;
    }
    if (sale.status === 'confirmed') {
      const [first, ...more] = debit;
      if (!first) unmatched.push(journalLine('debit_missing'));
      else if (first.amount_minor !== -sale.netMinor) unmatched.push(walletLine(first, 'amount_differs', sale));
      else matchedDebits.push({ transactionId: first.id, bookingReference: ref!, amountMinor: first.amount_minor, saleId: sale.saleId, counterId: sale.counterId });
      for (const t of [...more, ...reversal]) unmatched.push(walletLine(t, 'amount_differs', sale));
      continue;
    }
    // failed: either never charged (nothing on the statement), or charged and credited back.
    const [d, ...moreD] = debit;
    const [r, ...moreR] = reversal;
    if (d && r && d.amount_minor === -r.amount_minor) {
      matchedReversals.push({ debitId: d.id, reversalId: r.id, bookingReference: ref!, amountMinor: d.amount_minor, saleId: sale.saleId, counterId: sale.counterId });
    } else if (d && !r) {
      unmatched.push(walletLine(d, 'reversal_missing', sale));
    } else if (d && r) {
      unmatched.push(walletLine(d, 'amount_differs', sale), walletLine(r, 'amount_differs', sale));
    } else if (r) {
      unmatched.push(walletLine(r, 'amount_differs', sale));
    }
    for (const t of [...moreD, ...moreR]) unmatched.push(walletLine(t, 'amount_differs', sale));
  }

  for (const [ref, lines] of [...debits, ...reversals]) {
    if (seen.has(ref)) continue;
    const other = input.saleOfOtherDay(ref);
    for (const t of lines) unmatched.push(walletLine(t, other ? 'other_day' : 'booked_outside', other));
  }

  return {
    openingBalanceMinor: input.openingBalanceMinor,
    closingBalanceMinor: input.closingBalanceMinor,
    matchedDebits,
    matchedReversals,
    apart,
    unmatched,
    totals,
  };
}

/** The wallet statement of one Cairo day, newest first, with the balance around it. */
export interface DayStatement {
  lines: Transaction[];
  opening: number | null;
  closing: number | null;
}

/**
 * Reads the day's statement and reconciles it with the sales; a statement that cannot be read
 * leaves the journal side standing, with the error (logged).
 */
export async function reconcileDay(d: {
  date: string;
  sales: ReconciledSale[];
  statement: (date: string) => Promise<DayStatement>;
  saleOfOtherDay: (bookingReference: string) => ReconciledSale | null;
  log: (message: string, err?: unknown) => void;
}): Promise<Reconciliation> {
  let statement: DayStatement | null = null;
  let error = null;
  try {
    statement = await d.statement(d.date);
  } catch (err) {
    d.log(`the wallet statement of ${d.date} could not be read`, err);
    error = toAppError(err);
  }
  const rec = reconcile({
    date: d.date,
    lines: statement?.lines ?? [],
    sales: d.sales,
    saleOfOtherDay: d.saleOfOtherDay,
    openingBalanceMinor: statement?.opening ?? null,
    closingBalanceMinor: statement?.closing ?? null,
  });
  return { statementRead: statement !== null, error, ...rec };
}
