// A `sales` row as a cache of core/sale-fold.ts: the row a sale's intent makes, and the columns
// each later entry of the sale changes. Pure: read-models.ts writes what these say, and a sale's
// entries not folded yet (held-back.ts) are read through them without writing anything.
import { canonicalJson } from '../../core/canonical-json.ts';
import { stepLifecycle, type SaleError, type SaleLifecycle } from '../../core/sale-fold.ts';
import type { Entry } from './entry-row.ts';
import { routeOf } from '../../core/route.ts';
import type { SaleRow } from './queries/sales.ts';

/** The columns of a `sales` row the entries after its intent change: the sale's lifecycle. */
export const LIFECYCLE_COLUMNS = [
  'status',
  'booking_ref',
  'booking',
  'error',
  'charged',
  'in_doubt',
  'attempts',
  'last_attempt_at',
  'cash_recorded',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SaleRow)[];

export type LifecycleRow = Pick<SaleRow, (typeof LIFECYCLE_COLUMNS)[number]>;

/** Stands for the booking or the error as stored, not parsed: the fold only carries it along or replaces it. */
const STORED = Symbol('stored');

/** The row's lifecycle as the fold's state (its cash figures live in cash_movements). */
function lifecycleOfRow(r: LifecycleRow): SaleLifecycle {
  return {
    status: r.status,
    bookingReference: r.booking_ref,
    booking: r.booking === null ? null : STORED,
    error: r.error === null ? null : (STORED as unknown as SaleError),
    charged: r.charged === 1,
    inDoubt: r.in_doubt === 1,
    attempts: r.attempts,
    lastAttemptAt: r.last_attempt_at,
    cashRecorded: r.cash_recorded === 1,
    cashMinor: 0,
    tenderedMinor: 0,
    changeMinor: 0,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The row a sale's intent makes: sending, nothing tried yet. */
export function saleRowOfIntent(e: Entry<'sale.intent'>): SaleRow {
  const p = e.payload;
  return {
    sale_id: p.saleId,
    intent_seq: e.seq,
    idempotency_key: p.idempotencyKey,
    request_body: p.requestBody,
    fingerprint: p.fingerprint,
    environment: p.environment,
    agent_id: p.agentId,
    shift_id: p.shiftId,
    business_day: p.businessDay,
    language: p.language,
    offer_id: p.offerId,
    operator_id: p.offer.operatorId,
    route: routeOf(p.offer),
    departure_at: p.offer.departureAt,
    passengers: p.passengers,
    net_total_minor: p.netTotalMinor,
    retail_total_minor: p.retailTotalMinor,
    cash_tendered_minor: p.cashTenderedMinor,
    change_minor: p.changeMinor,
    summary: canonicalJson(p.offer),
    status: 'sending',
    booking_ref: null,
    booking: null,
    error: null,
    charged: 0,
    cash_recorded: 0,
    in_doubt: 0,
    attempts: 0,
    last_attempt_at: null,
    created_at: e.at,
    updated_at: e.at,
    print_on_confirm: p.printOnConfirm ? 1 : 0,
  };
}

/**
 * The lifecycle columns one more entry of the sale changes, and only those whose value changes:
 * SQLite rewrites every index on a column an UPDATE names, changed or not.
 */
export function lifecycleChanges(row: LifecycleRow, e: Entry): Partial<LifecycleRow> {
  const s = stepLifecycle(lifecycleOfRow(row), e);
  // A booking or an error the entry left as it was keeps its stored text.
  const text = (now: unknown, stored: string | null) => (now === STORED ? stored : now === null ? null : canonicalJson(now));
  const after: LifecycleRow = {
    status: s.status,
    booking_ref: s.bookingReference,
    booking: text(s.booking, row.booking),
    error: text(s.error, row.error),
    charged: s.charged ? 1 : 0,
    in_doubt: s.inDoubt ? 1 : 0,
    attempts: s.attempts,
    last_attempt_at: s.lastAttemptAt,
    cash_recorded: s.cashRecorded ? 1 : 0,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
  const changed: Partial<LifecycleRow> = {};
  for (const c of LIFECYCLE_COLUMNS) if (after[c] !== row[c]) (changed as Record<keyof LifecycleRow, unknown>)[c] = after[c];
  return changed;
}

/**
 * The row after each held-back entry of a sale, folded once: a sale reads its own row at each of
 * its moments, and each read folds only the entries since the last. An entry is held back only
 * while the stored row before it cannot change (entries are folded in order).
 */
const rowAfter = new WeakMap<Entry, SaleRow | null>();

/** A sale's row once `entries` (its own, in order, not folded yet) are folded into `stored` (null: its intent is among them). */
export function saleRowWith(stored: SaleRow | null, entries: readonly Entry[]): SaleRow | null {
  let row = stored;
  let next = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (rowAfter.has(entries[i]!)) {
      row = rowAfter.get(entries[i]!)!;
      next = i + 1;
      break;
    }
  }
  for (const e of entries.slice(next)) {
    if (e.type === 'sale.intent') row = saleRowOfIntent(e as Entry<'sale.intent'>);
    else if (row) row = { ...row, ...lifecycleChanges(row, e) };
    rowAfter.set(e, row);
  }
  return row && { ...row };
}
