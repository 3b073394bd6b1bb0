import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { EntryType } from './entries.ts';

// One zod schema per entry kind (entries.ts says what each field means). An entry is checked
// against its schema when it is written and when it is read back, so a journal edited by hand,
// copied from a newer version or damaged on disk is never folded into wrong figures. The schemas
// require what the folds and read models read; fields added after an entry kind was first written
// are optional, so journals of every earlier schema still read. Extra fields are allowed (a
// later version may add some).

const id = z.string().min(1);
const minor = z.number().int();
const at = z.string().min(1);
const agentRef = z.object({ agentId: id, agentName: z.string() });
const fromStation = z.object({ stationId: id, seq: z.number().int().min(0), counterId: z.string() });
const appError = z.object({ code: z.string().min(1), message: z.string() });
const cashCount = z.record(z.string(), z.number().int().min(0));
const language = z.enum(['ar', 'en']);
/** Seqs, each alone or in a run [first, last] (core/seq-ranges.ts). */
const seqList = z.array(z.union([z.number().int().min(1), z.tuple([z.number().int().min(1), z.number().int().min(1)]).refine(([first, last]) => first < last, 'a run goes up')]));

const offerSummary = z.object({
  originName: z.string().nullable(),
  destinationName: z.string().nullable(),
  departureAt: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
});

const markupRuleFields = z.object({
  operatorId: z.string().nullable(),
  originId: z.string().nullable(),
  destinationId: z.string().nullable(),
  fareClass: z.string().nullable(),
  percent: z.number().min(0),
  fixedMinor: minor,
});

export const ENTRY_SCHEMAS: { [K in EntryType]: z.ZodType } = {
  'agent.saved': z.object({ agentId: id, name: z.string(), role: z.enum(['agent', 'supervisor']), pinHash: z.string().nullable(), active: z.boolean(), by: agentRef.nullable(), fromStation: fromStation.optional() }),
  'agent.locked': z.object({ agentId: id, until: at, failures: z.number().int().min(0) }),
  'agent.signed_in': z.object({ agentId: id }),
  'agent.pin_failed': z.object({ agentId: id }),
  'agent.pin_accepted': z.object({ agentId: id }),
  'agent.unlocked': z.object({ agentId: id, by: agentRef }),
  'agent.pin_resealed': z.object({ agentId: id, pinHash: z.string().min(1), reason: z.enum(['legacy_hash', 'unbound_hash', 'station_key']) }),
  'agent.signed_out': z.object({ agentId: id, reason: z.enum(['sign_out', 'switch']) }),
  // marks before runs list seqs alone
  'agent.entries_keyed': z.object({ refused: seqList }),
  'shift.opened': z.object({ shiftId: id, agentId: id, businessDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), implicit: z.boolean(), floatMinor: minor.min(0).optional(), floatCount: cashCount.optional(), agentName: z.string().optional() }),
  'shift.closed': z.object({ shiftId: id, agentId: id, implicit: z.boolean(), z: z.object({ zNumber: z.number().int().min(1) }).optional() }),
  'shift.counted': z.object({ shiftId: id, agentId: id, count: cashCount, countedMinor: minor.min(0) }),
  'shift.corrected': z.object({ correctionId: id, shiftId: id, zNumber: z.number().int(), amountMinor: minor, reason: z.string(), by: agentRef, approvedBy: agentRef }),
  'cash.moved': z.object({ movementId: id, shiftId: id, agentId: id, kind: z.enum(['pay_in', 'pay_out', 'safe_drop']), amountMinor: minor.min(0), reason: z.string() }),
  'sale.intent': z.object({
    saleId: id,
    idempotencyKey: id,
    requestBody: z.string(),
    fingerprint: z.string(),
    environment: z.string(),
    agentId: id,
    agentName: z.string(),
    shiftId: id,
    businessDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    language,
    offerId: z.string(),
    passengers: z.number().int().min(1),
    netTotalMinor: minor,
    retailTotalMinor: minor,
    cashTenderedMinor: minor,
    changeMinor: minor,
    offer: offerSummary,
    printOnConfirm: z.boolean().optional(),
  }),
  'sale.attempt': z.object({ saleId: id, attempt: z.number().int().min(1) }),
  'sale.unanswered': z.object({ saleId: id, error: appError, inDoubt: z.boolean() }),
  'sale.abandoned': z.object({ saleId: id, reason: z.string(), by: agentRef, bookingsChecked: z.number().int().min(0) }),
  'sale.outcome': z.object({ saleId: id, status: z.enum(['confirmed', 'pending', 'failed']), bookingReference: z.string().nullable(), booking: z.unknown(), error: appError.nullable(), charged: z.boolean() }),
  'cash.received': z.object({ saleId: id, bookingReference: z.string(), agentId: id, shiftId: id, businessDay: z.string(), amountMinor: minor, tenderedMinor: minor, changeMinor: minor }),
  'hold.taken': z.object({ holdId: id, offerId: z.string(), seats: z.number().int().min(1), agentId: id, expiresAt: z.string().nullable() }),
  'hold.released': z.object({ holdId: id, agentId: id }),
  'trip.changed': z.object({ saleId: id, bookingReference: z.string(), version: z.string(), kind: z.enum(['rescheduled', 'cancelled', 'changed']), oldDepartureAt: z.string().nullable(), newDepartureAt: z.string().nullable(), validForTravel: z.boolean(), notice: z.string().nullable() }),
  'trip.called': z.object({ saleId: id, version: z.string(), by: agentRef }),
  'print.recorded': z.object({ printId: id, saleId: z.string().nullable(), kind: z.enum(['tickets', 'receipt', 'test', 'report']), printer: z.string(), status: z.enum(['sent', 'failed']), jobId: z.string().nullable(), errorCode: z.string().nullable(), copy: z.boolean(), language: language.nullable(), agentId: z.string(), document: z.string().optional() }),
  'markup.changed': z.object({ action: z.enum(['saved', 'deleted']), ruleId: id, rule: markupRuleFields.nullable(), previous: markupRuleFields.nullable(), by: z.object({ agentId: z.string(), agentName: z.string() }), fromStation: fromStation.optional() }),
  'station.renamed': z.object({ name: z.string().min(1), by: agentRef.nullable(), fromStation }),
  'journal.foreign_entries': z.object({ count: z.number().int().min(1), entries: z.array(z.object({ seq: z.number().int().min(1), type: z.string() })), seqs: seqList.optional() }),
  'journal.rewound': z.object({
    anchoredSeq: z.number().int().min(1),
    anchoredHash: z.string().min(1),
    foundSeq: z.number().int().min(0),
    foundHash: z.string().nullable(),
    agentsSeq: z.number().int().min(1).optional(),
    agentsHash: z.string().min(1).optional(),
  }),
  'refund.paid': z.object({
    refundId: id,
    saleId: id,
    bookingReference: id,
    passengerIndexes: z.array(z.number().int().min(0)),
    wholeBooking: z.boolean(),
    saleCounterId: z.string(),
    travellers: z.array(z.object({ passengerIndex: z.number().int().min(0), name: z.string(), seat: z.string().nullable() })),
    route: z.string(),
    journey: z.object({ originId: z.string().nullable(), originName: z.string().nullable(), destinationId: z.string().nullable(), destinationName: z.string().nullable() }).optional(),
    cause: z.enum(['cancelled', 'station']),
    currency: z.string(),
    retailMinor: minor,
    keptMinor: minor,
    amountMinor: minor,
    claimable: z.boolean(),
    claimNetMinor: minor,
    reason: z.string().nullable(),
    approvedBy: agentRef.nullable(),
    agentId: id,
    agentName: z.string(),
    shiftId: id,
    businessDay: z.string(),
  }),
  'claim.matched': z.object({ transactionId: id, bookingReference: id, amountMinor: minor, at, by: agentRef, note: z.string().nullable() }),
  'override.approved': z.object({ action: z.string().min(1), calls: z.array(z.string().min(1)).min(1), agent: agentRef, supervisor: agentRef }),
};

/** Why an entry's payload does not fit its kind, or null when it does (an unknown kind does not). */
export function entryProblem(type: string, payload: unknown): string | null {
  const schema = (ENTRY_SCHEMAS as Record<string, z.ZodType | undefined>)[type];
  if (!schema) return `unknown entry type ${type}`;
  const r = schema.safeParse(payload);
  if (r.success) return null;
  const first = r.error.issues[0]!;
  return `${type}: ${first.path.join('.') || 'payload'}: ${first.message}`;
}

/**
 * A payload as stored (its text) parsed and checked against its kind's schema: what a reader of
 * another counter's entries (the station's copy) takes, or why not.
 */
export function storedPayload(type: string, text: string): { ok: true; payload: unknown } | { ok: false; why: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, why: `${type}: not JSON` };
  }
  const problem = entryProblem(type, payload);
  return problem === null ? { ok: true, payload } : { ok: false, why: problem };
}

/**
 * Checks every entry not yet checked against its schema (all of them the first time; then only
 * the ones added since, as entries are also checked when written): the first that fails, or null.
 * The mark of how far they were checked is meta 'checked_seq'.
 */
export function firstInvalidEntry(db: Database.Database): { seq: number; problem: string } | null {
  const from = Number((db.prepare("SELECT value FROM meta WHERE key = 'checked_seq'").pluck().get() as string | undefined) ?? 0);
  let last = from;
  let invalid: { seq: number; problem: string } | null = null;
  for (const [seq, type, payload] of db.prepare('SELECT seq, type, payload FROM entries WHERE seq > ? ORDER BY seq').raw(true).iterate(from) as Iterable<[number, string, string]>) {
    const problem = entryProblem(type, JSON.parse(payload));
    if (problem) {
      invalid = { seq, problem };
      break;
    }
    last = seq;
  }
  if (last > from) db.prepare("INSERT INTO meta (key, value) VALUES ('checked_seq', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(String(last));
  return invalid;
}
