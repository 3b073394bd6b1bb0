// Entries appended to the journal with SQLite, chained as the journal chains them, as an agent
// who wants the drawer's cash and holds the data folder would: a pay-out of her own making, and a
// copy of an entry the counter wrote, while the counter is closed and while it runs. The chain
// verifies; their tags do not open with the PIN key, and the counter says so: a
// journal.foreign_entries entry, the log, the top bar, Settings → Journal. The counter's own day
// (a sale, its print, the drawer, a restart) raises nothing. The count looks for them first, and
// the Z-report names those of its shift, on screen and on paper.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_PRINTER, TICKET_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';
import { sellOneSeat } from '../main/helpers.ts';
import { appendByHand } from '../../support/append-by-hand.ts';
import { codeOf, harnessedCounter } from './harnessed-counter.ts';

const logged: string[] = [];
const t = harnessedCounter('shubbak-foreign-', { log: (m: string) => logged.push(m) });
const { c, start, stop } = t;
let mona: string;
let samir: string;

type Finding = { count: number; entries: { seq: number; type: string }[]; seqs: (number | [number, number])[] };
/** The findings journalled, without their own tags. */
const findings = (): Finding[] =>
  t.withJournalFile((db) =>
    (db.prepare("SELECT payload FROM entries WHERE type = 'journal.foreign_entries' ORDER BY seq").all() as { payload: string }[]).map((r) => {
      const { tag: _, ...finding } = JSON.parse(r.payload) as Finding & { tag: string };
      return finding;
    }),
  );
const lastSeq = () => t.withJournalFile((db) => db.prepare('SELECT max(seq) FROM entries').pluck().get() as number);
const payloadOf = (type: string) =>
  t.withJournalFile((db) => JSON.parse((db.prepare('SELECT payload FROM entries WHERE type = ? ORDER BY seq DESC LIMIT 1').pluck().get(type) as string)) as Record<string, unknown>);
/** The entries appended by hand to Mona's shift so far. */
const forged: number[] = [];
/** Appends a pay-out of Mona's making to her open shift (in it, as the shift's own entries are); its seq. */
function forgedPayOut(amountMinor: number): number {
  const own = payloadOf('cash.moved');
  t.appendByHand('cash.moved', { movementId: randomUUID(), shiftId: own.shiftId, agentId: mona, kind: 'pay_out', amountMinor, reason: 'Supplier' }, { shiftId: own.shiftId as string });
  forged.push(lastSeq());
  return lastSeq();
}
async function signInMona(): Promise<void> {
  await c.ok('signIn', { agentId: mona, pin: '1234' });
}

beforeAll(async () => {
  await start();
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
  [mona, samir] = await t.agentIds('Mona Agent', 'Samir Supervisor');
  await c.ok('signOut');
  await signInMona();
  await c.ok('openShift', { float: { '20000': 1 } });
  await c.ok('moveCash', { kind: 'pay_in', amountMinor: 5_000, reason: 'change from the safe' });
  await sellOneSeat(c, 'Hoda Salem', 0);
  await stop();
});
afterAll(() => t.cleanup());

describe('entries appended to the journal by hand', () => {
  it('while the counter is closed: a pay-out of her making and a copy of the counter’s own entry are found at the start, journalled and raised', async () => {
    const payOut = forgedPayOut(50_000_00);
    const own = payloadOf('cash.moved');
    t.appendByHand('cash.moved', own, { shiftId: own.shiftId as string }); // tag and all: it binds the place it was written at
    const copy = lastSeq();
    forged.push(copy);
    await start();
    expect(findings()).toEqual([{ count: 2, entries: [{ seq: payOut, type: 'cash.moved' }, { seq: copy, type: 'cash.moved' }], seqs: [[payOut, copy]] }]);
    expect(logged.some((m) => m.includes(`entries ${payOut}, ${copy} carry no tag`))).toBe(true);
    await signInMona();
    const status = await c.ok('backupStatus');
    expect(status.warning).toBe('journal_rewound');
    expect(status.foreign).toMatchObject({ count: 2, firstSeq: payOut, types: ['cash.moved'] });
    expect((await c.ok('verifyJournal')).ok).toBe(true); // the chain alone would not tell
    // found once: a restart over the journal as it is adds nothing
    await stop();
    await start();
    expect(findings()).toHaveLength(1);
  });

  it('while it runs: found when it next keeps its head (at the latest, at close), once', async () => {
    await signInMona();
    await sellOneSeat(c, 'Karim Adel', 0);
    const payOut = forgedPayOut(20_000_00);
    await c.ok('moveCash', { kind: 'safe_drop', amountMinor: 10_000, reason: 'to the safe' });
    await stop();
    expect(findings().at(-1)).toEqual({ count: 1, entries: [{ seq: payOut, type: 'cash.moved' }], seqs: [payOut] });
    await start();
    expect(findings()).toHaveLength(2);
  });

  it('found before the drawer is counted, and named on the Z-report on screen and on paper, which counts them', async () => {
    await signInMona();
    const payOut = forgedPayOut(7_000_00);
    const before = findings().length;
    // the count looks first: found now, not at the next keeping of the head
    const counted = await c.ok('countDrawer', { count: { '20000': 1 } });
    expect(findings()).toHaveLength(before + 1);
    expect(findings().at(-1)).toEqual({ count: 1, entries: [{ seq: payOut, type: 'cash.moved' }], seqs: [payOut] });
    const { report } = await c.ok('closeShift', { comment: 'short: pay-outs I did not make' });
    expect(report.writtenOutside).toEqual(forged.map((seq) => ({ seq, type: 'cash.moved' })));
    // they stay in the figures (found, not refused): the manager sees which
    expect(report.cash.expectedMinor).toBe(counted.expectedMinor);
    expect(report.movements.filter((m) => m.reason === 'Supplier')).toHaveLength(forged.length);
    // each such line marked, the counter's own lines not
    expect(report.movements.filter((m) => m.writtenOutside).map((m) => m.reason)).toEqual(forged.map(() => 'Supplier'));
    expect(report.movements.filter((m) => !m.writtenOutside).map((m) => m.reason)).toEqual(['change from the safe', 'to the safe']);
    // recomputed from the entries it covers, the frozen report is the same
    expect((await c.ok('zReport', { zNumber: report.zNumber })).report).toEqual(report);
    await c.ok('signOut');
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    for (const [language, words] of [['en', 'WRITTEN OUTSIDE THE APP: 4 of this shift'], ['en', 'Pay-out: Supplier (WRITTEN'], ['ar', `#${payOut} cash.moved`]] as const) {
      const printed = await c.ok('printZReport', { zNumber: report.zNumber, language });
      expect(printed.status).toBe('sent');
      expect(pdfText(await printedPdf(printed.jobId!)).replace(/\s+/g, ' ')).toContain(words);
    }
    await c.ok('signOut');
  });

  it('a pay-out hidden behind a hundred and twenty entries appended first is named and marked on the Z-report all the same', async () => {
    await signInMona();
    await c.ok('openShift', { float: { '20000': 1 } });
    await c.ok('moveCash', { kind: 'pay_in', amountMinor: 1_000, reason: 'coins' });
    const { shiftId } = payloadOf('cash.moved');
    const cover = t.withJournalFile(
      (db) =>
        Array.from({ length: 120 }, () =>
          appendByHand(db, 'print.recorded', { printId: randomUUID(), saleId: null, kind: 'test', printer: 'TicketPDF', status: 'sent', jobId: null, errorCode: null, copy: false, language: 'en', agentId: mona }, { shiftId: shiftId as string }),
        ),
      true,
    );
    const payOut = forgedPayOut(3_000_00);
    await c.ok('countDrawer', { count: { '20000': 1 } });
    const finding = findings().at(-1)!;
    expect(finding.count).toBe(121);
    expect(finding.entries).toHaveLength(100); // the first hundred with their kinds; the runs name every one
    expect(finding.seqs).toEqual([[cover[0], payOut]]);
    const { report } = await c.ok('closeShift', { comment: 'a pay-out I did not make' });
    expect(report.writtenOutside?.map((e) => e.seq)).toEqual([...cover, payOut]);
    expect(report.movements.filter((m) => m.writtenOutside)).toEqual([expect.objectContaining({ kind: 'pay_out', amountMinor: 3_000_00, reason: 'Supplier' })]);
    await c.ok('signOut');
    // on paper: all counted, the first twenty named, the rest said in one line; the pay-out's own line marked
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    const printed = await c.ok('printZReport', { zNumber: report.zNumber, language: 'en' });
    const paper = pdfText(await printedPdf(printed.jobId!)).replace(/\s+/g, ' ');
    for (const words of ['WRITTEN OUTSIDE THE APP: 121 of this shift', `#${cover[19]} print.recorded`, '… and 101 more', 'Pay-out: Supplier (WRITTEN']) expect(paper).toContain(words);
    expect(paper).not.toContain(`#${cover[20]} print.recorded`);
    await c.ok('signOut');
  });

  it('entries naming a sale or a shift the journal does not hold, or repeating a sale’s cash, stop nothing: the counter starts, finds them, and leaves them out of its read models', async () => {
    await stop();
    const { tag: _, ...cash } = payloadOf('cash.received');
    const shiftId = cash.shiftId as string;
    t.appendByHand('cash.received', { ...cash, saleId: randomUUID() }, { shiftId }); // a sale nobody made
    const unknownSale = lastSeq();
    t.appendByHand('cash.received', cash, { shiftId }); // the cash of a sale taken twice
    t.appendByHand('cash.moved', { movementId: randomUUID(), shiftId: 'shift-of-nobody', agentId: mona, kind: 'pay_out', amountMinor: 100_00, reason: 'Supplier' }, { shiftId: 'shift-of-nobody' });
    const noShift = lastSeq();
    await start();
    expect(findings().at(-1)).toMatchObject({ count: 3, seqs: [[unknownSale, noShift]] });
    expect(logged.some((m) => m.includes(`entries ${unknownSale}–${noShift} name what the journal does not hold`))).toBe(true);
    await signInMona();
    await c.ok('signOut');
  });

  it('the counter’s own work, across restarts, raises nothing', async () => {
    const before = findings().length;
    await signInMona();
    await c.ok('openShift', { float: { '20000': 1 } });
    await sellOneSeat(c, 'Nour Hassan', 0);
    expect(codeOf(await c.raw('countDrawer', { count: { '20000': 1 } }))).toBe('ok');
    await c.ok('closeShift', { comment: 'counted after the pay-outs found' });
    await stop();
    await start();
    await stop();
    expect(findings()).toHaveLength(before);
  });
});
