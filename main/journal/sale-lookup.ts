import { bookingKeys, prefixEnd, queryPrefixes } from '../../core/lookup-key.ts';
import { journalDatabase, type Journal } from './journal.ts';
import type { SaleIntent, SaleOutcomeEntry } from './entries.ts';
import { metaValue, setMetaValue } from './queries/meta.ts';

// The `sale_lookup` read model: the keys of each sale (core/lookup-key.ts), taken from its intent
// and answer entries, so they rebuild with the other read models. The `sales` rows
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

// Only a sale the read models hold is keyed: a sale's entries appended by hand are not folded
// until the counter finds them and folds everything again (head-anchor.ts), which keys them then.
const INSERT_KEY = 'INSERT OR IGNORE INTO sale_lookup (key, sale_id) SELECT ?, sale_id FROM sales WHERE sale_id = ?';

/** The keys of a sale's intent: its travellers' and contact's names and phones, its travel date. */
function intentKeys(p: SaleIntent): string[] {
  return saleKeys({ request_body: p.requestBody, departure_at: p.offer.departureAt, booking_ref: null, booking: null });
}

/**
 * The keys an answer adds: its booking's references. Everything else a sale is found by comes
 * from its intent, which no answer changes.
 */
function answerKeys(p: SaleOutcomeEntry): string[] {
  const operatorReference = (p.booking as { boarding?: { operator_reference?: string } } | null)?.boarding?.operator_reference ?? null;
  return bookingKeys({ bookingReference: p.bookingReference, operatorReference, names: [], phones: [], travelDate: null });
}

/** The entries that carry keys: a sale's intent and the API's answers. */
const KEYED_TYPES = ['sale.intent', 'sale.outcome'] as const;

/** meta: the form of the keys in `sale_lookup` (LOOKUP_KEYS_FORM). */
const KEYS_FORM = 'lookup_keys_form';

/** meta: the last entry whose keys are in `sale_lookup`. */
export const LOOKUP_KEYED_THROUGH = 'lookup_keyed_seq';

/**
 * The form of the keys (core/lookup-key.ts): 2 added the names' consonant skeletons. A journal
 * whose keys are of another form is keyed again on opening.
 */
export const LOOKUP_KEYS_FORM = '2';

/**
 * Keys the entries appended since the last keying. The lookup is kept a little behind the sales:
 * its ten-odd keys per sale land on as many random pages of a large index, and written with the
 * sale they would double the pages of the sale's two durable commits. So the journal keys its new
 * entries between sales (with its checkpoint, main/journal/checkpoint.ts), on opening, and before
 * every lookup: a reader never sees the lag. A read-only journal is searched as it was left.
 */
export function keyNewEntries(j: Journal): number {
  if (j.readOnlyFailure) return 0;
  const last = j.lastSeq();
  const mark = Number(metaValue(j, LOOKUP_KEYED_THROUGH) ?? 0);
  // A mark that is not a seq of this journal (edited, or from another file) keys everything again: keys are only ever added once.
  const through = Number.isSafeInteger(mark) && mark >= 0 && mark <= last ? mark : 0;
  if (through === last) return 0;
  let n = 0;
  j.transaction(() => {
    const insert = j.stmt(INSERT_KEY);
    for (let page = j.page(through, 5_000, KEYED_TYPES); page.length > 0; page = j.page(page.at(-1)!.seq, 5_000, KEYED_TYPES)) {
      for (const e of page) {
        const keys = e.type === 'sale.intent' ? intentKeys(e.payload as SaleIntent) : answerKeys(e.payload as SaleOutcomeEntry);
        const saleId = (e.payload as { saleId: string }).saleId;
        for (const key of keys) insert.run(key, saleId);
        n++;
      }
    }
    setMetaValue(j, LOOKUP_KEYED_THROUGH, String(last));
  });
  return n;
}

/** Empties the lookup, to be keyed again from the first entry (in the caller's transaction: a rebuild). */
export function resetLookup(j: Journal): void {
  j.stmt('DELETE FROM sale_lookup').run();
  setMetaValue(j, LOOKUP_KEYED_THROUGH, '0');
  setMetaValue(j, KEYS_FORM, LOOKUP_KEYS_FORM);
}

/**
 * On opening: keys of an older form are dropped and made again; a journal of a build that keyed
 * each entry as it was appended (no mark yet) is keyed through its last entry; then whatever
 * is new is keyed.
 */
export function bringLookupUpToDate(j: Journal): void {
  if (j.readOnlyFailure) return;
  if (metaValue(j, KEYS_FORM) !== LOOKUP_KEYS_FORM) j.transaction(() => resetLookup(j));
  else if (metaValue(j, LOOKUP_KEYED_THROUGH) === undefined) j.transaction(() => setMetaValue(j, LOOKUP_KEYED_THROUGH, String(j.lastSeq())));
  keyNewEntries(j);
}

/**
 * The sales whose keys start with what the agent typed, most recent first, at most `limit`.
 * Each prefix is one range scan of the primary key, stopped after `limit` distinct sales, so a
 * keystroke costs the same on any journal; a query as vague as "PB" gets `limit` of its many
 * matches (in key order), and the next keystrokes narrow it.
 */
export function findSaleIds(j: Journal, query: string, limit: number): string[] {
  keyNewEntries(j);
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
  keyNewEntries(j);
  const ids = j.stmt('SELECT l.sale_id FROM sale_lookup l JOIN sales s USING (sale_id) WHERE l.key = ? AND s.booking_ref = ?').pluck().all(key, reference) as string[];
  return ids[0] ?? null;
}
