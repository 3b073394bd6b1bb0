import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { agentsInUse, type Agent } from '../journal/agents.ts';
import type { AgentRef, AgentRole, AgentSaved, FromStation } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { hashPin, PIN_PATTERN, verifyPin } from './pin.ts';

// The counter's agents: names, roles and PINs, every change an agent.saved entry (read model
// `agents`). Signing in checks the PIN against its scrypt hash; too many wrong PINs in a row lock
// the agent for a while (an agent.locked entry, so a restart does not reopen the door).

export const MAX_WRONG_PINS = 5;
export const LOCK_MINUTES = 5;

export interface AgentRecord extends Agent {
  role: AgentRole;
  active: boolean;
  hasPin: boolean;
  lockedUntil: string | null;
}

interface AgentRow {
  id: string;
  name: string;
  role: AgentRole;
  pin_hash: string | null;
  active: number;
  locked_until: string | null;
}

/** An agent's new state, checked: `pinHash` null keeps the agent's PIN. */
export type AgentChange = Omit<AgentSaved, 'by' | 'fromStation'>;

export interface AgentInput {
  id?: string | undefined;
  name: string;
  role: AgentRole;
  /** A new PIN; absent keeps the current one (required for a new agent). */
  pin?: string | undefined;
  active: boolean;
}

const recordOf = (r: AgentRow): AgentRecord => ({
  id: r.id,
  name: r.name,
  role: r.role,
  active: r.active === 1,
  hasPin: r.pin_hash !== null,
  lockedUntil: r.locked_until,
});

export class AgentDirectory {
  readonly #journal: Journal;
  readonly #clock: Clock;
  /** Wrong PINs in a row, per agent, since the last good one (a lock is journalled at the limit). */
  readonly #wrong = new Map<string, number>();

  constructor(journal: Journal, clock: Clock) {
    this.#journal = journal;
    this.#clock = clock;
  }

  /** Agents who can sign in (with a PIN), names first. The legacy default agent has no PIN. */
  list(): AgentRecord[] {
    return (this.#journal.stmt('SELECT * FROM agents WHERE pin_hash IS NOT NULL ORDER BY name, id').all() as AgentRow[]).map(recordOf);
  }

  /** True once anyone can sign in: from then on every action needs a signed-in agent. */
  inUse(): boolean {
    return agentsInUse(this.#journal);
  }

  get(agentId: string): AgentRecord | null {
    const row = this.#journal.stmt('SELECT * FROM agents WHERE id = ?').get(agentId) as AgentRow | undefined;
    return row ? recordOf(row) : null;
  }

  /** The first supervisor, on a counter that has no agent yet (nobody to approve it). */
  async createFirstSupervisor(name: string, pin: string): Promise<AgentRecord> {
    if (this.inUse()) throw new AppFailure('conflict', 'This counter already has agents: a supervisor adds more');
    return this.apply(await this.prepare({ name, role: 'supervisor', pin, active: true }), null);
  }

  /** A supervisor creates or changes an agent. A supervisor cannot demote or disable the last supervisor. */
  async save(input: AgentInput, by: Agent): Promise<AgentRecord> {
    return this.apply(await this.prepare(input), by);
  }

  /** Checks a change and hashes its PIN, writing nothing (it is written here, or by the station). */
  async prepare(input: AgentInput): Promise<AgentChange> {
    const current = input.id === undefined ? null : this.get(input.id);
    if (input.id !== undefined && (!current || !current.hasPin)) throw new AppFailure('not_found', `No agent ${input.id}`);
    if (!current && input.pin === undefined) throw new AppFailure('invalid_argument', 'A new agent needs a PIN', { fields: [{ field: 'pin', message: 'required' }] });
    if (current?.role === 'supervisor' && (input.role !== 'supervisor' || !input.active)) {
      const others = this.list().filter((a) => a.role === 'supervisor' && a.active && a.id !== current.id);
      if (others.length === 0) throw new AppFailure('conflict', 'The counter needs at least one active supervisor');
    }
    const name = input.name.trim();
    if (name.length === 0 || name.length > 60) throw new AppFailure('invalid_argument', 'An agent name is 1 to 60 characters', { fields: [{ field: 'name', message: '1 to 60 characters' }] });
    if (input.pin !== undefined && !PIN_PATTERN.test(input.pin)) {
      throw new AppFailure('invalid_argument', 'A PIN is 4 to 8 digits', { fields: [{ field: 'pin', message: '4 to 8 digits' }] });
    }
    const pinHash = input.pin === undefined ? null : await hashPin(input.pin);
    return { agentId: input.id ?? `agent-${randomUUID()}`, name, role: input.role, pinHash, active: input.active };
  }

  /** Writes a checked change (an agent.saved entry); `fromStation` when it is a row of the station's settings. */
  apply(change: AgentChange, by: Agent | AgentRef | null, fromStation?: FromStation): AgentRecord {
    const author = by === null ? null : 'agentId' in by ? by : { agentId: by.id, agentName: by.name };
    this.#journal.transaction(() => this.#journal.append('agent.saved', { ...change, by: author, ...(fromStation ? { fromStation } : {}) }));
    return this.get(change.agentId)!;
  }

  /** The PIN hash an agent signs in with (what the station's settings carry to other counters). */
  pinHashOf(agentId: string): string | null {
    return (this.#journal.stmt('SELECT pin_hash FROM agents WHERE id = ?').get(agentId) as { pin_hash: string | null } | undefined)?.pin_hash ?? null;
  }

  /**
   * Checks a PIN: the agent when it matches. A wrong PIN counts; the fifth in a row locks the
   * agent for LOCK_MINUTES. A locked or disabled agent is refused whatever the PIN.
   */
  async check(agentId: string, pin: string): Promise<AgentRecord> {
    const row = this.#journal.stmt('SELECT * FROM agents WHERE id = ?').get(agentId) as AgentRow | undefined;
    if (!row || row.pin_hash === null || row.active === 0) throw new AppFailure('wrong_pin', 'Unknown agent or wrong PIN');
    const now = this.#clock.now();
    if (row.locked_until !== null && Date.parse(row.locked_until) > now.getTime()) {
      const seconds = Math.ceil((Date.parse(row.locked_until) - now.getTime()) / 1000);
      throw new AppFailure('agent_locked', `Too many wrong PINs: ${row.name} is locked until ${row.locked_until}`, { retryAfter: seconds });
    }
    if (await verifyPin(pin, row.pin_hash)) {
      this.#wrong.delete(agentId);
      return recordOf(row);
    }
    const wrong = (this.#wrong.get(agentId) ?? 0) + 1;
    if (wrong < MAX_WRONG_PINS) {
      this.#wrong.set(agentId, wrong);
      throw new AppFailure('wrong_pin', `Wrong PIN (${MAX_WRONG_PINS - wrong} tries left)`);
    }
    this.#wrong.delete(agentId);
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
    this.#journal.transaction(() => this.#journal.append('agent.locked', { agentId, until, failures: wrong }, { at: now }));
    throw new AppFailure('agent_locked', `Too many wrong PINs: ${row.name} is locked until ${until}`, { retryAfter: LOCK_MINUTES * 60 });
  }
}
