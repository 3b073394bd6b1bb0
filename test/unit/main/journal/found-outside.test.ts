// What the Z-report names as written outside the app: the entries the counter's findings
// (journal.foreign_entries) name. A finding appended by hand, naming the counter's own entries
// to cast doubt on them, is itself named by the counter's next finding, and then names nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { foundOutside } from '../../../../main/journal/head-anchor.ts';
import { appendByHand, openTempJournal } from './helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const finding = (seqs: number[]) => ({ count: seqs.length, entries: seqs.map((seq) => ({ seq, type: 'override.approved' })) });
const override = (action: string) => ({ action, calls: ['moveCash'], agent: { agentId: 'a', agentName: 'Mona' }, supervisor: { agentId: 's', agentName: 'Samir' } });

describe('the entries found written outside the app', () => {
  it('none without a finding', () => {
    t = openTempJournal();
    expect(foundOutside(t.journal)).toEqual(new Set());
  });

  it('those the findings name; not those a finding that was itself found names', () => {
    t = openTempJournal();
    const j = t.journal;
    const own = j.transaction(() => j.append('override.approved', override('own'))).seq;
    const forged = appendByHand(j, 'override.approved', override('forged'));
    j.transaction(() => j.append('journal.foreign_entries', finding([forged])));
    expect(foundOutside(j)).toEqual(new Set([forged]));
    // a finding of the attacker's making, naming the counter's own entry
    const fake = appendByHand(j, 'journal.foreign_entries', finding([own]));
    expect(foundOutside(j)).toEqual(new Set([forged, own]));
    // until the counter's next look finds it
    j.transaction(() => j.append('journal.foreign_entries', finding([fake])));
    expect(foundOutside(j)).toEqual(new Set([forged, fake]));
  });
});
