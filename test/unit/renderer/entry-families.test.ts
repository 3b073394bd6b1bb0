import { describe, expect, it } from 'vitest';
import { entryFamilies } from '../../../renderer/src/backup/entry-families.ts';
import { ENTRY_TYPES } from '../../../main/journal/read-models.ts';

describe('the families of entries found written outside the app', () => {
  it.each([
    [['cash.moved', 'cash.moved'], ['cash']],
    [['sale.outcome', 'cash.received', 'sale.intent'], ['sales', 'cash']],
    [['refund.paid', 'claim.matched'], ['refunds']],
    [['agent.pin_accepted', 'override.approved', 'agent.entries_keyed'], ['agents']],
    [['markup.changed', 'station.renamed', 'print.recorded'], ['settings', 'prints']],
    [['journal.rewound', 'something.new'], ['journal']],
  ])('%j → %j', (types, families) => {
    expect(entryFamilies(types)).toEqual(families);
  });

  it('name every kind the journal knows by a family of its own, not the journal’s (but the journal’s notes)', () => {
    for (const type of ENTRY_TYPES) expect([type, entryFamilies([type])[0] === 'journal']).toEqual([type, type.startsWith('journal.')]);
  });
});
