// Station-wide settings, through the contract of two counters linked to one station PostgreSQL:
// agents (with their PINs), markup rules and the station's name, edited on either counter, reach
// the other; a counter joining a station takes its settings (and gives it the agents it does not
// know); offline a counter keeps what it had, says so and refuses changes; two supervisors
// editing the same agent at once are ordered by the database, and both counters say which stands;
// a forged row stops the stream on both with the alarm until the administrator sets it aside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { enrolCounter, setAsideSetting } from '../../../main/station/admin.ts';
import { stationPool } from '../../../main/station/database.ts';
import { counterSigner, newCounterSigner } from '../../../main/station/counter-key.ts';
import { publishSetting } from '../../../main/station/settings-stream.ts';
import { streamStationName } from '../../../main/station/stream-verifier.ts';
import { deriveProofKey } from '../../../main/station/supervisor-proof.ts';
import { installationCounterId } from '../../../main/settings/installation.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { assertRebuildsIn } from '../../support/read-models.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { stationCli as runStationCli } from '../../support/station-owner.ts';
import { retailPerSeat } from '../../../core/retail.ts';
import { caller, findOffer, tempDir, type Caller } from '../main/helpers.ts';

let db: TestPostgres;
const dirs = [tempDir('shubbak-set-a-'), tempDir('shubbak-set-b-')];
const counters: Counter[] = [];
const keychains = [memoryKeychain(), memoryKeychain()];
let a: Caller;
let b: Caller;

const connect = (c: Caller, stationName: string) =>
  c.ok('connectStation', { stationId: 'stn_aswan', stationName, host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
const settled = (c: Caller) => c.ok('stationStatus').then((s) => s.settings);
/** The default rule with another percent, as the Markup tab saves it. */
const defaultRuleAt = async (c: Caller, percent: number) => {
  const { changedBy: _by, changedAt: _at, ...rule } = (await c.ok('listMarkupRules')).find((r) => r.id === 'default')!;
  return c.ok('saveMarkupRule', { ...rule, percent });
};
/** `npm run station -- …` as the administrator runs it, as the database's owner. */
const stationCli = (args: string[]) => runStationCli(db, db, args);
const agentNamed = async (c: Caller, name: string) => (await c.ok('listAgents')).find((x) => x.name === name);

beforeAll(async () => {
  db = await startPostgres({ station: true });
  for (const [i, d] of dirs.entries()) counters.push(await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: keychains[i]!, shipEveryMs: 100 }));
  [a, b] = counters.map((c) => caller(c.dispatch)) as [Caller, Caller];
});
afterAll(async () => {
  for (const c of counters) await c.close();
  for (const d of dirs) assertRebuildsIn(d.dir); // applied station settings: rebuilt equals incremental
  db?.destroy();
  for (const d of dirs) d.cleanup();
});

describe('station-wide settings', () => {
  let mona: string;

  it('start from the first counter linked: its supervisor, its markup rules and the station name', async () => {
    await a.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
    await defaultRuleAt(a, 12);
    const s = await connect(a, 'Aswan Central');
    expect(s.settings).toMatchObject({ state: 'current', notices: [] });
    // Samir signed in before the link: his PIN once more; his first change of the station's
    // settings is preceded by his agent row with his PIN proof key, which proves the stream
    const samir = (await a.ok('desk')).signedIn!;
    await a.ok('signIn', { agentId: samir.id, pin: '246802' });
    await defaultRuleAt(a, 12);
    expect((await settled(a))!.appliedSeq).toBe(s.settings!.appliedSeq + 2);
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      const last = await pool.query("SELECT kind, author, value ->> 'proofKey' AS proof_key, proof IS NOT NULL AS proved FROM station_settings ORDER BY seq DESC LIMIT 2");
      const author = { agentId: samir.id, agentName: 'Samir Supervisor' };
      expect(last.rows).toEqual([
        { kind: 'markup_rule', author, proof_key: null, proved: true },
        { kind: 'agent', author, proof_key: (await deriveProofKey(samir.id, '246802')).publicKey, proved: true },
      ]);
    } finally {
      await pool.end();
    }
    expect(s.settings!.appliedSeq).toBeGreaterThanOrEqual(3);
    expect((await a.ok('stationStatus')).station?.name).toBe('Aswan Central');
  });

  it('a counter joining takes the station’s settings: its supervisor signs in there, its rules replace the counter’s', async () => {
    await b.ok('saveMarkupRule', { operatorId: 'opr_gobus', originId: null, destinationId: null, fareClass: null, percent: 3, fixedMinor: 0 });
    // the station secret (the PIN key), written down at A by its supervisor and typed at B
    const { secret } = await a.ok('exportStationSecret', { pin: '246802' });
    expect(secret).toMatch(/^SHB1(-[0-9A-HJKMNP-TV-Z]{1,4}){14}$/);
    await b.ok('importStationSecret', { secret: secret.toLowerCase().replaceAll('-', ' ') });
    await connect(b, 'typed differently at B');
    const samir = (await b.ok('desk')).agents.find((x) => x.name === 'Samir Supervisor');
    expect(samir).toBeDefined();
    expect((await b.ok('signIn', { agentId: samir!.id, pin: '246802' })).signedIn?.name).toBe('Samir Supervisor');
    expect((await b.ok('listMarkupRules')).map((r) => [r.id, r.percent])).toEqual([['default', 12]]);
    expect((await b.ok('stationStatus')).station?.name).toBe('Aswan Central');
    // B searches at the station's price.
    const { priced } = await findOffer(b);
    expect(priced.retailPerSeatMinor).toBe(retailPerSeat(priced.offer.net_price.amount_minor, { percent: 12, fixedMinor: 0 }));
  });

  it('an agent added on one counter signs in on the other', async () => {
    await a.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true });
    await expect.poll(() => agentNamed(b, 'Mona Agent'), { timeout: 10_000 }).toBeDefined();
    mona = (await agentNamed(b, 'Mona Agent'))!.id;
    const desk = await b.ok('signIn', { agentId: mona, pin: '1357' });
    expect(desk.signedIn).toMatchObject({ name: 'Mona Agent', role: 'agent' });
    expect(await b.err('saveAgent', { name: 'Not allowed', role: 'agent', pin: '1111', active: true })).toMatchObject({ code: 'forbidden_role' });
    const samir = (await b.ok('desk')).agents.find((x) => x.name === 'Samir Supervisor')!;
    await b.ok('signIn', { agentId: samir.id, pin: '246802' });
  });

  it('a markup rule and the station name changed on the other counter reach the first', async () => {
    await defaultRuleAt(b, 15);
    await b.ok('renameStation', { stationName: 'Aswan Central Station' });
    await expect.poll(async () => (await a.ok('listMarkupRules')).map((r) => r.percent), { timeout: 10_000 }).toEqual([15]);
    await expect.poll(async () => (await a.ok('stationStatus')).station?.name, { timeout: 10_000 }).toBe('Aswan Central Station');
    // A window's own name stays its own.
    expect((await a.ok('appInfo')).stationName).not.toBe('Aswan Central Station');
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      // the head office reads it from the stream, as counters do (main/station/stream-verifier.ts)
      expect(await streamStationName(pool, { stationId: 'stn_aswan', environment: 'TRAINING' })).toBe('Aswan Central Station');
      await expect(pool.query('DELETE FROM station_settings')).rejects.toThrow(/append-only/);
    } finally {
      await pool.end();
    }
  });

  it('two supervisors changing one agent at once: the database orders them, both counters say which stands', async () => {
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    const holder = await pool.connect();
    try {
      // Another transaction holds the stream's order lock, as a concurrent edit would: B's change is
      // based on what B has, then waits; A's change goes in first, then B's.
      const aStatus = await a.ok('stationStatus');
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM stations WHERE id = 'stn_aswan' FOR UPDATE");
      const atB = b.ok('saveAgent', { id: mona, name: 'Mona (from B)', role: 'agent', active: true });
      await expect
        .poll(async () => (await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%publish_setting%'")).rows[0].n, { timeout: 10_000 })
        .toBe(1);
      // A's row, signed with A's key and proved with Samir's PIN as A would.
      const placeA = { stationId: 'stn_aswan', environment: 'TRAINING', counterId: installationCounterId(dirs[0]!.dir) };
      const samir = (await agentNamed(a, 'Samir Supervisor'))!;
      await publishSetting(
        holder,
        placeA,
        { kind: 'agent', key: mona, value: { name: 'Mona (from A)', role: 'agent', pinHash: null, active: true } },
        aStatus.settings!.appliedSeq,
        { agentId: samir.id, agentName: samir.name },
        { counter: await counterSigner(keychains[0]!), proof: await deriveProofKey(samir.id, '246802') },
      );
      await holder.query('COMMIT');
      await atB;
    } finally {
      holder.release();
      await pool.end();
    }
    // B's change is the later one: it stands on both counters, and each says so.
    expect((await agentNamed(b, 'Mona (from B)'))?.id).toBe(mona);
    await expect.poll(async () => (await agentNamed(a, 'Mona (from B)'))?.id, { timeout: 10_000 }).toBe(mona);
    const atB = (await settled(b))!.notices[0];
    expect(atB).toMatchObject({ kind: 'agent', key: mona, subject: 'Mona (from B)', yours: 'standing', replaced: { agentName: 'Samir Supervisor' } });
    const atA = (await settled(a))!.notices[0];
    expect(atA).toMatchObject({ kind: 'agent', key: mona, yours: 'replaced' });
    expect(atA!.standing.seq).toBeGreaterThan(atA!.replaced.seq);
    // Mona's PIN was not changed by either: she still signs in with it.
    expect((await a.ok('signIn', { agentId: mona, pin: '1357' })).signedIn?.name).toBe('Mona (from B)');
    const samir = (await a.ok('desk')).agents.find((x) => x.name === 'Samir Supervisor')!;
    await a.ok('signIn', { agentId: samir.id, pin: '246802' });
  });

  it('offline: the counter keeps the settings it had, says so, refuses changes, and catches up when back', async () => {
    db.stop();
    await expect.poll(async () => (await settled(a))?.state, { timeout: 10_000 }).toBe('offline');
    expect(await a.err('saveAgent', { name: 'Offline Agent', role: 'agent', pin: '9999', active: true })).toMatchObject({ code: 'station_settings_offline', retryable: true });
    expect((await a.ok('listAgents')).map((x) => x.name).sort()).toEqual(['Mona (from B)', 'Samir Supervisor']);
    expect((await a.ok('listMarkupRules')).map((r) => r.percent)).toEqual([15]);
    db.start();
    await expect.poll(async () => (await settled(a))?.state, { timeout: 20_000 }).toBe('current');
    await a.ok('saveAgent', { name: 'Back Agent', role: 'agent', pin: '8642', active: true });
    await expect.poll(() => agentNamed(b, 'Back Agent'), { timeout: 10_000 }).toBeDefined();
    // Every counter's journal still verifies, and both applied the same stream.
    for (const c of [a, b]) expect((await c.ok('verifyJournal')).ok).toBe(true);
    const [sa, sb] = [await settled(a), await settled(b)];
    expect(sa!.appliedSeq).toBe(sb!.appliedSeq);
  });

  it('an agent with a supervisor’s approval at her side: the row names the supervisor, proved by the PIN typed for it', async () => {
    const samir = (await agentNamed(b, 'Samir Supervisor'))!;
    await b.ok('signIn', { agentId: mona, pin: '1357' });
    expect(await b.err('saveMarkupRule', { operatorId: 'opr_gobus', originId: null, destinationId: null, fareClass: null, percent: 4, fixedMinor: 0 })).toMatchObject({ code: 'forbidden_role' });
    await b.ok('approveOverride', { supervisorId: samir.id, pin: '246802', action: 'prices', calls: ['saveMarkupRule', 'deleteMarkupRule'] });
    await b.ok('saveMarkupRule', { operatorId: 'opr_gobus', originId: null, destinationId: null, fareClass: null, percent: 4, fixedMinor: 0 });
    await expect.poll(async () => (await a.ok('listMarkupRules')).find((r) => r.operatorId === 'opr_gobus')?.percent, { timeout: 10_000 }).toBe(4);
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      const last = await pool.query("SELECT author FROM station_settings WHERE kind = 'markup_rule' ORDER BY seq DESC LIMIT 1");
      expect(last.rows[0].author).toEqual({ agentId: samir.id, agentName: 'Samir Supervisor' });
    } finally {
      await pool.end();
    }
    await b.ok('signIn', { agentId: samir.id, pin: '246802' });
  });

  it('a forged row (someone with the database login adds a supervisor) is refused by both counters, and raises the alarm', async () => {
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    const before = (await settled(a))!.appliedSeq;
    try {
      // Claims to be counter A's, signed with a key that is not A's enrolled one; then one unsigned.
      const placeA = { stationId: 'stn_aswan', environment: 'TRAINING', counterId: installationCounterId(dirs[0]!.dir) };
      const mallory = { kind: 'agent' as const, key: 'agent-mallory', value: { name: 'Mallory', role: 'supervisor' as const, pinHash: null, active: true } };
      await publishSetting(pool, placeA, mallory, before, { agentId: 'x', agentName: 'Samir Supervisor' }, { counter: newCounterSigner().signer, proof: null });
      await pool.query(
        `INSERT INTO station_settings (station_id, environment, kind, key, value, based_on, counter_id, author) VALUES ('stn_aswan', 'TRAINING', 'agent', 'agent-eve', $1, $2, $3, NULL)`,
        [JSON.stringify({ ...mallory.value, name: 'Eve' }), before, placeA.counterId],
      );
    } finally {
      await pool.end();
    }
    for (const c of [a, b]) {
      await expect.poll(async () => (await settled(c))?.refused?.seq, { timeout: 10_000 }).toBe(before + 1);
      const s = await c.ok('stationStatus');
      expect(s.settings!.refused).toEqual({
        seq: before + 1,
        counterId: installationCounterId(dirs[0]!.dir),
        reason: expect.stringMatching(/forged/),
        command: `npm run station -- set-aside-setting --station stn_aswan --environment TRAINING --seq ${before + 1} --reason "…"`,
      });
      expect(s.settings!.appliedSeq).toBe(before);
      expect((await c.ok('listAgents')).map((x) => x.name)).not.toContain('Mallory');
      expect((await c.ok('listAgents')).map((x) => x.name)).not.toContain('Eve');
    }
    // verify names both (the counters stop at the first), each with the command that sets it aside
    const cli = await stationCli(['verify', '--station', 'stn_aswan']);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`settings_refused ${before + 1}: the signature of counter ${installationCounterId(dirs[0]!.dir)} does not verify (a forged row)`);
    expect(cli.out).toContain(`settings_refused ${before + 2}: unsigned row from counter ${installationCounterId(dirs[0]!.dir)}`);
    expect(cli.out).toContain(`set it aside: npm run station -- set-aside-setting --station stn_aswan --environment TRAINING --seq ${before + 2} --reason "…"`);
  });

  it('the administrator sets the refused rows aside: the alarm moves to the next refused one, then clears, and a change made after them applies at both', async () => {
    const owner = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    const forged = (await settled(a))!.refused!.seq;
    const setAside = (seq: number) => setAsideSetting(owner, { stationId: 'stn_aswan', environment: 'TRAINING', seq }, 'inserted with counter A’s database login');
    try {
      await setAside(forged);
      for (const c of [a, b]) {
        await expect.poll(async () => (await settled(c))?.refused, { timeout: 10_000 }).toMatchObject({ seq: forged + 1, reason: expect.stringMatching(/unsigned/) });
      }
      await setAside(forged + 1);
      for (const c of [a, b]) await expect.poll(async () => (await settled(c))?.refused, { timeout: 10_000 }).toBeNull();
    } finally {
      await owner.end();
    }
    await defaultRuleAt(a, 17);
    await expect.poll(async () => (await b.ok('listMarkupRules')).find((r) => r.id === 'default')?.percent, { timeout: 10_000 }).toBe(17);
    for (const c of [a, b]) {
      expect((await settled(c))!.appliedSeq).toBe(forged + 2);
      expect((await c.ok('listAgents')).map((x) => x.name)).not.toContain('Mallory');
      expect((await c.ok('listAgents')).map((x) => x.name)).not.toContain('Eve');
    }
    expect(await stationCli(['verify', '--station', 'stn_aswan'])).toMatchObject({ code: 0, out: expect.stringContaining('settings of station stn_aswan (TRAINING): ') });
  });

  it('rows no counter can read (a counter login publishes "agents" that are not one, five at once) stop the stream with the alarm naming the first, not "unreachable", across a restart', async () => {
    const owner = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    const before = (await settled(a))!.appliedSeq;
    // a counter of the station enrolled with its own login and key, both on its PC, in the wrong hands
    const { signer } = newCounterSigner();
    const rogue = { stationId: 'stn_aswan', environment: 'TRAINING' as const, counterId: 'ctr_aswan_rogue' };
    const { password } = await enrolCounter(owner, { ...rogue, stationName: 'Aswan Central', login: 'aswan_rogue', publicKey: signer.publicKey });
    const itsLogin = stationPool({ host: db.host, port: db.port, database: db.database, user: 'aswan_rogue', password });
    let junk: number[];
    try {
      // through the database's own function, the one path the login has: the values are JSON, not agents
      const notAnAgent = (i: number) => ({ kind: 'agent', key: `agent-junk-${i}`, value: { name: 42, role: 'owner' } }) as unknown as Parameters<typeof publishSetting>[2];
      junk = (await Promise.all([0, 1, 2, 3, 4].map((i) => publishSetting(itsLogin, rogue, notAnAgent(i), before, null, { counter: signer, proof: null })))).sort((x, y) => x - y);
      const first = junk[0]!;
      const alarm = {
        seq: first,
        counterId: rogue.counterId,
        reason: expect.stringMatching(new RegExp(`^row ${first} of counter ${rogue.counterId} cannot be read \\(agent: .*name`)),
        command: `npm run station -- set-aside-setting --station stn_aswan --environment TRAINING --seq ${first} --reason "…"`,
      };
      for (const c of [a, b]) {
        await expect.poll(async () => (await settled(c))?.refused?.seq, { timeout: 10_000 }).toBe(first);
        const s = (await settled(c))!;
        expect(s).toMatchObject({ state: 'current', appliedSeq: before });
        expect(s.refused).toEqual(alarm);
        // the other rows still read: the counter lists its agents as before
        expect((await c.ok('listAgents')).length).toBeGreaterThan(0);
      }
      // restarted, the counter folds the stream again and stops at the same row
      const samir = (await agentNamed(a, 'Samir Supervisor'))!.id;
      await counters[0]!.close();
      counters[0] = await startCounter({ dataDir: dirs[0]!.dir, version: '0.1.0', keychain: keychains[0]!, shipEveryMs: 100 });
      a = caller(counters[0].dispatch);
      await a.ok('signIn', { agentId: samir, pin: '246802' });
      await expect.poll(async () => (await settled(a))?.refused?.seq, { timeout: 10_000 }).toBe(first);
      expect((await settled(a))!.refused).toEqual(alarm);
      const cli = await stationCli(['verify', '--station', 'stn_aswan']);
      expect(cli.code).toBe(1);
      for (const seq of junk) expect(cli.out).toMatch(new RegExp(`settings_refused ${seq}: row ${seq} of counter ctr_aswan_rogue cannot be read`));
      for (const seq of junk) await setAsideSetting(owner, { stationId: 'stn_aswan', environment: 'TRAINING', seq }, 'published with a counter’s database login');
      for (const c of [a, b]) await expect.poll(async () => (await settled(c))?.refused, { timeout: 10_000 }).toBeNull();
    } finally {
      await itsLogin.end();
      await owner.end();
    }
    await defaultRuleAt(b, 19);
    await expect.poll(async () => (await a.ok('listMarkupRules')).find((r) => r.id === 'default')?.percent, { timeout: 10_000 }).toBe(19);
    expect((await settled(a))!.appliedSeq).toBeGreaterThan(junk.at(-1)!);
    expect((await stationCli(['verify', '--station', 'stn_aswan'])).code).toBe(0);
  });
});
