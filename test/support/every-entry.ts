// A counter's day written entry by entry, with every kind of entry the journal knows (sales in
// every lifecycle, a late confirmation after the shift closed, reprints, drawer movements, trip
// changes, station settings applied, agents, holds, a correction). Each step is one entry kind,
// so a test can check the read models after each.
import type { Entry, Journal } from '../../main/journal/journal.ts';
import type { AgentRef, EntryPayloads, EntryType, SaleIntent } from '../../main/journal/entries.ts';
import { computeZ } from '../../main/shifts/z-report.ts';
import { booking } from '../unit/main/selling/fixtures.ts';
import { intent as newIntent } from '../unit/main/journal/sale-intent.ts';

export const SHIFT = 'shift-agent-2-2026-07-01';
export const DAY = '2026-07-01';
const MONA: AgentRef = { agentId: 'agent-2', agentName: 'Mona' };
const SAMIR: AgentRef = { agentId: 'agent-1', agentName: 'Agent 1' };
const FROM_STATION = { stationId: 'stn_luxor', seq: 3, counterId: 'ctr_other' };

export function saleIntent(saleId: string, retail = 36_300): SaleIntent {
  return { ...newIntent(saleId, retail), agentId: MONA.agentId, agentName: MONA.agentName, shiftId: SHIFT, businessDay: DAY };
}

/** One entry of each step; `after` is told the kind of each entry written. */
export function writeEveryEntry(j: Journal, after: (type: EntryType, entry: Entry) => void = () => {}): void {
  const add = <K extends EntryType>(type: K, payload: EntryPayloads[K], shiftId: string | null = SHIFT) => {
    const entry = j.transaction(() => j.append(type, payload, { shiftId }));
    after(type, entry);
  };
  const outcome = (saleId: string, status: 'confirmed' | 'pending' | 'failed') =>
    add('sale.outcome', {
      saleId,
      status,
      bookingReference: status === 'failed' ? null : `PB-${saleId.toUpperCase()}`,
      booking: status === 'failed' ? null : booking(status, `PB-${saleId.toUpperCase()}`),
      error: status === 'failed' ? { code: 'insufficient_funds', message: 'wallet' } : null,
      charged: status !== 'failed',
    });
  const cash = (saleId: string, retail = 36_300) =>
    add('cash.received', { saleId, bookingReference: `PB-${saleId.toUpperCase()}`, agentId: MONA.agentId, shiftId: SHIFT, businessDay: DAY, amountMinor: retail, tenderedMinor: 40_000, changeMinor: 40_000 - retail, currency: 'EGP' });
  const send = (saleId: string, retail = 36_300) => {
    add('sale.intent', saleIntent(saleId, retail));
    add('sale.attempt', { saleId, attempt: 1 });
  };

  add('agent.saved', { agentId: MONA.agentId, name: 'Mona', role: 'agent', pinHash: 'scrypt$x', active: true, by: SAMIR }, null);
  add('agent.pin_failed', { agentId: MONA.agentId }, null);
  add('agent.locked', { agentId: MONA.agentId, until: '2026-07-01T08:05:00.000Z', failures: 5 }, null);
  add('agent.unlocked', { agentId: MONA.agentId, by: SAMIR }, null);
  add('agent.pin_accepted', { agentId: MONA.agentId }, null);
  add('agent.pin_resealed', { agentId: MONA.agentId, pinHash: 'sealed$x', reason: 'legacy_hash' }, null);
  add('agent.signed_in', { agentId: MONA.agentId }, null);
  add('shift.opened', { shiftId: SHIFT, agentId: MONA.agentId, agentName: 'Mona', businessDay: DAY, implicit: false, floatMinor: 20_000, floatCount: { '10000': 2 } });
  add('hold.taken', { holdId: 'PH-1', offerId: 'off_1', seats: 1, agentId: MONA.agentId, expiresAt: null });
  add('hold.released', { holdId: 'PH-1', agentId: MONA.agentId });
  // a: confirmed, cash taken, receipt printed and reprinted
  send('a');
  outcome('a', 'confirmed');
  cash('a');
  for (const copy of [false, true]) {
    add('print.recorded', { printId: `p-a-${copy}`, saleId: 'a', kind: 'receipt', printer: 'ReceiptPDF', status: 'sent', jobId: 'R-1', errorCode: null, copy, language: 'ar', agentId: MONA.agentId });
  }
  // b: a failed retry (unanswered, sent again), then pending: confirmed only after the shift closed
  send('b', 47_000);
  add('sale.unanswered', { saleId: 'b', error: { code: 'network', message: 'reset' }, inDoubt: true });
  add('sale.attempt', { saleId: 'b', attempt: 2 });
  outcome('b', 'pending');
  // c: refused; d: abandoned by a supervisor
  send('c');
  outcome('c', 'failed');
  send('d');
  add('sale.unanswered', { saleId: 'd', error: { code: 'service_unavailable', message: '503' }, inDoubt: false });
  add('sale.abandoned', { saleId: 'd', reason: 'never reached the API', by: SAMIR, bookingsChecked: 4 });
  for (const [kind, amountMinor] of [['pay_in', 5_000], ['pay_out', 2_000], ['safe_drop', 10_000]] as const) {
    add('cash.moved', { movementId: `m-${kind}`, shiftId: SHIFT, agentId: MONA.agentId, kind, amountMinor, reason: kind });
  }
  add('shift.counted', { shiftId: SHIFT, agentId: MONA.agentId, count: { '20000': 1 }, countedMinor: 20_000 });
  const z = computeZ(j.shiftEntries(SHIFT), { zNumber: 1, counterId: j.counterId, stationName: 'Luxor', environment: 'TRAINING', closedAt: j.now().toISOString(), comment: null });
  add('shift.closed', { shiftId: SHIFT, agentId: MONA.agentId, implicit: false, z });
  // the late confirmation of b, in its own shift's entries
  outcome('b', 'confirmed');
  cash('b', 47_000);
  add('shift.corrected', { correctionId: 'c1', shiftId: SHIFT, zNumber: 1, amountMinor: -500, reason: 'miscounted', by: MONA, approvedBy: SAMIR });
  add('trip.changed', { saleId: 'a', bookingReference: 'PB-A', version: 'v2', kind: 'rescheduled', oldDepartureAt: '2026-07-02T23:30:00+03:00', newDepartureAt: '2026-07-03T01:30:00+03:00', validForTravel: true, notice: 'New time' }, null);
  add('trip.called', { saleId: 'a', version: 'v2', by: MONA }, null);
  add('refund.paid', {
    refundId: 'refund-1',
    saleId: 'a',
    bookingReference: 'PB-A',
    passengerIndexes: [0],
    wholeBooking: true,
    saleCounterId: 'ctr_test',
    travellers: [{ passengerIndex: 0, name: 'Mona Ahmed', seat: '12' }],
    route: 'Cairo → Alexandria',
    cause: 'cancelled',
    currency: 'EGP',
    retailMinor: 36_300,
    keptMinor: 0,
    amountMinor: 36_300,
    claimable: true,
    claimNetMinor: 33_000,
    reason: null,
    policy: null,
    approvedBy: null,
    agentId: MONA.agentId,
    agentName: MONA.agentName,
    // paid after the shift above closed: it belongs to the shift open then, never to a frozen one
    shiftId: 'shift-agent-2-later',
    businessDay: DAY,
  }, 'shift-agent-2-later');
  add('claim.matched', { transactionId: 'txn_adj_1', bookingReference: 'PB-A', amountMinor: 33_000, at: '2026-07-01T12:00:00.000Z', by: SAMIR, note: 'by hand' }, null);
  add('override.approved', { action: 'agents', calls: ['listAgents', 'saveAgent'], agent: MONA, supervisor: SAMIR }, null);
  add('journal.rewound', { anchoredSeq: 40, anchoredHash: 'a'.repeat(64), foundSeq: 38, foundHash: null }, null);
  add('agent.entries_keyed', { refused: [] }, null);
  add('journal.foreign_entries', { count: 1, entries: [{ seq: 12, type: 'cash.moved' }] }, null);
  const rule = { operatorId: 'opr_gobus', originId: null, destinationId: null, fareClass: null, percent: 5, fixedMinor: 1_000 };
  add('markup.changed', { action: 'saved', ruleId: 'r1', rule, previous: null, by: SAMIR, fromStation: FROM_STATION }, null);
  add('markup.changed', { action: 'deleted', ruleId: 'r1', rule: null, previous: rule, by: SAMIR, fromStation: { ...FROM_STATION, seq: 4 } }, null);
  add('station.renamed', { name: 'Luxor Central', by: null, fromStation: { ...FROM_STATION, seq: 5 } }, null);
  add('agent.saved', { agentId: 'agent-3', name: 'Karim', role: 'agent', pinHash: null, active: true, by: null, fromStation: { ...FROM_STATION, seq: 6 } }, null);
  add('agent.signed_out', { agentId: MONA.agentId, reason: 'sign_out' }, null);
}
