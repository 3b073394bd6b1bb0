// One value, one text: the encoding that journal entries are hashed over and that the sandbox
// compares POST /bookings bodies by. Changing what it writes for any value breaks the hash chain
// of every journal already on disk, so it is pinned by test/unit/core/canonical-json.test.ts.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Object keys as JSON strings, kept for the few hundred names payloads use (not for keys that are data). */
const quotedKeys = new Map<string, string>();
function quotedKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quotedKeys.size < 2_000) quotedKeys.set(k, q);
  }
  return q;
}

/**
 * JSON with object keys sorted (by UTF-16 code units) and no whitespace. `undefined` is read as
 * JSON.stringify reads it: an object member holding it is left out, an array element holding it is
 * `null`. What JSON cannot carry is refused with a TypeError instead of being written as something
 * else: a non-finite number, a function, a symbol, a bigint, and `undefined` as the whole value.
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
      const keys = Object.keys(obj);
      // Most objects arrive with their keys in order already (written by this function's output, or by
      // a fixed literal): sorted only when they are not. A journal entry is encoded at every append.
      for (let i = 1; i < keys.length; i++) {
        if (keys[i - 1]! > keys[i]!) {
          keys.sort();
          break;
        }
      }
      let out = '{';
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${out.length > 1 ? ',' : ''}${quotedKey(k)}:${canonicalJson(v)}`;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode ${value === undefined ? 'undefined' : `a ${typeof value}`}`);
  }
}
