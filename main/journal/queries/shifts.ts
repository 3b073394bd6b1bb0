// The `shifts` read model as the shifts, refunds, backups and the update policy read it. One row
// mapper (shiftViewOf) turns a row into the contract's ShiftView; the other reads are single figures.
import type { ShiftView } from '../../../contract/counter.ts';
import type { Journal } from '../journal.ts';

/** A `shifts` row with its agent's name (null: the agent is not in `agents`). */
interface ShiftRow {
  id: string;
  agent_id: string;
  business_day: string;
  implicit: number;
  opened_at: string;
  closed_at: string | null;
  float_minor: number;
  counted_minor: number | null;
  z_number: number | null;
  name: string | null;
}

const WITH_AGENT = 'SELECT s.*, a.name FROM shifts s LEFT JOIN agents a ON a.id = s.agent_id';

function shiftViewOf(r: ShiftRow): ShiftView {
  return {
    shiftId: r.id,
    agent: { id: r.agent_id, name: r.name ?? r.agent_id },
    businessDay: r.business_day,
    openedAt: r.opened_at,
    closedAt: r.closed_at,
    floatMinor: r.float_minor,
    countedMinor: r.counted_minor,
    zNumber: r.z_number,
    implicit: r.implicit === 1,
  };
}

/** The agent's open shift (the last opened), if any. */
export function openShiftView(j: Journal, agentId: string): ShiftView | null {
  const row = j.stmt<[string], ShiftRow>(`${WITH_AGENT} WHERE s.agent_id = ? AND s.closed_seq IS NULL ORDER BY s.opened_seq DESC LIMIT 1`).get(agentId);
  return row ? shiftViewOf(row) : null;
}

/** One shift by its id (null: no such shift in the read model). */
export function shiftView(j: Journal, shiftId: string): ShiftView | null {
  const row = j.stmt<[string], ShiftRow>(`${WITH_AGENT} WHERE s.id = ?`).get(shiftId);
  return row ? shiftViewOf(row) : null;
}

/** The shifts opened on a Cairo business day, in order. */
export function shiftViewsOfDay(j: Journal, businessDay: string): ShiftView[] {
  return j.stmt<[string], ShiftRow>(`${WITH_AGENT} WHERE s.business_day = ? ORDER BY s.opened_seq`).all(businessDay).map(shiftViewOf);
}

/** The highest Z-report number of this journal's counter (0: none closed yet). */
export function lastZNumber(j: Journal): number {
  return j.stmt<[string], { n: number | null }>('SELECT max(z_number) AS n FROM shifts WHERE counter_id = ?').get(j.counterId)?.n ?? 0;
}

/** The seq of the shift.closed entry that froze Z-report `zNumber` of this counter (null: no such report). */
export function closingSeqOfZ(j: Journal, zNumber: number): number | null {
  return j.stmt<[string, number], { closed_seq: number }>('SELECT closed_seq FROM shifts WHERE counter_id = ? AND z_number = ?').get(j.counterId, zNumber)?.closed_seq ?? null;
}

/** The seq of the last shift.closed entry of any shift (0: none). */
export function lastClosingSeq(j: Journal): number {
  return j.stmt<[], { s: number }>('SELECT coalesce(max(closed_seq), 0) AS s FROM shifts').get()!.s;
}

/** The blind count of a shift's drawer (null: not counted yet, or no such shift). */
export function countedMinorOf(j: Journal, shiftId: string): number | null {
  return j.stmt<[string], { counted_minor: number | null }>('SELECT counted_minor FROM shifts WHERE id = ?').get(shiftId)?.counted_minor ?? null;
}

/** How many shifts agents opened (not the implicit ones of a counter without agents) are open. */
export function openShiftCount(j: Journal): number {
  return j.stmt<[], { n: number }>('SELECT count(*) AS n FROM shifts WHERE closed_seq IS NULL AND implicit = 0').get()!.n;
}
