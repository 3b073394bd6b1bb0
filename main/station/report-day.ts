// The station day report's entries, read once and verified as they are read. Per counter of the
// station with sales that day (their span [lo, hi] of seqs):
//  - above its latest verified checkpoint (`npm run station -- verify`'s, the owner's: migration
//    0010), or from lo without one (or with one more than CHECKPOINT_REACH entries before lo), up
//    to the first signed head at or after hi: every entry walked (hash, link, the head's
//    signature), the first linked to the checkpoint's hash (else to the entry before lo as held);
//    the day's sale entries among them are what the figures are folded from;
//  - below the checkpoint (what verify found whole): the day's sale entries hashed again, the
//    links and gaps compared by the database over the stored hashes, the checkpoint's entry still
//    the one verify found.
// A row changed, removed or added after arrival is named here rather than counted as clean; what
// is not rechecked below a checkpoint is an entry the figures do not count changed with its stored
// hash left as it was (the next verify names it). Each step is one query for all the counters.
import type pg from 'pg';
import type { IntegrityProblem, StationIntegrity } from '../../contract/reports.ts';
import { SALE_ENTRY_TYPES } from '../reports/sale-projection.ts';
import { GENESIS_HASH } from '../journal/chain.ts';
import { alteredProblem, ChainWalk, checkedHead, keyAt, linkProblems, rangeArgs, recomputedHash, type StationEntryRow } from './verify.ts';

export type SaleRow = StationEntryRow & { counter_id: string };

/** How far before the day's first sale a checkpoint is still walked from (entries). */
const CHECKPOINT_REACH = 50_000;

interface CounterSpan {
  counterId: string;
  lo: number;
  hi: number;
  key: string | null;
  /** The first signed head at or after hi (null: none yet). */
  head: number | null;
  checkpoint: { seq: number; hash: string; now: string | null } | null;
}

const ENTRY_COLUMNS = 'e.counter_id, e.seq, e.at, e.type, e.payload, e.prev_hash, e.hash, e.chained_counter, e.shift_id';
/**
 * Each counter's range of entries, one index range scan per counter (LATERAL: a plain join of
 * the ranges with entries is planned as a scan of the whole table).
 */
const inRanges = (columns: string, where = '') =>
  `SELECT ${columns} FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS r(counter_id, lo, hi)
   CROSS JOIN LATERAL (SELECT * FROM entries e WHERE e.counter_id = r.counter_id AND e.seq BETWEEN r.lo AND r.hi ${where} ORDER BY e.seq) e`;

async function spansOf(pool: pg.Pool, stationId: string, date: string): Promise<CounterSpan[]> {
  const { rows } = await pool.query<{ counter_id: string; lo: string; hi: string; public_key: string | null; head: string | null; cp_seq: string | null; cp_hash: string | null; cp_now: string | null }>(
    `WITH spans AS (
       SELECT counter_id, min(seq) AS lo, max(seq) AS hi FROM entries
       WHERE sale_day = $2 AND counter_id IN (SELECT id FROM counters WHERE station_id = $1) AND type = ANY($3)
       GROUP BY counter_id)
     SELECT s.counter_id, s.lo, s.hi, c.public_key,
            (SELECT min(h.seq) FROM chain_heads h WHERE h.counter_id = s.counter_id AND h.seq >= s.hi) AS head,
            cp.seq AS cp_seq, cp.hash AS cp_hash, (SELECT e.hash FROM entries e WHERE e.counter_id = s.counter_id AND e.seq = cp.seq) AS cp_now
     FROM spans s JOIN counters c ON c.id = s.counter_id
     LEFT JOIN LATERAL (SELECT seq, hash FROM verified_checkpoints v WHERE v.counter_id = s.counter_id ORDER BY seq DESC LIMIT 1) cp ON true
     ORDER BY s.counter_id`,
    [stationId, date, SALE_ENTRY_TYPES],
  );
  return rows.map((r) => ({
    counterId: r.counter_id,
    lo: Number(r.lo),
    hi: Number(r.hi),
    key: r.public_key,
    head: r.head === null ? null : Number(r.head),
    checkpoint: r.cp_seq === null ? null : { seq: Number(r.cp_seq), hash: r.cp_hash!, now: r.cp_now },
  }));
}

/** Each walked range's signed head that closes it, checked with the key in force at it: counter → (seq → hash). */
async function closingHeads(pool: pg.Pool, walks: readonly (CounterSpan & { to: number })[], problems: IntegrityProblem[]): Promise<Map<string, Map<number, string>>> {
  const signed = walks.filter((w) => w.key !== null && w.head !== null);
  const [heads, keys] = await Promise.all([
    pool.query<{ counter_id: string; seq: string; hash: string; signature: string }>(
      `SELECT h.counter_id, h.seq, h.hash, h.signature FROM unnest($1::text[], $2::bigint[]) AS r(counter_id, seq)
       CROSS JOIN LATERAL (SELECT * FROM chain_heads h WHERE h.counter_id = r.counter_id AND h.seq = r.seq) h`,
      [signed.map((w) => w.counterId), signed.map((w) => w.head)],
    ),
    pool.query<{ counter_id: string; from_seq: string; public_key: string }>('SELECT counter_id, from_seq, public_key FROM counter_keys WHERE counter_id = ANY($1) ORDER BY counter_id, from_seq', [
      signed.map((w) => w.counterId),
    ]),
  ]);
  const out = new Map<string, Map<number, string>>();
  for (const h of heads.rows) {
    const w = signed.find((x) => x.counterId === h.counter_id)!;
    const hash = checkedHead(h.counter_id, keyAt(keys.rows.filter((k) => k.counter_id === h.counter_id), w.key!, Number(h.seq)), h, problems);
    if (hash !== null) out.set(h.counter_id, new Map([[Number(h.seq), hash]]));
  }
  return out;
}

/** The entries of the walked ranges, each range from the entry before it (its first link) when no checkpoint anchors it. */
async function walkedRows(pool: pg.Pool, walks: readonly { counterId: string; anchor: object | null; from: number; to: number }[]): Promise<(SaleRow & { sale_day: string | null })[]> {
  const ranges = walks.map((w) => ({ counterId: w.counterId, from: w.anchor ? w.from : Math.max(1, w.from - 1), to: w.to }));
  const { rows } = await pool.query<SaleRow & { sale_day: string | null }>(
    `${inRanges(`${ENTRY_COLUMNS}, e.sale_day`)} ORDER BY e.counter_id, e.seq`,
    rangeArgs(ranges),
  );
  return rows;
}

/** The day's sale entries of the counters below their checkpoint, up to it. */
async function rowsBelow(pool: pg.Pool, date: string, below: readonly { counterId: string; from: number; to: number }[]): Promise<SaleRow[]> {
  if (below.length === 0) return [];
  const { rows } = await pool.query<SaleRow>(
    `${inRanges(ENTRY_COLUMNS, 'AND e.sale_day = $4 AND e.type = ANY($5)')} ORDER BY e.counter_id, e.seq`,
    [...rangeArgs(below), date, SALE_ENTRY_TYPES],
  );
  return rows;
}

function byCounter<T extends { counter_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.counter_id);
    if (list) list.push(r);
    else out.set(r.counter_id, [r]);
  }
  return out;
}

const SALE_TYPES: ReadonlySet<string> = new Set(SALE_ENTRY_TYPES);

/** The day's sale entries of a station (in each counter's order), and what verifying them found. */
export async function verifiedDay(pool: pg.Pool, stationId: string, date: string): Promise<{ rows: SaleRow[]; integrity: StationIntegrity }> {
  const spans = await spansOf(pool, stationId, date);
  const problems: IntegrityProblem[] = [];
  for (const s of spans) {
    if (s.checkpoint && s.checkpoint.seq >= s.lo && s.checkpoint.now !== s.checkpoint.hash) {
      problems.push({ counterId: s.counterId, kind: 'altered', seq: s.checkpoint.seq, detail: `entry ${s.checkpoint.seq} is not the entry verify checked there` });
    }
  }
  const below = spans.filter((s) => s.checkpoint && s.checkpoint.seq >= s.lo).map((s) => ({ counterId: s.counterId, from: s.lo, to: Math.min(s.checkpoint!.seq, s.hi) }));
  const walks = spans
    .filter((s) => !s.checkpoint || s.checkpoint.seq < s.hi)
    .map((s) => {
      // a checkpoint far before the day (verify not run for weeks) is not walked from: the day is,
      // linked to the entry before it as the database holds it
      const anchor = s.checkpoint && s.checkpoint.seq >= s.lo - CHECKPOINT_REACH ? { seq: s.checkpoint.seq, hash: s.checkpoint.hash } : null;
      return { ...s, anchor, from: anchor ? Math.max(anchor.seq + 1, 1) : s.lo, to: s.head ?? s.hi };
    });
  const [heads, walked, under, links] = await Promise.all([closingHeads(pool, walks, problems), walkedRows(pool, walks), rowsBelow(pool, date, below), linkProblems(pool, below)]);

  const underOf = byCounter(under);
  const walkedOf = byCounter(walked);
  const rows: SaleRow[] = [];
  for (const s of spans) {
    // below the checkpoint: the counted entries hashed again
    for (const r of underOf.get(s.counterId) ?? []) {
      if (recomputedHash(s.counterId, r) !== r.hash) problems.push(alteredProblem(s.counterId, Number(r.seq)));
      rows.push(r);
    }
    const w = walks.find((x) => x.counterId === s.counterId);
    if (!w) continue;
    const own = walkedOf.get(s.counterId) ?? [];
    let previous: { seq: number; hash: string } | null = null;
    if (w.anchor) previous = w.anchor;
    else if (w.from === 1) previous = { seq: 0, hash: GENESIS_HASH };
    else if (own[0] && Number(own[0].seq) === w.from - 1) previous = { seq: w.from - 1, hash: own.shift()!.hash };
    const walk = new ChainWalk(s.counterId, heads.get(s.counterId) ?? new Map(), previous, problems);
    for (const r of own) {
      walk.add(r);
      if (r.sale_day === date && Number(r.seq) <= s.hi && SALE_TYPES.has(r.type)) rows.push(r);
    }
    walk.result(s.key, w.from);
  }
  problems.push(...links);
  return { rows, integrity: { verified: problems.length === 0, problems } };
}
