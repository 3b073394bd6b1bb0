// The `agents` read model as the agent directory reads it: one row mapper (storedAgentOf) from the
// row as stored to a typed agent, PIN hash and lock state included (they never leave main).
import type { AgentRole } from '../entries.ts';
import type { Journal } from '../journal.ts';

/** An agent as the journal holds it. */
export interface StoredAgent {
  id: string;
  name: string;
  role: AgentRole;
  /** The sealed PIN hash (null: the legacy default agent, who signs in with none). */
  pinHash: string | null;
  active: boolean;
  lockedUntil: string | null;
  /** Wrong PINs in a row since the last right one or unlock. */
  wrongPins: number;
  /** Locks in a row: each lasts longer than the last. */
  locks: number;
}

interface AgentRow {
  id: string;
  name: string;
  role: AgentRole;
  pin_hash: string | null;
  active: number;
  locked_until: string | null;
  wrong_pins: number;
  locks: number;
}

function storedAgentOf(r: AgentRow): StoredAgent {
  return { id: r.id, name: r.name, role: r.role, pinHash: r.pin_hash, active: r.active === 1, lockedUntil: r.locked_until, wrongPins: r.wrong_pins, locks: r.locks };
}

/** One agent by id (null: none). */
export function storedAgent(j: Journal, agentId: string): StoredAgent | null {
  const row = j.stmt<[string], AgentRow>('SELECT * FROM agents WHERE id = ?').get(agentId);
  return row ? storedAgentOf(row) : null;
}

/** The agents who can sign in (with a PIN), by name then id. */
export function agentsWithPin(j: Journal): StoredAgent[] {
  return j.stmt<[], AgentRow>('SELECT * FROM agents WHERE pin_hash IS NOT NULL ORDER BY name, id').all().map(storedAgentOf);
}

/**
 * True when an entry of the journal carries a bound PIN hash (main/agents/pin.ts): this version
 * has started with it, so an unbound hash found later was not there at the upgrade.
 */
export function journalHasBoundHash(j: Journal): boolean {
  return (
    j
      .stmt<[], { one: number }>(
        `SELECT 1 AS one FROM entries WHERE type IN ('agent.saved', 'agent.pin_resealed') AND instr(payload, '"pinHash":"scrypt-bound$') > 0 LIMIT 1`,
      )
      .get() !== undefined
  );
}
