import { seqListHas, type SeqList } from '../../core/seq-ranges.ts';
import type { Journal } from './journal.ts';
import { TAGGED_COLUMNS, tagKeysOf, tagOpensWith, taggedEntryOf, type HeldKeys, type TaggedRow } from './entry-tags.ts';

// Which of the agents' entries count (entry-tags.ts: every entry carries a keyed tag). Without
// this rule, an agent's earlier record appended again by hand (a dismissed agent enabled, a
// demoted supervisor made one again, each with the PIN hash they had then) or an
// `agent.pin_accepted` appended to lift a lock would count. An agent entry counts when:
//  - it comes before the last `agent.entries_keyed` mark a key held opens, and that mark does
//    not list it as refused (what counted when the key changed: entries of earlier versions, or
//    tagged with a key since replaced);
//  - or it comes after that mark and its tag opens with the current or the previous key;
//  - or there is no mark, and it does not come after the first agent entry whose tag a key held
//    opens (before it: an earlier version's entries, or those of a key since lost, whose PINs a
//    supervisor sets again), or its own tag opens.

/** The kind of entry that marks a key change (tagged like every entry). */
export const KEYED_MARK = 'agent.entries_keyed';

const opensWithAny = (keys: HeldKeys, r: TaggedRow, journal: Journal) => tagOpensWith(keys, taggedEntryOf(journal, r)) !== null;

/** The last mark of a key change a key held opens, and the key that opens it. */
function lastKeyedMark(journal: Journal, keys: HeldKeys): { seq: number; refused: SeqList; key: 'current' | 'previous' } | null {
  const rows = journal.stmt<[], TaggedRow>(`SELECT ${TAGGED_COLUMNS} FROM entries INDEXED BY entries_agents_keyed WHERE type = '${KEYED_MARK}' ORDER BY seq DESC`).all();
  for (const r of rows) {
    const e = taggedEntryOf(journal, r);
    const key = tagOpensWith(keys, e);
    if (key) return { seq: r.seq, refused: e.payload.refused as SeqList, key };
  }
  return null;
}

/** The agents' entries (of one agent, or all), in order, as the chain holds them. */
function agentRows(journal: Journal, agentTypes: readonly string[], agentId?: string): TaggedRow[] {
  const types = agentTypes.map((t) => `'${t}'`).join(', ');
  const sql = `SELECT ${TAGGED_COLUMNS} FROM entries INDEXED BY entries_of_agents WHERE type IN (${types})`;
  return agentId === undefined
    ? journal.stmt<[], TaggedRow>(`${sql} ORDER BY seq`).all()
    : journal.stmt<[string], TaggedRow>(`${sql} AND payload ->> '$.agentId' = ? ORDER BY seq`).all(agentId);
}

/**
 * The seq of the last agent saved with a tag a key held opens: an agent this counter made itself
 * (null: none). (Not a key change's mark nor a PIN resealed: the start writes those for an agent
 * appended by hand.)
 */
export function lastAgentSavedHere(journal: Journal, agentTypes: readonly string[]): number | null {
  const keys = tagKeysOf(journal);
  if (keys === null) return null;
  // all the agents' kinds asked: the partial index entries_of_agents serves only its own list
  const rows = agentRows(journal, agentTypes);
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.type === 'agent.saved' && opensWithAny(keys, r, journal)) return r.seq;
  }
  return null;
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

/** Which of the agents' entries count. Without keys (no keychain: no PIN is checked there either) every one does. */
export function agentEntryVerdicts(journal: Journal, agentTypes: readonly string[], agentId?: string): AgentEntryVerdicts {
  const keys = tagKeysOf(journal);
  if (!keys) return { counted: agentRows(journal, agentTypes, agentId).map((r) => r.seq), refused: [], markDue: false };
  const mark = lastKeyedMark(journal, keys);
  const verdicts: AgentEntryVerdicts = { counted: [], refused: [], markDue: mark?.key === 'previous' };
  if (mark) {
    const refusedBefore = seqListHas(mark.refused);
    for (const r of agentRows(journal, agentTypes, agentId)) {
      const counts = r.seq < mark.seq ? !refusedBefore(r.seq) : opensWithAny(keys, r, journal);
      (counts ? verdicts.counted : verdicts.refused).push(r.seq);
    }
    return verdicts;
  }
  // No mark: every agent's entries are read, to find the first whose tag a key held opens.
  const entries = agentRows(journal, agentTypes).map((r) => taggedEntryOf(journal, r));
  const opened = entries.map((e) => tagOpensWith(keys, e));
  const first = entries.find((_, i) => opened[i] !== null)?.seq ?? Number.MAX_SAFE_INTEGER;
  entries.forEach((e, i) => {
    // before it: an earlier version's entries, or a key's since lost; from it on, only what a key held opens
    const counts = e.seq <= first || opened[i] !== null;
    if (agentId === undefined || e.payload.agentId === agentId) (counts ? verdicts.counted : verdicts.refused).push(e.seq);
    if (counts && opened[i] !== 'current') verdicts.markDue = true;
  });
  return verdicts;
}
