// What the station's administrator does as the schema's owner (`npm run station -- enrol |
// revoke | clear-stop | set-aside-setting`): a login per counter, member of shubbak_counter and
// bound to that counter's id; a stolen PC's login taken away at once; a counter's stop cleared
// with a reason; a settings row that stops the station's stream set aside with a reason.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { stationLastSeq } from './shipper.ts';
import { keyFingerprint, publicKeyObject } from './counter-key.ts';

const LOGIN = /^[a-z][a-z0-9_]{0,62}$/;
const SCRAM_ITERATIONS = 4096;

/**
 * A SCRAM-SHA-256 verifier, as PostgreSQL stores it (and as psql's \password sends it): the
 * password itself never reaches the server or its logs.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** A password for a counter's login: 24 random characters a supervisor can type. */
export function newLoginPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(24), (b) => alphabet[b % alphabet.length]).join('');
}

export interface Enrolment {
  stationId: string;
  stationName: string;
  counterId: string;
  login: string;
  environment: 'TRAINING' | 'SANDBOX' | 'LIVE';
  /** The counter's Ed25519 public key (base64), as its Settings → Station shows it. */
  publicKey: string;
}

export async function inTransaction<T>(pool: pg.Pool, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Connections a counter's login may hold at once: a counter uses a few (its pool, a report's
 * worker); a login in the wrong hands cannot take the server's every slot.
 */
export const COUNTER_CONNECTION_LIMIT = 16;

/** Creates the counter's login (answers its password, shown once) and binds it and the counter's key to the counter's id. */
export async function enrolCounter(pool: pg.Pool, e: Enrolment): Promise<{ password: string; fingerprint: string }> {
  if (!LOGIN.test(e.login)) throw new Error('--login: lower-case letters, digits and _, starting with a letter');
  publicKeyObject(e.publicKey);
  const password = newLoginPassword();
  await inTransaction(pool, async (c) => {
    const known = await c.query<{ login: string | null; station_id: string; revoked_at: Date | null }>('SELECT login, station_id, revoked_at FROM counters WHERE id = $1', [e.counterId]);
    const row = known.rows[0];
    if (row?.revoked_at) throw new Error(`counter ${e.counterId} was revoked; a replacement PC has a counter id of its own`);
    if (row?.login) throw new Error(`counter ${e.counterId} is enrolled already, with login ${row.login}`);
    if (row && row.station_id !== e.stationId) throw new Error(`counter ${e.counterId} belongs to station ${row.station_id}`);
    await c.query('INSERT INTO stations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [e.stationId, e.stationName]);
    const login = c.escapeIdentifier(e.login);
    await c.query(`CREATE ROLE ${login} LOGIN CONNECTION LIMIT ${COUNTER_CONNECTION_LIMIT} IN ROLE shubbak_counter PASSWORD ${c.escapeLiteral(scramVerifier(password))}`);
    // The owner a member of the login (not the other way): what lets `revoke` end its open sessions.
    await c.query(`GRANT ${login} TO CURRENT_USER`);
    await c.query(
      `INSERT INTO counters (id, station_id, environment, login, public_key) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET login = EXCLUDED.login, public_key = EXCLUDED.public_key`,
      [e.counterId, e.stationId, e.environment, e.login, e.publicKey],
    );
  });
  return { password, fingerprint: keyFingerprint(e.publicKey) };
}

/**
 * A counter restored on a new PC signs with that PC's new key: enrolled from the entry after the
 * last one the station holds, the earlier keys kept for the heads they signed (migration 0009).
 */
export async function rekeyCounter(pool: pg.Pool, counterId: string, publicKey: string, reason: string): Promise<{ fromSeq: number; fingerprint: string }> {
  publicKeyObject(publicKey);
  const fromSeq = await inTransaction(pool, async (c) => {
    const known = await c.query<{ public_key: string | null; revoked_at: Date | null }>('SELECT public_key, revoked_at FROM counters WHERE id = $1 FOR UPDATE', [counterId]);
    const row = known.rows[0];
    if (!row) throw new Error(`no counter ${counterId} in this database`);
    if (row.revoked_at) throw new Error(`counter ${counterId} was revoked; a replacement PC has a counter id of its own`);
    // the key in force so far, from the first entry, when none was recorded yet
    if (row.public_key) {
      await c.query('INSERT INTO counter_keys (counter_id, from_seq, public_key, reason) VALUES ($1, 1, $2, $3) ON CONFLICT DO NOTHING', [counterId, row.public_key, 'enrolled']);
    }
    const from = (await stationLastSeq(c, counterId)) + 1;
    await c.query('INSERT INTO counter_keys (counter_id, from_seq, public_key, reason) VALUES ($1, $2, $3, $4)', [counterId, from, publicKey, reason]);
    await c.query('UPDATE counters SET public_key = $2 WHERE id = $1', [counterId, publicKey]);
    return from;
  });
  return { fromSeq, fingerprint: keyFingerprint(publicKey) };
}

/**
 * A stolen or retired PC: its login can sign in no more, its open sessions keep no right and are
 * ended (`ended`: how many; null when this owner may not end them, a login enrolled before the
 * owner was made a member of it: they end when they disconnect).
 */
export async function revokeCounter(pool: pg.Pool, counterId: string): Promise<{ login: string | null; ended: number | null }> {
  const login = await inTransaction(pool, async (c) => {
    const { rows } = await c.query<{ login: string | null }>('UPDATE counters SET revoked_at = now() WHERE id = $1 RETURNING login', [counterId]);
    if (rows.length === 0) throw new Error(`no counter ${counterId} in this database`);
    const revoked = rows[0]!.login;
    if (revoked) {
      await c.query(`ALTER ROLE ${c.escapeIdentifier(revoked)} NOLOGIN PASSWORD NULL`);
      await c.query(`REVOKE shubbak_counter FROM ${c.escapeIdentifier(revoked)}`);
    }
    return revoked;
  });
  if (!login) return { login, ended: null };
  return { login, ended: await endSessions(pool, login) };
}

/** Ends the open sessions of a counter's login: how many, or null when this owner may not (not a member of the login). */
export async function endSessions(pool: pg.Pool, login: string): Promise<number | null> {
  return pool
    .query<{ n: number }>('SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE usename = $1', [login])
    .then((r) => r.rows[0]!.n, () => null);
}

/** Clears a counter's open stop (only the owner can: counters read counter_stops, nothing more). */
export async function clearStop(pool: pg.Pool, counterId: string, reason: string): Promise<void> {
  if (!reason.trim()) throw new Error('--reason: say why the stop is cleared');
  const { rowCount } = await pool.query(
    'UPDATE counter_stops SET cleared_at = now(), cleared_by = session_user, cleared_reason = $2 WHERE counter_id = $1 AND cleared_at IS NULL',
    [counterId, reason.trim()],
  );
  if (!rowCount) throw new Error(`counter ${counterId} has no open stop`);
}

/** A row of a station's settings stream, by its place. */
export interface SettingPlace {
  stationId: string;
  environment: string;
  seq: number;
}

/** The command that sets a row aside, as a counter's alarm shows it to the supervisor (who gives it to the administrator). */
export function setAsideCommand(p: SettingPlace): string {
  return `npm run station -- set-aside-setting --station ${p.stationId} --environment ${p.environment} --seq ${p.seq} --reason "…"`;
}

export interface SetAside {
  kind: string;
  key: string;
  counterId: string;
  author: string | null;
  at: Date;
  by: string;
}

/**
 * Sets a row of the settings stream aside (migration 0011; only the owner can): every counter
 * reads the stream without it from its next pull, and applies the rows after it that verify.
 */
export async function setAsideSetting(pool: pg.Pool, p: SettingPlace, reason: string): Promise<SetAside> {
  if (!reason.trim()) throw new Error('--reason: say why the row is set aside');
  if (!Number.isSafeInteger(p.seq) || p.seq < 1) throw new Error('--seq: the number of the row, as the counters\' alarm shows it');
  return inTransaction(pool, async (c) => {
    const place = [p.stationId, p.environment, p.seq];
    const row = await c.query<{ kind: string; key: string; counter_id: string; author: { agentName: string } | null; at: Date; set_aside_by: string | null; set_aside_reason: string | null }>(
      `SELECT s.kind, s.key, s.counter_id, s.author, s.at, x.set_aside_by, x.reason AS set_aside_reason
         FROM station_settings s LEFT JOIN station_settings_set_aside x USING (station_id, environment, seq)
        WHERE s.station_id = $1 AND s.environment = $2 AND s.seq = $3`,
      place,
    );
    const r = row.rows[0];
    if (!r) throw new Error(`station ${p.stationId} (${p.environment}) has no settings row ${p.seq}`);
    if (r.set_aside_by) throw new Error(`settings row ${p.seq} of station ${p.stationId} (${p.environment}) is set aside already, by ${r.set_aside_by}: ${r.set_aside_reason}`);
    const done = await c.query<{ set_aside_by: string }>(
      'INSERT INTO station_settings_set_aside (station_id, environment, seq, reason) VALUES ($1, $2, $3, $4) RETURNING set_aside_by',
      [...place, reason.trim()],
    );
    return { kind: r.kind, key: r.key, counterId: r.counter_id, author: r.author?.agentName ?? null, at: r.at, by: done.rows[0]!.set_aside_by };
  });
}
