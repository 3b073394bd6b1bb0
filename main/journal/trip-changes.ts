// The trip changes read model as the worklist reads it: the sales to watch and the changes to
// call travellers about. Named reads, so the SQL stays inside main/journal/.
import type { TripChange } from '../../contract/worklist.ts';
import type { Journal } from './journal.ts';

export interface Watched {
  sale_id: string;
  booking_ref: string;
  booking: string | null;
  departure_at: string | null;
  known_version: string | null;
  known_departure: string | null;
}

export interface ChangeRow {
  sale_id: string;
  version: string;
  booking_ref: string;
  kind: TripChange['kind'];
  old_departure: string | null;
  new_departure: string | null;
  valid_for_travel: number;
  notice: string | null;
  seen_at: string;
  called_by: string | null;
  called_at: string | null;
  request_body: string;
  summary: string;
}

const WATCHED = "s.status = 'confirmed' AND s.booking_ref IS NOT NULL";

/** The ids of the confirmed sales with a reference whose departure is on or after `fromDate` (or unknown): through the sales_watched index. */
export function watchedSaleIds(j: Journal, fromDate: string): string[] {
  return j
    .stmt<[string], string>(`SELECT s.sale_id FROM sales s WHERE ${WATCHED} AND s.departure_at >= ? UNION ALL SELECT s.sale_id FROM sales s WHERE ${WATCHED} AND s.departure_at IS NULL`)
    .pluck()
    .all(fromDate);
}

/** A watched sale with the last change known of it (undefined: no longer one). */
export function watchedSale(j: Journal, saleId: string): Watched | undefined {
  return j
    .stmt<[string], Watched>(
      `SELECT s.sale_id, s.booking_ref, s.booking, s.departure_at,
              (SELECT version FROM trip_changes t WHERE t.sale_id = s.sale_id ORDER BY seq DESC LIMIT 1) AS known_version,
              (SELECT new_departure FROM trip_changes t WHERE t.sale_id = s.sale_id ORDER BY seq DESC LIMIT 1) AS known_departure
       FROM sales s WHERE s.sale_id = ? AND ${WATCHED}`,
    )
    .get(saleId);
}

/** The changes with their sale, travellers still to call first, newest first, at most `limit`. */
export function tripChangeRows(j: Journal, limit: number): ChangeRow[] {
  return j
    .stmt(
      `SELECT t.*, s.request_body, s.summary FROM trip_changes t JOIN sales s ON s.sale_id = t.sale_id
       ORDER BY t.called_at IS NOT NULL, t.seq DESC LIMIT ?`,
    )
    .all(limit) as ChangeRow[];
}

/** One change: undefined when there is none, else when the traveller was called (null: not yet). */
export function tripChangeCalledAt(j: Journal, saleId: string, version: string): string | null | undefined {
  const row = j.stmt('SELECT called_at FROM trip_changes WHERE sale_id = ? AND version = ?').get(saleId, version) as { called_at: string | null } | undefined;
  return row?.called_at;
}

/** The last change recorded of a sale's trip (null: none). */
export function lastTripChange(j: Journal, saleId: string): { kind: TripChange['kind']; validForTravel: boolean; notice: string | null } | null {
  const row = j
    .stmt<[string], Pick<ChangeRow, 'kind' | 'valid_for_travel' | 'notice'>>('SELECT kind, valid_for_travel, notice FROM trip_changes WHERE sale_id = ? ORDER BY seq DESC LIMIT 1')
    .get(saleId);
  return row ? { kind: row.kind, validForTravel: row.valid_for_travel === 1, notice: row.notice } : null;
}
