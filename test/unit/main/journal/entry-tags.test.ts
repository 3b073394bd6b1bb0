import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../core/canonical-json.ts';
import { foreignEntries, heldKeysOf, tagEntriesWith, tagKeysOf, tagOpensWith, taggedEntryOf, TAGGED_COLUMNS, withTagText, type TaggedRow } from '../../../../main/journal/entry-tags.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';
import { appendByHand, openTempJournal } from './helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t?.cleanup());

const rowOf = (seq: number) => journalDatabase(t.journal).prepare(`SELECT ${TAGGED_COLUMNS} FROM entries WHERE seq = ?`).get(seq) as TaggedRow;
const payloadOf = (seq: number) => JSON.parse(rowOf(seq).payload) as Record<string, unknown>;
/** An entry no read model folds (a sign-in), so that entries appended by hand leave the figures alone. */
const pay = (movementId: string) => ({ agentId: 'agent-2', movementId });

describe('entry tags', () => {
  it('put the tag where canonical JSON puts it, whatever the payload’s keys', () => {
    const key = fc.oneof(fc.constantFrom('a', 'tag', 'tab', 'taga', 'tenderedMinor', 'until', 'zNumber', 'Z', '~', 'ت'), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 2 })), fc.base64String({ minLength: 4, maxLength: 24 }), (payload, tag) => {
        const { tag: _, ...rest } = payload as Record<string, unknown>;
        expect(withTagText(canonicalJson(rest), rest, tag)).toBe(canonicalJson({ ...rest, tag }));
      }),
      { numRuns: 500 },
    );
  });

  it('are an HMAC-SHA-256 (RFC 2104) of the place and the payload, with a key derived from the PIN key', () => {
    t = openTempJournal();
    const pinKey = randomBytes(32);
    tagEntriesWith(t.journal, () => ({ current: pinKey, previous: null }));
    const e = t.journal.transaction(() => t.journal.append('agent.signed_in', pay('m-1'), { shiftId: 'shift-1' }));
    const { tag, ...rest } = payloadOf(e.seq);
    // a key of its own per environment (this journal is TRAINING's); LIVE's is the earlier versions' key
    const tagKey = Buffer.from(hkdfSync('sha256', pinKey, Buffer.alloc(0), 'shubbak entry tag v1 TRAINING', 32));
    const input = `${e.seq}\n${rowOf(e.seq).prev_hash}\nagent.signed_in\n${e.at}\n${t.journal.counterId}\nshift-1\n${canonicalJson(rest)}`;
    expect(tag).toBe(createHmac('sha256', tagKey).update(input).digest().subarray(0, 16).toString('base64url'));
    expect(tagOpensWith(tagKeysOf(t.journal)!, taggedEntryOf(t.journal, rowOf(e.seq)))).toBe('current');
    // the same payload and tag elsewhere in the chain, another shift, another time: none opens
    for (const moved of [{ ...rowOf(e.seq), seq: e.seq + 1 }, { ...rowOf(e.seq), shift_id: 'shift-2' }, { ...rowOf(e.seq), at: '2026-07-01T09:00:00.001Z' }]) {
      expect(tagOpensWith(tagKeysOf(t.journal)!, taggedEntryOf(t.journal, moved))).toBeNull();
    }
    // a payload read back, tag and all, written again: tagged for its own place, once
    const again = t.journal.transaction(() => t.journal.append('agent.signed_in', payloadOf(e.seq) as never, { shiftId: 'shift-1' }));
    expect(rowOf(again.seq).payload.match(/"tag":/g)).toHaveLength(1);
    expect(tagOpensWith(tagKeysOf(t.journal)!, taggedEntryOf(t.journal, rowOf(again.seq)))).toBe('current');
    // the same PIN key in another environment opens none of them
    for (const environment of ['LIVE', 'SANDBOX']) expect(tagOpensWith(heldKeysOf({ current: pinKey, previous: null }, environment), taggedEntryOf(t.journal, rowOf(e.seq)))).toBeNull();
    expect(tagOpensWith(heldKeysOf({ current: pinKey, previous: null }, 'TRAINING'), taggedEntryOf(t.journal, rowOf(e.seq)))).toBe('current');
    // LIVE's key is the one the versions before tagged every entry with: its journals' tags still open
    const v1Key = Buffer.from(hkdfSync('sha256', pinKey, Buffer.alloc(0), 'shubbak entry tag v1', 32));
    const v1Tag = createHmac('sha256', v1Key).update(input).digest().subarray(0, 16).toString('base64url');
    const asLive = { ...taggedEntryOf(t.journal, rowOf(e.seq)), payload: { ...rest, tag: v1Tag } };
    expect(tagOpensWith(heldKeysOf({ current: pinKey, previous: null }, 'LIVE'), asLive)).toBe('current');
    // the previous key still opens what it tagged
    tagEntriesWith(t.journal, () => ({ current: randomBytes(32), previous: pinKey }));
    expect(tagOpensWith(tagKeysOf(t.journal)!, taggedEntryOf(t.journal, rowOf(e.seq)))).toBe('previous');
  });

  it('find what was written outside the app after a seq: untagged, garbled or copied tags; an earlier version’s entries are not', () => {
    t = openTempJournal();
    // an earlier version's entries: no tag, none before them
    t.journal.transaction(() => t.journal.append('agent.signed_in', pay('m-old'), { shiftId: 'shift-1' }));
    appendByHand(t.journal, 'agent.signed_in', pay('m-old-2'));
    const pinKey = randomBytes(32);
    tagEntriesWith(t.journal, () => ({ current: pinKey, previous: null }));
    expect(foreignEntries(t.journal, 0)).toEqual([]);
    const mine = t.journal.transaction(() => t.journal.append('agent.signed_in', pay('m-1'), { shiftId: 'shift-1' }));
    const untagged = appendByHand(t.journal, 'agent.signed_in', pay('m-2'));
    const copied = appendByHand(t.journal, 'agent.signed_in', payloadOf(mine.seq));
    const garbled = appendByHand(t.journal, 'agent.signed_in', { ...payloadOf(mine.seq), movementId: 'm-9', tag: 'A'.repeat(22) });
    const after = t.journal.transaction(() => t.journal.append('agent.signed_in', pay('m-3'), { shiftId: 'shift-1' }));
    expect(foreignEntries(t.journal, 0)).toEqual([
      { seq: untagged, type: 'agent.signed_in' },
      { seq: copied, type: 'agent.signed_in' },
      { seq: garbled, type: 'agent.signed_in' },
    ]);
    expect(foreignEntries(t.journal, garbled)).toEqual([]);
    expect(after.seq).toBe(garbled + 1);
    // with no key (no keychain) nothing is checked
    tagEntriesWith(t.journal, () => null);
    expect(foreignEntries(t.journal, 0)).toEqual([]);
  });
});
