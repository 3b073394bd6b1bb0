// Entries appended to the journal with SQLite, chained as the journal chains them, as an agent
// who wants the drawer's cash and holds the data folder would: a pay-out of her own making, and a
// copy of an entry the counter wrote, while the counter is closed and while it runs. The chain
// verifies; their tags do not open with the PIN key, and the counter says so: a
// journal.foreign_entries entry, the log, the top bar, Settings → Journal. The counter's own day
// (a sale, its print, the drawer, a restart) raises nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellOneSeat } from '../main/helpers.ts';
import { codeOf, harnessedCounter } from './harnessed-counter.ts';

const logged: string[] = [];
const t = harnessedCounter('shubbak-foreign-', { log: (m: string) => logged.push(m) });
const { c, start, stop } = t;
let mona: string;

type Finding = { count: number; entries: { seq: number; type: string }[] };
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
/** Appends a pay-out of Mona's making to her open shift; its seq. */
function forgedPayOut(amountMinor: number): number {
  const own = payloadOf('cash.moved');
  t.appendByHand('cash.moved', { movementId: randomUUID(), shiftId: own.shiftId, agentId: mona, kind: 'pay_out', amountMinor, reason: 'Supplier' });
  return lastSeq();
}
async function signInMona(): Promise<void> {
  await c.ok('signIn', { agentId: mona, pin: '1234' });
}

beforeAll(async () => {
  await start();
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
  [mona] = await t.agentIds('Mona Agent');
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
    t.appendByHand('cash.moved', payloadOf('cash.moved')); // tag and all: it binds the place it was written at
    const copy = lastSeq();
    await start();
    expect(findings()).toEqual([{ count: 2, entries: [{ seq: payOut, type: 'cash.moved' }, { seq: copy, type: 'cash.moved' }] }]);
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
    expect(findings().at(-1)).toEqual({ count: 1, entries: [{ seq: payOut, type: 'cash.moved' }] });
    await start();
    expect(findings()).toHaveLength(2);
  });

  it('the counter’s own work, across restarts, raises nothing', async () => {
    const before = findings().length;
    await signInMona();
    await sellOneSeat(c, 'Nour Hassan', 0);
    expect(codeOf(await c.raw('countDrawer', { count: { '20000': 1 } }))).toBe('ok');
    await c.ok('closeShift', { comment: 'counted after the pay-outs found' });
    await stop();
    await start();
    await stop();
    expect(findings()).toHaveLength(before);
  });
});
