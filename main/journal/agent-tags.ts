import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Journal } from './journal.ts';

// The agents' entries carry a keyed tag: an HMAC, with a key derived from the counter's PIN key
// (kept only in the OS keychain), of the entry and its place in the chain (seq and the hash before
// it). The chain itself has no key: anyone with the data folder can append an entry SQLite will
// chain. Without tags, an agent's earlier record appended again (a dismissed agent enabled, a
// demoted supervisor made one again, each with the PIN hash they had then) or an
// `agent.pin_accepted` appended to lift a lock would count. With them, an agent entry counts
// when:
//  - it comes before the last `agent.entries_keyed` entry a key held opens, and that entry does
//    not list it as refused (what counted when the key changed: entries of earlier versions, or
//    tagged with a key since replaced);
//  - or it comes after that mark and its tag opens with the current or the previous key;
//  - or there is no mark, and it does not come after the first entry whose tag a key held opens
//    (before it: an earlier version's entries, or those of a key since lost, whose PINs a
//    supervisor sets again), or its own tag opens.
// A copy of a tagged entry appended elsewhere in the chain does not open: the tag binds its place.

/** The kind of entry that marks a key change; it carries a tag as the agents' entries do. */
export const KEYED_MARK = 'agent.entries_keyed';

/** The keys tags are made and checked with: derived from the PIN keys held. */
export interface TagKeys {
  current: Buffer;
  previous: Buffer | null;
}

const derived = new WeakMap<Buffer, Buffer>();

/** The tag key of a PIN key: its own key, so that a tag tells nothing of the key that seals PIN hashes. */
export function tagKeyOf(pinKey: Buffer): Buffer {
  let key = derived.get(pinKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', pinKey, Buffer.alloc(0), 'shubbak agent entry tag v1', 32));
    derived.set(pinKey, key);
  }
  return key;
}

const keysOfJournal = new WeakMap<Journal, () => TagKeys | null>();

/** Gives the journal the PIN keys its tags are made and checked with (AgentDirectory, which holds them). */
export function tagAgentEntriesWith(journal: Journal, pinKeys: () => { current: Buffer; previous: Buffer | null } | null): void {
  keysOfJournal.set(journal, () => {
    const keys = pinKeys();
    return keys ? { current: tagKeyOf(keys.current), previous: keys.previous ? tagKeyOf(keys.previous) : null } : null;
  });
}

/** The tag keys of the journal (null: no keychain, or no directory gave any: every entry counts). */
export function tagKeysOf(journal: Journal): TagKeys | null {
  return keysOfJournal.get(journal)?.() ?? null;
}

/** What a tag is made of: the entry as the chain holds it, its own tag left out. */
export interface TaggedPlace {
  seq: number;
  prevHash: string;
  type: string;
  at: string;
  payload: object;
}

const TAG_BYTES = 16;

function mac(key: Buffer, place: TaggedPlace): Buffer {
  const { tag: _, ...payload } = place.payload as { tag?: unknown };
  const text = canonicalJson({ seq: place.seq, prevHash: place.prevHash, type: place.type, at: place.at, payload });
  return createHmac('sha256', key).update(text).digest().subarray(0, TAG_BYTES);
}

/** The payload with its tag (Journal.append, for the entries AgentDirectory writes). */
export function withTag<P extends object>(key: Buffer, place: TaggedPlace & { payload: P }): P & { tag: string } {
  return { ...place.payload, tag: mac(key, place).toString('base64url') };
}

function opens(key: Buffer | null, place: TaggedPlace): boolean {
  const tag = (place.payload as { tag?: unknown }).tag;
  if (key === null || typeof tag !== 'string') return false;
  const given = Buffer.from(tag, 'base64url');
  return given.length === TAG_BYTES && timingSafeEqual(given, mac(key, place));
}

const opensWithAny = (keys: TagKeys, place: TaggedPlace) => opens(keys.current, place) || opens(keys.previous, place);

interface Row {
  seq: number;
  prev_hash: string;
  type: string;
  at: string;
  payload: string;
}
const placeOf = (r: Row): TaggedPlace => ({ seq: r.seq, prevHash: r.prev_hash, type: r.type, at: r.at, payload: JSON.parse(r.payload) as object });

/** The last mark of a key change a key held opens, and the key that opens it. */
export function lastKeyedMark(journal: Journal, keys: TagKeys): { seq: number; refused: number[]; key: 'current' | 'previous' } | null {
  const rows = journal.stmt<[], Row>(`SELECT seq, prev_hash, type, at, payload FROM entries INDEXED BY entries_agents_keyed WHERE type = '${KEYED_MARK}' ORDER BY seq DESC`).iterate();
  for (const r of rows) {
    const place = placeOf(r);
    const key = opens(keys.current, place) ? 'current' : opens(keys.previous, place) ? 'previous' : null;
    if (key) return { seq: r.seq, refused: (place.payload as { refused: number[] }).refused, key };
  }
  return null;
}

/** The agents' entries (of one agent, or all) after `afterSeq`, in order, as the chain holds them. */
function agentRows(journal: Journal, agentTypes: readonly string[], afterSeq: number, agentId?: string): Row[] {
  const types = agentTypes.map((t) => `'${t}'`).join(', ');
  const sql = `SELECT seq, prev_hash, type, at, payload FROM entries INDEXED BY entries_of_agents WHERE type IN (${types}) AND seq > ?`;
  return agentId === undefined
    ? journal.stmt<[number], Row>(`${sql} ORDER BY seq`).all(afterSeq)
    : journal.stmt<[number, string], Row>(`${sql} AND payload ->> '$.agentId' = ? ORDER BY seq`).all(afterSeq, agentId);
}

/** The agents' entries that count, and those that do not (appended outside the app), by the rules above. */
export interface AgentEntryVerdicts {
  /** The seqs of the entries that count (of the agent asked for, or of all), in order. */
  counted: number[];
  refused: number[];
  /**
   * A new mark is due under the current key: the last one opens only with the previous key, or
   * there is none and an entry that counts does not open with the current key (an earlier
   * version's, or one tagged with a key since replaced or lost).
   */
  markDue: boolean;
}

/**
 * Which of the agents' entries count. `keys` null (no keychain: no PIN can be checked there either):
 * every entry counts.
 */
export function agentEntryVerdicts(journal: Journal, agentTypes: readonly string[], keys: TagKeys | null, agentId?: string): AgentEntryVerdicts {
  if (!keys) return { counted: agentRows(journal, agentTypes, 0, agentId).map((r) => r.seq), refused: [], markDue: false };
  const mark = lastKeyedMark(journal, keys);
  const verdicts: AgentEntryVerdicts = { counted: [], refused: [], markDue: mark?.key === 'previous' };
  if (mark) {
    const refusedBefore = new Set(mark.refused);
    for (const r of agentRows(journal, agentTypes, 0, agentId)) {
      const counts = r.seq < mark.seq ? !refusedBefore.has(r.seq) : opensWithAny(keys, placeOf(r));
      (counts ? verdicts.counted : verdicts.refused).push(r.seq);
    }
    return verdicts;
  }
  // No mark: every agent's entries are read, to find the first whose tag a key held opens.
  const places = agentRows(journal, agentTypes, 0).map(placeOf);
  const first = places.find((p) => opensWithAny(keys, p))?.seq ?? Number.MAX_SAFE_INTEGER;
  for (const place of places) {
    // before it: an earlier version's entries, or a key's since lost; from it on, only what a key held opens
    const counts = place.seq <= first || opensWithAny(keys, place);
    if (agentId === undefined || (place.payload as { agentId?: unknown }).agentId === agentId) (counts ? verdicts.counted : verdicts.refused).push(place.seq);
    if (counts && !opens(keys.current, place)) verdicts.markDue = true;
  }
  return verdicts;
}
