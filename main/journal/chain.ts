import { createHash } from 'node:crypto';

/** prev_hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * JSON with object keys sorted (by UTF-16 code units) and no whitespace, so one value has
 * exactly one encoding. `undefined` members are dropped; non-finite numbers are refused.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i] ?? null);
        return `${out}]`;
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).sort();
      let out = '{';
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(v)}`;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode a ${typeof value}`);
  }
}

export interface ChainedFields {
  seq: number;
  prevHash: string;
  type: string;
  /** The canonical JSON text of the payload, exactly as stored. */
  payload: string;
  /** UTC ISO time of the entry. */
  at: string;
}

/**
 * The hash of one entry: SHA-256 (hex) over `seq`, `prev_hash`, `type` and `at`, each followed by a
 * line feed, then the payload text: `${seq}\n${prevHash}\n${type}\n${at}\n${payload}`. Unambiguous:
 * the first four never hold a line feed (digits, hex, a dotted name, an ISO time), the payload is last.
 */
export function entryHash(e: ChainedFields): string {
  if (/\n/.test(e.type) || /\n/.test(e.at)) throw new TypeError('entryHash: type and time are single-line');
  return createHash('sha256').update(`${e.seq}\n${e.prevHash}\n${e.type}\n${e.at}\n${e.payload}`).digest('hex');
}
