import { randomUUID } from 'node:crypto';
import { formatCairo } from '../../core/format.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { agentsInUse, type Agent } from '../journal/agents.ts';
import type { AgentRef, AgentRole, AgentSaved, FromStation } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { agentsWithPin, storedAgent, type StoredAgent } from '../journal/queries/agents.ts';
import { KeychainUnavailable } from '../vault/keychain.ts';
import type { PinKeys } from '../vault/pin-key.ts';
import { hashPin, isLegacyHash, MIN_PIN_DIGITS, pinFitsRole, reseal, verifyPin } from './pin.ts';

// The counter's agents: names, roles and PINs, every change an agent.saved entry (read model
// `agents`). Signing in checks the PIN against its hash, sealed with the counter's PIN key from
// the OS keychain (pin.ts). The checks of one agent run one after the other, whatever the
// transport sends at once, and every wrong PIN is an entry: five in a row lock the agent, each
// lock of a row longer than the last (LOCK_STEPS_MINUTES), until a right PIN or a supervisor.

export const MAX_WRONG_PINS = 5;
/** The first lock lasts a minute, then 5, 15, and an hour from the fourth lock in a row on. */
export const LOCK_STEPS_MINUTES = [1, 5, 15, 60] as const;

/** How long the lock numbered `locksBefore` (0 for the first of a row) lasts. */
export const lockMinutes = (locksBefore: number): number => LOCK_STEPS_MINUTES[Math.min(locksBefore, LOCK_STEPS_MINUTES.length - 1)]!;


export interface AgentRecord extends Agent {
  role: AgentRole;
  active: boolean;
  hasPin: boolean;
  lockedUntil: string | null;
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

const recordOf = (a: StoredAgent): AgentRecord => ({
  id: a.id,
  name: a.name,
  role: a.role,
  active: a.active,
  hasPin: a.pinHash !== null,
  lockedUntil: a.lockedUntil,
});

const lockedFailure = (name: string, until: string, now: Date) =>
  new AppFailure('agent_locked', `Too many wrong PINs: ${name} is locked until ${formatCairo(until, 'en', 'paper')} (Cairo time)`, {
    retryAfter: Math.ceil((Date.parse(until) - now.getTime()) / 1000),
    until,
  });

const keyMismatch = () =>
  new AppFailure(
    'pin_key_mismatch',
    "This PIN was set with another PIN key than this counter's: a supervisor types the station secret (Settings → Station) or sets the PIN again",
  );

export class AgentDirectory {
  readonly #journal: Journal;
  readonly #clock: Clock;
  readonly #keys: () => PinKeys | null;
  /** The check running or queued last, per agent: the next one starts when it ends. */
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(journal: Journal, clock: Clock, keys: () => PinKeys | null) {
    this.#journal = journal;
    this.#clock = clock;
    this.#keys = keys;
  }

  #key(): Buffer {
    const keys = this.#keys();
    if (!keys) throw new KeychainUnavailable('no_service', 'the PIN key cannot be read from the keychain');
    return keys.current;
  }

  /** Agents who can sign in (with a PIN), names first. The legacy default agent has no PIN. */
  list(): AgentRecord[] {
    return agentsWithPin(this.#journal).map(recordOf);
  }

  /** True once anyone can sign in: from then on every action needs a signed-in agent. */
  inUse(): boolean {
    return agentsInUse(this.#journal);
  }

  get(agentId: string): AgentRecord | null {
    const agent = storedAgent(this.#journal, agentId);
    return agent ? recordOf(agent) : null;
  }

  /**
   * True when agents exist but not one PIN can be checked with the key held: the PIN key was lost
   * (a new keychain, an entry deleted). Then a supervisor types the station secret, or a first
   * supervisor is made again, who sets the other agents' PINs again.
   */
  pinKeyLost(): boolean {
    const keys = this.#keys();
    if (!keys) return false;
    const hashes = this.list().map((a) => this.pinHashOf(a.id)!);
    return hashes.length > 0 && hashes.every((h) => reseal(h, keys.current, keys.current) === null);
  }

  /** The first supervisor, on a counter that has no agent yet (nobody to approve it), or whose PIN key was lost. */
  async createFirstSupervisor(name: string, pin: string): Promise<AgentRecord> {
    this.#key();
    if (this.inUse() && !this.pinKeyLost()) throw new AppFailure('conflict', 'This counter already has agents: a supervisor adds more');
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
    if (input.pin !== undefined && !pinFitsRole(input.pin, input.role)) {
      const digits = `${MIN_PIN_DIGITS[input.role]} to 8 digits`;
      throw new AppFailure('invalid_argument', `A${input.role === 'agent' ? 'n agent' : ' supervisor'}'s PIN is ${digits}`, { fields: [{ field: 'pin', message: digits }] });
    }
    const pinHash = input.pin === undefined ? null : await hashPin(input.pin, this.#key());
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
    return storedAgent(this.#journal, agentId)?.pinHash ?? null;
  }

  /**
   * Checks a PIN: the agent when it matches. The checks of one agent are queued, so however many
   * arrive at once, each sees the count the one before it left. A wrong PIN is journalled; the
   * fifth in a row locks the agent (lockMinutes). A locked or disabled agent is refused whatever
   * the PIN, without checking it.
   */
  check(agentId: string, pin: string, key?: Buffer): Promise<AgentRecord> {
    const before = this.#queues.get(agentId) ?? Promise.resolve();
    const run = before.then(() => this.#checkNow(agentId, pin, key));
    const settled = run.catch(() => undefined);
    this.#queues.set(agentId, settled);
    void settled.then(() => {
      if (this.#queues.get(agentId) === settled) this.#queues.delete(agentId);
    });
    return run;
  }

  /** `key`: another key than the counter's (a station secret typed in, proved by a supervisor's PIN). */
  async #checkNow(agentId: string, pin: string, other?: Buffer): Promise<AgentRecord> {
    const key = other ?? this.#key();
    const stored = storedAgent(this.#journal, agentId);
    if (!stored || stored.pinHash === null || !stored.active) throw new AppFailure('wrong_pin', 'Unknown agent or wrong PIN');
    const now = this.#clock.now();
    if (stored.lockedUntil !== null && Date.parse(stored.lockedUntil) > now.getTime()) throw lockedFailure(stored.name, stored.lockedUntil, now);
    const verdict = await verifyPin(pin, stored.pinHash, key);
    if (verdict === 'unreadable') throw keyMismatch();
    const journal = this.#journal;
    if (verdict === 'match') {
      if (stored.wrongPins > 0 || stored.locks > 0) journal.transaction(() => journal.append('agent.pin_accepted', { agentId }, { at: now }));
      return recordOf(storedAgent(journal, agentId)!);
    }
    const wrong = stored.wrongPins + 1;
    if (wrong < MAX_WRONG_PINS) {
      journal.transaction(() => journal.append('agent.pin_failed', { agentId }, { at: now }));
      throw new AppFailure('wrong_pin', `Wrong PIN (${MAX_WRONG_PINS - wrong} tries left)`);
    }
    const until = new Date(now.getTime() + lockMinutes(stored.locks) * 60_000).toISOString();
    journal.transaction(() => {
      journal.append('agent.pin_failed', { agentId }, { at: now });
      journal.append('agent.locked', { agentId, until, failures: wrong }, { at: now });
    });
    throw lockedFailure(stored.name, until, now);
  }

  /** A supervisor lifts an agent's lock (and wrong PINs) with their own PIN, checked like a sign-in. */
  async unlock(agentId: string, supervisorId: string, pin: string): Promise<AgentRecord> {
    const supervisor = await this.check(supervisorId, pin);
    if (supervisor.role !== 'supervisor') throw new AppFailure('forbidden_role', 'Only a supervisor lifts a lock');
    const stored = storedAgent(this.#journal, agentId);
    if (!stored || stored.pinHash === null) throw new AppFailure('not_found', `No agent ${agentId}`);
    if (stored.lockedUntil !== null || stored.wrongPins > 0) {
      const by = { agentId: supervisor.id, agentName: supervisor.name };
      this.#journal.transaction(() => this.#journal.append('agent.unlocked', { agentId, by }));
    }
    return this.get(agentId)!;
  }

  /**
   * Seals again, under the current key, every hash that is not yet: the unkeyed hashes of earlier
   * versions, and those of the previous key (a station's key adopted while this journal was closed).
   * Hashes no key held can open stay as they are (pin_key_mismatch until the PIN is set again).
   */
  resealUnder(keys: PinKeys): number {
    const changes: { agentId: string; pinHash: string; reason: 'legacy_hash' | 'station_key' }[] = [];
    for (const a of this.list()) {
      const stored = this.pinHashOf(a.id)!;
      if (reseal(stored, keys.current, keys.current) !== null && !isLegacyHash(stored)) continue;
      const pinHash = reseal(stored, keys.previous, keys.current);
      if (pinHash) changes.push({ agentId: a.id, pinHash, reason: isLegacyHash(stored) ? 'legacy_hash' : 'station_key' });
    }
    if (changes.length) this.#journal.transaction(() => changes.forEach((c) => this.#journal.append('agent.pin_resealed', c)));
    return changes.length;
  }

  /** True when `key` opens this agent's PIN hash (a station secret typed in is checked with it). */
  keyOpens(agentId: string, key: Buffer): boolean {
    const stored = this.pinHashOf(agentId);
    return stored !== null && !isLegacyHash(stored) && reseal(stored, key, key) !== null;
  }
}
