// Agents' entries appended to the journal with SQLite, chained as the journal chains them, as an
// agent who holds the data folder would: a demoted supervisor's earlier record replayed (tag and
// all, or without it), a dismissed agent's, a lock lifted by an `agent.pin_accepted` or an
// `agent.unlocked`, a mark of a key change of her own making. The counter is whole (TRAINING) and
// answers over the web harness; the entries are appended while it is closed and while it runs
// (with a burst of sign-ins at once), across restarts and across two station secrets adopted.
// None of them counts: each agent signs in as the entries the counter wrote say.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_STEPS_MINUTES, MAX_WRONG_PINS } from '../../../main/agents/directory.ts';
import { stationSecretText } from '../../../main/vault/pin-key.ts';
import { appendByHand } from '../../support/append-by-hand.ts';
import { codeOf, harnessedCounter } from './harnessed-counter.ts';

const logged: string[] = [];
/** The counter's clock: the real one, moved on past each of Mona's locks to lock her the longest. */
let ahead = 0;
const clock = { now: () => new Date(Date.now() + ahead) };
const t = harnessedCounter('shubbak-agent-replayed-', { log: (m: string) => logged.push(m), clock });
const { c, start, stop, overHttp } = t;
let boss: string;
let karim: string;
let mona: string;
let gone: string;
/** The payloads the counter wrote for each agent, first to last, as anyone with the data folder reads them. */
const written = (agentId: string, type: string) =>
  t.withJournalFile((db) =>
    (db.prepare("SELECT payload FROM entries WHERE type = ? AND payload ->> '$.agentId' = ? ORDER BY seq").all(type, agentId) as { payload: string }[]).map(
      (r) => JSON.parse(r.payload) as Record<string, unknown>,
    ),
  );
const lastSeq = () => t.withJournalFile((db) => db.prepare('SELECT max(seq) FROM entries').pluck().get() as number);
const untagged = ({ tag: _, ...rest }: Record<string, unknown>) => rest;
/** Appends each entry by hand; the seqs they took. */
function appendAll(entries: [string, unknown][]): number[] {
  return entries.map(([type, payload]) => {
    t.appendByHand(type, payload);
    return lastSeq();
  });
}
let karimAsSupervisor: Record<string, unknown>;
let goneAtWork: Record<string, unknown>;

beforeAll(async () => {
  await start();
  boss = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).signedIn!.id;
  await c.ok('saveAgent', { name: 'Karim Supervisor', role: 'supervisor', pin: '135790', active: true });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
  await c.ok('saveAgent', { name: 'Gone Agent', role: 'agent', pin: '5555', active: true });
  [karim, mona, gone] = await t.agentIds('Karim Supervisor', 'Mona Agent', 'Gone Agent');
  [karimAsSupervisor] = written(karim, 'agent.saved') as [Record<string, unknown>];
  [goneAtWork] = written(gone, 'agent.saved') as [Record<string, unknown>];
  // Karim demoted, Gone dismissed; Mona locked by five wrong PINs
  await c.ok('saveAgent', { id: karim, name: 'Karim Supervisor', role: 'agent', active: true });
  await c.ok('saveAgent', { id: gone, name: 'Gone Agent', role: 'agent', active: false });
  await c.ok('signOut');
  // a wrong PIN, then the right one: Karim's agent.pin_accepted
  await c.err('signIn', { agentId: karim, pin: '000000' });
  await c.ok('signIn', { agentId: karim, pin: '135790' });
  await c.ok('signOut');
  // Mona locked four times in a row: the fourth lock lasts an hour, longer than this file runs
  for (const minutes of LOCK_STEPS_MINUTES) {
    for (let i = 0; i < MAX_WRONG_PINS; i++) await c.err('signIn', { agentId: mona, pin: '0000' });
    if (minutes < 60) ahead += (minutes + 1) * 60_000;
  }
});
afterAll(() => t.cleanup());

/** What each agent can do now: the same whatever was appended. */
async function expectAsWritten(): Promise<void> {
  const asKarim = await c.ok('signIn', { agentId: karim, pin: '135790' });
  expect(asKarim.signedIn).toMatchObject({ id: karim, role: 'agent' });
  expect((await c.err('saveAgent', { name: 'Mallory Supervisor', role: 'supervisor', pin: '999999', active: true })).code).toBe('forbidden_role');
  await c.ok('signOut');
  expect((await c.err('signIn', { agentId: gone, pin: '5555' })).code).toBe('wrong_pin');
  expect((await c.err('signIn', { agentId: mona, pin: '1234' })).code).toBe('agent_locked');
  const desk = await c.ok('desk');
  expect(desk.agents.find((a) => a.id === karim)).toMatchObject({ role: 'agent' });
  expect(desk.agents.some((a) => a.id === gone)).toBe(false);
}

describe("an agent's earlier entries appended again with SQLite", () => {
  it('while the counter is closed: a demoted supervisor’s record, a dismissed agent’s, a lock lifted; none counts after the restart, and the log names them', async () => {
    await stop();
    const forged = appendAll([
      ['agent.saved', karimAsSupervisor], // tag and all: it binds the place it was written at
      ['agent.saved', untagged(karimAsSupervisor)],
      ['agent.saved', goneAtWork],
      ['agent.pin_accepted', { agentId: mona }],
      ['agent.unlocked', { agentId: mona, by: { agentId: boss, agentName: 'Samir Supervisor' } }],
      ['agent.pin_resealed', { agentId: boss, pinHash: written(mona, 'agent.saved')[0]!.pinHash, reason: 'station_key' }],
    ]);
    await start();
    expect(logged.some((m) => m.includes(`entries ${forged.join(', ')} carry no tag`))).toBe(true);
    await expectAsWritten();
    // the supervisor's own PIN is still his
    expect((await c.ok('signIn', { agentId: boss, pin: '246802' })).signedIn).toMatchObject({ role: 'supervisor' });
    await c.ok('signOut');
  });

  it('while it runs: a lock lifted by hand, 20 sign-ins at once: every one refused as locked', async () => {
    const pinAccepted = written(karim, 'agent.pin_accepted');
    expect(pinAccepted).toHaveLength(1);
    appendAll([
      ['agent.pin_accepted', { agentId: mona }],
      ...pinAccepted.map((p): [string, unknown] => ['agent.pin_accepted', { ...p, agentId: mona }]),
      ['agent.saved', { ...karimAsSupervisor, tag: written(karim, 'agent.saved').at(-1)!.tag }],
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => overHttp('signIn', { agentId: mona, pin: '1234' })));
    expect(answers.map(codeOf)).toEqual(Array.from({ length: 20 }, () => 'agent_locked'));
    const karims = await Promise.all(Array.from({ length: 10 }, () => overHttp('signIn', { agentId: karim, pin: '135790' })));
    for (const a of karims) expect(a).toMatchObject({ ok: true, value: { signedIn: { id: karim, role: 'agent' } } });
    await c.ok('signOut');
  });

  it('a mark of a key change of her own making (copied, or without a tag) before the replays: still none counts, across a restart', async () => {
    const marks = t.withJournalFile((db) => (db.prepare("SELECT payload FROM entries WHERE type = 'agent.entries_keyed'").all() as { payload: string }[]).map((r) => JSON.parse(r.payload) as Record<string, unknown>));
    await stop();
    appendAll([
      ['agent.entries_keyed', { refused: [] }],
      ...marks.map((m): [string, unknown] => ['agent.entries_keyed', { ...m, refused: [] }]),
      ['agent.saved', untagged(karimAsSupervisor)],
      ['agent.saved', untagged(goneAtWork)],
      ['agent.pin_accepted', { agentId: mona }],
    ]);
    await start();
    await expectAsWritten();
  });
});

describe('the station secret adopted twice (each key replacing the one before)', () => {
  it('what the counter wrote under each key still counts, and what was appended by hand still does not', async () => {
    for (const secret of [stationSecretText(randomBytes(32)), stationSecretText(randomBytes(32))]) {
      await c.ok('signIn', { agentId: boss, pin: '246802' });
      await c.ok('importStationSecret', { secret, supervisorId: boss, pin: '246802' });
      await c.ok('signOut');
      await expectAsWritten();
      t.appendByHand('agent.saved', untagged(karimAsSupervisor));
      await stop();
      await start();
      await expectAsWritten();
    }
    // the marks the counter wrote: one per secret (a new journal's entries were tagged from the first)
    const marks = t.withJournalFile((db) => db.prepare("SELECT count(*) FROM entries WHERE type = 'agent.entries_keyed' AND payload ->> '$.tag' IS NOT NULL").pluck().get());
    expect(marks).toBe(2);
  });

  it('five thousand replays appended at once make a mark of one run, not of five thousand seqs, and none of them counts', async () => {
    await stop();
    const [first, last] = t.withJournalFile((db) => {
      const seqs = Array.from({ length: 5_000 }, (_, i) => appendByHand(db, 'agent.saved', untagged(i % 2 ? karimAsSupervisor : goneAtWork)));
      return [seqs[0]!, seqs.at(-1)!];
    }, true);
    await start();
    await expectAsWritten();
    await c.ok('signIn', { agentId: boss, pin: '246802' });
    await c.ok('importStationSecret', { secret: stationSecretText(randomBytes(32)), supervisorId: boss, pin: '246802' });
    await c.ok('signOut');
    const mark = t.withJournalFile(
      (db) => JSON.parse(db.prepare("SELECT payload FROM entries WHERE type = 'agent.entries_keyed' ORDER BY seq DESC LIMIT 1").pluck().get() as string) as { refused: unknown[] },
    );
    expect(mark.refused).toContainEqual([first, last]);
    expect(JSON.stringify(mark.refused).length).toBeLessThan(200);
    await expectAsWritten();
    await stop();
    await start();
    await expectAsWritten();
  });
});
