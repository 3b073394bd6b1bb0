// Settings rows proven by a supervisor's PIN, against a real PostgreSQL: two counters of a station
// (each its own enrolled key, its own settings sync) fold the same stream. A row counter-signed by
// an enrolled counter but without its author's PIN proof, with a wrong one, by an agent who is not
// (or no longer) a supervisor, or a copy of an earlier row is refused by both, with the alarm
// raised; a genuine supervisor's change (a PIN change included) applies on both. A refused row
// stops its stream for good, so each case has a station of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationPool } from '../../../main/station/database.ts';
import { newCounterSigner, verifySignature, type CounterSigner } from '../../../main/station/counter-key.ts';
import { publishSetting, settingMessage, type StationSettingChange, type StationSettingRow } from '../../../main/station/settings-stream.ts';
import { StationSettingsSync, type SettingsTarget } from '../../../main/station/settings-sync.ts';
import { proofMessage } from '../../../main/station/stream-authority.ts';
import { deriveProofKey, SupervisorProofs } from '../../../main/station/supervisor-proof.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';

let db: TestPostgres;
let pool: ReturnType<typeof stationPool>;

beforeAll(async () => {
  db = await startPostgres({ station: true });
  pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
});
afterAll(async () => {
  await pool?.end();
  db?.destroy();
});

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
    pool,
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
  publishSetting(pool, { stationId, environment: 'LIVE', counterId: c.id }, change, c.applied.at(-1)?.seq ?? 0, author, { counter: c.signer, proof });

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
    const { rows } = await pool.query("SELECT * FROM station_settings WHERE station_id = 'stn_replay' AND key = $1 ORDER BY seq LIMIT 1", [hoda.agentId]);
    const r = rows[0];
    const copy = [r.station_id, r.environment, r.kind, r.key, JSON.stringify(r.value), r.based_on, r.counter_id, JSON.stringify(r.author), r.signature, r.proof, r.nonce];
    await expect(pool.query('SELECT publish_setting($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11)', copy)).rejects.toThrow(/station_settings_nonce/);
    // the copy's signatures verify (A's and Samir's): only its nonce gives it away
    const message = settingMessage({ stationId: 'stn_replay', environment: 'LIVE', counterId: r.counter_id }, r, Number(r.based_on), r.author, r.nonce);
    expect(verifySignature(a.signer.publicKey, message, r.signature)).toBe(true);
    expect(verifySignature((await deriveProofKey(SAMIR.agentId, SAMIR_PIN)).publicKey, proofMessage(message), r.proof)).toBe(true);
    await pool.query('DROP INDEX station_settings_nonce');
    try {
      const { rows: placed } = await pool.query('SELECT publish_setting($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11) AS seq', copy);
      await refusedByBoth([a, b], Number(placed[0].seq), /replays an earlier row/);
      for (const c of [a, b]) expect(c.applied.filter((x) => x.key === hoda.agentId).at(-1)!.value).toMatchObject({ role: 'agent' });
    } finally {
      await pool.query('ALTER TABLE station_settings DISABLE TRIGGER station_settings_no_update');
      await pool.query("DELETE FROM station_settings WHERE station_id = 'stn_replay'");
      await pool.query('ALTER TABLE station_settings ENABLE TRIGGER station_settings_no_update');
      await pool.query('CREATE UNIQUE INDEX station_settings_nonce ON station_settings (station_id, environment, nonce) WHERE nonce IS NOT NULL');
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
