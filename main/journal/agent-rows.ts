import { canonicalJson } from '../../core/canonical-json.ts';
import type { Entry, Journal } from './journal.ts';
import { agentEntryVerdicts, KEYED_MARK } from './agent-tags.ts';
import { tagKeysOf } from './entry-tags.ts';
import { seqRanges } from '../../core/seq-ranges.ts';

// The `agents` read model: each agent's row, folded from that agent's own entries. The table is
// a file anyone with the data folder can edit (a role, a lock, a count of wrong PINs), so it is
// folded again from the entries at every start and before every PIN check (refoldAgents): what
// signs an agent in is what the entries say: those that count (agent-tags.ts: an entry appended
// by hand has no tag the counter's key opens).

/** The kinds of entry that make an agent's row: the index entries_of_agents (journal migration 0018) holds these. */
export const AGENT_ROW_TYPES = ['agent.saved', 'agent.locked', 'agent.pin_failed', 'agent.pin_accepted', 'agent.unlocked', 'agent.pin_resealed'] as const;
type AgentRowType = (typeof AGENT_ROW_TYPES)[number];
const TYPES_SQL = AGENT_ROW_TYPES.map((t) => `'${t}'`).join(', ');

/** The agent every journal has from migration 0002 on (no entry made it). */
export const LEGACY_AGENT_ID = 'agent-1';

/** Each kind's change to its agent's row (an agent.saved's place in the station's stream is read-models.ts's). */
export const agentRowApply: { [K in AgentRowType]: (j: Journal, e: Entry<K>) => void } = {
  'agent.saved': (j, e) => {
    const p = e.payload;
    j.stmt(
      `INSERT INTO agents (id, name, created_at, role, pin_hash, active, changed_seq) VALUES (@id, @name, @at, @role, @pinHash, @active, @seq)
       ON CONFLICT (id) DO UPDATE SET name = @name, role = @role, pin_hash = coalesce(@pinHash, pin_hash), active = @active, changed_seq = @seq`,
    ).run({ id: p.agentId, name: p.name, at: e.at, role: p.role, pinHash: p.pinHash, active: p.active ? 1 : 0, seq: e.seq });
  },
  'agent.locked': (j, e) => {
    j.stmt('UPDATE agents SET locked_until = ?, wrong_pins = 0, locks = locks + 1 WHERE id = ?').run(e.payload.until, e.payload.agentId);
  },
  'agent.pin_failed': (j, e) => {
    j.stmt('UPDATE agents SET wrong_pins = wrong_pins + 1 WHERE id = ?').run(e.payload.agentId);
  },
  'agent.pin_accepted': (j, e) => {
    j.stmt('UPDATE agents SET wrong_pins = 0, locks = 0, locked_until = NULL WHERE id = ?').run(e.payload.agentId);
  },
  'agent.unlocked': (j, e) => {
    j.stmt('UPDATE agents SET wrong_pins = 0, locked_until = NULL WHERE id = ?').run(e.payload.agentId);
  },
  'agent.pin_resealed': (j, e) => {
    j.stmt('UPDATE agents SET pin_hash = ? WHERE id = ?').run(e.payload.pinHash, e.payload.agentId);
  },
};

/** Empties the agents table (of one agent, or all) back to what migrations made: the legacy agent as it was made. */
export function clearAgentRows(journal: Journal, agentId?: string): void {
  if (agentId === undefined) journal.stmt(`DELETE FROM agents WHERE id <> '${LEGACY_AGENT_ID}'`).run();
  else if (agentId !== LEGACY_AGENT_ID) journal.stmt('DELETE FROM agents WHERE id = ?').run(agentId);
  if (agentId === undefined || agentId === LEGACY_AGENT_ID) {
    journal.stmt(
      `UPDATE agents SET name = 'Agent 1', role = 'supervisor', pin_hash = NULL, active = 1, locked_until = NULL, changed_seq = NULL, wrong_pins = 0, locks = 0 WHERE id = '${LEGACY_AGENT_ID}'`,
    ).run();
  }
}

const rowsOf = (journal: Journal, agentId?: string) =>
  (agentId === undefined ? journal.stmt('SELECT * FROM agents ORDER BY id').all() : journal.stmt('SELECT * FROM agents WHERE id = ?').all(agentId)) as { id: string }[];

/**
 * Folds the agents' rows (of one agent, or all) again from their entries that count (agent-tags.ts:
 * with no keys, as without a keychain, all of them), in one transaction. Says which agents' rows
 * differed from their entries (changed behind the counter's back), and which entries were not
 * folded (appended outside the app). A journal kept read-only (retired, or holding an entry it
 * cannot read) is left as it is.
 */
export function refoldAgents(journal: Journal, agentId?: string): { changed: string[]; refused: number[] } {
  if (journal.readOnlyFailure) return { changed: [], refused: [] };
  const { counted, refused } = agentEntryVerdicts(journal, AGENT_ROW_TYPES, agentId);
  try {
    const changed = journal.transaction(() => {
      const before = new Map(rowsOf(journal, agentId).map((r) => [r.id, canonicalJson(r)]));
      journal.stmt('PRAGMA defer_foreign_keys = ON').run(); // shifts name their agent: the row is back before the commit
      clearAgentRows(journal, agentId);
      for (const seq of counted) {
        const e = journal.entry<AgentRowType>(seq);
        (agentRowApply[e.type] as (j: Journal, e: Entry) => void)(journal, e);
      }
      const after = rowsOf(journal, agentId);
      const differ = after.filter((r) => before.get(r.id) !== canonicalJson(r)).map((r) => r.id);
      const gone = [...before.keys()].filter((id) => !after.some((r) => r.id === id));
      // the rows were right (the usual case): rolled back, so a sign-in costs no durable commit
      if (differ.length === 0 && gone.length === 0) throw UNCHANGED;
      return [...differ, ...gone];
    });
    return { changed, refused };
  } catch (err) {
    if (err === UNCHANGED) return { changed: [], refused };
    throw err;
  }
}

/**
 * Keys the agents' entries from here on with the current key, when they are not yet (this
 * version's first start, a station's key adopted, a key lost): the mark lists the entries before
 * it that do not count, so that what counts stays as it was.
 */
export function keyAgentEntries(journal: Journal): boolean {
  if (journal.readOnlyFailure || !tagKeysOf(journal)) return false;
  return journal.transaction(() => {
    const { refused, markDue } = agentEntryVerdicts(journal, AGENT_ROW_TYPES);
    if (markDue) journal.append(KEYED_MARK, { refused: seqRanges(refused) });
    return markDue;
  });
}

const UNCHANGED = Symbol('the agents rows were as their entries say');

/**
 * Whether any agent entry carried a PIN hash: from then on every action needs a signed-in agent
 * and an opened shift. Read from the entries, not from the table a file edit could empty (a hash
 * is never taken away by an entry).
 */
export function agentsInUse(journal: Journal): boolean {
  return journal.stmt(`SELECT 1 FROM entries INDEXED BY entries_of_agents WHERE type IN (${TYPES_SQL}) AND payload ->> '$.pinHash' IS NOT NULL LIMIT 1`).get() !== undefined;
}

/** Every PIN hash an agent entry carried, with its agent: what a key is tried on to know whether it is the one they were sealed with. */
export function pinHashesOfEntries(journal: Journal): { agentId: string; pinHash: string }[] {
  return journal
    .stmt(`SELECT payload ->> '$.agentId' AS agentId, payload ->> '$.pinHash' AS pinHash FROM entries INDEXED BY entries_of_agents WHERE type IN (${TYPES_SQL}) AND payload ->> '$.pinHash' IS NOT NULL`)
    .all() as { agentId: string; pinHash: string }[];
}
