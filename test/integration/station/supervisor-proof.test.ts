// Settings rows proven by a supervisor's PIN, against a real PostgreSQL: two counters of a station
// (each its own enrolled key, its own settings sync) fold the same stream. A row counter-signed by
// an enrolled counter but without its author's PIN proof, with a wrong one, by an agent who is not
// (or no longer) a supervisor, or a copy of an earlier row is refused by both, with the alarm
// raised; a genuine supervisor's change (a PIN change included) applies on both. A refused row
// stops its stream until the administrator sets it aside (`npm run station -- set-aside-setting`,
// the last cases), so each case has a station of its own.
import { streamStationName } from '../../../main/station/stream-verifier.ts';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { enrolCounter, setAsideSetting } from '../../../main/station/admin.ts';
import { stationPool } from '../../../main/station/database.ts';
import { newCounterSigner, verifySignature, type CounterSigner } from '../../../main/station/counter-key.ts';
import { publishSetting, settingMessage, type StationSettingChange, type StationSettingRow } from '../../../main/station/settings-stream.ts';
import { StationSettingsSync, type SettingsTarget } from '../../../main/station/settings-sync.ts';
import { proofMessage } from '../../../main/station/stream-authority.ts';
import { deriveProofKey, SupervisorProofs } from '../../../main/station/supervisor-proof.ts';
import { postgresForThisFile } from '../../support/postgres.ts';

const server = postgresForThisFile({ station: true });


const SAMIR = { agentId: 'agent-samir', agentName: 'Samir Supervisor' };
const SAMIR_PIN = '246802';
const supervisorRow = (agentId: string, name: string, proofKey: string | null, role: 'supervisor' | 'agent' = 'supervisor'): StationSettingChange => ({
  kind: 'agent',
  key: agentId,
  value: { name, role, pinHash: null, active: true, proofKey },
});
const rule = (percent: number): StationSettingChange => ({
  kind: 'markup_rule',
  key: 'default',
  value: { operatorId: null, originId: null, destinationId: null, fareClass: null, percent, fixedMinor: 0 },
});

interface TestCounter {
  id: string;
  signer: CounterSigner;
  proofs: SupervisorProofs;
  sync: StationSettingsSync;
  applied: StationSettingRow[];
}

/** A counter of `stationId`: its key, its sync and what it applied, in memory. */
function counterOf(stationId: string, id: string, snapshot: StationSettingChange[] = []): TestCounter {
  const signer = newCounterSigner().signer;
  const proofs = new SupervisorProofs();
  const applied: StationSettingRow[] = [];
  const target: SettingsTarget = {
    appliedSeq: () => applied.at(-1)?.seq ?? 0,
    apply: (row) => void applied.push(row),
    snapshot: () => snapshot,
    keepOnlyRules: () => undefined,
  };
  const sync = new StationSettingsSync({
    pool: server.pool,
    place: { stationId, stationName: stationId, environment: 'LIVE', counterId: id },
    target: () => target,
    active: () => true,
    signer,
    proofs,
    log: () => undefined,
    now: () => new Date(),
  });
  return { id, signer, proofs, sync, applied };
}

/**
 * A station whose first counter (A) seeds the stream with Samir, who typed his PIN there: the
 * stream is proved from its first rows. B joins it.
 */
async function station(stationId: string): Promise<{ a: TestCounter; b: TestCounter }> {
  const a = counterOf(stationId, `${stationId}_a`, [supervisorRow(SAMIR.agentId, SAMIR.agentName, null)]);
  const b = counterOf(stationId, `${stationId}_b`);
  a.proofs.remember(SAMIR.agentId, SAMIR_PIN);
  await a.sync.seed(SAMIR);
  await b.sync.seed(null);
  return { a, b };
}

/** Inserts a row as counter `c` (its real enrolled key) would, with whatever author and proof. */
const insertAs = (stationId: string, c: TestCounter, change: StationSettingChange, author: typeof SAMIR | null, proof: CounterSigner | null) =>
  publishSetting(server.pool, { stationId, environment: 'LIVE', counterId: c.id }, change, c.applied.at(-1)?.seq ?? 0, author, { counter: c.signer, proof });

/** Both counters pull, refuse row `seq` (the reason matching `reason`), raise the alarm and apply nothing from it on. */
async function refusedByBoth(counters: TestCounter[], seq: number, reason: RegExp): Promise<void> {
  for (const c of counters) {
    await c.sync.pull();
    const state = c.sync.state();
    expect(state.refused).toMatchObject({ seq, reason: expect.stringMatching(reason) });
    expect(state.appliedSeq).toBe(seq - 1);
  }
}

describe('settings rows proven by a supervisor’s PIN', () => {
  it('a genuine supervisor’s change applies on both counters; a PIN change proves the rows after it with the new key', async () => {
    const { a, b } = await station('stn_genuine');
    // the stream's first rows: the station name, then Samir's agent row with his proof key
    expect(a.applied.map((r) => r.kind)).toEqual(['station_name', 'agent']);
    expect(a.applied[1]!.value).toMatchObject({ proofKey: (await deriveProofKey(SAMIR.agentId, SAMIR_PIN)).publicKey });
    await a.sync.publish(rule(12), SAMIR);
    await b.sync.pull();
    expect(b.applied.at(-1)).toMatchObject({ kind: 'markup_rule', value: { percent: 12 }, author: SAMIR });
    // Samir signs in at B: his proof key is derived there from his PIN, and B's changes stand at A
    b.proofs.remember(SAMIR.agentId, SAMIR_PIN);
    await b.sync.publish(rule(13), SAMIR);
    await a.sync.pull();
    expect(a.applied.at(-1)).toMatchObject({ kind: 'markup_rule', value: { percent: 13 } });
    // Samir sets himself a new PIN at A: that row is proved with his old key, the next ones with the new
    const newKey = await a.sync.proofKeyFor({ agentId: SAMIR.agentId, role: 'supervisor', active: true, pin: '135792' }, SAMIR);
    expect(newKey).toBe((await deriveProofKey(SAMIR.agentId, '135792')).publicKey);
    await a.sync.publish(supervisorRow(SAMIR.agentId, SAMIR.agentName, newKey), SAMIR);
    await a.sync.publish(rule(14), SAMIR);
    await b.sync.pull();
    expect(b.applied.at(-1)).toMatchObject({ kind: 'markup_rule', value: { percent: 14 } });
    // B still holds the key of his old PIN: it refuses to publish with it rather than break the stream
    await expect(b.sync.publish(rule(15), SAMIR)).rejects.toMatchObject({ error: { code: 'supervisor_proof_needed' } });
    for (const c of [a, b]) expect(c.sync.state().refused).toBeNull();
  });

  it('a row with its counter’s real signature but no PIN proof is refused by both, with the alarm', async () => {
    const { a, b } = await station('stn_no_proof');
    const seq = await insertAs('stn_no_proof', a, supervisorRow('agent-mallory', 'Mallory', null), SAMIR, null);
    await refusedByBoth([a, b], seq, /no PIN proof/);
    expect([...a.applied, ...b.applied].map((r) => r.key)).not.toContain('agent-mallory');
  });

  it('a row proved with a key from a wrong PIN is refused by both', async () => {
    const { a, b } = await station('stn_wrong_pin');
    const seq = await insertAs('stn_wrong_pin', a, supervisorRow('agent-mallory', 'Mallory', null), SAMIR, await deriveProofKey(SAMIR.agentId, '000000'));
    await refusedByBoth([a, b], seq, /does not verify/);
  });

  it('a row by an agent who is not a supervisor (with her own PIN’s proof) is refused by both', async () => {
    const { a, b } = await station('stn_agent');
    const mona = { agentId: 'agent-mona', agentName: 'Mona Agent' };
    const monaKey = await deriveProofKey(mona.agentId, '1357');
    await a.sync.publish(supervisorRow(mona.agentId, mona.agentName, null, 'agent'), SAMIR);
    const seq = await insertAs('stn_agent', a, supervisorRow(mona.agentId, mona.agentName, monaKey.publicKey), mona, monaKey);
    await refusedByBoth([a, b], seq, /not a supervisor/);
  });

  it('a row by a supervisor whose role was taken away is refused by both; her rows from before stand', async () => {
    const { a, b } = await station('stn_demoted');
    const hoda = { agentId: 'agent-hoda', agentName: 'Hoda Supervisor' };
    const hodaKey = await deriveProofKey(hoda.agentId, '864200');
    await a.sync.publish(supervisorRow(hoda.agentId, hoda.agentName, hodaKey.publicKey), SAMIR);
    await insertAs('stn_demoted', a, rule(20), hoda, hodaKey);
    await a.sync.publish(supervisorRow(hoda.agentId, hoda.agentName, null, 'agent'), SAMIR);
    const seq = await insertAs('stn_demoted', a, rule(30), hoda, hodaKey);
    await refusedByBoth([a, b], seq, /not a supervisor/);
    for (const c of [a, b]) expect(c.applied.filter((r) => r.kind === 'markup_rule').map((r) => r.value)).toEqual([expect.objectContaining({ percent: 20 })]);
  });

  it('a deactivated supervisor’s later row is refused by both', async () => {
    const { a, b } = await station('stn_inactive');
    const hoda = { agentId: 'agent-hoda', agentName: 'Hoda Supervisor' };
    const hodaKey = await deriveProofKey(hoda.agentId, '864200');
    await a.sync.publish(supervisorRow(hoda.agentId, hoda.agentName, hodaKey.publicKey), SAMIR);
    await a.sync.publish({ kind: 'agent', key: hoda.agentId, value: { name: hoda.agentName, role: 'supervisor', pinHash: null, active: false, proofKey: null } }, SAMIR);
    const seq = await insertAs('stn_inactive', a, rule(30), hoda, hodaKey);
    await refusedByBoth([a, b], seq, /not a supervisor/);
  });

  it('a replayed row: the database refuses the copy; inserted past it (a superuser dropping the index), both counters refuse it', async () => {
    const { a, b } = await station('stn_replay');
    const hoda = { agentId: 'agent-hoda', agentName: 'Hoda Supervisor' };
    await a.sync.publish(supervisorRow(hoda.agentId, hoda.agentName, (await deriveProofKey(hoda.agentId, '864200')).publicKey), SAMIR);
    await a.sync.publish(supervisorRow(hoda.agentId, hoda.agentName, null, 'agent'), SAMIR);
    await b.sync.pull();
    // the genuine row that made Hoda supervisor, copied whole: it would make her supervisor again
    const { rows } = await server.pool.query("SELECT * FROM station_settings WHERE station_id = 'stn_replay' AND key = $1 ORDER BY seq LIMIT 1", [hoda.agentId]);
    const r = rows[0];
    const copy = [r.station_id, r.environment, r.kind, r.key, JSON.stringify(r.value), r.based_on, r.counter_id, JSON.stringify(r.author), r.signature, r.proof, r.nonce];
    await expect(server.pool.query('SELECT publish_setting($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11)', copy)).rejects.toThrow(/station_settings_nonce/);
    // the copy's signatures verify (A's and Samir's): only its nonce gives it away
    const message = settingMessage({ stationId: 'stn_replay', environment: 'LIVE', counterId: r.counter_id }, r, Number(r.based_on), r.author, r.nonce);
    expect(verifySignature(a.signer.publicKey, message, r.signature)).toBe(true);
    expect(verifySignature((await deriveProofKey(SAMIR.agentId, SAMIR_PIN)).publicKey, proofMessage(message), r.proof)).toBe(true);
    await server.pool.query('DROP INDEX station_settings_nonce');
    try {
      const { rows: placed } = await server.pool.query('SELECT publish_setting($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11) AS seq', copy);
      await refusedByBoth([a, b], Number(placed[0].seq), /replays an earlier row/);
      for (const c of [a, b]) expect(c.applied.filter((x) => x.key === hoda.agentId).at(-1)!.value).toMatchObject({ role: 'agent' });
    } finally {
      await server.pool.query('ALTER TABLE station_settings DISABLE TRIGGER station_settings_no_update');
      await server.pool.query("DELETE FROM station_settings WHERE station_id = 'stn_replay'");
      await server.pool.query('ALTER TABLE station_settings ENABLE TRIGGER station_settings_no_update');
      await server.pool.query('CREATE UNIQUE INDEX station_settings_nonce ON station_settings (station_id, environment, nonce) WHERE nonce IS NOT NULL');
    }
  });

  it('a stream not proved yet (from before proofs): the first change of a supervisor who typed their PIN proves it, and from then on a row without proof is refused', async () => {
    const a = counterOf('stn_upgrade', 'stn_upgrade_a', [supervisorRow(SAMIR.agentId, SAMIR.agentName, null)]);
    const b = counterOf('stn_upgrade', 'stn_upgrade_b', [supervisorRow(SAMIR.agentId, SAMIR.agentName, null)]);
    await a.sync.seed(SAMIR); // nobody typed a PIN at A: Samir is published without a proof key
    await insertAs('stn_upgrade', a, rule(11), SAMIR, null); // stands: nobody is proved yet
    await b.sync.seed(null);
    expect(b.applied.at(-1)).toMatchObject({ kind: 'markup_rule', value: { percent: 11 } });
    // Samir types his PIN at B; his first change there publishes his proof key first
    b.proofs.remember(SAMIR.agentId, SAMIR_PIN);
    await b.sync.publish(rule(11), SAMIR);
    await a.sync.pull();
    expect(a.applied.slice(-2).map((r) => [r.kind, r.counterId, r.proof !== null])).toEqual([['agent', b.id, true], ['markup_rule', b.id, true]]);
    expect(a.applied.at(-2)!.value).toMatchObject({ proofKey: (await deriveProofKey(SAMIR.agentId, SAMIR_PIN)).publicKey });
    const seq = await insertAs('stn_upgrade', a, rule(12), SAMIR, null);
    await refusedByBoth([a, b], seq, /no PIN proof/);
  });
});

const ROOT = join(import.meta.dirname, '../../..');

/** `npm run station -- …` as the administrator runs it (as `user`: the owner unless told), its exit code and what it printed. */
const stationCli = (args: string[], user = server.db.user) =>
  promisify(execFile)(process.execPath, [join(ROOT, 'main/station/cli.ts'), ...args], {
    env: { ...process.env, PGHOST: server.db.host, PGPORT: String(server.db.port), PGDATABASE: server.db.database, PGUSER: user },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

/** Row `seq` set aside in its stream? (what counters read, migration 0011) */
const setAsideRows = async (stationId: string) =>
  (await server.pool.query<{ seq: string; reason: string }>('SELECT seq, reason FROM station_settings_set_aside WHERE station_id = $1 ORDER BY seq', [stationId])).rows;

describe('a refused row set aside by the administrator', () => {
  it('a forged row stops both counters with the alarm naming the command; set aside from the shell, both apply the honest rows after it', async () => {
    const { a, b } = await station('stn_void');
    // someone with A's database login, not A's key, makes Mallory supervisor
    const forged = await publishSetting(server.pool, { stationId: 'stn_void', environment: 'LIVE', counterId: a.id }, supervisorRow('agent-mallory', 'Mallory', null), 0, SAMIR, {
      counter: newCounterSigner().signer,
      proof: null,
    });
    await refusedByBoth([a, b], forged, /does not verify \(a forged row\)/);
    const command = `npm run station -- set-aside-setting --station stn_void --environment LIVE --seq ${forged} --reason "…"`;
    for (const c of [a, b]) expect(c.sync.state().refused).toMatchObject({ counterId: a.id, command });
    // Samir's honest change, published after it: the stream stays stopped at the forged row
    const honest = (await a.sync.publish(rule(40), SAMIR)).seq;
    expect(honest).toBe(forged + 1);
    await refusedByBoth([a, b], forged, /forged/);

    const run = await stationCli(['set-aside-setting', '--station', 'stn_void', '--seq', String(forged), '--reason', 'forged with counter A’s login; its PC is being checked']);
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining(`settings row ${forged} set aside by ${server.db.user} (agent agent-mallory, from counter ${a.id}, by ${SAMIR.agentName}`) });
    for (const c of [a, b]) {
      await c.sync.pull();
      expect(c.sync.state()).toMatchObject({ refused: null, appliedSeq: honest });
      expect(c.applied.at(-1)).toMatchObject({ seq: honest, kind: 'markup_rule', value: { percent: 40 }, author: SAMIR });
      expect(c.applied.map((r) => r.key)).not.toContain('agent-mallory');
    }
    // and the stream goes on: the next change applies, the next forged row stops it again
    await a.sync.publish(rule(41), SAMIR);
    await b.sync.pull();
    expect(b.applied.at(-1)).toMatchObject({ value: { percent: 41 } });
    const again = await insertAs('stn_void', a, rule(99), SAMIR, null);
    await refusedByBoth([a, b], again, /no PIN proof/);
    expect(await setAsideRows('stn_void')).toEqual([{ seq: String(forged), reason: 'forged with counter A’s login; its PC is being checked' }]);
  });

  it('a counter login cannot set a row aside, nor change what was set aside; the owner cannot change it either (append-only)', async () => {
    const { a, b } = await station('stn_void_login');
    const forged = await insertAs('stn_void_login', a, rule(66), null, null);
    await refusedByBoth([a, b], forged, /names no supervisor/);
    await enrolCounter(server.pool, { stationId: 'stn_void_login', stationName: 'stn_void_login', counterId: 'stn_void_login_c', login: 'void_login_c', environment: 'LIVE', publicKey: newCounterSigner().signer.publicKey });
    const login = stationPool({ host: server.db.host, port: server.db.port, database: server.db.database, user: 'void_login_c' });
    try {
      const attempts = [
        `INSERT INTO station_settings_set_aside (station_id, environment, seq, reason) VALUES ('stn_void_login', 'LIVE', ${forged}, 'mine')`,
        "UPDATE station_settings_set_aside SET reason = 'mine'",
        'DELETE FROM station_settings_set_aside',
        'TRUNCATE station_settings_set_aside',
        'ALTER TABLE station_settings_set_aside DISABLE TRIGGER station_settings_set_aside_no_update',
      ];
      for (const sql of attempts) await expect(login.query(sql), sql).rejects.toThrow(/permission denied|must be owner/);
      // what it may: read it
      await expect(login.query('SELECT count(*) FROM station_settings_set_aside')).resolves.toBeDefined();
    } finally {
      await login.end();
    }
    const byLogin = await stationCli(['set-aside-setting', '--station', 'stn_void_login', '--seq', String(forged), '--reason', 'mine'], 'void_login_c');
    expect(byLogin).toMatchObject({ code: 1, err: expect.stringMatching(/permission denied for table station_settings_set_aside/) });
    expect(await setAsideRows('stn_void_login')).toEqual([]);
    for (const c of [a, b]) {
      await c.sync.pull();
      expect(c.sync.state().refused).toMatchObject({ seq: forged });
    }
    // set aside by the owner, kept as it was written
    await setAsideSetting(server.pool, { stationId: 'stn_void_login', environment: 'LIVE', seq: forged }, 'a row without a supervisor');
    await expect(server.pool.query("UPDATE station_settings_set_aside SET reason = 'other'")).rejects.toThrow(/append-only/);
    await expect(server.pool.query('DELETE FROM station_settings_set_aside')).rejects.toThrow(/append-only/);
    await expect(server.pool.query('TRUNCATE station_settings_set_aside')).rejects.toThrow(/append-only/);
  });

  it('the command refuses a row that does not exist, an empty reason, a row set aside already; nothing is recorded', async () => {
    const { a, b } = await station('stn_void_refuse');
    const forged = await insertAs('stn_void_refuse', a, rule(66), null, null);
    const refusals: [string[], RegExp][] = [
      [['--seq', '999', '--reason', 'x'], /station stn_void_refuse \(LIVE\) has no settings row 999/],
      [['--seq', String(forged), '--environment', 'TRAINING', '--reason', 'x'], new RegExp(`station stn_void_refuse \\(TRAINING\\) has no settings row ${forged}`)],
      [['--seq', String(forged), '--reason', '  '], /--reason: say why the row is set aside/],
      [['--seq', String(forged)], /set-aside-setting needs --station, --seq and --reason/],
      [['--seq', 'two', '--reason', 'x'], /--seq: the number of the row/],
    ];
    for (const [args, why] of refusals) {
      const run = await stationCli(['set-aside-setting', '--station', 'stn_void_refuse', ...args]);
      expect(run, args.join(' ')).toMatchObject({ code: 1, err: expect.stringMatching(why) });
    }
    expect(await setAsideRows('stn_void_refuse')).toEqual([]);
    // the database's own check, should a reason come empty by another way
    await expect(server.pool.query("INSERT INTO station_settings_set_aside (station_id, environment, seq, reason) VALUES ('stn_void_refuse', 'LIVE', $1, ' ')", [forged])).rejects.toThrow(/check constraint/);
    expect(await stationCli(['set-aside-setting', '--station', 'stn_void_refuse', '--seq', String(forged), '--reason', 'no supervisor'])).toMatchObject({ code: 0 });
    const twice = await stationCli(['set-aside-setting', '--station', 'stn_void_refuse', '--seq', String(forged), '--reason', 'again']);
    expect(twice).toMatchObject({ code: 1, err: expect.stringMatching(new RegExp(`settings row ${forged} .* is set aside already, by ${server.db.user}: no supervisor`)) });
    for (const c of [a, b]) {
      await c.sync.pull();
      expect(c.sync.state().refused).toBeNull();
    }
  });

  it('a row set aside that would verify is not applied either, nor does it make anyone supervisor; a counter folding from the start skips it too', async () => {
    const { a, b } = await station('stn_void_genuine');
    const hoda = { agentId: 'agent-hoda', agentName: 'Hoda Supervisor' };
    const hodaKey = await deriveProofKey(hoda.agentId, '864200');
    // Samir's genuine rows, set aside before any counter pulled them
    const rate = await insertAs('stn_void_genuine', a, rule(25), SAMIR, await deriveProofKey(SAMIR.agentId, SAMIR_PIN));
    const promote = await insertAs('stn_void_genuine', a, supervisorRow(hoda.agentId, hoda.agentName, hodaKey.publicKey), SAMIR, await deriveProofKey(SAMIR.agentId, SAMIR_PIN));
    for (const seq of [rate, promote]) await setAsideSetting(server.pool, { stationId: 'stn_void_genuine', environment: 'LIVE', seq }, 'published by mistake');
    const after = (await a.sync.publish(rule(26), SAMIR)).seq;
    for (const c of [a, b]) {
      await c.sync.pull();
      expect(c.sync.state()).toMatchObject({ refused: null, appliedSeq: after });
      expect(c.applied.map((r) => r.seq)).not.toContain(rate);
      expect(c.applied.map((r) => r.key)).not.toContain(hoda.agentId);
      expect(c.applied.filter((r) => r.kind === 'markup_rule').map((r) => r.value)).toEqual([expect.objectContaining({ percent: 26 })]);
    }
    // Hoda is no supervisor at any counter: her proved row is refused
    const hodas = await insertAs('stn_void_genuine', a, rule(30), hoda, hodaKey);
    await refusedByBoth([a, b], hodas, /Hoda Supervisor \(agent-hoda\) is not a supervisor of the station/);
    // a counter joining now folds the stream from its first row: the same
    const c = counterOf('stn_void_genuine', 'stn_void_genuine_c');
    await c.sync.seed(null);
    expect(c.sync.state()).toMatchObject({ refused: { seq: hodas }, appliedSeq: after });
    expect(c.applied.map((r) => r.seq)).toEqual(a.applied.map((r) => r.seq));
  });
});

describe("the station's name at the head office", () => {
  it('is the one the stream stands by: a forged rename (a counter login, no PIN proof) renames nothing, a supervisor’s rename does', async () => {
    const { a, b } = await station('stn_name');
    const rename = (name: string): StationSettingChange => ({ kind: 'station_name', key: 'name', value: { name } });
    await a.sync.publish(rename('Aswan Central'), SAMIR);
    const forged = await insertAs('stn_name', a, rename('Hacked station'), SAMIR, null);
    await refusedByBoth([a, b], forged, /no PIN proof/);
    // the row itself renamed nothing in the database (migration 0012), and the head office reads the stream's
    expect((await server.pool.query("SELECT name FROM stations WHERE id = 'stn_name'")).rows).toEqual([{ name: 'stn_name' }]);
    expect(await streamStationName(server.pool, { stationId: 'stn_name', environment: 'LIVE' })).toBe('Aswan Central');
    const report = await stationCli(['report', '--station', 'stn_name']);
    expect(report.code).toBe(0);
    expect(report.out).toMatch(/^Aswan Central \(stn_name\)/);
    const summary = await stationCli(['summary']);
    expect(summary.out).toMatch(/^Aswan Central /m);
    expect(`${report.out}${summary.out}`).not.toMatch(/Hacked/);
  });
});
