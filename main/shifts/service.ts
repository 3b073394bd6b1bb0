import { randomUUID } from 'node:crypto';
import { foundOutside } from '../journal/head-anchor.ts';
import type { CounterEnvironment, ShiftView, ZReport } from '../../contract/counter.ts';
import type { ZReportView } from '../../contract/shifts.ts';
import type { Clock } from '../clock.ts';
import { cairoDate } from '../../core/cairo-time.ts';
import { varianceNeedsComment } from '../../core/variance.ts';
import { AppFailure } from '../failure.ts';
import type { Agent } from '../journal/agents.ts';
import type { CashMoved } from '../journal/entries.ts';
import type { Entry, Journal } from '../journal/journal.ts';
import { closingSeqOfZ, lastZNumber, openShiftView, shiftViewsOfDay } from '../journal/queries/shifts.ts';
import { countTotal, type CashCount } from '../../contract/shifts.ts';
import { computeZ } from './z-report.ts';

// An agent's shift: opened with a counted float, cash moved in and out with a reason, closed
// with a blind count (recorded before the expected amount is shown, never changed after) and a
// Z-report numbered without gaps per counter and frozen in the shift.closed entry. A closed
// shift is never edited: a correction is a new entry approved with a supervisor's PIN.

export interface ShiftContext {
  counterId: string;
  stationName: () => string;
  environment: CounterEnvironment;
  /** Finds what was appended outside the app since the last look (HeadAnchor.checkNow), before a count or a Z-report. */
  checkJournal?: () => void;
}

export interface CountResult {
  countedMinor: number;
  expectedMinor: number;
  varianceMinor: number;
}

const MAX_REASON = 200;

export class ShiftService {
  readonly #journal: Journal;
  readonly #clock: Clock;
  readonly #ctx: ShiftContext;

  constructor(journal: Journal, clock: Clock, ctx: ShiftContext) {
    this.#journal = journal;
    this.#clock = clock;
    this.#ctx = ctx;
  }

  /** The agent's open shift, if any. */
  current(agentId: string): ShiftView | null {
    return openShiftView(this.#journal, agentId);
  }

  /** The shifts opened on a Cairo business day, in order. */
  ofDay(businessDay: string): ShiftView[] {
    return shiftViewsOfDay(this.#journal, businessDay);
  }

  open(agent: Agent, floatCount: CashCount): ShiftView {
    const floatMinor = countTotal(floatCount);
    this.#journal.transaction(() => {
      const open = this.current(agent.id);
      if (open && !open.implicit) throw new AppFailure('shift_already_open', `${agent.name} already has shift ${open.shiftId} open`);
      const at = this.#clock.now();
      if (open) this.#journal.append('shift.closed', { shiftId: open.shiftId, agentId: agent.id, implicit: true }, { at, shiftId: open.shiftId });
      const shiftId = `shift-${randomUUID()}`;
      this.#journal.append(
        'shift.opened',
        { shiftId, agentId: agent.id, agentName: agent.name, businessDay: cairoDate(at), implicit: false, floatMinor, floatCount },
        { at, shiftId },
      );
    });
    return this.current(agent.id)!;
  }

  /** A pay-in, a pay-out or a drop to the safe, during the agent's open shift. */
  move(agent: Agent, kind: CashMoved['kind'], amountMinor: number, reason: string): ShiftView {
    const why = reason.trim();
    if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new AppFailure('invalid_argument', 'An amount is a positive number of piastres', { fields: [{ field: 'amountMinor', message: 'positive' }] });
    if (why.length === 0 || why.length > MAX_REASON) throw new AppFailure('invalid_argument', 'Say why the cash moved', { fields: [{ field: 'reason', message: `1 to ${MAX_REASON} characters` }] });
    this.#journal.transaction(() => {
      const shift = this.#openShift(agent);
      if (shift.countedMinor !== null) throw new AppFailure('conflict', 'The drawer was already counted for closing: no more cash movements in this shift');
      this.#journal.append('cash.moved', { movementId: randomUUID(), shiftId: shift.shiftId, agentId: agent.id, kind, amountMinor, reason: why }, { shiftId: shift.shiftId });
    });
    return this.current(agent.id)!;
  }

  /**
   * The blind count: recorded first, and only then is the expected amount computed and shown.
   * Counted once: a later difference is a supervisor's correction, not a recount.
   */
  count(agent: Agent, count: CashCount): CountResult {
    const countedMinor = countTotal(count);
    this.#ctx.checkJournal?.();
    return this.#journal.transaction(() => {
      const shift = this.#openShift(agent);
      if (shift.countedMinor !== null) throw new AppFailure('conflict', 'This drawer was counted already; a supervisor corrects a closed shift');
      this.#journal.append('shift.counted', { shiftId: shift.shiftId, agentId: agent.id, count, countedMinor }, { shiftId: shift.shiftId });
      const z = this.#compute(shift.shiftId, 0, null);
      return { countedMinor, expectedMinor: z.cash.expectedMinor, varianceMinor: z.cash.varianceMinor };
    });
  }

  /** Closes the counted shift: its Z-report gets the next number of this counter and is frozen. */
  close(agent: Agent, comment: string | null): ZReport {
    const note = comment?.trim() || null;
    if (note && note.length > MAX_REASON) throw new AppFailure('invalid_argument', 'The comment is too long', { fields: [{ field: 'comment', message: `at most ${MAX_REASON} characters` }] });
    this.#ctx.checkJournal?.();
    return this.#journal.transaction(() => {
      const shift = this.#openShift(agent);
      if (shift.countedMinor === null) throw new AppFailure('conflict', 'Count the drawer before closing the shift');
      const z = this.#compute(shift.shiftId, lastZNumber(this.#journal) + 1, note);
      if (varianceNeedsComment(z.cash.varianceMinor) && !note) {
        throw new AppFailure('variance_comment_required', 'The drawer is over or short: say why in the comment before closing', { fields: [{ field: 'comment', message: 'required when the drawer is over or short' }] });
      }
      this.#journal.append('shift.closed', { shiftId: shift.shiftId, agentId: agent.id, implicit: false, z }, { shiftId: shift.shiftId });
      return z;
    });
  }

  /** The frozen Z-report by its number. */
  zReport(zNumber: number): ZReport {
    const closedSeq = closingSeqOfZ(this.#journal, zNumber);
    const z = closedSeq !== null ? this.#journal.entry<'shift.closed'>(closedSeq).payload.z : undefined;
    if (!z) throw new AppFailure('not_found', `No Z-report ${zNumber}`);
    return z;
  }

  /** The frozen Z-report with the corrections approved since (from their entries). */
  view(zNumber: number): ZReportView {
    const report = this.zReport(zNumber);
    const corrections = this.#journal
      .shiftEntries(report.shiftId)
      .filter((e) => e.type === 'shift.corrected')
      .map((e) => {
        const p = (e as Entry<'shift.corrected'>).payload;
        return {
          correctionId: p.correctionId,
          amountMinor: p.amountMinor,
          reason: p.reason,
          at: e.at,
          by: { id: p.by.agentId, name: p.by.agentName },
          approvedBy: { id: p.approvedBy.agentId, name: p.approvedBy.agentName },
        };
      });
    return { report, corrections };
  }

  /** Recomputes a frozen Z-report from the entries it covers: equal unless the journal was altered. */
  recompute(z: ZReport): ZReport {
    return computeZ(this.#journal.shiftEntries(z.shiftId, z.coversSeq), {
      zNumber: z.zNumber,
      counterId: z.counterId,
      stationName: z.stationName,
      environment: z.environment,
      closedAt: z.closedAt,
      comment: z.comment,
      writtenOutside: foundOutside(this.#journal),
    });
  }

  /** A supervisor-approved correction of a closed shift (its Z-report stays as it was frozen). */
  correct(by: Agent, approvedBy: Agent, zNumber: number, amountMinor: number, reason: string): void {
    const z = this.zReport(zNumber);
    const why = reason.trim();
    if (!Number.isInteger(amountMinor) || amountMinor === 0) throw new AppFailure('invalid_argument', 'A correction is a non-zero amount of piastres', { fields: [{ field: 'amountMinor', message: 'non-zero' }] });
    if (why.length === 0 || why.length > MAX_REASON) throw new AppFailure('invalid_argument', 'Say what is corrected', { fields: [{ field: 'reason', message: `1 to ${MAX_REASON} characters` }] });
    this.#journal.transaction(() =>
      this.#journal.append(
        'shift.corrected',
        {
          correctionId: randomUUID(),
          shiftId: z.shiftId,
          zNumber,
          amountMinor,
          reason: why,
          by: { agentId: by.id, agentName: by.name },
          approvedBy: { agentId: approvedBy.id, agentName: approvedBy.name },
        },
        { shiftId: z.shiftId },
      ),
    );
  }

  #openShift(agent: Agent): ShiftView {
    const shift = this.current(agent.id);
    if (!shift || shift.implicit) throw new AppFailure('shift_not_open', `${agent.name} has no shift open`);
    return shift;
  }

  #compute(shiftId: string, zNumber: number, comment: string | null): ZReport {
    return computeZ(this.#journal.shiftEntries(shiftId), {
      zNumber,
      counterId: this.#journal.counterId,
      stationName: this.#ctx.stationName(),
      environment: this.#ctx.environment,
      closedAt: this.#clock.now().toISOString(),
      comment,
      writtenOutside: foundOutside(this.#journal),
    });
  }
}
