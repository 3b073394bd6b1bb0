// Properties of the fold over random valid journals (fast-check), written through the journal
// itself: the read models rebuilt from the entries equal the incremental ones, and the Z-report's
// totals are the sum of the sales' folds; every entry written is one the station's reports fold.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { addSale, foldProblem, foldSales, noFigures } from '../../../../core/sale-fold.ts';
import type { EntryPayloads, EntryType } from '../../../../main/journal/entries.ts';
import { rebuildAndCompare } from '../../../../main/journal/read-models.ts';
import { computeZ } from '../../../../main/shifts/z-report.ts';
import { SHIFT, saleIntent } from '../../../support/every-entry.ts';
import { openTempJournal } from './helpers.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

let t: ReturnType<typeof openTempJournal> | null = null;
afterEach(() => t?.cleanup());

const step = fc.constantFrom('attempt', 'unanswered', 'pending', 'confirmed', 'failed', 'abandoned', 'reprint', 'pay_in', 'pay_out');
const sale = fc.record({ retail: fc.integer({ min: 1_00, max: 5_000_00 }), steps: fc.array(step, { maxLength: 5 }) });

describe('the fold over random journals', () => {
  it('rebuilt equals incremental, and the Z-report totals are the sum of the sale folds', () => {
    fc.assert(
      fc.property(fc.array(sale, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 30 }), (sales, picks) => {
        t?.cleanup();
        t = openTempJournal();
        const j = t.journal;
        const add = <K extends EntryType>(type: K, payload: EntryPayloads[K]) => j.transaction(() => j.append(type, payload, { shiftId: SHIFT }));
        j.transaction(() => j.append('agent.saved', { agentId: 'agent-2', name: 'Mona', role: 'agent', pinHash: null, active: true, by: null }));
        add('shift.opened', { shiftId: SHIFT, agentId: 'agent-2', agentName: 'Mona', businessDay: '2026-07-01', implicit: false, floatMinor: 10_000 });
        // each sale's own steps, interleaved with the others' in an order drawn by fast-check (one
        // transaction for the whole journal: each append is applied to the read models as it goes)
        journalDatabase(j).exec('BEGIN IMMEDIATE');
        const queues = sales.map((s, i) => ({ id: `s${i}`, retail: s.retail, steps: [...s.steps], started: false, cashed: false }));
        let pick = 0;
        while (queues.some((q) => !q.started || q.steps.length > 0)) {
          const live = queues.filter((q) => !q.started || q.steps.length > 0);
          const q = live[(picks[pick++ % Math.max(picks.length, 1)] ?? 0) % live.length]!;
          if (!q.started) {
            add('sale.intent', saleIntent(q.id, q.retail));
            q.started = true;
            continue;
          }
          const st = q.steps.shift()!;
          const ref = `PB-${q.id}`;
          if (st === 'attempt') add('sale.attempt', { saleId: q.id, attempt: 1 });
          else if (st === 'unanswered') add('sale.unanswered', { saleId: q.id, error: { code: 'network', message: 'reset' }, inDoubt: true });
          else if (st === 'abandoned') add('sale.abandoned', { saleId: q.id, reason: 'x', by: { agentId: 'agent-1', agentName: 'S' }, bookingsChecked: 0 });
          else if (st === 'reprint') add('print.recorded', { printId: `p${pick}`, saleId: q.id, kind: 'receipt', printer: 'ReceiptPDF', status: 'sent', jobId: null, errorCode: null, copy: true, language: 'ar', agentId: 'agent-2' });
          else if (st === 'pay_in' || st === 'pay_out') add('cash.moved', { movementId: `m${pick}`, shiftId: SHIFT, agentId: 'agent-2', kind: st, amountMinor: 1_000, reason: st });
          else {
            add('sale.outcome', { saleId: q.id, status: st, bookingReference: st === 'failed' ? null : ref, booking: null, error: st === 'failed' ? { code: 'provider_rejected', message: 'x' } : null, charged: st !== 'failed' });
            if (st === 'confirmed' && !q.cashed) {
              add('cash.received', { saleId: q.id, bookingReference: ref, agentId: 'agent-2', shiftId: SHIFT, businessDay: '2026-07-01', amountMinor: q.retail, tenderedMinor: q.retail, changeMinor: 0, currency: 'EGP' });
              q.cashed = true;
            }
          }
        }
        journalDatabase(j).exec('COMMIT');
        const changed = rebuildAndCompare(j);
        expect(Object.values(changed).every((n) => n === 0), JSON.stringify(changed)).toBe(true);

        // every entry a counter writes is one the station's reports fold (they check it before: foldProblem)
        for (const e of j.foldable()) expect(foldProblem(e), `entry ${e.seq}`).toBeNull();
        const folds = foldSales([...j.foldable()]);
        const sum = noFigures();
        for (const s of folds.values()) addSale(sum, s);
        const z = computeZ(j.shiftEntries(SHIFT), { zNumber: 1, counterId: j.counterId, stationName: 'S', environment: 'TRAINING', closedAt: '2026-07-01T20:00:00.000Z', comment: null });
        expect({ bookings: z.bookings, passengers: z.passengers, retailMinor: z.retailMinor, netMinor: z.netMinor }).toEqual(sum);
        expect(z.cash.salesMinor).toBe([...folds.values()].filter((s) => s.status === 'confirmed').reduce((n, s) => n + s.cashMinor, 0));
        expect(z.failed.length + z.open.length + sum.bookings).toBe(folds.size);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
