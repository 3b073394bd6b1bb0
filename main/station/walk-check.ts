// A walked range of a counter's entries (main/station/report-day.ts) checked as its rows arrive:
// the chain recomputed from its anchor over each entry's preimage, and the day's sale entries
// kept, read back from the preimages hashed (what is folded is what the chain covers). Nothing
// else of a row is kept: a day's 80,000 entries pass through without surviving a collection.
import type pg from 'pg';
import { entryOfPreimage, GENESIS_HASH, preimageHash } from '../journal/chain.ts';
import { foldableEntry, SALE_ENTRY_TYPES, type SaleEntry } from '../reports/sale-projection.ts';
import { eachRow } from './database.ts';
import { PREIMAGE_SQL } from './entry-preimage.ts';
import { rangeArgs } from './verify.ts';

/**
 * An entry of a walked range as read: its range's place in the query (from 1), whether it is of
 * the day's sales (its sale_day), its stored hash when it is the entry before the range (the
 * range's anchor then), and its preimage.
 */
export type WalkedRow = [range: number, ofTheDay: boolean, firstHash: string | null, preimage: string];

export interface Walk {
  counterId: string;
  /** The day's last sale entry of the counter. */
  hi: number;
  /** The verified checkpoint the range starts after; null: the entry before `from`, as held. */
  anchor: { seq: number; hash: string } | null;
  from: number;
  /** The counter's signed head that closes the range (or the day's last entry without one). */
  to: number;
}

/** Where a walk's chain, recomputed over the rows read, ended (null: a gap, a broken link, an entry that is not one, no anchor). */
export type ChainEnd = { seq: number; hash: string } | null;

/**
 * Whether the chain recomputed over a walk's rows ends at its `to` with the hash its closing signed
 * head signs: every entry is then the one the counter signed (each hash covers the one before).
 */
export const walkVerified = (walk: Walk, end: ChainEnd, signed: string | undefined): boolean => end !== null && signed !== undefined && end.seq === walk.to && end.hash === signed;

/**
 * Each counter's range of entries, one index range scan per counter (LATERAL: a plain join of
 * the ranges with entries is planned as a scan of the whole table).
 */
export const inRanges = (columns: string, where = '') =>
  `SELECT ${columns} FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(counter_id, lo, hi, i)
   CROSS JOIN LATERAL (SELECT * FROM entries e WHERE e.counter_id = r.counter_id AND e.seq BETWEEN r.lo AND r.hi ${where} ORDER BY e.seq) e`;

/** The entries a walk reads: from the entry before it (its first link, as held) when no checkpoint anchors it. */
export const readRange = (w: Walk) => ({ counterId: w.counterId, from: w.anchor ? w.from : Math.max(1, w.from - 1), to: w.to });

/** Whether a preimage is of the entry at `seq` linked to `previous`: `[v2\n]${seq}\n${previous}\n…` (read in place). */
function links(preimage: string, seq: number, previous: string): boolean {
  const digits = String(seq);
  const at = preimage.startsWith('v2\n') ? 3 : 0;
  const link = at + digits.length + 1;
  return preimage.startsWith(digits, at) && preimage.charCodeAt(link - 1) === 10 && preimage.startsWith(previous, link) && preimage.charCodeAt(link + previous.length) === 10;
}

export const SALE_TYPES: ReadonlySet<string> = new Set(SALE_ENTRY_TYPES);

export class WalkCheck {
  /** The range's anchor: the checkpoint, the genesis, or the entry before it as held (null until read, or missing). */
  previous: { seq: number; hash: string } | null;
  /** The day's sale entries of the range, in seq order. */
  readonly counted: SaleEntry[] = [];
  #waitingForAnchor: boolean;
  #seq = 0;
  #hash = GENESIS_HASH;
  #broken = false;

  readonly walk: Walk;

  constructor(walk: Walk) {
    this.walk = walk;
    this.previous = walk.anchor ?? (walk.from === 1 ? { seq: 0, hash: GENESIS_HASH } : null);
    this.#waitingForAnchor = this.previous === null;
    if (this.previous) [this.#seq, this.#hash] = [this.previous.seq, this.previous.hash];
  }

  /** The next row of the range, in seq order. */
  add(row: WalkedRow): void {
    if (this.#broken) return;
    const [, ofTheDay, firstHash, preimage] = row;
    if (this.#waitingForAnchor) {
      this.#waitingForAnchor = false;
      if (firstHash === null) this.#broken = true; // the entry before the range is missing
      else [this.previous, this.#seq, this.#hash] = [{ seq: this.walk.from - 1, hash: firstHash }, this.walk.from - 1, firstHash];
      return;
    }
    const seq = this.#seq + 1;
    if (!links(preimage, seq, this.#hash)) {
      this.#broken = true; // a gap or a broken link
      return;
    }
    if (ofTheDay) {
      const e = entryOfPreimage(preimage);
      if (e === null || (e.counterId !== null && e.counterId !== this.walk.counterId)) {
        this.#broken = true;
        return;
      }
      if (seq <= this.walk.hi && SALE_TYPES.has(e.type)) {
        const counted = foldableEntry(this.walk.counterId, e);
        // an entry the figures cannot read: the range is read again in full, which names it (report-day.ts)
        if (typeof counted === 'string') {
          this.#broken = true;
          return;
        }
        this.counted.push(counted);
      }
    }
    this.#seq = seq;
    this.#hash = preimageHash(preimage);
  }

  /** Where the chain recomputed so far ends. */
  get end(): ChainEnd {
    return this.#broken || this.#waitingForAnchor || this.previous === null ? null : { seq: this.#seq, hash: this.#hash };
  }
}

/** The walked ranges' entries checked as they arrive (one query for them all, rows not kept). */
export async function walkChecks(pool: pg.Pool, walks: readonly Walk[], date: string): Promise<WalkCheck[]> {
  const checks = walks.map((w) => new WalkCheck(w));
  await eachRow<WalkedRow>(
    pool,
    { text: inRanges(`r.i::int, coalesce(e.sale_day = $4, false), CASE WHEN e.seq = r.lo THEN e.hash END, ${PREIMAGE_SQL}`), values: [...rangeArgs(walks.map(readRange)), date] },
    (row) => checks[row[0] - 1]!.add(row),
  );
  return checks;
}
