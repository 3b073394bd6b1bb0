// The claims of the whole station (issue 23): on a linked counter the Claims view folds, beside its
// own, the claimable refunds and the hand matches every other counter of the station (of the same
// journal) shipped, so that one ADJUSTMENT settles one booking's claim once however many windows
// paid its tickets back, and a line matched by hand at one window is not matched again at another.
// Each row is taken only where its counter's signature covers it (a row a counter's database login
// wrote beside its entries is left out and named); each counter's rows are read once, after the
// last one read. A row its own counter found written outside the app (its journal.foreign_entries,
// main/station/found-outside.ts) opens no claim: the claims are folded again when a finding arrives.
import type { ClaimMatched, RefundPaid } from '../journal/entries.ts';
import { storedPayload } from '../journal/schemas.ts';
import { firstUnsigned } from '../station/verify.ts';
import { namedByCounter, type FindingRow } from '../station/found-outside.ts';
import type { ClaimPart } from './fold.ts';
import type { StationDatabase } from './station-gate.ts';

export interface StationClaimRows {
  parts: ClaimPart[];
  matches: ClaimMatched[];
  /** The first row of another counter left out (no signature of its counter covers it, or unreadable). */
  leftOut: { counterId: string; seq: number; why: string } | null;
  /** The findings of entries written outside the app the other counters shipped so far: when they change, the claims are folded again. */
  findings: string;
}

export class StationClaimsReader {
  readonly #station: StationDatabase;
  /** Per counter, the last row taken (a row left out is read again, and the rows after it wait). */
  readonly #marks = new Map<string, number>();

  constructor(station: StationDatabase) {
    this.#station = station;
  }

  /** The rows shipped since the last read; a counter whose row is left out is read again from it next time. */
  async read(): Promise<StationClaimRows> {
    const { pool, stationId, environment, counterId } = this.#station;
    const counters = [...this.#marks.keys()];
    const { rows } = await pool.query<{ counter_id: string; seq: string; at: string; type: string; payload: string }>(
      `SELECT e.counter_id, e.seq, e.at, e.type, e.payload FROM entries e
       JOIN counters c ON c.id = e.counter_id AND c.station_id = $1 AND c.environment = $2 AND c.id <> $3
       WHERE e.type IN ('refund.paid', 'claim.matched')
         AND e.seq > coalesce((SELECT m.seq FROM unnest($4::text[], $5::bigint[]) AS m(counter_id, seq) WHERE m.counter_id = e.counter_id), 0)
       ORDER BY e.counter_id, e.seq`,
      [stationId, environment, counterId, counters, counters.map((c) => this.#marks.get(c)!)],
    );
    const { rows: findings } = await pool.query<FindingRow>(
      `SELECT e.counter_id, e.seq, e.payload FROM entries e
       JOIN counters c ON c.id = e.counter_id AND c.station_id = $1 AND c.environment = $2 AND c.id <> $3
       WHERE e.type = 'journal.foreign_entries' ORDER BY e.counter_id, e.seq`,
      [stationId, environment, counterId],
    );
    const found = namedByCounter(findings);
    // every finding by its place: a new one changes it
    const out: StationClaimRows = { parts: [], matches: [], leftOut: null, findings: findings.map((f) => `${f.counter_id}:${f.seq}`).join(',') };
    const stopped = new Set<string>();
    for (const r of rows) {
      if (stopped.has(r.counter_id)) continue;
      const seq = Number(r.seq);
      if (found.get(r.counter_id)?.(seq)) {
        // written by hand at its counter, which found it: nothing is claimed on it, now or later
        this.#marks.set(r.counter_id, seq);
        continue;
      }
      const checked = await this.#checked(r.counter_id, seq, r.type, r.payload);
      if (!checked.ok) {
        // Not taken, and the counter's later rows wait: its signature may cover them by the next read.
        out.leftOut ??= { counterId: r.counter_id, seq, why: checked.why };
        stopped.add(r.counter_id);
        continue;
      }
      if (r.type === 'claim.matched') out.matches.push(checked.payload as ClaimMatched);
      else {
        const refund = checked.payload as RefundPaid;
        if (refund.claimable) out.parts.push({ bookingReference: refund.bookingReference, claimNetMinor: refund.claimNetMinor, at: r.at });
      }
      this.#marks.set(r.counter_id, seq);
    }
    return out;
  }

  /** The row's payload when it is valid and its counter's signature covers it; else why not. */
  async #checked(counter: string, seq: number, type: string, text: string): Promise<{ ok: true; payload: unknown } | { ok: false; why: string }> {
    const stored = storedPayload(type, text);
    if (!stored.ok) return stored;
    if ((await firstUnsigned(this.#station.pool, counter, seq, seq)) !== null) return { ok: false, why: 'no signature of its counter covers it' };
    return stored;
  }
}
