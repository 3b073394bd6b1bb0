// A sale's facts, folded from its journal entries: the one story of a sale every figure comes
// from (the `sales` read model, the Z-report, the day and station reports, the sales list). Pure.
//
// The rules where the earlier folds disagreed, decided here once:
// - A retry (sale.attempt) puts an open sale back to 'sending' (in doubt); it never reopens a
//   final sale (confirmed or failed).
// - A round of sends without an answer (sale.unanswered, e.g. a failed retry) leaves a pending
//   sale pending (the API has said it holds the booking) and makes any other open sale 'unknown'.
// - An outcome sets the status; an outcome without a booking reference or booking keeps the ones
//   already known (a later answer never erases a reference the traveller holds).
// - A sale belongs to the shift and the business day of its intent, whenever its outcome and its
//   cash arrive (a pending sale confirmed after its shift closed counts in that shift's day; the
//   Z-report frozen at the close shows it open, as it was then).
// - A reprint (print.recorded) and a trip change never change a sale's figures.
// - Cash is the cash.received entry's; a sale has at most one.

export type SaleStatus = 'sending' | 'confirmed' | 'pending' | 'failed' | 'unknown';

/** Any journal entry, as far as a fold reads it. */
export interface FoldEntry {
  seq: number;
  at: string;
  type: string;
  payload: unknown;
}

/** What a fold needs of a sale.intent payload (main's SaleIntent has more). */
export interface SaleIntentFacts {
  saleId: string;
  agentId: string;
  agentName: string;
  shiftId: string;
  businessDay: string;
  offerId: string;
  passengers: number;
  netTotalMinor: number;
  retailTotalMinor: number;
  cashTenderedMinor: number;
  changeMinor: number;
  offer: { operatorId: string | null; operatorName: string | null; originName: string | null; destinationName: string | null; departureAt: string | null };
}

export interface SaleError {
  code: string;
  message: string;
}

/** What the entries after the intent change: the sale's life once it was asked for. */
export interface SaleLifecycle {
  status: SaleStatus;
  bookingReference: string | null;
  /** The booking as the API last returned it (opaque here). */
  booking: unknown;
  error: SaleError | null;
  /** The wallet is charged for it (confirmed or pending). */
  charged: boolean;
  /** An attempt may have reached the API without an answer. */
  inDoubt: boolean;
  attempts: number;
  lastAttemptAt: string | null;
  cashRecorded: boolean;
  cashMinor: number;
  tenderedMinor: number;
  changeMinor: number;
  createdAt: string;
  updatedAt: string;
}

export interface SaleState<I extends SaleIntentFacts = SaleIntentFacts> extends SaleLifecycle {
  saleId: string;
  intent: I;
  intentSeq: number;
}

/** The entry types that change a sale. */
export const SALE_ENTRY_TYPES = ['sale.intent', 'sale.attempt', 'sale.unanswered', 'sale.abandoned', 'sale.outcome', 'cash.received'] as const;
const SALE_TYPES: ReadonlySet<string> = new Set(SALE_ENTRY_TYPES);

/** The sale an entry concerns, or null when it is not a sale's entry. */
export function saleIdOf(e: FoldEntry): string | null {
  if (!SALE_TYPES.has(e.type)) return null;
  return (e.payload as { saleId?: string }).saleId ?? null;
}

// What the fold reads of each kind of sale entry, checked before an entry from outside this
// process is folded (the station's copy, which any counter's database login can add to): a field
// the fold reads missing or of another kind would turn figures into NaN or text. The journal's own
// schemas (main/journal/schemas.ts) require all of this and more of every entry a counter writes.
type FieldCheck = (v: unknown) => boolean;
const text: FieldCheck = (v) => typeof v === 'string';
const id: FieldCheck = (v) => typeof v === 'string' && v.length > 0;
const whole: FieldCheck = (v) => Number.isSafeInteger(v);
const count: FieldCheck = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const yesNo: FieldCheck = (v) => typeof v === 'boolean';
const record: FieldCheck = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const saleError: FieldCheck = (v) => record(v) && id((v as SaleError).code) && text((v as SaleError).message);
const optional = (check: FieldCheck): FieldCheck => (v) => v === undefined || check(v);
const orNull = (check: FieldCheck): FieldCheck => (v) => v === null || check(v);
const FOLDED_FIELDS: Record<(typeof SALE_ENTRY_TYPES)[number], Record<string, FieldCheck>> = {
  'sale.intent': {
    saleId: id,
    agentId: id,
    agentName: text,
    businessDay: id,
    passengers: count,
    netTotalMinor: whole,
    retailTotalMinor: whole,
    shiftId: optional(id),
    offerId: optional(id),
    cashTenderedMinor: optional(whole),
    changeMinor: optional(whole),
    offer: optional(record),
  },
  'sale.attempt': { saleId: id },
  'sale.unanswered': { saleId: id, error: optional(saleError), inDoubt: optional(yesNo) },
  'sale.abandoned': { saleId: id, reason: optional(text) },
  'sale.outcome': {
    saleId: id,
    status: (v) => v === 'confirmed' || v === 'pending' || v === 'failed',
    bookingReference: optional(orNull(id)),
    error: optional(orNull(saleError)),
    charged: optional(yesNo),
  },
  'cash.received': { saleId: id, amountMinor: whole, tenderedMinor: optional(whole), changeMinor: optional(whole) },
};

/** Why a sale's entry cannot be folded (a field the fold reads missing or of another kind), or null; null for an entry of no sale. */
export function foldProblem(e: Pick<FoldEntry, 'type' | 'payload'>): string | null {
  const fields = (FOLDED_FIELDS as Record<string, Record<string, FieldCheck> | undefined>)[e.type];
  if (!fields) return null;
  if (!record(e.payload)) return `${e.type}: its payload is not an object`;
  const payload = e.payload as Record<string, unknown>;
  for (const [field, check] of Object.entries(fields)) {
    if (!check(payload[field])) return `${e.type}: ${field} ${payload[field] === undefined ? 'is missing' : `is not what a sale holds there (${JSON.stringify(payload[field]).slice(0, 40)})`}`;
  }
  return null;
}

export function isFinal(status: SaleStatus): boolean {
  return status === 'confirmed' || status === 'failed';
}

export function isOpen(status: SaleStatus): boolean {
  return !isFinal(status);
}

interface OutcomeFacts {
  status: 'confirmed' | 'pending' | 'failed';
  bookingReference: string | null;
  booking: unknown;
  error: SaleError | null;
  charged: boolean;
}

/**
 * The sale after one more of its entries. `state` is null before the intent; an entry of another
 * kind before the intent (a journal cut in the middle) is ignored, and so is any entry that does
 * not change a sale.
 */
export function stepSale<I extends SaleIntentFacts>(state: SaleState<I> | null, e: FoldEntry): SaleState<I> | null {
  if (e.type === 'sale.intent') {
    const intent = e.payload as I;
    return {
      saleId: intent.saleId,
      intent,
      intentSeq: e.seq,
      status: 'sending',
      bookingReference: null,
      booking: null,
      error: null,
      charged: false,
      inDoubt: false,
      attempts: 0,
      lastAttemptAt: null,
      cashRecorded: false,
      cashMinor: 0,
      tenderedMinor: 0,
      changeMinor: 0,
      createdAt: e.at,
      updatedAt: e.at,
    };
  }
  if (!state) return null;
  return stepLifecycle(state, e);
}

/** A sale's life after one more entry other than its intent (which it never reads). */
export function stepLifecycle<S extends SaleLifecycle>(state: S, e: FoldEntry): S {
  switch (e.type) {
    case 'sale.attempt':
      if (isFinal(state.status)) return state;
      return { ...state, status: 'sending', inDoubt: true, attempts: state.attempts + 1, lastAttemptAt: e.at, updatedAt: e.at };
    case 'sale.unanswered': {
      const p = e.payload as { error: SaleError; inDoubt: boolean };
      const status = state.status === 'pending' ? 'pending' : isFinal(state.status) ? state.status : 'unknown';
      return { ...state, status, error: p.error, inDoubt: p.inDoubt, updatedAt: e.at };
    }
    case 'sale.abandoned': {
      const p = e.payload as { reason: string };
      return { ...state, status: 'failed', error: { code: 'sale_abandoned', message: p.reason }, charged: false, inDoubt: false, updatedAt: e.at };
    }
    case 'sale.outcome': {
      const p = e.payload as OutcomeFacts;
      return {
        ...state,
        status: p.status,
        bookingReference: p.bookingReference ?? state.bookingReference,
        booking: p.booking ?? state.booking,
        error: p.error,
        charged: p.charged,
        inDoubt: false,
        updatedAt: e.at,
      };
    }
    case 'cash.received': {
      const p = e.payload as { amountMinor: number; tenderedMinor: number; changeMinor: number };
      return { ...state, cashRecorded: true, cashMinor: p.amountMinor, tenderedMinor: p.tenderedMinor, changeMinor: p.changeMinor };
    }
    default:
      return state;
  }
}

/** One sale from its entries (in journal order); null when they hold no intent. */
export function foldSale<I extends SaleIntentFacts = SaleIntentFacts>(entries: Iterable<FoldEntry>): SaleState<I> | null {
  let state: SaleState<I> | null = null;
  for (const e of entries) state = stepSale(state, e);
  return state;
}

/**
 * Every sale of a stream of entries (one journal, in order), by sale id, in the order of their
 * intents. `keyOf` tells sales of several journals apart (the station reads every counter's).
 */
export function foldSales<I extends SaleIntentFacts = SaleIntentFacts, E extends FoldEntry = FoldEntry>(
  entries: Iterable<E>,
  keyOf: (e: E, saleId: string) => string = (_, saleId) => saleId,
): Map<string, SaleState<I>> {
  const sales = new Map<string, SaleState<I>>();
  for (const e of entries) {
    const saleId = saleIdOf(e);
    if (saleId === null) continue;
    const key = keyOf(e, saleId);
    const next = stepSale(sales.get(key) ?? null, e);
    if (next) sales.set(key, next);
  }
  return sales;
}

/** What a sale adds to a line of figures: a booking, its seats, its retail and NET prices. */
export interface SalesFigures {
  bookings: number;
  passengers: number;
  retailMinor: number;
  netMinor: number;
}

export const noFigures = (): SalesFigures => ({ bookings: 0, passengers: 0, retailMinor: 0, netMinor: 0 });

/** Adds a confirmed sale to a line (a sale that is not confirmed adds nothing: it sold nothing yet). */
export function addSale(line: SalesFigures, s: SaleState): void {
  if (s.status !== 'confirmed') return;
  line.bookings += 1;
  line.passengers += s.intent.passengers;
  line.retailMinor += s.intent.retailTotalMinor;
  line.netMinor += s.intent.netTotalMinor;
}
