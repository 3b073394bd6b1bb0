// The wallet statement as this counter last read it (table `wallet_lines`, migration 0015, and the
// time of the read in meta): a cache of the API's statement beside the journal, not a fold of its entries.
import { z } from 'zod';
import type { Transaction } from '../../../contract/partner/resources.ts';
import type { Journal } from '../journal.ts';
import { metaJson, metaValue, setMetaValue } from './meta.ts';

const READ_AT = 'wallet_lines_read_at';
const GAPS = 'wallet_lines_gaps';
const WalletGaps = z.array(z.number().int());

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

/**
 * Stores one page of lines read (a line already known is kept as it was) with the gaps left to
 * read (cursors of pages not read yet, newest first), in one transaction.
 */
export function storeWalletPage(j: Journal, lines: readonly Transaction[], gaps: readonly number[]): void {
  j.transaction(() => {
    const insert = j.stmt<[string, string, number, string | null, string | null, string]>(
      'INSERT INTO wallet_lines (id, type, amount_minor, booking_ref, reason, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    for (const t of lines) insert.run(t.id, t.type, t.amount_minor, t.booking_ref ?? null, t.reason ?? null, t.created_at);
    setMetaValue(j, GAPS, JSON.stringify(gaps));
  });
}

/** The cursors (`before`) of pages an earlier read did not reach, newest first. */
export function walletLineGaps(j: Journal): number[] {
  return metaJson(j, GAPS, WalletGaps, []);
}

/** A read of the statement ended (some of it may be left for the next). */
export function walletLinesRead(j: Journal, readAt: string): void {
  j.transaction(() => setMetaValue(j, READ_AT, readAt));
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
