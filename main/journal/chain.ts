import { hash } from 'node:crypto';

/** prev_hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedFields {
  seq: number;
  prevHash: string;
  type: string;
  /** The canonical JSON text of the payload, exactly as stored. */
  payload: string;
  /** UTC ISO time of the entry. */
  at: string;
  /** The counter that wrote the entry; null for entries written before counters were named (v1). */
  counterId?: string | null;
  /** The shift the entry belongs to, if any. */
  shiftId?: string | null;
}

/**
 * What an entry's hash is taken over: its fields each followed by a line feed, the payload last.
 * An entry with a counter (v2): `v2\n${seq}\n${prevHash}\n${type}\n${at}\n${counterId}\n${shiftId ?? ''}\n${payload}`;
 * an older one (v1): `${seq}\n${prevHash}\n${type}\n${at}\n${payload}`. Unambiguous: no field but
 * the payload holds a line feed, and v1 starts with a digit. The station database joins the same
 * text (main/station/preimage.ts).
 */
export function entryPreimage(e: ChainedFields): string {
  const head = e.counterId == null ? `${e.seq}\n${e.prevHash}\n${e.type}\n${e.at}` : `v2\n${e.seq}\n${e.prevHash}\n${e.type}\n${e.at}\n${e.counterId}\n${e.shiftId ?? ''}`;
  if (lineFeeds(head) !== (e.counterId == null ? 3 : 6)) throw new TypeError('entryHash: every field but the payload is single-line');
  return `${head}\n${e.payload}`;
}

function lineFeeds(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** An entry's hash from its preimage: SHA-256, hex. */
// crypto.hash: one call, no Hash object (half the time of createHash over a day of entries)
export const preimageHash = (preimage: string): string => hash('sha256', preimage, 'hex');

export const entryHash = (e: ChainedFields): string => preimageHash(entryPreimage(e));

/** The fields of an entry read back from its preimage (null: not one entryPreimage makes). */
export function entryOfPreimage(text: string): ChainedFields | null {
  const v2 = text.startsWith('v2\n');
  const start = v2 ? 3 : 0;
  // where the seq, the previous hash, the type, the time (and the counter, the shift) end
  const ends: number[] = [];
  for (let k = 0, from = start; k < (v2 ? 6 : 4); k++) {
    const end = text.indexOf('\n', from);
    if (end === -1) return null;
    ends.push(end);
    from = end + 1;
  }
  const field = (k: number) => text.slice(k === 0 ? start : ends[k - 1]! + 1, ends[k]);
  const seq = Number(field(0));
  if (!Number.isSafeInteger(seq) || seq < 1 || String(seq) !== field(0)) return null;
  const shiftId = v2 ? field(5) : '';
  return { seq, prevHash: field(1), type: field(2), at: field(3), counterId: v2 ? field(4) : null, shiftId: shiftId === '' ? null : shiftId, payload: text.slice(ends.at(-1)! + 1) };
}
