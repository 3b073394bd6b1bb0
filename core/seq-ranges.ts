// A set of journal seqs written short: each run of consecutive seqs as [first, last], a seq alone
// as itself. What a key change's mark lists (journal/agent-tags.ts): thousands of entries
// appended by hand in one go are one pair, not thousands of numbers.

export type SeqList = (number | readonly [number, number])[];

/** The seqs (ascending) as runs. */
export function seqRanges(seqs: readonly number[]): SeqList {
  const out: SeqList = [];
  for (let i = 0; i < seqs.length; ) {
    let j = i;
    while (j + 1 < seqs.length && seqs[j + 1] === seqs[j]! + 1) j++;
    out.push(j === i ? seqs[i]! : [seqs[i]!, seqs[j]!]);
    i = j + 1;
  }
  return out;
}

/** Whether a list (runs, single seqs, or both, as any mark ever wrote it) holds a seq. */
export function seqListHas(list: SeqList): (seq: number) => boolean {
  const single = new Set<number>();
  const runs: (readonly [number, number])[] = [];
  for (const item of list) {
    if (typeof item === 'number') single.add(item);
    else runs.push(item);
  }
  return (seq) => single.has(seq) || runs.some(([first, last]) => seq >= first && seq <= last);
}

/** The list as a reader reads it: "120–122, 130". */
export function seqListText(list: SeqList): string {
  return list.map((r) => (typeof r === 'number' ? String(r) : `${r[0]}–${r[1]}`)).join(', ');
}
