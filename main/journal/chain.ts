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
 * The hash of one entry, SHA-256 (hex) over its fields each followed by a line feed, the payload
 * last. An entry with a counter (v2): `v2\n${seq}\n${prevHash}\n${type}\n${at}\n${counterId}\n${shiftId ?? ''}\n${payload}`;
 * an older one (v1): `${seq}\n${prevHash}\n${type}\n${at}\n${payload}`. Unambiguous: no field but
 * the payload holds a line feed, and v1 starts with a digit.
 */
export function entryHash(e: ChainedFields): string {
  const fields = e.counterId == null ? [e.seq, e.prevHash, e.type, e.at] : ['v2', e.seq, e.prevHash, e.type, e.at, e.counterId, e.shiftId ?? ''];
  for (const f of fields) if (String(f).includes('\n')) throw new TypeError('entryHash: every field but the payload is single-line');
  // crypto.hash: one call, no Hash object (half the time of createHash over a day of entries)
  return hash('sha256', `${fields.join('\n')}\n${e.payload}`, 'hex');
}
