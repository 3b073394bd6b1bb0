// Which entries a counter's findings (`journal.foreign_entries`) name as written outside the app:
// one rule for the counter's own journal (head-anchor.ts) and for the station's copy of it
// (main/station/found-outside.ts). Pure.
import { seqListHas } from '../../core/seq-ranges.ts';
import type { JournalForeignEntries } from './entries.ts';

export interface Finding {
  seq: number;
  payload: Pick<JournalForeignEntries, 'entries' | 'seqs'>;
}

/**
 * Every seq the findings name. A finding another finding names (one appended by hand, naming the
 * counter's own entries) names nothing.
 */
export function namedByFindings(findings: readonly Finding[]): (seq: number) => boolean {
  const named = findings.map((f) => ({
    seq: f.seq,
    // every seq found (as runs); a finding written before they were kept names its first hundred
    names: seqListHas(f.payload.seqs ?? f.payload.entries.map((e) => e.seq)),
  }));
  const standing = named.filter((f) => !named.some((other) => other.names(f.seq)));
  return (seq) => standing.some((f) => f.names(seq));
}
