// Entries of every kind written outside the app, each fitting its schema: alone in a journal that
// holds nothing they name, and again in a journal of a whole day (their ids taken already). The
// journal opens and folds them again, as the counter does once it finds them (head-anchor.ts):
// those that contradict the read models are left out of them and named, the rest counted, and
// nothing of the counter's own changes. Before, one cash.received for a sale the journal did not
// hold stopped the counter opening its journal.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../main/journal/journal.ts';
import { readModelRows, rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { writeEveryEntry } from '../../../support/every-entry.ts';
import { appendByHand, manualClock, openTempJournal, TEST_COUNTER } from './helpers.ts';

let t: ReturnType<typeof openTempJournal> | null = null;
afterEach(() => {
  t?.cleanup();
  t = null;
});

/** One payload of every kind, as a real day writes them, without their tags. */
function everyKind(): [string, Record<string, unknown>][] {
  const day = openTempJournal();
  writeEveryEntry(day.journal);
  const samples = new Map<string, Record<string, unknown>>();
  for (const e of day.journal.entries()) {
    const { tag: _, ...payload } = e.payload as unknown as Record<string, unknown>;
    if (!samples.has(e.type)) samples.set(e.type, payload);
  }
  day.cleanup();
  return [...samples];
}

/** The journal at `t` closed, opened again and folded again from its entries: the seqs left out. */
function reopenedAndFolded(): { leftOut: number[]; rows: ReturnType<typeof readModelRows> } {
  const path = join(t!.dir, 'journal.db');
  t!.journal.close();
  const j = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
  try {
    const leftOut = rebuildReadModels(j);
    const rows = readModelRows(j);
    expect(rebuildReadModels(j)).toEqual(leftOut); // the same entries, the same rows, every time
    expect(readModelRows(j)).toEqual(rows);
    return { leftOut, rows };
  } finally {
    j.close();
  }
}

/** What repeats an id the read models hold once: a sale, a shift, a print, a cash taking, a correction, a refund. */
const REPEATED_LEFT_OUT = ['cash.received', 'print.recorded', 'refund.paid', 'sale.intent', 'shift.corrected', 'shift.opened'];
/** What names a sale, a shift or an agent the read models must hold. */
const ALONE_LEFT_OUT = new Set(['cash.moved', 'cash.received', 'shift.corrected', 'shift.opened', 'trip.changed']);

describe('entries written outside the app, folded again', () => {
  it.each(everyKind())('a %s alone, naming what the journal does not hold', (type, payload) => {
    t = openTempJournal();
    const seq = appendByHand(t.journal, type, payload);
    expect(reopenedAndFolded().leftOut).toEqual(ALONE_LEFT_OUT.has(type) ? [seq] : []);
  });

  it('every kind again after a whole day, its ids taken: what repeats one is left out, and writes no row', () => {
    t = openTempJournal();
    writeEveryEntry(t.journal);
    const forged = everyKind().map(([type, payload]) => ({ type, seq: appendByHand(t!.journal, type, payload) }));
    const { leftOut, rows } = reopenedAndFolded();
    expect(forged.filter((f) => leftOut.includes(f.seq)).map((f) => f.type).sort()).toEqual(REPEATED_LEFT_OUT);
    expect(leftOut).toHaveLength(REPEATED_LEFT_OUT.length);
    for (const table of ['cash_movements', 'prints', 'refunds', 'shift_corrections'] as const) {
      expect((rows[table] as { seq: number }[]).filter((r) => leftOut.includes(r.seq)), table).toEqual([]);
    }
    const sales = rows.sales as { intent_seq: number }[];
    expect(sales.filter((r) => leftOut.includes(r.intent_seq))).toEqual([]);
  });
});
