import type { Meta } from './store/db.ts';

const OFFSET_KEY = 'clock_offset_ms';

/**
 * Simulated time: real time plus an offset that only grows (`/_sandbox/clock/advance`).
 * The offset is persisted so a restart keeps the simulated "now".
 */
export class SimClock {
  readonly #meta: Meta;
  #offsetMs: number;
  readonly #listeners: ((now: number) => void)[] = [];

  constructor(meta: Meta) {
    this.#meta = meta;
    this.#offsetMs = Number(meta.get(OFFSET_KEY) ?? 0);
  }

  /** Simulated epoch milliseconds. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  advance(seconds: number): void {
    this.#offsetMs += Math.round(seconds * 1000);
    this.#meta.set(OFFSET_KEY, String(this.#offsetMs));
    const now = this.now();
    for (const listener of this.#listeners) listener(now);
  }

  resetOffset(): void {
    this.#offsetMs = 0;
    this.#meta.set(OFFSET_KEY, '0');
  }

  /** Called after every advance (e.g. to confirm pending bookings that became due). */
  onAdvance(listener: (now: number) => void): void {
    this.#listeners.push(listener);
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString();

/** `date` (YYYY-MM-DD) plus whole years; 29 February rolls to 1 March. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}
