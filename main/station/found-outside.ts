// The counters' findings of entries written outside the app (`journal.foreign_entries`, shipped as
// every entry is), read from the station's copy by the rule the counter reads its own with
// (main/journal/found-outside.ts): the station report names what they name, and no window pays
// a sale back on entries its own counter found written by hand.
import type pg from 'pg';
import { namedByFindings, seqsOf, standingFindings, type Finding } from '../journal/found-outside.ts';
import type { SeqList } from '../../core/seq-ranges.ts';
import type { JournalForeignEntries } from '../journal/entries.ts';
import { storedPayload } from '../journal/schemas.ts';

/** A finding as the station holds it. */
export interface FindingRow {
  counter_id: string;
  seq: string;
  payload: string;
}

/** For each of these counters with a finding at the station: which of its seqs the findings name. */
export async function foundOutsideAtStation(pool: pg.Pool, counterIds: readonly string[]): Promise<Map<string, (seq: number) => boolean>> {
  return namedByCounter(await findingRows(pool, counterIds));
}

/** For each of these counters with a finding at the station that counts: the seqs it names, as runs. */
export async function foundOutsideListed(pool: pg.Pool, counterIds: readonly string[]): Promise<Map<string, SeqList[]>> {
  const byCounter = findingsByCounter(await findingRows(pool, counterIds));
  return new Map([...byCounter].map(([counterId, list]) => [counterId, standingFindings(list).map(seqsOf)]));
}

async function findingRows(pool: pg.Pool, counterIds: readonly string[]): Promise<FindingRow[]> {
  if (counterIds.length === 0) return [];
  const { rows } = await pool.query<FindingRow>(
    "SELECT counter_id, seq, payload FROM entries WHERE type = 'journal.foreign_entries' AND counter_id = ANY($1::text[]) ORDER BY counter_id, seq",
    [counterIds],
  );
  return rows;
}

/** For each counter of the findings read (in seq order): which of its seqs they name. */
export function namedByCounter(rows: readonly FindingRow[]): Map<string, (seq: number) => boolean> {
  return new Map([...findingsByCounter(rows)].map(([counterId, list]) => [counterId, namedByFindings(list)]));
}

function findingsByCounter(rows: readonly FindingRow[]): Map<string, Finding[]> {
  const findings = new Map<string, Finding[]>();
  for (const r of rows) {
    // a finding of fields no counter writes names nothing (a row changed at the station is named by the walk of its chain)
    const stored = storedPayload('journal.foreign_entries', r.payload);
    if (!stored.ok) continue;
    const list = findings.get(r.counter_id) ?? [];
    list.push({ seq: Number(r.seq), payload: stored.payload as JournalForeignEntries });
    findings.set(r.counter_id, list);
  }
  return findings;
}
