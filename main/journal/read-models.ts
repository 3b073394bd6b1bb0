import { canonicalJson } from '../../core/canonical-json.ts';
import { stepShift, type ShiftFacts } from '../../core/shift-fold.ts';
import { LIFECYCLE_COLUMNS, lifecycleChanges, saleRowOfIntent, type LifecycleRow } from './sale-row.ts';
import { keyNewEntries, resetLookup } from './sale-lookup.ts';
import { agentRowApply, clearAgentRows, refoldAgents } from './agent-rows.ts';
import { journalDatabase, type Entry, type Journal } from './journal.ts';
import type { EntryType, FromStation } from './entries.ts';

// The one place the read models (shifts, sales, cash_movements, prints, markup_rules, …) are
// written: each entry, as it is appended, and every entry again when they are rebuilt. Nothing
// else writes them, so they always equal what the entries alone say. A sale's own entries are
// folded just after their commits rather than in them (held-back.ts), and the lookup keys
// (sale_lookup) a little after their entries (sale-lookup.ts); both are brought up to date
// before anything reads them.

/** The tables this module derives from the entries, in an order their foreign keys accept. */
export const READ_MODELS = [
  'agents',
  'shifts',
  'sales',
  'sale_lookup',
  'cash_movements',
  'prints',
  'markup_rules',
  'shift_corrections',
  'trip_changes',
  'station_settings_applied',
  'refunds',
  'refunded_tickets',
  'claim_matches',
] as const;

type Apply<K extends EntryType> = (j: Journal, e: Entry<K>) => void;

/** An entry that applies a row of the station's settings stream moves this counter's place in it. */
function stationSettingApplied(j: Journal, seq: number, from: FromStation | undefined) {
  if (!from) return;
  j.stmt(
    `INSERT INTO station_settings_applied (station_id, seq, entry_seq) VALUES (?, ?, ?)
     ON CONFLICT (station_id) DO UPDATE SET seq = max(seq, excluded.seq), entry_seq = excluded.entry_seq`,
  ).run(from.stationId, from.seq, seq);
}

/** A movement of the drawer's cash other than a sale: signed piastres (in positive, out negative). */
function cashMovement(j: Journal, seq: number, kind: string, agentId: string, shiftId: string, businessDay: string, amountMinor: number, at: string) {
  j.stmt(
    `INSERT INTO cash_movements (seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at)
     VALUES (?, ?, NULL, ?, ?, ?, ?, 0, 0, ?)`,
  ).run(seq, kind, agentId, shiftId, businessDay, amountMinor, at);
}

/** The `sales` row is a cache of core/sale-fold.ts (sale-row.ts): one more entry of the sale, folded into its lifecycle. */
function foldIntoSaleRow(j: Journal, e: Entry, saleId: string): void {
  const row = j.stmt(`SELECT ${LIFECYCLE_COLUMNS.join(', ')} FROM sales WHERE sale_id = ?`).get(saleId) as LifecycleRow | undefined;
  if (!row) return;
  const changed = lifecycleChanges(row, e);
  const columns = Object.keys(changed) as (keyof LifecycleRow)[];
  if (columns.length === 0) return;
  j.stmt(`UPDATE sales SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE sale_id = ?`).run(...columns.map((c) => changed[c]), saleId);
}

interface ShiftRow {
  id: string;
  agent_id: string;
  business_day: string;
  implicit: number;
  opened_seq: number;
  opened_at: string;
  float_minor: number;
  counted_minor: number | null;
  closed_seq: number | null;
  closed_at: string | null;
  z_number: number | null;
}

/** The `shifts` row is a cache of core/shift-fold.ts: the row as the fold's state, one more entry folded in. */
function foldIntoShiftRow(j: Journal, e: Entry, shiftId: string): void {
  const r = j.stmt('SELECT * FROM shifts WHERE id = ?').get(shiftId) as ShiftRow | undefined;
  if (!r) return;
  const before: ShiftFacts = {
    shiftId: r.id,
    agentId: r.agent_id,
    agentName: null,
    businessDay: r.business_day,
    implicit: r.implicit === 1,
    openedSeq: r.opened_seq,
    openedAt: r.opened_at,
    floatMinor: r.float_minor,
    countedMinor: r.counted_minor,
    count: null,
    closedSeq: r.closed_seq,
    closedAt: r.closed_at,
    zNumber: r.z_number,
  };
  const s = e.type === 'shift.opened' ? stepShift(null, e)! : stepShift(before, e)!;
  j.stmt('UPDATE shifts SET float_minor = ?, counted_minor = ?, closed_seq = ?, closed_at = ?, z_number = ? WHERE id = ?').run(
    s.floatMinor,
    s.countedMinor,
    s.closedSeq,
    s.closedAt,
    s.zNumber,
    shiftId,
  );
}

const apply: { [K in EntryType]: Apply<K> } = {
  'agent.saved': (j, e) => {
    agentRowApply['agent.saved'](j, e);
    stationSettingApplied(j, e.seq, e.payload.fromStation);
  },
  'agent.locked': agentRowApply['agent.locked'],
  'agent.pin_failed': agentRowApply['agent.pin_failed'],
  'agent.pin_accepted': agentRowApply['agent.pin_accepted'],
  'agent.unlocked': agentRowApply['agent.unlocked'],
  'agent.pin_resealed': agentRowApply['agent.pin_resealed'],
  'agent.signed_in': () => {},
  'trip.changed': (j, e) => {
    const p = e.payload;
    j.stmt(
      `INSERT INTO trip_changes (seq, sale_id, version, booking_ref, kind, old_departure, new_departure, valid_for_travel, notice, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sale_id, version) DO NOTHING`,
    ).run(e.seq, p.saleId, p.version, p.bookingReference, p.kind, p.oldDepartureAt, p.newDepartureAt, p.validForTravel ? 1 : 0, p.notice, e.at);
  },
  'trip.called': (j, e) => {
    const p = e.payload;
    j.stmt('UPDATE trip_changes SET called_by = ?, called_at = ? WHERE sale_id = ? AND version = ? AND called_at IS NULL').run(p.by.agentName, e.at, p.saleId, p.version);
  },
  // Holds are counted from the entries by the Z-report; no read model needs them.
  'hold.taken': () => {},
  'hold.released': () => {},
  'agent.signed_out': () => {},
  'override.approved': () => {},

  'shift.opened': (j, e) => {
    const p = e.payload;
    j.stmt(
      'INSERT INTO shifts (id, agent_id, business_day, implicit, opened_seq, opened_at, counter_id, float_minor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(p.shiftId, p.agentId, p.businessDay, p.implicit ? 1 : 0, e.seq, e.at, e.counterId, p.floatMinor ?? 0);
    foldIntoShiftRow(j, e, p.shiftId);
    if (p.floatMinor) cashMovement(j, e.seq, 'float', p.agentId, p.shiftId, p.businessDay, p.floatMinor, e.at);
  },
  'shift.counted': (j, e) => foldIntoShiftRow(j, e, e.payload.shiftId),
  'shift.closed': (j, e) => foldIntoShiftRow(j, e, e.payload.shiftId),

  'shift.corrected': (j, e) => {
    const p = e.payload;
    j.stmt('INSERT INTO shift_corrections (seq, correction_id, shift_id, amount_minor, reason, by_agent, approved_by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      e.seq,
      p.correctionId,
      p.shiftId,
      p.amountMinor,
      p.reason,
      p.by.agentName,
      p.approvedBy.agentName,
      e.at,
    );
  },

  'cash.moved': (j, e) => {
    const p = e.payload;
    const shift = j.stmt('SELECT business_day FROM shifts WHERE id = ?').get(p.shiftId) as { business_day: string } | undefined;
    if (!shift) throw new LeftOut(`cash.moved names shift ${p.shiftId}, which the journal does not hold`);
    cashMovement(j, e.seq, p.kind, p.agentId, p.shiftId, shift.business_day, p.kind === 'pay_in' ? p.amountMinor : -p.amountMinor, e.at);
  },

  'sale.intent': (j, e) => {
    const row = saleRowOfIntent(e);
    const columns = Object.keys(row);
    j.stmt(`INSERT INTO sales (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
  },

  'sale.attempt': (j, e) => foldIntoSaleRow(j, e, e.payload.saleId),
  'sale.unanswered': (j, e) => foldIntoSaleRow(j, e, e.payload.saleId),
  'sale.abandoned': (j, e) => foldIntoSaleRow(j, e, e.payload.saleId),
  'sale.outcome': (j, e) => foldIntoSaleRow(j, e, e.payload.saleId),

  'cash.received': (j, e) => {
    const p = e.payload;
    j.stmt(
      `INSERT INTO cash_movements (seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at)
       VALUES (?, 'sale', ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.seq, p.saleId, p.agentId, p.shiftId, p.businessDay, p.amountMinor, p.tenderedMinor, p.changeMinor, e.at);
    foldIntoSaleRow(j, e, p.saleId);
  },

  'print.recorded': (j, e) => {
    const p = e.payload;
    j.stmt(
      'INSERT INTO prints (seq, print_id, sale_id, kind, printer, status, copy, at, shift_id, job_id, error_code, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(e.seq, p.printId, p.saleId, p.kind, p.printer, p.status, p.copy ? 1 : 0, e.at, e.shiftId, p.jobId, p.errorCode, p.document ?? null);
  },

  'markup.changed': (j, e) => {
    const p = e.payload;
    stationSettingApplied(j, e.seq, p.fromStation);
    if (p.action === 'deleted' || !p.rule) {
      j.stmt('DELETE FROM markup_rules WHERE id = ?').run(p.ruleId);
      return;
    }
    j.stmt(
      `INSERT INTO markup_rules (id, operator_id, origin_id, destination_id, fare_class, percent, fixed_minor, changed_by, changed_at, changed_seq)
       VALUES (@id, @operatorId, @originId, @destinationId, @fareClass, @percent, @fixedMinor, @by, @at, @seq)
       ON CONFLICT (id) DO UPDATE SET operator_id = @operatorId, origin_id = @originId, destination_id = @destinationId,
         fare_class = @fareClass, percent = @percent, fixed_minor = @fixedMinor, changed_by = @by, changed_at = @at, changed_seq = @seq`,
    ).run({ id: p.ruleId, ...p.rule, by: p.by.agentName, at: e.at, seq: e.seq });
  },
  'station.renamed': (j, e) => stationSettingApplied(j, e.seq, e.payload.fromStation),
  'journal.rewound': () => {},
  'journal.foreign_entries': () => {},
  'agent.entries_keyed': () => {}, // read by agent-tags.ts, through its index

  'refund.paid': (j, e) => {
    const p = e.payload;
    j.stmt(
      `INSERT INTO refunds (seq, refund_id, sale_id, booking_ref, shift_id, business_day, tickets, amount_minor, claimable, claim_net_minor, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.seq, p.refundId, p.saleId, p.bookingReference, p.shiftId, p.businessDay, p.passengerIndexes.length, p.amountMinor, p.claimable ? 1 : 0, p.claimNetMinor, e.at);
    const ticket = j.stmt('INSERT INTO refunded_tickets (booking_ref, passenger_index, refund_seq) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    for (const i of p.passengerIndexes) ticket.run(p.bookingReference, i, e.seq);
  },
  'claim.matched': (j, e) => {
    const p = e.payload;
    j.stmt('INSERT INTO claim_matches (seq, transaction_id, booking_ref, amount_minor, at, by_agent, note) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      e.seq,
      p.transactionId,
      p.bookingReference,
      p.amountMinor,
      p.at,
      p.by.agentName,
      p.note,
    );
  },
};

/** Every entry kind the read models know (each has its apply above). */
export const ENTRY_TYPES = Object.keys(apply) as EntryType[];

/** Applies one entry to the read models. Called by Journal.append, in its transaction. */
export function applyEntry(journal: Journal, entry: Entry): void {
  const fn = apply[entry.type] as Apply<EntryType> | undefined;
  if (!fn) throw new Error(`No read model knows entry type ${entry.type}`);
  fn(journal, entry);
}

/** An entry the read models cannot hold (it names what they do not hold): left out of a rebuild. */
class LeftOut extends Error {}

/**
 * Whether the entry contradicts the read models: it names a sale, a shift or an agent they do not
 * hold, or takes an id, a Z number or a value their constraints refuse. The counter never appends
 * one (each write checks first, and a failure rolls its transaction back); an entry written outside
 * the app can be one.
 */
const contradicts = (err: unknown): boolean => err instanceof LeftOut || (err instanceof Error && 'code' in err && String(err.code).startsWith('SQLITE_CONSTRAINT'));

/**
 * Empties every read model and replays all entries into them, in one transaction. An entry that
 * contradicts them is left out of them (its seq returned), rather than stopping the counter from
 * opening its journal: only one written outside the app can, and the counter raises those.
 */
export function rebuildReadModels(journal: Journal): number[] {
  const leftOut: number[] = [];
  journal.transaction(() => {
    journal.stmt('SAVEPOINT rebuild').run();
    try {
      foldEveryEntry(journal, null);
    } catch (err) {
      if (!contradicts(err)) throw err;
      // folded again, each entry under a savepoint of its own: only then, as that slows a large rebuild by seconds
      journal.stmt('ROLLBACK TO rebuild').run();
      foldEveryEntry(journal, leftOut);
    }
    journal.stmt('RELEASE rebuild').run();
    refoldAgents(journal); // the agents' entries that count (agent-tags.ts): those appended outside the app do not
    resetLookup(journal);
    keyNewEntries(journal);
  });
  return leftOut;
}

/** The read models emptied and every entry folded into them; with `leftOut`, an entry that contradicts them is left out and noted there (else it throws). */
function foldEveryEntry(journal: Journal, leftOut: number[] | null): void {
  for (const table of [...READ_MODELS].reverse()) {
    // The legacy default agent was made by migration 0002, not by an entry: it stays as it was made.
    if (table === 'agents') clearAgentRows(journal);
    else journalDatabase(journal).prepare(`DELETE FROM ${table}`).run();
  }
  const [mark, release, undo] = ['SAVEPOINT fold_entry', 'RELEASE fold_entry', 'ROLLBACK TO fold_entry'].map((sql) => journal.stmt(sql));
  for (let page = journal.page(0, 5_000); page.length > 0; page = journal.page(page.at(-1)!.seq, 5_000)) {
    for (const entry of page) {
      if (!leftOut) {
        applyEntry(journal, entry);
        continue;
      }
      mark!.run();
      try {
        applyEntry(journal, entry);
      } catch (err) {
        if (!contradicts(err)) throw err;
        undo!.run();
        leftOut.push(entry.seq);
      }
      release!.run();
    }
  }
}

/** Every row of every read model, in a stable order: what a rebuild must reproduce exactly. */
export function readModelRows(journal: Journal): Record<string, unknown[]> {
  keyNewEntries(journal); // the lookup is kept a little behind the entries (sale-lookup.ts)
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODELS) out[table] = journalDatabase(journal).prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
  return out;
}

/**
 * Drops the read models and folds every entry into them again; says, per table, how many rows
 * the rebuild changed (zero everywhere when the cache was right).
 */
export function rebuildAndCompare(journal: Journal): Record<string, number> {
  const before = readModelRows(journal);
  rebuildReadModels(journal);
  const after = readModelRows(journal);
  const changed: Record<string, number> = {};
  for (const table of READ_MODELS) {
    const was = new Set(before[table]!.map((r) => canonicalJson(r)));
    const is = after[table]!.map((r) => canonicalJson(r));
    changed[table] = is.filter((r) => !was.has(r)).length + Math.max(0, was.size - is.length);
  }
  return changed;
}
