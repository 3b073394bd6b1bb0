// A shift through the whole counter (startCounter + dispatch, TRAINING against the embedded
// sandbox, CUPS-PDF): the first supervisor, an agent signing in with a PIN, roles refused in the
// contract, a shift opened with a counted float, a real sale with change, a pay-out and a safe
// drop, the blind count, the close with its frozen, numbered Z-report printed and read back, a
// lock of the screen, and a supervisor's correction that never edits the Z-report.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_PRINTER, TICKET_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';
import { caller, contact, counterPerFile, findOffer, sellOneSeat, type Caller } from '../main/helpers.ts';

const t = counterPerFile('shubbak-shift-');
let c: Caller;
beforeAll(() => {
  c = t.c;
});

const norm = (s: string) => s.replace(/[\s\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, '');

const sellOne = (extraMinor: number) => sellOneSeat(c, 'Mona Adel', extraMinor);

describe('a counter before its first agent', () => {
  it('acts as its own supervisor, as before agents existed', async () => {
    const desk = await c.ok('desk');
    expect(desk).toMatchObject({ agentsInUse: false, signedIn: null, locked: false, agents: [], shift: null, idleLockMinutes: 5 });
    expect((await c.ok('appInfo')).agent).toEqual({ id: 'agent-1', name: 'Agent 1' });
    expect((await c.ok('listMarkupRules')).length).toBeGreaterThan(0);
  });
});

describe('agents, a shift and its Z-report', () => {
  let supervisorId: string;
  let agentId: string;
  let sale: Awaited<ReturnType<typeof sellOne>>;

  it('the first supervisor is created and signed in; they add an agent', async () => {
    const desk = await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '432100' });
    expect(desk).toMatchObject({ agentsInUse: true, locked: false, signedIn: { name: 'Samir Supervisor', role: 'supervisor' } });
    supervisorId = desk.signedIn!.id;
    expect((await c.err('createFirstSupervisor', { name: 'Another', pin: '1234' })).code).toBe('conflict');
    const agents = await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1111', active: true });
    agentId = agents.find((a) => a.name === 'Mona Agent')!.id;
    expect(agents.map((a) => a.role).sort()).toEqual(['agent', 'supervisor']);
    expect((await c.err('saveAgent', { name: 'Short PIN', role: 'agent', pin: '12', active: true })).code).toBe('invalid_argument');
  });

  it('signed out, only the sign-in calls answer', async () => {
    const desk = await c.ok('signOut');
    expect(desk.signedIn).toBeNull();
    expect((await c.err('wallet')).code).toBe('not_signed_in');
    expect((await c.err('sell', {} as never)).code).toBe('not_signed_in');
    expect((await c.ok('desk')).agents.map((a) => a.name).sort()).toEqual(['Mona Agent', 'Samir Supervisor']);
    expect((await c.ok('appInfo')).agent).toBeNull();
  });

  it('an agent signs in with the PIN; a wrong PIN is refused', async () => {
    expect((await c.err('signIn', { agentId, pin: '9999' })).code).toBe('wrong_pin');
    const desk = await c.ok('signIn', { agentId, pin: '1111' });
    expect(desk.signedIn).toMatchObject({ id: agentId, role: 'agent' });
    expect((await c.ok('appInfo')).agent).toEqual({ id: agentId, name: 'Mona Agent' });
  });

  it('an agent is refused what a supervisor does, in the contract', async () => {
    for (const [call, arg] of [
      ['saveMarkupRule', { operatorId: null, originId: null, destinationId: null, fareClass: null, percent: 5, fixedMinor: 0 }],
      ['savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' }],
      ['saveAgent', { name: 'X', role: 'supervisor', pin: '1234', active: true }],
      ['removeCredential', { slot: 'primary' }],
      ['dayReport', undefined],
    ] as const) {
      expect((await c.err(call, arg as never)).code, call).toBe('forbidden_role');
    }
  });

  it('no sale without an open shift; the shift opens with a counted float', async () => {
    const { priced } = await findOffer(c, 1);
    const refused = await c.err('sell', { saleId: randomUUID(), offerId: priced.offer.id, passengers: [{ full_name: 'A B' }], contact, language: 'en', cashTenderedMinor: 100_000 });
    expect(refused.code).toBe('shift_not_open');
    const desk = await c.ok('openShift', { float: { '20000': 2, '10000': 1 } });
    expect(desk.shift).toMatchObject({ agent: { id: agentId, name: 'Mona Agent' }, floatMinor: 50_000, closedAt: null, zNumber: null, implicit: false });
    expect((await c.err('openShift', { float: {} })).code).toBe('shift_already_open');
  });

  it('sells with change, pays out and drops to the safe', async () => {
    // a customer who walks away: seats held, then let go
    const { priced, detail } = await findOffer(c, 1);
    const walkedAway = await c.ok('createHold', { offerId: priced.offer.id, seats: 1, seatsRequested: [detail.offer.seats.find((s) => s.available)!.number] });
    await c.ok('releaseHold', { holdId: walkedAway.id });
    sale = await sellOne(3_000);
    expect(sale.status).toBe('confirmed');
    expect(sale.changeMinor).toBe(3_000);
    await c.ok('moveCash', { kind: 'pay_out', amountMinor: 5_000, reason: 'Tea for the counter' });
    await c.ok('moveCash', { kind: 'safe_drop', amountMinor: 20_000, reason: 'Drop at noon' });
    expect((await c.err('moveCash', { kind: 'pay_in', amountMinor: 0, reason: 'x' })).code).toBe('invalid_argument');
    expect((await c.err('moveCash', { kind: 'pay_in', amountMinor: 100, reason: '  ' })).code).toBe('invalid_argument');
  });

  it('the blind count answers the expected amount only once the count is recorded', async () => {
    const expected = 50_000 + sale.retailTotalMinor - 5_000 - 20_000;
    // Retail is in whole pounds: counted in 1-pound coins, five pounds short.
    const countedMinor = expected - 500;
    const count = { '100': countedMinor / 100 };
    const r = await c.ok('countDrawer', { count });
    expect(r).toEqual({ countedMinor, expectedMinor: expected, varianceMinor: countedMinor - expected });
    expect((await c.err('countDrawer', { count })).code).toBe('conflict');
    expect((await c.err('moveCash', { kind: 'pay_in', amountMinor: 100, reason: 'late' })).code).toBe('conflict');
  });

  it('closes with a Z-report numbered 1, frozen, with every figure', async () => {
    const { report: z, corrections } = await c.ok('closeShift', { comment: 'Short: a note given twice' });
    expect(corrections).toEqual([]);
    expect(z).toMatchObject({
      zNumber: 1,
      agent: { id: agentId, name: 'Mona Agent' },
      environment: 'TRAINING',
      bookings: 1,
      passengers: 1,
      retailMinor: sale.retailTotalMinor,
      netMinor: sale.netTotalMinor,
      marginMinor: sale.retailTotalMinor - sale.netTotalMinor,
      comment: 'Short: a note given twice',
      abandonedHolds: 1,
      reprints: 0,
    });
    expect(z.cash).toMatchObject({
      floatMinor: 50_000,
      salesMinor: sale.retailTotalMinor,
      tenderedMinor: sale.cashTenderedMinor,
      changeGivenMinor: 3_000,
      payOutsMinor: 5_000,
      dropsMinor: 20_000,
      payInsMinor: 0,
      expectedMinor: 50_000 + sale.retailTotalMinor - 25_000,
    });
    expect(z.cash.varianceMinor).toBe(z.cash.countedMinor - z.cash.expectedMinor);
    expect(z.cash.varianceMinor).toBeLessThan(0);
    expect((await c.ok('desk')).shift).toBeNull();
    expect(await c.ok('zReport', { zNumber: 1 })).toEqual({ report: z, corrections: [] });
    // Find a booking names the sale's shift by its Z number from now on
    expect((await c.ok('readBooking', { saleId: sale.saleId })).sale).toMatchObject({ zNumber: 1, shiftOpenedAt: expect.any(String) });
  });

  it('prints the Z-report to the receipt printer; a second print is a COPY', async () => {
    const supervisor = caller(t.counter.dispatch);
    await c.ok('signIn', { agentId: supervisorId, pin: '432100' });
    await supervisor.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    // The day's cash taken is the sales' cash: the float, the pay-out and the drop are the shift's.
    const day = await c.ok('dayReport');
    expect(day.cashReceivedMinor).toBe(sale.retailTotalMinor);
    expect(day.changeGivenMinor).toBe(3_000);
    const first = await c.ok('printZReport', { zNumber: 1, language: 'en' });
    expect(first).toMatchObject({ kind: 'report', printer: RECEIPT_PRINTER, status: 'sent' });
    const text = norm(pdfText(await printedPdf(first.jobId!)));
    for (const needle of ['Z-report no. 1', 'Mona Agent', 'Expected in drawer', 'Variance', 'Tea for the counter', 'TRAINING']) expect(text, needle).toContain(norm(needle));
    expect(text).not.toContain('COPY');
    const again = await c.ok('printZReport', { zNumber: 1, language: 'ar' });
    const copy = norm(pdfText(await printedPdf(again.jobId!)));
    expect(copy).toContain('COPY');
    // the Arabic paper writes the business day in its own digits, as every other figure on it
    const { businessDay } = (await c.ok('zReport', { zNumber: 1 })).report;
    expect(text).toContain(businessDay);
    expect(copy).not.toContain(businessDay);
    // The Arabic paper names the route's cities and the operator in Arabic (CUPS keeps the Latin text
    // of a page readable, not its Arabic): the English names are on the English paper only.
    const operator = sale.booking!.operator;
    expect(operator.name_ar).toBeTruthy();
    for (const name of ['Alexandria', operator.name ?? 'no operator name']) {
      expect(text).toContain(norm(name));
      expect(copy).not.toContain(norm(name));
    }
  });

  it('a supervisor corrects a closed shift with their PIN: a new entry, the Z-report unchanged', async () => {
    const before = await c.ok('zReport', { zNumber: 1 });
    expect((await c.err('correctShift', { zNumber: 1, amountMinor: 500, reason: 'Note found under the drawer', pin: '0000' })).code).toBe('wrong_pin');
    const after = await c.ok('correctShift', { zNumber: 1, amountMinor: 500, reason: 'Note found under the drawer', pin: '432100' });
    expect(after.report).toEqual(before.report);
    expect(after.corrections).toMatchObject([{ amountMinor: 500, reason: 'Note found under the drawer', by: { id: supervisorId }, approvedBy: { id: supervisorId } }]);
    expect((await c.ok('listShifts')).map((s) => s.zNumber)).toContain(1);
  });

  it('a locked screen refuses calls until a PIN unlocks it', async () => {
    await c.ok('signIn', { agentId, pin: '1111' });
    expect((await c.ok('lockScreen')).locked).toBe(true);
    expect((await c.err('wallet')).code).toBe('not_signed_in');
    expect((await c.ok('signIn', { agentId, pin: '1111' })).locked).toBe(false);
    expect((await c.ok('zReport', { zNumber: 1 })).report.zNumber).toBe(1);
  });

  it('the frozen Z-report cannot be altered: the database refuses an update, and an edit of the file breaks the chain', async () => {
    expect((await c.ok('verifyJournal')).ok).toBe(true);
    const path = join(t.dir, 'training', 'journal.db');
    const db = new Database(path);
    try {
      expect(() => db.prepare("UPDATE entries SET payload = replace(payload, '\"zNumber\":1', '\"zNumber\":2') WHERE type = 'shift.closed'").run()).toThrow(/append-only/);
      db.exec('DROP TRIGGER entries_no_update');
      db.prepare("UPDATE entries SET payload = replace(payload, 'Tea for the counter', 'Tea for the counters') WHERE type = 'cash.moved'").run();
    } finally {
      db.close();
    }
    const check = await c.ok('verifyJournal');
    expect(check.ok).toBe(false);
    expect(check.firstBadSeq).not.toBeNull();
  });
});
