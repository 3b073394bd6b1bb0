// The settings-like tables of the journal database read and written by name: the markup rules
// read model, the place in the station's settings stream, and the reference cache (the API's
// cities, operators and routes: a cache beside the journal, not a fold of its entries).
import type { MarkupRule } from '../../contract/counter.ts';
import type { Journal } from './journal.ts';
import { forgetMetaValue, metaValue, setMetaValue } from './queries/meta.ts';

/** Whether the journal holds any entry of this type. */
export function hasEntryOf(j: Journal, type: string): boolean {
  return j.stmt('SELECT 1 FROM entries WHERE type = ? LIMIT 1').get(type) !== undefined;
}

interface MarkupRuleRow {
  id: string;
  operator_id: string | null;
  origin_id: string | null;
  destination_id: string | null;
  fare_class: string | null;
  percent: number;
  fixed_minor: number;
  changed_by: string;
  changed_at: string;
}

const markupRuleOf = (r: MarkupRuleRow): MarkupRule => ({
  id: r.id,
  operatorId: r.operator_id,
  originId: r.origin_id,
  destinationId: r.destination_id,
  fareClass: r.fare_class,
  percent: r.percent,
  fixedMinor: r.fixed_minor,
  changedBy: r.changed_by,
  changedAt: r.changed_at,
});

/** The markup rules in force (read model markup_rules), oldest change first. */
export function markupRules(j: Journal): MarkupRule[] {
  return j.stmt<[], MarkupRuleRow>('SELECT * FROM markup_rules ORDER BY changed_seq').all().map(markupRuleOf);
}

/** The last row of a station's settings stream this journal applied (0: none). */
export function appliedStationSeq(j: Journal, stationId: string): number {
  const row = j.stmt('SELECT seq FROM station_settings_applied WHERE station_id = ?').get(stationId) as { seq: number } | undefined;
  return row?.seq ?? 0;
}

const STATION_LEFT = 'station_left_at_seq';

/** A supervisor took the counter off its station: nothing after this journal's last entry now went there. */
export function noteStationLeft(j: Journal): void {
  j.transaction(() => setMetaValue(j, STATION_LEFT, String(j.lastSeq())));
}

/** The last entry written before a supervisor took the counter off its station (null: never, or linked since). */
export function stationLeftAtSeq(j: Journal): number | null {
  const value = Number(metaValue(j, STATION_LEFT) ?? NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** Linked (again): the note of a supervisor's disconnect no longer says anything. */
export function forgetStationLeft(j: Journal): void {
  j.transaction(() => forgetMetaValue(j, STATION_LEFT));
}

/** The station databases whose settings this journal applied: it was linked to them (every linked counter applies its station's name). */
export function stationsApplied(j: Journal): string[] {
  return (j.stmt('SELECT station_id FROM station_settings_applied ORDER BY station_id').all() as { station_id: string }[]).map((r) => r.station_id);
}

export function referenceCacheRows(j: Journal): { kind: string; json: string; refreshed_at: string }[] {
  return j.stmt('SELECT kind, json, refreshed_at FROM reference_cache').all() as { kind: string; json: string; refreshed_at: string }[];
}

export function putReferenceCache(j: Journal, kind: string, json: string, at: string): void {
  j.stmt(
    'INSERT INTO reference_cache (kind, json, refreshed_at) VALUES (?, ?, ?) ON CONFLICT (kind) DO UPDATE SET json = excluded.json, refreshed_at = excluded.refreshed_at',
  ).run(kind, json, at);
}
