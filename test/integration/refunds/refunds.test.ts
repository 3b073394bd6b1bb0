// Money back through the whole counter (startCounter + dispatch, TRAINING against the embedded
// sandbox, CUPS-PDF): the operator cancels a departure (control API), the agent refunds at the
// window, the shift's expected cash follows, the claim opens for the NET, the account manager's
// ADJUSTMENT settles it (exact, partial, without a reference matched by hand, over), a ticket is
// never refunded twice, a rescheduled ticket needs a supervisor under the station's policy, and
// the Z-report and the day report show the refunds.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_PRINTER, TICKET_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';
import { counterPerFile, originOf, type Caller } from '../main/helpers.ts';
import { sellSeats } from './helpers.ts';

const t = counterPerFile('shubbak-refunds-');
let c: Caller;
const norm = (s: string) => s.replace(/[\s\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, '');

const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${originOf(t.counter.info.apiBaseUrl)}/_sandbox${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return ((await res.json()) as { data: unknown }).data;
};
const settle = (amount_minor: number, booking_ref?: string) =>
  control('/wallet/adjust', { client_id: 'cid_sandbox_demo', amount_minor, reason: 'Cancelled departure', ...(booking_ref ? { booking_ref } : {}) });


let supervisorId: string;
let agentId: string;
const FLOAT = 20_000 + 10_000; // EGP 300
let twoSeats: Awaited<ReturnType<typeof sellSeats>>;
let moved: Awaited<ReturnType<typeof sellSeats>>;
let oneSeat: Awaited<ReturnType<typeof sellSeats>>;

beforeAll(async () => {
  c = t.c;
  const desk = await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '432100' });
  supervisorId = desk.signedIn!.id;
  agentId = (await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1111', active: true })).find((a) => a.name === 'Mona Agent')!.id;
  await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
  await c.ok('saveRefundSettings', { policy: { kind: 'percent', percent: 10 }, overdueDays: 7 });
  await c.ok('signIn', { agentId, pin: '1111' });
  await c.ok('openShift', { float: { '20000': 1, '10000': 1 } });
  twoSeats = await sellSeats(c, ['Hany Fouad', 'Laila Fouad'], 3);
  moved = await sellSeats(c, ['Omar Said'], 4);
  oneSeat = await sellSeats(c, ['Sara Nabil'], 5);
});

describe('a cancelled departure refunded at the window', () => {
  it('is known as cancelled from the ticket the API has now', async () => {
    const before = await c.ok('refundQuote', { saleId: twoSeats.saleId });
    expect(before.cancelled).toBe(false);
    await control(`/bookings/${twoSeats.ref}/cancel-trip`);
    await control(`/bookings/${oneSeat.ref}/cancel-trip`);
    const quote = await c.ok('refundQuote', { saleId: twoSeats.saleId });
    expect(quote).toMatchObject({ bookingReference: twoSeats.ref, cancelled: true, currency: 'EGP' });
    expect(quote.notice).toMatch(/cancelled/i);
    expect(quote.tickets.map((x) => x.name)).toEqual(['Hany Fouad', 'Laila Fouad']);
    expect(quote.tickets.reduce((n, x) => n + x.retailMinor, 0)).toBe(twoSeats.total);
    expect(quote.tickets.every((x) => !x.refunded)).toBe(true);
  });

  it('pays one ticket back in cash, claimable for its NET, and prints the refund receipt', async () => {
    const quote = await c.ok('refundQuote', { saleId: twoSeats.saleId });
    const { refund, print } = await c.ok('refund', { saleId: twoSeats.saleId, passengerIndexes: [0], language: 'en' });
    expect(refund).toMatchObject({ bookingReference: twoSeats.ref, cause: 'cancelled', claimable: true, keptMinor: 0, agentName: 'Mona Agent', passengerIndexes: [0] });
    expect(refund.amountMinor).toBe(quote.tickets[0]!.retailMinor);
    expect(refund.claimNetMinor).toBe(Math.ceil(twoSeats.net / 2));
    expect(print).toMatchObject({ printer: RECEIPT_PRINTER, status: 'sent' });
    const text = norm(pdfText(await printedPdf(print!.jobId!)));
    for (const words of ['Refund receipt', twoSeats.ref, 'Hany Fouad', 'Mona Agent', "Traveller's signature", 'TRAINING']) expect(text).toContain(norm(words));
    expect(text).not.toContain('LailaFouad');
  });

  it('refuses the same ticket twice, then refunds the rest of the booking, then nothing more', async () => {
    expect(await c.err('refund', { saleId: twoSeats.saleId, passengerIndexes: [0], language: 'en' })).toMatchObject({ code: 'ticket_already_refunded', bookingReference: twoSeats.ref });
    const { refund, print } = await c.ok('refund', { saleId: twoSeats.saleId, language: 'ar' });
    expect(refund.passengerIndexes).toEqual([1]);
    // The journey is recorded with its cities, and the Arabic receipt names them in Arabic: no Latin
    // city name on it (CUPS keeps the Latin text of a page readable, not its Arabic).
    const { cities } = await c.ok('referenceData');
    const id = (name: string) => cities.find((x) => x.name === name)!.id;
    expect(refund.journey).toEqual({ originId: id('Cairo'), originName: 'Cairo', destinationId: id('Alexandria'), destinationName: 'Alexandria' });
    expect(cities.find((x) => x.name === 'Alexandria')!.name_ar).toBeTruthy();
    const receipt = norm(pdfText(await printedPdf(print!.jobId!)));
    for (const words of [twoSeats.ref, 'Laila Fouad', 'Mona Agent']) expect(receipt).toContain(norm(words));
    expect(receipt).not.toContain('Alexandria');
    expect(refund.claimNetMinor).toBe(Math.floor(twoSeats.net / 2));
    expect((await c.err('refund', { saleId: twoSeats.saleId, language: 'en' })).code).toBe('ticket_already_refunded');
    expect((await c.ok('refundQuote', { saleId: twoSeats.saleId })).tickets.every((x) => x.refunded)).toBe(true);
  });

  it('refunds a whole booking of one ticket', async () => {
    const { refund } = await c.ok('refund', { saleId: oneSeat.saleId, language: 'en' });
    expect(refund).toMatchObject({ amountMinor: oneSeat.total, claimNetMinor: oneSeat.net, claimable: true });
  });
});

describe('a ticket whose trip was only rescheduled', () => {
  it('is refused without a supervisor, and with an agent’s or a wrong PIN', async () => {
    const sold = await c.ok('getSale', { saleId: moved.saleId });
    const later = new Date(Date.parse(sold.booking!.departure_at!) + 2 * 3_600_000).toISOString();
    await control(`/bookings/${moved.ref}/reschedule`, { departure_at: later });
    expect((await c.ok('refundQuote', { saleId: moved.saleId })).cancelled).toBe(false);
    expect((await c.err('refund', { saleId: moved.saleId, language: 'en' })).code).toBe('refund_needs_supervisor');
    expect((await c.err('refund', { saleId: moved.saleId, language: 'en', approval: { supervisorId: agentId, pin: '1111', reason: 'Changed plans' } })).code).toBe('forbidden_role');
    expect((await c.err('refund', { saleId: moved.saleId, language: 'en', approval: { supervisorId, pin: '0000', reason: 'Changed plans' } })).code).toBe('wrong_pin');
  });

  it('is paid under the station policy with a supervisor’s PIN, not claimable', async () => {
    const { refund } = await c.ok('refund', { saleId: moved.saleId, language: 'en', approval: { supervisorId, pin: '432100', reason: 'Changed plans' } });
    const kept = Math.round(moved.total * 0.1);
    expect(refund).toMatchObject({ cause: 'station', claimable: false, claimNetMinor: 0, keptMinor: kept, amountMinor: moved.total - kept, approvedBy: 'Samir Supervisor', reason: 'Changed plans' });
  });
});

describe('the cash, the claims and the reports', () => {
  const refunded = () => twoSeats.total + oneSeat.total + moved.total - Math.round(moved.total * 0.1);

  it('takes the refunds out of the shift’s expected cash', async () => {
    const r = await c.ok('countDrawer', { count: { '20000': 1, '10000': 1 } });
    expect(r.expectedMinor).toBe(FLOAT + twoSeats.total + moved.total + oneSeat.total - refunded());
  });

  it('freezes the refunds block in the Z-report; a later refund never changes it', async () => {
    const z = await c.ok('closeShift', { comment: 'The refunds paid back from the drawer' });
    expect(z.report.refunds).toEqual({
      count: 4,
      tickets: 4,
      amountMinor: refunded(),
      claimable: { count: 3, amountMinor: twoSeats.total + oneSeat.total },
      notClaimable: { count: 1, amountMinor: moved.total - Math.round(moved.total * 0.1) },
    });
    expect(z.report.cash.refundsMinor).toBe(refunded());
    await c.ok('openShift', { float: {} });
    const late = await sellSeats(c, ['Late Traveller'], 6);
    await control(`/bookings/${late.ref}/cancel-trip`);
    await c.ok('refund', { saleId: late.saleId, language: 'en' });
    expect((await c.ok('zReport', { zNumber: z.report.zNumber })).report).toEqual(z.report);
  });

  it('the claims are for a supervisor: an agent is refused', async () => {
    expect((await c.err('claims')).code).toBe('forbidden_role');
    expect((await c.err('matchAdjustment', { transactionId: 'x', bookingReference: twoSeats.ref, note: null })).code).toBe('forbidden_role');
    await c.ok('signIn', { agentId: supervisorId, pin: '432100' });
  });

  it('opens a claim per cancelled booking for the NET, settled by the account manager’s adjustments', async () => {
    const open = await c.ok('claims');
    const claimOf = (view: typeof open, ref: string) => view.claims.find((x) => x.bookingReference === ref)!;
    expect(claimOf(open, twoSeats.ref)).toMatchObject({ claimedMinor: twoSeats.net, settledMinor: 0, status: 'open', overdue: false });
    expect(claimOf(open, oneSeat.ref)).toMatchObject({ claimedMinor: oneSeat.net, status: 'open' });
    expect(open.claims.some((x) => x.bookingReference === moved.ref)).toBe(false);
    expect(open.statementReadAt).not.toBeNull();

    await settle(twoSeats.net, twoSeats.ref); // exact
    await settle(Math.floor(oneSeat.net / 2), oneSeat.ref); // partial
    const rest = oneSeat.net - Math.floor(oneSeat.net / 2);
    await settle(rest); // without a reference
    const after = await c.ok('claims');
    expect(claimOf(after, twoSeats.ref)).toMatchObject({ status: 'settled', settledMinor: twoSeats.net });
    expect(claimOf(after, oneSeat.ref)).toMatchObject({ status: 'short', settledMinor: Math.floor(oneSeat.net / 2) });
    const apart = after.unmatched.find((u) => u.amountMinor === rest && u.bookingReference === null)!;
    expect(apart).toBeDefined();

    const matched = await c.ok('matchAdjustment', { transactionId: apart.transactionId, bookingReference: oneSeat.ref, note: 'Email of the account manager' });
    expect(claimOf(matched, oneSeat.ref)).toMatchObject({ status: 'settled', settledMinor: oneSeat.net });
    expect(claimOf(matched, oneSeat.ref).settlements.map((s) => s.byHand)).toEqual([false, true]);
    expect(matched.unmatched.some((u) => u.transactionId === apart.transactionId)).toBe(false);
    expect((await c.err('matchAdjustment', { transactionId: apart.transactionId, bookingReference: oneSeat.ref, note: null })).code).toBe('conflict');

    await settle(500, twoSeats.ref); // over
    expect(claimOf(await c.ok('claims'), twoSeats.ref)).toMatchObject({ status: 'over', settledMinor: twoSeats.net + 500 });
  });

  it('exports the claims statement, one line per booking reference', async () => {
    const csv = await c.ok('exportClaims', { format: 'csv', language: 'en' });
    const text = readFileSync(csv.path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    for (const ref of [twoSeats.ref, oneSeat.ref]) expect(text.split('\r\n').filter((l) => l.startsWith(ref))).toHaveLength(1);
    const pdf = await c.ok('exportClaims', { format: 'pdf', language: 'ar' });
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the day report lists the refunds, the cash net of them, and the adjustments beside sales and debits', async () => {
    const day = await c.ok('stationDayReport');
    const lateRefund = day.refunds!.paid.amountMinor - refunded();
    expect(day.refunds!.paid).toMatchObject({ count: 5, claimable: { count: 4 }, notClaimable: { count: 1 } });
    expect(lateRefund).toBeGreaterThan(0);
    expect(day.refunds!.netCashMinor).toBe(day.figures.cashReceivedMinor - day.refunds!.paid.amountMinor);
    expect(day.refunds!.adjustments).toEqual({ withReferenceMinor: twoSeats.net + Math.floor(oneSeat.net / 2) + 500, withoutReferenceMinor: oneSeat.net - Math.floor(oneSeat.net / 2), count: 4 });
    expect(day.reconciliation.totals.adjustmentsMinor).toBe(twoSeats.net + oneSeat.net + 500);
    expect(day.reconciliation.matchedDebits.length).toBeGreaterThanOrEqual(4);
  });
});
