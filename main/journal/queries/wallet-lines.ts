// The wallet statement as this counter last read it (table `wallet_lines`, migration 0015, and the
// time of the read in meta): a cache of the API's statement beside the journal, not a fold of its entries.
import type { Transaction } from '../../../contract/partner/resources.ts';
import type { Journal } from '../journal.ts';
import { metaValue, setMetaValue } from './meta.ts';

const READ_AT = 'wallet_lines_read_at';

/** A statement line as stored, `n` its place in the cache (the later read, the higher). */
export interface WalletLineRow {
  n: number;
  id: string;
  type: string;
  amount_minor: number;
  booking_ref: string | null;
  reason: string | null;
  created_at: string;
}

/** Whether the statement line `id` was read before. */
export function walletLineKnown(j: Journal, id: string): boolean {
  return j.stmt<[string], { n: number }>('SELECT 1 AS n FROM wallet_lines WHERE id = ?').get(id) !== undefined;
}

/** Stores the lines read (a line already known is kept as it was) and when they were read, in one transaction. */
export function storeWalletLines(j: Journal, lines: readonly Transaction[], readAt: string): void {
  j.transaction(() => {
    const insert = j.stmt<[string, string, number, string | null, string | null, string]>(
      'INSERT INTO wallet_lines (id, type, amount_minor, booking_ref, reason, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    for (const t of lines) insert.run(t.id, t.type, t.amount_minor, t.booking_ref ?? null, t.reason ?? null, t.created_at);
    setMetaValue(j, READ_AT, readAt);
  });
}

/** When the statement was last read into the counter, or null. */
export function walletLinesReadAt(j: Journal): string | null {
  return metaValue(j, READ_AT) ?? null;
}

/** The ADJUSTMENT lines stored after line `afterN`, in the order they were stored. */
export function adjustmentLinesAfter(j: Journal, afterN: number): WalletLineRow[] {
  return j
    .stmt<[number], WalletLineRow>("SELECT rowid AS n, id, type, amount_minor, booking_ref, reason, created_at FROM wallet_lines WHERE rowid > ? AND type = 'ADJUSTMENT' ORDER BY rowid")
    .all(afterN);
}

/** The place of the last line stored (0: none). */
export function lastWalletLine(j: Journal): number {
  return j.stmt<[], { n: number }>('SELECT coalesce(max(rowid), 0) AS n FROM wallet_lines').get()!.n;
}
