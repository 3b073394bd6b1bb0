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
import { checkedSaleEntry, REPORTED_TYPES } from '../reports/sale-projection.ts';

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

/** The hash a counter would have given the stored entry's fields (null: fields no counter could have hashed). */
export function recomputedHash(counterId: string, r: StationEntryRow): string | null {
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

/** Counters' ranges of seqs as three arrays (for `unnest($1::text[], $2::bigint[], $3::bigint[])`). */
export const rangeArgs = (ranges: readonly { counterId: string; from: number; to: number }[]) => [ranges.map((r) => r.counterId), ranges.map((r) => r.from), ranges.map((r) => r.to)];

/**
 * The gaps and broken links of counters' entries, each in its [from, to], compared by the database
 * over the stored hashes only (no payload read): what the report checks below a verified checkpoint.
 */
export async function linkProblems(pool: pg.Pool, ranges: readonly { counterId: string; from: number; to: number }[]): Promise<IntegrityProblem[]> {
  if (ranges.length === 0) return [];
  const { rows } = await pool.query<{ counter_id: string; seq: string; previous: string; linked: boolean }>(
    // one index range scan per counter (LATERAL: a plain join with entries is planned as a scan of the whole table)
    `SELECT r.counter_id, x.seq, x.previous, x.linked FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS r(counter_id, lo, hi)
     CROSS JOIN LATERAL (
       SELECT e.seq, lag(e.seq) OVER w AS previous, e.prev_hash = lag(e.hash) OVER w AS linked
       FROM entries e WHERE e.counter_id = r.counter_id AND e.seq BETWEEN r.lo AND r.hi
       WINDOW w AS (ORDER BY e.seq)) x
     WHERE x.previous IS NOT NULL AND (x.seq <> x.previous + 1 OR NOT x.linked)`,
    rangeArgs(ranges),
  );
  return rows.map((r) =>
    Number(r.seq) !== Number(r.previous) + 1 ? gapProblem(r.counter_id, Number(r.previous), Number(r.seq)) : linkProblem(r.counter_id, Number(r.seq)),
  );
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

/** The key a head at `seq` is checked with: the last one enrolled from an entry at or before it (a counter restored on a new PC was re-keyed). */
export function keyAt(history: readonly { from_seq: string; public_key: string }[], key: string, seq: number): string {
  return history.filter((k) => Number(k.from_seq) <= seq).at(-1)?.public_key ?? key;
}

/** A signed head checked: its hash when its signature verifies, else null and a problem. */
export function checkedHead(counterId: string, key: string, h: { seq: string; hash: string; signature: string }, problems: IntegrityProblem[]): string | null {
  const seq = Number(h.seq);
  if (verifySignature(key, chainHeadMessage(counterId, seq, h.hash), h.signature)) return h.hash;
  problems.push({ counterId, kind: 'bad_signature', seq, detail: `the signed head at entry ${seq} does not verify with the counter's enrolled key` });
  return null;
}

/** The counter's signed heads that verify, seq → hash; the others as problems. */
async function signedHeads(pool: pg.Pool, counterId: string, key: string | null, from: number, problems: IntegrityProblem[]): Promise<Map<number, string>> {
  const heads = new Map<number, string>();
  if (!key) return heads;
  const history = (await pool.query<{ from_seq: string; public_key: string }>('SELECT from_seq, public_key FROM counter_keys WHERE counter_id = $1 ORDER BY from_seq', [counterId])).rows;
  const { rows } = await pool.query<{ seq: string; hash: string; signature: string }>(
    'SELECT seq, hash, signature FROM chain_heads WHERE counter_id = $1 AND seq >= $2 ORDER BY seq',
    [counterId, from],
  );
  for (const h of rows) {
    const hash = checkedHead(counterId, keyAt(history, key, Number(h.seq)), h, problems);
    if (hash !== null) heads.set(Number(h.seq), hash);
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
 * One counter's entries checked in order: each hash recomputed, each link to the entry before
 * (gaps, broken links), each verified signed head against the entry at its place.
 */
export class ChainWalk {
  readonly counterId: string;
  readonly heads: ReadonlyMap<number, string>;
  readonly problems: IntegrityProblem[];
  #entries = 0;
  #signedUpTo = 0;
  #signedHash: string | null = null;
  #previous: { seq: number; hash: string } | null;

  /** `previous`: the entry before the first one walked (null: unknown, the first link is not checked). */
  constructor(counterId: string, heads: ReadonlyMap<number, string>, previous: { seq: number; hash: string } | null, problems: IntegrityProblem[] = []) {
    this.counterId = counterId;
    this.heads = heads;
    this.#previous = previous;
    this.problems = problems;
  }

  add(r: StationEntryRow): void {
    const { counterId, problems } = this;
    const seq = Number(r.seq);
    const previous = this.#previous;
    this.#entries++;
    const recomputed = recomputedHash(counterId, r);
    if (recomputed !== r.hash) problems.push(alteredProblem(counterId, seq));
    if (previous && seq !== previous.seq + 1) {
      problems.push(gapProblem(counterId, previous.seq, seq));
    } else if (previous && r.prev_hash !== previous.hash) {
      problems.push(linkProblem(counterId, seq));
    }
    const signed = this.heads.get(seq);
    if (signed !== undefined) {
      if (signed !== r.hash || recomputed !== r.hash) problems.push({ counterId, kind: 'altered', seq, detail: `entry ${seq} is not the entry its counter signed` });
      else [this.#signedUpTo, this.#signedHash] = [seq, r.hash];
    }
    this.#previous = { seq, hash: r.hash };
  }

  /** The last seq a valid signature covers so far. */
  get signedUpTo(): number {
    return this.#signedUpTo;
  }

  /** The last seq walked (0: none). */
  get lastSeq(): number {
    return this.#previous?.seq ?? 0;
  }

  /** What the walk found; rows no verified head covers are foreign (all of them without an enrolled key). */
  result(key: string | null, from: number): CounterVerification {
    const { counterId, problems } = this;
    const entries = this.#entries;
    const signedUpTo = this.#signedUpTo;
    const lastSeq = this.#previous?.seq ?? 0;
    if (entries > 0 && !key) {
      problems.push({ counterId, kind: 'foreign', seq: null, detail: `${entries} entries of a counter without an enrolled key` });
    } else if (entries > 0 && signedUpTo < lastSeq) {
      problems.push({ counterId, kind: 'foreign', seq: signedUpTo + 1, detail: `entries ${Math.max(signedUpTo + 1, from)}–${lastSeq} are covered by no signature of the counter` });
    }
    return { counterId, entries, lastSeq, signedUpTo, signedHash: this.#signedHash, problems };
  }
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
  const walk = new ChainWalk(counterId, heads, previous, problems);
  let after = from - 1;
  for (;;) {
    const { rows } = await pool.query<StationEntryRow>(
      `SELECT seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries
       WHERE counter_id = $1 AND seq > $2 AND ($3::bigint IS NULL OR seq <= $3) ORDER BY seq LIMIT $4`,
      [counterId, after, to, PAGE],
    );
    for (const r of rows) walk.add(r);
    read?.({ rows: rows.map((r) => storedOf(r, Number(r.seq))), signedUpTo: walk.signedUpTo, clean: problems.length === 0 });
    if (rows.length < PAGE) break;
    after = Number(rows.at(-1)!.seq);
  }
  const lastSeq = walk.lastSeq;
  // A head the counter signed past the last row here: the rows up to it were taken away.
  const signedBeyond = [...heads.keys()].filter((seq) => seq > lastSeq && (to === null || seq <= to));
  if (signedBeyond.length > 0) {
    const upTo = Math.max(...signedBeyond);
    problems.push({ counterId, kind: 'gap', seq: lastSeq + 1, detail: `entries ${lastSeq + 1}–${upTo} are missing: the counter signed up to ${upTo}` });
  }
  return walk.result(key, from);
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
  for (const c of rows) {
    // and every entry the reports fold, checked as they check it: one they cannot fold is named
    const unfoldable: IntegrityProblem[] = [];
    const checked = await verifyCounterRange(pool, c.id, c.public_key, 1, null, (page) => {
      for (const r of page.rows) if (REPORTED_TYPES.has(r.type)) checkedSaleEntry(c.id, r, unfoldable);
    });
    out.push({ ...checked, problems: [...checked.problems, ...unfoldable] });
  }
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

/** The first entry in [from, to] of a counter that no verified signature of its enrolled key covers (null: all are its counter's). */
export async function firstUnsigned(pool: pg.Pool, counterId: string, from: number, to: number): Promise<number | null> {
  const key = (await pool.query<{ public_key: string | null }>('SELECT public_key FROM counters WHERE id = $1', [counterId])).rows[0]?.public_key ?? null;
  const head = (await pool.query<{ seq: string }>('SELECT min(seq) AS seq FROM chain_heads WHERE counter_id = $1 AND seq >= $2', [counterId, to])).rows[0]?.seq;
  if (!key || head === null || head === undefined) return from;
  const checked = await verifyCounterRange(pool, counterId, key, from, Number(head));
  // Heads past the one that covers the range are not its business.
  const problem = checked.problems.find((p) => p.seq === null || p.seq <= Number(head));
  if (problem) return problem.seq ?? from;
  return checked.signedUpTo >= to ? null : from;
}
