import { bookingKeys, prefixEnd, queryPrefixes } from '../../core/lookup-key.ts';
import { journalDatabase, type Journal } from './journal.ts';

// The `sale_lookup` read model: the keys of each sale (core/lookup-key.ts), taken from its `sales`
// row, so they follow from the entries as the row does and rebuild with it. The `sales` rows
// themselves are read through queries/sales.ts.

interface KeyedRow {
  sale_id: string;
  request_body: string;
  departure_at: string | null;
  booking_ref: string | null;
  booking: string | null;
}

interface RequestBody {
  passengers?: { full_name?: string; phone?: string }[];
  contact?: { name?: string; phone?: string };
}

/** The keys a sale is found by, from what the journal holds of it. */
export function saleKeys(row: Omit<KeyedRow, 'sale_id'>): string[] {
  const body = JSON.parse(row.request_body) as RequestBody;
  const passengers = body.passengers ?? [];
  const booking = row.booking ? (JSON.parse(row.booking) as { boarding?: { operator_reference?: string } }) : null;
  return bookingKeys({
    bookingReference: row.booking_ref,
    operatorReference: booking?.boarding?.operator_reference ?? null,
    names: [...passengers.map((p) => p.full_name ?? ''), body.contact?.name ?? ''],
    phones: [...passengers.map((p) => p.phone), body.contact?.phone],
    travelDate: row.departure_at?.slice(0, 10) ?? null,
  });
}

const INSERT_KEY = 'INSERT OR IGNORE INTO sale_lookup (key, sale_id) VALUES (?, ?)';

/** The keys of a sale's intent: its travellers' and contact's names and phones, its travel date. */
export function keyIntent(j: Journal, saleId: string, requestBody: string, departureAt: string | null): void {
  insertKeys(j, saleId, saleKeys({ request_body: requestBody, departure_at: departureAt, booking_ref: null, booking: null }));
}

/**
 * The keys an answer adds: its booking's references. Everything else a sale is found by comes
 * from its intent, which no answer changes, and was keyed with it (so a sale's commit does not
 * fold its names again).
 */
export function keyAnswer(j: Journal, saleId: string, bookingReference: string | null, booking: unknown): void {
  const operatorReference = (booking as { boarding?: { operator_reference?: string } } | null)?.boarding?.operator_reference ?? null;
  insertKeys(j, saleId, bookingKeys({ bookingReference, operatorReference, names: [], phones: [], travelDate: null }));
}

function insertKeys(j: Journal, saleId: string, keys: readonly string[]): void {
  const insert = j.stmt(INSERT_KEY);
  for (const key of keys) insert.run(key, saleId);
}

/** The migration that made `sale_lookup`: a journal that has just had it keys the sales it already held. */
export const SALE_LOOKUP_MIGRATION = 11;

/**
 * The form of the keys (core/lookup-key.ts): 2 added the names' consonant skeletons. A journal
 * whose keys are of another form is keyed again on opening.
 */
export const LOOKUP_KEYS_FORM = '2';

/** Keys every sale again when the journal's keys are not of the current form; the number of sales keyed. */
export function keySalesOfOlderForm(j: Journal): number {
  const form = j.stmt("SELECT value FROM meta WHERE key = 'lookup_keys_form'").pluck().get() as string | undefined;
  if (form === LOOKUP_KEYS_FORM) return 0;
  if (form !== undefined || j.stmt('SELECT 1 FROM sale_lookup LIMIT 1').get()) j.stmt('DELETE FROM sale_lookup').run();
  const n = keyUnkeyedSales(j);
  j.stmt("INSERT INTO meta (key, value) VALUES ('lookup_keys_form', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(LOOKUP_KEYS_FORM);
  return n;
}

/** Keys every sale that has none yet: the sales of a journal written before the lookup existed. */
export function keyUnkeyedSales(j: Journal): number {
  const page = j.stmt(
    'SELECT sale_id, request_body, departure_at, booking_ref, booking, intent_seq FROM sales WHERE intent_seq > ? ' +
      'AND NOT EXISTS (SELECT 1 FROM sale_lookup l WHERE l.sale_id = sales.sale_id) ORDER BY intent_seq LIMIT 5000',
  );
  let n = 0;
  let after = 0;
  for (;;) {
    const rows = page.all(after) as (KeyedRow & { intent_seq: number })[];
    if (rows.length === 0) return n;
    j.transaction(() => {
      for (const row of rows) insertKeys(j, row.sale_id, saleKeys(row));
    });
    n += rows.length;
    after = rows.at(-1)!.intent_seq;
  }
}

/**
 * The sales whose keys start with what the agent typed, most recent first, at most `limit`.
 * Each prefix is one range scan of the primary key, stopped after `limit` distinct sales, so a
 * keystroke costs the same on any journal; a query as vague as "PB" gets `limit` of its many
 * matches (in key order), and the next keystrokes narrow it.
 */
export function findSaleIds(j: Journal, query: string, limit: number): string[] {
  const prefixes = queryPrefixes(query);
  if (prefixes.length === 0) return [];
  const scan = j.stmt('SELECT DISTINCT sale_id FROM sale_lookup WHERE key >= ? AND key < ? LIMIT ?').pluck();
  const found = new Set<string>();
  for (const p of prefixes) for (const id of scan.all(p, prefixEnd(p), limit) as string[]) found.add(id);
  if (found.size === 0) return [];
  const ids = [...found];
  const order = journalDatabase(j)
    .prepare(`SELECT sale_id FROM sales WHERE sale_id IN (${ids.map(() => '?').join(',')}) ORDER BY intent_seq DESC LIMIT ?`)
    .pluck();
  return order.all(...ids, limit) as string[];
}

/** The sale keyed `key` whose booking reference is exactly `reference`. */
export function saleIdOfKeyAndReference(j: Journal, key: string, reference: string): string | null {
  const ids = j.stmt('SELECT l.sale_id FROM sale_lookup l JOIN sales s USING (sale_id) WHERE l.key = ? AND s.booking_ref = ?').pluck().all(key, reference) as string[];
  return ids[0] ?? null;
}
