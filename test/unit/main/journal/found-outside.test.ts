// What the Z-report names as written outside the app: the entries the counter's findings
// (journal.foreign_entries) name. A finding appended by hand, naming the counter's own entries
// to cast doubt on them, is itself named by the counter's next finding, and then names nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { foundOutside } from '../../../../main/journal/head-anchor.ts';
import { appendByHand, openTempJournal } from './helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const finding = (seqs: number[]) => ({ count: seqs.length, entries: seqs.map((seq) => ({ seq, type: 'override.approved' })) });
/** The seqs of the journal so far that the findings name. */
const named = (j: typeof t.journal) => {
  const found = foundOutside(j);
  return Array.from({ length: j.lastSeq() }, (_, i) => i + 1).filter(found);
};
const override = (action: string) => ({ action, calls: ['moveCash'], agent: { agentId: 'a', agentName: 'Mona' }, supervisor: { agentId: 's', agentName: 'Samir' } });

describe('the entries found written outside the app', () => {
  it('none without a finding', () => {
    t = openTempJournal();
    t.journal.transaction(() => t.journal.append('override.approved', override('own')));
    expect(named(t.journal)).toEqual([]);
  });

  it('those the findings name; not those a finding that was itself found names', () => {
    t = openTempJournal();
    const j = t.journal;
    const own = j.transaction(() => j.append('override.approved', override('own'))).seq;
    const forged = appendByHand(j, 'override.approved', override('forged'));
    j.transaction(() => j.append('journal.foreign_entries', finding([forged])));
    expect(named(j)).toEqual([forged]);
    // a finding of the attacker's making, naming the counter's own entry
    const fake = appendByHand(j, 'journal.foreign_entries', finding([own]));
    expect(named(j)).toEqual([own, forged]);
    // until the counter's next look finds it
    j.transaction(() => j.append('journal.foreign_entries', finding([fake])));
    expect(named(j)).toEqual([forged, fake]);
  });

  it('every one a finding found, as runs, past the first hundred it lists with their kinds; one written before runs were kept names its list', () => {
    t = openTempJournal();
    const j = t.journal;
    j.transaction(() => j.append('override.approved', override('own')));
    const hidden = Array.from({ length: 150 }, (_, i) => appendByHand(j, 'override.approved', override(`forged ${i}`)));
    j.transaction(() => j.append('journal.foreign_entries', { ...finding(hidden.slice(0, 100)), count: 150, seqs: [[hidden[0]!, hidden.at(-1)!]] }));
    expect(named(j)).toEqual(hidden);
    const older = appendByHand(j, 'override.approved', override('forged again'));
    j.transaction(() => j.append('journal.foreign_entries', finding([older])));
    expect(named(j)).toEqual([...hidden, older]);
  });
});
