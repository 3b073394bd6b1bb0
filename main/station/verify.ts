// Verification after arrival: every entry of a counter recomputed from its fields (altered rows),
// every link to the entry before (gaps, broken links), every signed chain head checked against the
// counter's enrolled key and the entry at its place. A row the database holds that no signature
// of an enrolled key covers is foreign. PostgreSQL refuses most of this at write time; this finds
// what someone with the owner's rights (or a superuser) did to the rows afterwards.
import type pg from 'pg';
import type { IntegrityProblem } from '../../contract/reports.ts';
import { entryHash, GENESIS_HASH } from '../journal/chain.ts';
import type { StoredEntry } from '../journal/journal.ts';
import { chainHeadMessage, verifySignature } from './counter-key.ts';

const PAGE = 20_000;

/** A counter's entry as the station database holds it. */
export interface StationEntryRow {
  seq: string;
  at: string;
  type: string;
  payload: string;
  prev_hash: string;
  hash: string;
  chained_counter: boolean;
  shift_id: string | null;
}

export interface CounterVerification {
  counterId: string;
  entries: number;
  lastSeq: number;
  /** The last seq a valid signature of the counter's enrolled key covers (0: none). */
  signedUpTo: number;
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

const storedOf = (r: StationEntryRow, seq: number): StoredEntry => ({ seq, at: r.at, type: r.type, payload: r.payload, prevHash: r.prev_hash, hash: r.hash, chainedCounter: r.chained_counter, shiftId: r.shift_id });

/** A page of rows as verification read them, with how far they check out so far (a restore takes only those). */
export interface VerifiedPage {
  rows: StoredEntry[];
  /** The last seq a valid signature covers so far (the rows up to it are the counter's, if `clean`). */
  signedUpTo: number;
  /** No problem found so far. */
  clean: boolean;
}

/**
 * Verifies a counter's entries with seq in [from, to] (to: null, to the end), reading from the
 * entry before `from` for the first link. The whole chain: from = 1. `read`, when given, gets
 * every page of rows as it was checked (a restore takes exactly the rows verified, read once).
 */
export async function verifyCounterRange(
  pool: pg.Pool,
  counterId: string,
  key: string | null,
  from: number,
  to: number | null,
  read?: (page: VerifiedPage) => void,
): Promise<CounterVerification> {
  const problems: IntegrityProblem[] = [];
  const heads = await signedHeads(pool, counterId, key, from, problems);
  let previous: { seq: number; hash: string } | null = { seq: 0, hash: GENESIS_HASH };
  if (from > 1) {
    const before = await pool.query<{ hash: string }>('SELECT hash FROM entries WHERE counter_id = $1 AND seq = $2', [counterId, from - 1]);
    previous = before.rows[0] ? { seq: from - 1, hash: before.rows[0].hash } : null;
  }
  let entries = 0;
  let signedUpTo = 0;
  let after = from - 1;
  for (;;) {
    const { rows } = await pool.query<StationEntryRow>(
      `SELECT seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries
       WHERE counter_id = $1 AND seq > $2 AND ($3::bigint IS NULL OR seq <= $3) ORDER BY seq LIMIT $4`,
      [counterId, after, to, PAGE],
    );
    for (const r of rows) {
      const seq = Number(r.seq);
      entries++;
      const fields = { seq, prevHash: r.prev_hash, type: r.type, at: r.at, payload: r.payload, counterId: r.chained_counter ? counterId : null, shiftId: r.shift_id };
      let recomputed: string | null;
      try {
        recomputed = entryHash(fields);
      } catch {
        // A field holding a line feed cannot be an entry a counter hashed.
        recomputed = null;
      }
      if (recomputed !== r.hash) problems.push({ counterId, kind: 'altered', seq, detail: `entry ${seq} does not match its hash: its fields were changed after it arrived` });
      if (previous && seq !== previous.seq + 1) {
        problems.push({ counterId, kind: 'gap', seq: previous.seq + 1, detail: `entries ${previous.seq + 1}–${seq - 1} are missing` });
      } else if (previous && r.prev_hash !== previous.hash) {
        problems.push({ counterId, kind: 'broken_link', seq, detail: `entry ${seq} does not follow entry ${seq - 1}` });
      }
      const signed = heads.get(seq);
      if (signed !== undefined) {
        if (signed !== r.hash || recomputed !== r.hash) problems.push({ counterId, kind: 'altered', seq, detail: `entry ${seq} is not the entry its counter signed` });
        else signedUpTo = seq;
      }
      previous = { seq, hash: r.hash };
    }
    read?.({ rows: rows.map((r) => storedOf(r, Number(r.seq))), signedUpTo, clean: problems.length === 0 });
    if (rows.length < PAGE) break;
    after = Number(rows.at(-1)!.seq);
  }
  const lastSeq = previous?.seq ?? 0;
  // A head the counter signed past the last row here: the rows up to it were taken away.
  const signedBeyond = [...heads.keys()].filter((seq) => seq > lastSeq && (to === null || seq <= to));
  if (signedBeyond.length > 0) {
    const upTo = Math.max(...signedBeyond);
    problems.push({ counterId, kind: 'gap', seq: lastSeq + 1, detail: `entries ${lastSeq + 1}–${upTo} are missing: the counter signed up to ${upTo}` });
  }
  if (entries > 0 && !key) {
    problems.push({ counterId, kind: 'foreign', seq: null, detail: `${entries} entries of a counter without an enrolled key` });
  } else if (entries > 0 && signedUpTo < lastSeq) {
    problems.push({ counterId, kind: 'foreign', seq: signedUpTo + 1, detail: `entries ${Math.max(signedUpTo + 1, from)}–${lastSeq} are covered by no signature of the counter` });
  }
  return { counterId, entries, lastSeq, signedUpTo, problems };
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
