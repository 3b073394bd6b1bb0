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
import { entryHash, GENESIS_HASH } from '../journal/chain.ts';
import { alteredProblem, ChainWalk, checkedHead, keyAt, linkProblems, rangeArgs, recomputedHash, type StationEntryRow } from './verify.ts';

export type SaleRow = StationEntryRow & { counter_id: string };
/** What the figures are folded from. */
export type DayRow = Pick<SaleRow, 'counter_id' | 'seq' | 'type' | 'at' | 'payload'>;

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

/** An entry of a walked range without its stored hashes (the chain is recomputed from its anchor); the first one's hash when it is the anchor. */
type WalkedRow = Omit<SaleRow, 'prev_hash' | 'hash'> & { sale_day: string | null; first_hash: string | null };
type Walk = { counterId: string; anchor: { seq: number; hash: string } | null; from: number; to: number };

/** The ranges read: each from the entry before it (its first link, as held) when no checkpoint anchors it. */
const readRanges = (walks: readonly Walk[]) => walks.map((w) => ({ counterId: w.counterId, from: w.anchor ? w.from : Math.max(1, w.from - 1), to: w.to }));

/** The entries of the walked ranges, without their stored hashes (a fifth of the bytes less to read). */
async function walkedRows(pool: pg.Pool, walks: readonly Walk[]): Promise<WalkedRow[]> {
  const { rows } = await pool.query<WalkedRow>(
    `${inRanges('e.counter_id, e.seq, e.at, e.type, e.payload, e.chained_counter, e.shift_id, e.sale_day, CASE WHEN e.seq = r.lo THEN e.hash END AS first_hash')}`,
    rangeArgs(readRanges(walks)),
  );
  return rows;
}

/** A walked range read again whole (its stored hashes and links), to name what did not verify. */
async function fullRows(pool: pg.Pool, w: Walk): Promise<(SaleRow & { sale_day: string | null })[]> {
  const { rows } = await pool.query<SaleRow & { sale_day: string | null }>(`${inRanges(`${ENTRY_COLUMNS}, e.sale_day`)} ORDER BY e.seq`, rangeArgs(readRanges([w])));
  return rows;
}

/**
 * The chain recomputed from its anchor over the rows as read: the hash of the last one when each
 * follows the one before (no gap), else null. Equal to the counter's signed head's hash, every
 * entry is the one the counter signed (each hash covers the one before).
 */
function chainedHash(counterId: string, previous: { seq: number; hash: string }, rows: readonly WalkedRow[]): string | null {
  let { seq, hash } = previous;
  try {
    for (const r of rows) {
      if (Number(r.seq) !== seq + 1) return null;
      seq = Number(r.seq);
      hash = entryHash({ seq, prevHash: hash, type: r.type, at: r.at, payload: r.payload, counterId: r.chained_counter ? counterId : null, shiftId: r.shift_id });
    }
  } catch {
    return null; // a field no counter could have hashed
  }
  return hash;
}

/** The day's sale entries of the counters below their checkpoint, up to it. */
async function rowsBelow(pool: pg.Pool, date: string, below: readonly { counterId: string; from: number; to: number }[]): Promise<SaleRow[]> {
  if (below.length === 0) return [];
  const { rows } = await pool.query<SaleRow>(
    `${inRanges(ENTRY_COLUMNS, 'AND e.sale_day = $4 AND e.type = ANY($5)')}`,
    [...rangeArgs(below), date, SALE_ENTRY_TYPES],
  );
  return rows;
}

/**
 * A walked range as read: its anchor (the checkpoint, the genesis or the entry before it as held),
 * and whether the chain recomputed over its rows ends at the hash its closing signed head signs.
 */
function checkWalk(walk: Walk, read: WalkedRow[], signed: string | undefined) {
  const rows = [...read];
  const previous =
    walk.anchor ?? (walk.from === 1 ? { seq: 0, hash: GENESIS_HASH } : rows[0]?.first_hash && Number(rows[0].seq) === walk.from - 1 ? { seq: walk.from - 1, hash: rows.shift()!.first_hash! } : null);
  const verified = previous !== null && signed !== undefined && Number(rows.at(-1)?.seq) === walk.to && chainedHash(walk.counterId, previous, rows) === signed;
  return { walk, rows, previous, verified };
}

/**
 * Rows by counter, each counter's in seq order. The queries leave out the ORDER BY: each range is
 * read in seq order through its index, and sorting 80,000 rows again spilled to disk.
 */
function byCounter<T extends { counter_id: string; seq: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.counter_id);
    if (list) list.push(r);
    else out.set(r.counter_id, [r]);
  }
  for (const list of out.values()) {
    if (list.some((r, i) => i > 0 && Number(r.seq) < Number(list[i - 1]!.seq))) list.sort((a, b) => Number(a.seq) - Number(b.seq));
  }
  return out;
}

const SALE_TYPES: ReadonlySet<string> = new Set(SALE_ENTRY_TYPES);

/** The day's sale entries of a station (in each counter's order), and what verifying them found. */
export async function verifiedDay(pool: pg.Pool, stationId: string, date: string): Promise<{ rows: DayRow[]; integrity: StationIntegrity }> {
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
  const headsRead = closingHeads(pool, walks, problems);
  const others = Promise.all([rowsBelow(pool, date, below), linkProblems(pool, below)]);
  // The walked ranges in a few groups at once: the database reads the next while this process
  // hashes the one that arrived.
  const groups = [0, 1, 2].map((k) => walks.filter((_, i) => i % 3 === k)).filter((g) => g.length > 0);
  const checked = await Promise.all(
    groups.map(async (group) => {
      const walkedOf = byCounter(await walkedRows(pool, group));
      const heads = await headsRead;
      return group.map((w) => checkWalk(w, walkedOf.get(w.counterId) ?? [], heads.get(w.counterId)?.get(w.to)));
    }),
  );
  const [under, links] = await others;
  const heads = await headsRead;
  const walkOf = new Map(checked.flat().map((c) => [c.walk.counterId, c]));

  const underOf = byCounter(under);
  const rows: DayRow[] = [];
  for (const s of spans) {
    // below the checkpoint: the counted entries hashed again
    for (const r of underOf.get(s.counterId) ?? []) {
      if (recomputedHash(s.counterId, r) !== r.hash) problems.push(alteredProblem(s.counterId, Number(r.seq)));
      rows.push(r);
    }
    const c = walkOf.get(s.counterId);
    if (!c) continue;
    const counted = (r: { sale_day: string | null; seq: string; type: string }) => r.sale_day === date && Number(r.seq) <= s.hi && SALE_TYPES.has(r.type);
    if (c.verified) {
      for (const r of c.rows) if (counted(r)) rows.push(r);
      continue;
    }
    // something does not verify: the range read again with its stored hashes, each entry checked, to name it
    const w = c.walk;
    const full = await fullRows(pool, w);
    if (!w.anchor && full[0] && Number(full[0].seq) === w.from - 1) full.shift();
    const walk = new ChainWalk(s.counterId, heads.get(s.counterId) ?? new Map(), c.previous, problems);
    for (const r of full) {
      walk.add(r);
      if (counted(r)) rows.push(r);
    }
    walk.result(s.key, w.from);
  }
  problems.push(...links);
  return { rows, integrity: { verified: problems.length === 0, problems } };
}
