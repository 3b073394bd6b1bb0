// The station day report's entries, read once and verified as they are read. Per counter of the
// station with sales that day (their span [lo, hi] of seqs):
//  - above its latest verified checkpoint (`npm run station -- verify`'s, the owner's: migration
//    0010), or from lo without one (or with one more than CHECKPOINT_REACH entries before lo), up
//    to the first signed head at or after hi: every entry walked (hash, link, the head's
//    signature), the first linked to the checkpoint's hash (else to the entry before lo as held);
//    each entry read as its preimage, joined by the database and hashed here, the day's sale
//    entries among them read back from it (main/station/walk-check.ts): they are what the figures
//    are folded from;
//  - below the checkpoint (what verify found whole): the day's sale entries hashed again, the
//    links and gaps compared by the database over the stored hashes, the checkpoint's entry still
//    the one verify found.
// A row changed, removed or added after arrival is named here rather than counted as clean; what
// is not rechecked below a checkpoint is an entry the figures do not count changed with its stored
// hash left as it was (the next verify names it). Each step is one query for all the counters.
import type pg from 'pg';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { IntegrityProblem, StationIntegrity } from '../../contract/reports.ts';
import { checkedSaleEntry, projectCounterSales, SALE_ENTRY_TYPES, type ProjectedSale, type SaleEntry } from '../reports/sale-projection.ts';
import { inRanges, readRange, SALE_TYPES, walkChecks, walkVerified, type Walk } from './walk-check.ts';
import { walkInWorker } from './walker.ts';
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
async function spansOf(pool: pg.Pool, stationId: string, environment: CounterEnvironment, date: string): Promise<CounterSpan[]> {
  const { rows } = await pool.query<{ counter_id: string; lo: string; hi: string; public_key: string | null; head: string | null; cp_seq: string | null; cp_hash: string | null; cp_now: string | null }>(
    // Each counter's first and last entry of the day: two probes of the sale_day index per counter
    // (sale_day is set on sale entries only, migration 0004; a min/max over the day's rows read
    // each of them, 80 ms of a report).
    `WITH spans AS (
       SELECT c.id AS counter_id, lo.seq AS lo, hi.seq AS hi FROM counters c
       CROSS JOIN LATERAL (SELECT seq FROM entries e WHERE e.sale_day = $2 AND e.counter_id = c.id ORDER BY seq LIMIT 1) lo
       CROSS JOIN LATERAL (SELECT seq FROM entries e WHERE e.sale_day = $2 AND e.counter_id = c.id ORDER BY seq DESC LIMIT 1) hi
       WHERE c.station_id = $1 AND c.environment = $3)
     SELECT s.counter_id, s.lo, s.hi, c.public_key,
            (SELECT min(h.seq) FROM chain_heads h WHERE h.counter_id = s.counter_id AND h.seq >= s.hi) AS head,
            cp.seq AS cp_seq, cp.hash AS cp_hash, (SELECT e.hash FROM entries e WHERE e.counter_id = s.counter_id AND e.seq = cp.seq) AS cp_now
     FROM spans s JOIN counters c ON c.id = s.counter_id
     LEFT JOIN LATERAL (SELECT seq, hash FROM verified_checkpoints v WHERE v.counter_id = s.counter_id ORDER BY seq DESC LIMIT 1) cp ON true
     ORDER BY s.counter_id`,
    [stationId, date, environment],
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

/** A walked range read again whole (its stored hashes and links), to name what did not verify. */
async function fullRows(pool: pg.Pool, w: Walk): Promise<(SaleRow & { sale_day: string | null })[]> {
  const { rows } = await pool.query<SaleRow & { sale_day: string | null }>(`${inRanges(`${ENTRY_COLUMNS}, e.sale_day`)} ORDER BY e.seq`, rangeArgs([readRange(w)]));
  return rows;
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

/** A walked range's check: by this thread (its counted entries) or by the worker (their sales). */
type Checked = { walk: Walk; previous: { seq: number; hash: string } | null; verified: boolean } & ({ counted: SaleEntry[] } | { sales: ProjectedSale[] });

/**
 * The walks the worker takes: those of counters with nothing below a checkpoint (a sale's entries
 * on both sides of one are folded together here), about half of the entries to read.
 */
function workerShare(walks: readonly Walk[], below: ReadonlySet<string>): Set<Walk> {
  const eligible = walks.filter((w) => !below.has(w.counterId)).sort((a, b) => b.to - b.from - (a.to - a.from));
  const total = walks.reduce((n, w) => n + w.to - w.from + 1, 0);
  const share = new Set<Walk>();
  let taken = 0;
  for (const w of eligible) {
    if (taken + (w.to - w.from + 1) > total / 2) continue;
    share.add(w);
    taken += w.to - w.from + 1;
  }
  return share;
}

/** The day's sales of a station (each counter's in its order), folded from its verified entries, and what verifying them found. */
export async function verifiedDay(pool: pg.Pool, stationId: string, environment: CounterEnvironment, date: string): Promise<{ sales: ProjectedSale[]; integrity: StationIntegrity }> {
  const spans = await spansOf(pool, stationId, environment, date);
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
  const signedOf = async (w: Walk) => (await headsRead).get(w.counterId)?.get(w.to);
  // About half the walks in the worker thread, the rest here in two groups at once (the database
  // reads the next while this thread hashes the one that arrived); what the worker cannot do is
  // walked here after all.
  const share = workerShare(walks, new Set(below.map((b) => b.counterId)));
  const here = async (group: readonly Walk[]): Promise<Checked[]> =>
    Promise.all((await walkChecks(pool, group, date)).map(async (c) => ({ walk: c.walk, previous: c.previous, counted: c.counted, verified: walkVerified(c.walk, c.end, await signedOf(c.walk)) })));
  const inWorker = async (): Promise<Checked[]> => {
    const mine = walks.filter((w) => share.has(w));
    const done = await walkInWorker(pool, mine, date);
    if (!done) return here(mine);
    return Promise.all(done.map(async (d, i) => ({ walk: mine[i]!, previous: d.previous, sales: d.sales, verified: walkVerified(mine[i]!, d.end, await signedOf(mine[i]!)) })));
  };
  const ours = walks.filter((w) => !share.has(w));
  const checked = (await Promise.all([inWorker(), ...[0, 1].map((k) => ours.filter((_, i) => i % 2 === k)).filter((g) => g.length > 0).map(here)])).flat();
  const [under, links] = await others;
  const heads = await headsRead;
  const walkOf = new Map(checked.map((c) => [c.walk.counterId, c]));

  const underOf = byCounter(under);
  const sales: ProjectedSale[] = [];
  for (const s of spans) {
    // this counter's entries, folded together (a sale may have entries on both sides of a checkpoint)
    const entries: SaleEntry[] = [];
    // below the checkpoint: the counted entries hashed again
    for (const r of underOf.get(s.counterId) ?? []) {
      if (recomputedHash(s.counterId, r) !== r.hash) problems.push(alteredProblem(s.counterId, Number(r.seq)));
      const e = checkedSaleEntry(s.counterId, r, problems);
      if (e) entries.push(e);
    }
    const c = walkOf.get(s.counterId);
    if (c?.verified && 'sales' in c) for (const sale of c.sales) sales.push(sale);
    else if (c?.verified && 'counted' in c) for (const e of c.counted) entries.push(e);
    else if (c) {
      // something does not verify: the range read again with its stored hashes, each entry checked, to name it
      const counted = (r: { sale_day: string | null; seq: string; type: string }) => r.sale_day === date && Number(r.seq) <= s.hi && SALE_TYPES.has(r.type);
      const w = c.walk;
      const full = await fullRows(pool, w);
      if (!w.anchor && full[0] && Number(full[0].seq) === w.from - 1) full.shift();
      const walk = new ChainWalk(s.counterId, heads.get(s.counterId) ?? new Map(), c.previous, problems);
      for (const r of full) {
        walk.add(r);
        const e = counted(r) ? checkedSaleEntry(s.counterId, r, problems) : null;
        if (e) entries.push(e);
      }
      walk.result(s.key, w.from);
    }
    for (const sale of projectCounterSales(s.counterId, entries)) sales.push(sale);
  }
  problems.push(...links);
  return { sales, integrity: { verified: problems.length === 0, problems } };
}
