// Entry tags carry a key of their journal's environment (main/journal/entry-tags.ts): a TRAINING
// journal's agents, whose first supervisor anyone at the PC makes, do not open in LIVE. The
// versions before tagged every environment with LIVE's key: a TRAINING journal they wrote must
// still open with its agents, their PINs and its open shift after the upgrade, nothing of it
// raised as written outside the app.
import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/canonical-json.ts';
import { entryHash, GENESIS_HASH } from '../../../main/journal/chain.ts';
import { anchorAccount } from '../../../main/journal/head-anchor.ts';
import { PIN_KEY_ACCOUNT } from '../../../main/vault/pin-key.ts';
import { harnessedCounter } from './harnessed-counter.ts';

const t = harnessedCounter('shubbak-tag-environments-');
const { c, start, stop } = t;

interface Row {
  seq: number;
  at: string;
  type: string;
  payload: string;
  counter_id: string | null;
  shift_id: string | null;
}

/** Every tag made again as the versions before made it (LIVE's key in every environment), the chain and the head kept with it. */
async function tagAsTheVersionBefore(): Promise<number> {
  const pinKey = Buffer.from((await t.keychain.get(PIN_KEY_ACCOUNT))!, 'base64url');
  const tagKey = Buffer.from(hkdfSync('sha256', pinKey, Buffer.alloc(0), 'shubbak entry tag v1', 32));
  const head = t.withJournalFile((db) => {
    db.exec('DROP TRIGGER IF EXISTS entries_no_update');
    const rows = db.prepare('SELECT seq, at, type, payload, counter_id, shift_id FROM entries ORDER BY seq').all() as Row[];
    const update = db.prepare('UPDATE entries SET payload = ?, prev_hash = ?, hash = ? WHERE seq = ?');
    let prevHash = GENESIS_HASH;
    let retagged = 0;
    for (const r of rows) {
      const { tag, ...rest } = JSON.parse(r.payload) as Record<string, unknown>;
      let payload = r.payload;
      if (tag !== undefined) {
        const place = `${r.seq}\n${prevHash}\n${r.type}\n${r.at}\n${r.counter_id ?? ''}\n${r.shift_id ?? ''}\n`;
        const old = createHmac('sha256', tagKey).update(place).update(canonicalJson(rest)).digest().subarray(0, 16).toString('base64url');
        payload = canonicalJson({ ...rest, tag: old });
        retagged += 1;
      }
      const hash = entryHash({ seq: r.seq, prevHash, type: r.type, payload, at: r.at, counterId: r.counter_id, shiftId: r.shift_id });
      update.run(payload, prevHash, hash, r.seq);
      prevHash = hash;
    }
    expect(retagged).toBe(rows.length);
    const last = rows.at(-1)!.seq;
    db.prepare('UPDATE journal_head SET seq = ?, hash = ?').run(last, prevHash);
    return { seq: last, hash: prevHash };
  }, true);
  await t.keychain.set(anchorAccount(t.journalFile), JSON.stringify(head));
  return head.seq;
}

let mona = '';
let upgradedAt = 0;

beforeAll(async () => {
  await start();
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true });
  [mona] = await t.agentIds('Mona Agent');
  await c.ok('signOut');
  await c.ok('signIn', { agentId: mona, pin: '1357' });
  await c.ok('openShift', { float: { '20000': 1 } });
  await stop();
  upgradedAt = await tagAsTheVersionBefore();
  await start();
});
afterAll(() => t.cleanup());

describe('a TRAINING journal the versions before tagged with LIVE’s key', () => {
  it('opens with its agents: Mona signs in with her PIN and finds her shift open', async () => {
    const desk = await c.ok('desk');
    expect(desk.journalLost ?? null).toBeNull();
    expect(desk.agents.map((a) => a.name).sort()).toEqual(['Mona Agent', 'Samir Supervisor']);
    await c.ok('signIn', { agentId: mona, pin: '1357' });
    expect((await c.ok('desk')).shift).toMatchObject({ agent: { id: mona, name: 'Mona Agent' }, closedAt: null, floatMinor: 20_000 });
  });

  it('raises nothing as written outside the app, and marks its agents’ entries as counted under the new key', async () => {
    const status = await c.ok('backupStatus');
    expect(status.foreign ?? null).toBeNull();
    const marks = t.withJournalFile((db) => db.prepare("SELECT seq FROM entries WHERE type = 'agent.entries_keyed' AND seq > ?").pluck().all(upgradedAt) as number[]);
    expect(marks).toHaveLength(1);
    const foreign = t.withJournalFile((db) => db.prepare("SELECT count(*) FROM entries WHERE type = 'journal.foreign_entries'").pluck().get() as number);
    expect(foreign).toBe(0);
  });

  it('keeps refusing a wrong PIN and a supervisor appended by hand after the upgrade', async () => {
    await c.ok('signOut');
    expect((await c.err('signIn', { agentId: mona, pin: '9999' })).code).toBe('wrong_pin');
    t.appendByHand('agent.saved', { agentId: 'agt_eve', name: 'Eve', role: 'supervisor', pinHash: 'x', active: true, by: null });
    await stop();
    await start();
    const desk = await c.ok('desk');
    expect(desk.agents.map((a) => a.name).sort()).toEqual(['Mona Agent', 'Samir Supervisor']);
  });
});
