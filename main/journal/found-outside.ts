// Which entries a counter's findings (`journal.foreign_entries`) name as written outside the app:
// one rule for the counter's own journal (head-anchor.ts) and for the station's copy of it
// (main/station/found-outside.ts). Pure.
import { seqListHas, type SeqList } from '../../core/seq-ranges.ts';
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
  const named = standingFindings(findings).map((f) => seqListHas(seqsOf(f)));
  return (seq) => named.some((names) => names(seq));
}

/** The findings that count: those no other finding names. */
export function standingFindings<F extends Finding>(findings: readonly F[]): F[] {
  const names = findings.map((f) => seqListHas(seqsOf(f)));
  return findings.filter((f) => !names.some((n) => n(f.seq)));
}

/** Every seq a finding names, as runs; a finding written before they were kept names its first hundred. */
export function seqsOf(f: Finding): SeqList {
  return f.payload.seqs ?? f.payload.entries.map((e) => e.seq);
}
