/**
 * A least-recently-used map bounded by the bytes its entries take, as `sizeOf` estimates them
 * (keys and values both): the oldest entries go first once the total passes `maxBytes`. An entry
 * larger than the whole budget is not kept. For caches a long-running process fills with values
 * that never repeat (names, references, amounts): bounded by count alone, their memory depends
 * on what goes in; bounded in bytes, it does not.
 */
export class ByteBoundedLru<K, V> {
  readonly maxBytes: number;
  readonly #sizeOf: (key: K, value: V) => number;
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(maxBytes: number, sizeOf: (key: K, value: V) => number) {
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  get(key: K): V | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.#sizeOf(key, value);
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, e] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= e.bytes;
    }
  }

  delete(key: K): boolean {
    const e = this.#entries.get(key);
    if (!e) return false;
    this.#entries.delete(key);
    this.#bytes -= e.bytes;
    return true;
  }

  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes held now (never above maxBytes). */
  get bytes(): number {
    return this.#bytes;
  }
}

/** Bytes of a string as V8 holds it at worst (two per UTF-16 unit) plus its header. */
export function stringBytes(s: string): number {
  return 2 * s.length + 32;
}
