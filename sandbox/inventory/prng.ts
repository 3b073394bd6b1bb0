// Small deterministic randomness for the inventory: a string hash (cyrb53) for stable ids and
// seeds, and a seeded generator (mulberry32). Never Math.random: everything here is a pure
// function of its inputs, so the same seed always builds the same inventory.

/** cyrb53: a fast 53-bit string hash (public domain, by bryc). */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * An opaque, stable id: `prefix` + 10 base-36 characters of the hash of `key`. The key should be
 * namespaced (e.g. `city:Cairo`) so two kinds of thing never share an id.
 */
export function opaqueId(prefix: string, key: string): string {
  let n = hash53(key);
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = BASE36[n % 36] + out;
    n = Math.floor(n / 36);
  }
  return prefix + out;
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded generator; a string seed is hashed first (handy for `${seed}|what|which`). */
export function createRng(seed: number | string): Rng {
  const next = mulberry32(typeof seed === 'string' ? hash53(seed) % 4294967296 : seed);
  const rng: Rng = {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
      }
      return out;
    },
  };
  return rng;
}
