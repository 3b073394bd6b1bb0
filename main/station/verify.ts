// Verification after arrival: every entry of a counter recomputed from its fields (altered rows),
// every link to the entry before (gaps, broken links), every signed chain head checked against the
// counter's enrolled key and the entry at its place. A row the database holds that no signature
// of an enrolled key covers is foreign. PostgreSQL refuses most of this at write time; this finds
// what someone with the owner's rights (or a superuser) did to the rows afterwards.
import type pg from 'pg';
import type { IntegrityProblem } from '../../contract/reports.ts';
import { entryHash, GENESIS_HASH } from '../journal/chain.ts';
import { chainHeadMessage, verifySignature } from './counter-key.ts';

const PAGE = 20_000;

/** An entry as the station database holds it. */
export interface StoredEntry {
  seq: string;
  at: string;
  type: string;
  payload: string;
  prev_hash: string;
  hash: string;
  chained_counter: boolean;
  shift_id: string | null;
}

/** The hash a counter would have given the stored entry's fields (null: fields no counter could have hashed). */
export function recomputedHash(counterId: string, r: StoredEntry): string | null {
  const fields = { seq: Number(r.seq), prevHash: r.prev_hash, type: r.type, at: r.at, payload: r.payload, counterId: r.chained_counter ? counterId : null, shiftId: r.shift_id };
  try {
    return entryHash(fields);
  } catch {
    // A field holding a line feed cannot be an entry a counter hashed.
    return null;
  }
}

export const alteredProblem = (counterId: string, seq: number): IntegrityProblem => ({
  counterId,
  kind: 'altered',
  seq,
  detail: `entry ${seq} does not match its hash: its fields were changed after it arrived`,
});
const gapProblem = (counterId: string, after: number, next: number): IntegrityProblem => ({ counterId, kind: 'gap', seq: after + 1, detail: `entries ${after + 1}–${next - 1} are missing` });
const linkProblem = (counterId: string, seq: number): IntegrityProblem => ({ counterId, kind: 'broken_link', seq, detail: `entry ${seq} does not follow entry ${seq - 1}` });

/**
 * The gaps and broken links of a counter's entries in [from, to], compared by the database over
 * the stored hashes only (no payload read): what the report checks below a verified checkpoint.
 */
export async function linkProblems(pool: pg.Pool, counterId: string, from: number, to: number): Promise<IntegrityProblem[]> {
  const { rows } = await pool.query<{ seq: string; previous: string; linked: boolean }>(
    `SELECT seq, previous, linked FROM (
       SELECT seq, lag(seq) OVER w AS previous, prev_hash = lag(hash) OVER w AS linked
       FROM entries WHERE counter_id = $1 AND seq BETWEEN $2 AND $3 WINDOW w AS (ORDER BY seq)) x
     WHERE previous IS NOT NULL AND (seq <> previous + 1 OR NOT linked)`,
    [counterId, from, to],
  );
  return rows.map((r) => (Number(r.seq) !== Number(r.previous) + 1 ? gapProblem(counterId, Number(r.previous), Number(r.seq)) : linkProblem(counterId, Number(r.seq))));
}

export interface CounterVerification {
  counterId: string;
  entries: number;
  lastSeq: number;
  /** The last seq a valid signature of the counter's enrolled key covers (0: none). */
  signedUpTo: number;
  /** The hash of that entry (null: none). */
  signedHash: string | null;
  problems: IntegrityProblem[];
}

/** The counter's signed heads that verify, seq → hash; the others as problems. */
async function signedHeads(pool: pg.Pool, counterId: string, key: string | null, from: number, problems: IntegrityProblem[]): Promise<Map<number, string>> {
  const heads = new Map<number, string>();
  if (!key) return heads;
  // each head with the key in force at its entry (a counter restored on a new PC was re-keyed)
  const history = (await pool.query<{ from_seq: string; public_key: string }>('SELECT from_seq, public_key FROM counter_keys WHERE counter_id = $1 ORDER BY from_seq', [counterId])).rows;
  const keyAt = (seq: number) => history.filter((k) => Number(k.from_seq) <= seq).at(-1)?.public_key ?? key;
  const { rows } = await pool.query<{ seq: string; hash: string; signature: string }>(
    'SELECT seq, hash, signature FROM chain_heads WHERE counter_id = $1 AND seq >= $2 ORDER BY seq',
    [counterId, from],
  );
  for (const h of rows) {
    const seq = Number(h.seq);
    if (verifySignature(keyAt(seq), chainHeadMessage(counterId, seq, h.hash), h.signature)) heads.set(seq, h.hash);
    else problems.push({ counterId, kind: 'bad_signature', seq, detail: `the signed head at entry ${seq} does not verify with the counter's enrolled key` });
  }
  return heads;
}

/**
 * Verifies a counter's entries with seq in [from, to] (to: null, to the end), linking the first to
 * `anchor` (a verified checkpoint at from − 1) or else to the entry before `from` as the database
 * holds it. The whole chain: from = 1.
 */
export async function verifyCounterRange(
  pool: pg.Pool,
  counterId: string,
  key: string | null,
  from: number,
  to: number | null,
  anchor: { seq: number; hash: string } | null = null,
): Promise<CounterVerification> {
  const problems: IntegrityProblem[] = [];
  const heads = await signedHeads(pool, counterId, key, from, problems);
  let previous: { seq: number; hash: string } | null = { seq: 0, hash: GENESIS_HASH };
  if (anchor && anchor.seq === from - 1) {
    previous = anchor;
  } else if (from > 1) {
    const before = await pool.query<{ hash: string }>('SELECT hash FROM entries WHERE counter_id = $1 AND seq = $2', [counterId, from - 1]);
    previous = before.rows[0] ? { seq: from - 1, hash: before.rows[0].hash } : null;
  }
  let entries = 0;
  let signedUpTo = 0;
  let signedHash: string | null = null;
  let after = from - 1;
  for (;;) {
    const { rows } = await pool.query<StoredEntry>(
      `SELECT seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries
       WHERE counter_id = $1 AND seq > $2 AND ($3::bigint IS NULL OR seq <= $3) ORDER BY seq LIMIT $4`,
      [counterId, after, to, PAGE],
    );
    for (const r of rows) {
      const seq = Number(r.seq);
      entries++;
      const recomputed = recomputedHash(counterId, r);
      if (recomputed !== r.hash) problems.push(alteredProblem(counterId, seq));
      if (previous && seq !== previous.seq + 1) {
        problems.push(gapProblem(counterId, previous.seq, seq));
      } else if (previous && r.prev_hash !== previous.hash) {
        problems.push(linkProblem(counterId, seq));
      }
      const signed = heads.get(seq);
      if (signed !== undefined) {
        if (signed !== r.hash || recomputed !== r.hash) problems.push({ counterId, kind: 'altered', seq, detail: `entry ${seq} is not the entry its counter signed` });
        else [signedUpTo, signedHash] = [seq, r.hash];
      }
      previous = { seq, hash: r.hash };
    }
    if (rows.length < PAGE) break;
    after = Number(rows.at(-1)!.seq);
  }
  const lastSeq = previous?.seq ?? 0;
  if (entries > 0 && !key) {
    problems.push({ counterId, kind: 'foreign', seq: null, detail: `${entries} entries of a counter without an enrolled key` });
  } else if (entries > 0 && signedUpTo < lastSeq) {
    problems.push({ counterId, kind: 'foreign', seq: signedUpTo + 1, detail: `entries ${Math.max(signedUpTo + 1, from)}–${lastSeq} are covered by no signature of the counter` });
  }
  return { counterId, entries, lastSeq, signedUpTo, signedHash, problems };
}

/** Every counter of a station (or of the database), optionally only those with sales on a business day. */
export async function verifyStation(pool: pg.Pool, opts: { stationId?: string | undefined; date?: string | undefined } = {}): Promise<CounterVerification[]> {
  const { rows } = await pool.query<{ id: string; public_key: string | null }>(
    `SELECT c.id, c.public_key FROM counters c
     WHERE ($1::text IS NULL OR c.station_id = $1)
       AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM entries e WHERE e.sale_day = $2 AND e.counter_id = c.id))
     ORDER BY c.id`,
    [opts.stationId ?? null, opts.date ?? null],
  );
  const out: CounterVerification[] = [];
  for (const c of rows) out.push(await verifyCounterRange(pool, c.id, c.public_key, 1, null));
  return out;
}

/**
 * Keeps what a whole-chain verification found clean as each counter's checkpoint (its last signed
 * head): the station day report then verifies only what lies after it. Only the owner may (the
 * table is the owner's; a counter login reads it). Answers how many were written.
 */
export async function writeCheckpoints(pool: pg.Pool, checked: readonly CounterVerification[]): Promise<number> {
  const clean = checked.filter((c) => c.problems.length === 0 && c.signedHash !== null);
  if (clean.length === 0) return 0;
  const { rowCount } = await pool.query(
    `INSERT INTO verified_checkpoints (counter_id, seq, hash)
     SELECT x.counter_id, x.seq, x.hash FROM jsonb_to_recordset($1::jsonb) AS x(counter_id text, seq bigint, hash text)
     ON CONFLICT (counter_id, seq) DO NOTHING`,
    [JSON.stringify(clean.map((c) => ({ counter_id: c.counterId, seq: c.signedUpTo, hash: c.signedHash })))],
  );
  return rowCount ?? 0;
}
