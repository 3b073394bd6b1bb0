import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { agentsInUse, keyAgentEntries, pinHashesOfEntries, refoldAgents } from '../journal/agent-rows.ts';
import { tagEntriesWith } from '../journal/entry-tags.ts';
import type { Agent } from '../journal/agents.ts';
import type { AgentRef, AgentRole, AgentSaved, FromStation, PinResealReason } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { agentsWithPin, journalHasBoundHash, storedAgent, type StoredAgent } from '../journal/queries/agents.ts';
import { KeychainUnavailable } from '../vault/keychain.ts';
import type { PinKeys } from '../vault/pin-key.ts';
import { hashPin, isBoundHash, isLegacyHash, MIN_PIN_DIGITS, pinFitsRole, reseal, verifyPin, type PinBinding } from './pin.ts';
import { keepsASupervisor, keyMismatch, lockedFailure, pinResetNeeded } from './refusals.ts';
import { afterUnlock, afterWrongPin, CLEAN_PIN_STATE, isClean, lockedAt, MAX_WRONG_PINS, stricter, type PinState, type PinTurns } from './pin-lockout.ts';

// The counter's agents: names, roles and PINs, every change an agent.saved entry (read model
// `agents`). Signing in checks the PIN against its hash, sealed with the counter's PIN key from
// the OS keychain together with the agent's id, role and state (pin.ts), once the agent's row is
// folded again from their entries (agent-rows.ts: the table is a file anyone can edit). The
// checks of one agent run one after the other, whatever the transport sends at once, and every
// wrong PIN is an entry: five in a row lock the agent, each lock of a row longer than the last
// (pin-lockout.ts), until a right PIN or a supervisor. Linked to a station, the wrong PINs of an
// agent count at every window of it (PinTurns).

export { LOCK_STEPS_MINUTES, lockMinutes, MAX_WRONG_PINS } from './pin-lockout.ts';


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

/** What an agent's PIN hash is sealed for: the agent as the agents table holds them. */
const bindingOf = (a: { id: string; role: AgentRole; active: boolean }): PinBinding => ({ agentId: a.id, role: a.role, active: a.active });

/** Every binding an agent's hash could be sealed for. */
const anyBinding = (agentId: string): PinBinding[] => (['agent', 'supervisor'] as const).flatMap((role) => [true, false].map((active) => ({ agentId, role, active })));

/** Every binding an agent's hash could have been sealed for, but `binding`. */
const otherBindings = (binding: PinBinding): PinBinding[] => anyBinding(binding.agentId).filter((b) => b.role !== binding.role || b.active !== binding.active);

export class AgentDirectory {
  readonly #journal: Journal;
  readonly #clock: Clock;
  readonly #keys: () => PinKeys | null;
  /** pinKeyLost's answer, for the journal's head and the key it was given at. */
  #keyLost: { seq: number; key: Buffer; lost: boolean } | null = null;
  /** The check running or queued last, per agent: the next one starts when it ends. */
  readonly #queues = new Map<string, Promise<unknown>>();
  /** The first supervisor being made, if any: the next one asks after it (createFirstSupervisor). */
  #firstSupervisor: Promise<unknown> = Promise.resolve();
  /** The station's count of an agent's wrong PINs, held for one check (linked counters). */
  readonly #turns: PinTurns;

  constructor(journal: Journal, clock: Clock, keys: () => PinKeys | null, turns: PinTurns = async () => null) {
    this.#journal = journal;
    this.#clock = clock;
    this.#keys = keys;
    this.#turns = turns;
    tagEntriesWith(journal, keys); // its agents' entries count by their tags (agent-tags.ts)
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

  /** An agent as their entries say, not as the table may have been edited to say (folded again first). */
  folded(agentId: string): AgentRecord | null {
    refoldAgents(this.#journal, agentId);
    return this.get(agentId);
  }

  /**
   * True when agents exist but not one PIN can be checked with the key held: the PIN key was lost
   * (a new keychain, an entry deleted). Then a supervisor types the station secret, or a first
   * supervisor is made again, who sets the other agents' PINs again.
   */
  pinKeyLost(): boolean {
    const keys = this.#keys();
    if (!keys || !this.inUse()) return false;
    // Asked of every hash the entries ever carried, not of the table or the last entry of each
    // agent: a hash made garbage with SQLite, or appended by hand, does not make the key "lost".
    const head = this.#journal.lastSeq();
    if (this.#keyLost?.seq !== head || this.#keyLost.key !== keys.current) {
      const opens = pinHashesOfEntries(this.#journal).some(
        ({ agentId, pinHash }) => isBoundHash(pinHash) && anyBinding(agentId).some((b) => reseal(pinHash, keys.current, keys.current, b) !== null),
      );
      this.#keyLost = { seq: head, key: keys.current, lost: !opens };
    }
    return this.#keyLost.lost;
  }

  /**
   * The first supervisor, on a counter that has no agent yet (nobody to approve it), whose PIN key
   * was lost, or (`overEarlierCopy`) whose journal is an earlier copy and the station secret was
   * typed (journal-lost.ts). One at a time: however many arrive at once, the path closes with the first.
   */
  createFirstSupervisor(name: string, pin: string, overEarlierCopy = false): Promise<AgentRecord> {
    const run = this.#firstSupervisor.then(async () => {
      this.#key();
      if (this.inUse() && !this.pinKeyLost() && !overEarlierCopy) throw new AppFailure('conflict', 'This counter already has agents: a supervisor adds more');
      return this.apply(await this.prepare({ name, role: 'supervisor', pin, active: true }), null);
    });
    this.#firstSupervisor = run.catch(() => undefined);
    return run;
  }

  /** A supervisor creates or changes an agent. A supervisor cannot demote or disable the last supervisor. */
  async save(input: AgentInput, by: Agent): Promise<AgentRecord> {
    return this.apply(await this.prepare(input), by);
  }

  /** Checks a change and hashes its PIN, writing nothing (it is written here, or by the station). */
  async prepare(input: AgentInput): Promise<AgentChange> {
    if (input.id !== undefined) refoldAgents(this.#journal, input.id);
    const current = input.id === undefined ? null : this.get(input.id);
    if (input.id !== undefined && (!current || !current.hasPin)) throw new AppFailure('not_found', `No agent ${input.id}`);
    if (!current && input.pin === undefined) throw new AppFailure('invalid_argument', 'A new agent needs a PIN', { fields: [{ field: 'pin', message: 'required' }] });
    if (input.id !== undefined) keepsASupervisor(this.list(), { agentId: input.id, ...input });
    const name = input.name.trim();
    if (name.length === 0 || name.length > 60) throw new AppFailure('invalid_argument', 'An agent name is 1 to 60 characters', { fields: [{ field: 'name', message: '1 to 60 characters' }] });
    // an agent's PIN may be 4 digits: made a supervisor, she types a supervisor's PIN (the hash does not say its length)
    const promoted = current !== null && current.role !== 'supervisor' && input.role === 'supervisor';
    if (input.pin === undefined ? promoted : !pinFitsRole(input.pin, input.role)) {
      const digits = `${MIN_PIN_DIGITS[input.role]} to 8 digits`;
      throw new AppFailure('invalid_argument', `A${input.role === 'agent' ? 'n agent' : ' supervisor'}'s PIN is ${digits}`, { fields: [{ field: 'pin', message: digits }] });
    }
    const agentId = input.id ?? `agent-${randomUUID()}`;
    const binding = { agentId, role: input.role, active: input.active };
    const pinHash = input.pin !== undefined ? await hashPin(input.pin, this.#key(), binding) : current ? this.#rebound(current, binding) : null;
    return { agentId, name, role: input.role, pinHash, active: input.active };
  }

  /**
   * The agent's hash sealed for a new role or state (the hash binds both: pin.ts), or null to keep
   * it as it is: nothing changed that it binds, or a dismissal this key cannot reseal (the hash
   * opens nothing here for the new state anyway).
   */
  #rebound(current: AgentRecord, binding: PinBinding): string | null {
    const was = bindingOf(current);
    if (was.role === binding.role && was.active === binding.active) return null;
    const key = this.#key();
    const pinHash = reseal(this.pinHashOf(current.id)!, key, key, binding, was);
    // dismissing opens nothing, so it needs no readable hash; a role given or an agent enabled does
    if (pinHash === null && (binding.role !== was.role || binding.active)) {
      throw new AppFailure('pin_key_mismatch', `${current.name}'s PIN cannot be read on this counter: set a new PIN with this change`, { fields: [{ field: 'pin', message: 'required' }] });
    }
    return pinHash;
  }

  /** Writes a checked change (an agent.saved entry); `fromStation` when it is a row of the station's settings. */
  apply(change: AgentChange, by: Agent | AgentRef | null, fromStation?: FromStation): AgentRecord {
    const author = by === null ? null : 'agentId' in by ? by : { agentId: by.id, agentName: by.name };
    const bound = fromStation ? this.#boundFromStation(change) : change;
    this.#journal.transaction(() => {
      // checked again as it is written: another change may have been written since this one was prepared
      if (!fromStation) keepsASupervisor(this.list(), change);
      this.#journal.append('agent.saved', { ...bound, by: author, ...(fromStation ? { fromStation } : {}) });
    });
    return this.get(change.agentId)!;
  }

  /**
   * A row of the station's settings stream (proved by its author's PIN: station/stream-authority.ts)
   * may carry a hash of an earlier version's counter: it is bound here to the agent the row names.
   */
  #boundFromStation(change: AgentChange): AgentChange {
    const keys = this.#keys();
    if (!keys || change.pinHash === null || isBoundHash(change.pinHash)) return change;
    const binding = { agentId: change.agentId, role: change.role, active: change.active };
    const pinHash = reseal(change.pinHash, keys.current, keys.current, binding) ?? reseal(change.pinHash, keys.previous, keys.current, binding);
    return pinHash ? { ...change, pinHash } : change;
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

  /**
   * Folds every agent's row again from their entries that count (at start): the ids whose row had
   * been changed behind the counter's back, and the entries appended outside the app.
   */
  refold(): { changed: string[]; refused: number[] } {
    return refoldAgents(this.#journal);
  }

  /** `key`: another key than the counter's (a station secret typed in, proved by a supervisor's PIN). */
  async #checkNow(agentId: string, pin: string, other?: Buffer): Promise<AgentRecord> {
    const key = other ?? this.#key();
    // the role, the lock and the count of wrong PINs as the entries say, not as the table may have been edited to say
    refoldAgents(this.#journal, agentId);
    const stored = storedAgent(this.#journal, agentId);
    if (!stored || stored.pinHash === null || !stored.active) throw new AppFailure('wrong_pin', 'Unknown agent or wrong PIN');
    const here: PinState = { wrong: stored.wrongPins, locks: stored.locks, lockedUntil: stored.lockedUntil };
    // linked: the agent's count at every window of the station, held until this check is written
    const turn = await this.#turns(agentId);
    let kept: PinState | null = null;
    try {
      const state = turn ? stricter(here, turn.state) : here;
      const now = this.#clock.now();
      if (lockedAt(state, now)) throw lockedFailure(stored.name, state.lockedUntil!, now);
      const binding = bindingOf(stored);
      const verdict = await verifyPin(pin, stored.pinHash, key, binding);
      if (verdict === 'unbound') throw pinResetNeeded();
      if (verdict === 'unreadable') {
        // sealed with this key for another role or state: the record was changed behind the counter
        if (otherBindings(binding).some((b) => reseal(stored.pinHash!, key, key, b) !== null)) throw pinResetNeeded();
        throw keyMismatch();
      }
      const journal = this.#journal;
      if (verdict === 'match') {
        if (!isClean(here)) journal.transaction(() => journal.append('agent.pin_accepted', { agentId }, { at: now }));
        if (turn && !isClean(turn.state)) kept = CLEAN_PIN_STATE;
        // the record the PIN was checked against (folded from the entries before it), not the table read again after the await
        return { ...recordOf(stored), lockedUntil: null };
      }
      const { next, lockedNow } = afterWrongPin(state, now);
      kept = next;
      if (!lockedNow) {
        journal.transaction(() => journal.append('agent.pin_failed', { agentId }, { at: now }));
        const triesLeft = MAX_WRONG_PINS - next.wrong;
        throw new AppFailure('wrong_pin', `Wrong PIN (${triesLeft} tries left)`, { triesLeft });
      }
      journal.transaction(() => {
        journal.append('agent.pin_failed', { agentId }, { at: now });
        journal.append('agent.locked', { agentId, until: next.lockedUntil!, failures: state.wrong + 1 }, { at: now });
      });
      throw lockedFailure(stored.name, next.lockedUntil!, now);
    } finally {
      await turn?.end(kept);
    }
  }

  /** A supervisor lifts an agent's lock (and wrong PINs) with their own PIN, checked like a sign-in. */
  async unlock(agentId: string, supervisorId: string, pin: string): Promise<AgentRecord> {
    const supervisor = await this.check(supervisorId, pin);
    if (supervisor.role !== 'supervisor') throw new AppFailure('forbidden_role', 'Only a supervisor lifts a lock');
    // the lock as the entries hold it: a table edited to hide it would leave it standing, unjournalled
    refoldAgents(this.#journal, agentId);
    const stored = storedAgent(this.#journal, agentId);
    if (!stored || stored.pinHash === null) throw new AppFailure('not_found', `No agent ${agentId}`);
    if (stored.lockedUntil !== null || stored.wrongPins > 0) {
      const by = { agentId: supervisor.id, agentName: supervisor.name };
      this.#journal.transaction(() => this.#journal.append('agent.unlocked', { agentId, by }));
    }
    // and at the station: the agent's wrong PINs at every window start again
    const turn = await this.#turns(agentId);
    await turn?.end(turn.state.wrong > 0 || turn.state.lockedUntil !== null ? afterUnlock(turn.state) : null);
    return this.get(agentId)!;
  }

  /**
   * Seals again, under the current key, every hash that is not yet: those of the previous key (a
   * station's key adopted while this journal was closed), and, at this version's first start with
   * the journal only, the unbound hashes of earlier versions, each bound to the agent as the journal
   * holds them. Once an entry carries a bound hash, an unbound one is never bound again: it was put
   * there after the upgrade, by hand (pin_reset_needed until a supervisor sets the PIN again).
   * Hashes no key held can open stay as they are (pin_key_mismatch until the PIN is set again).
   */
  resealUnder(keys: PinKeys): number {
    // first the mark: what counted under the key held until now goes on counting under this one
    keyAgentEntries(this.#journal);
    const changes: { agentId: string; pinHash: string; reason: PinResealReason }[] = [];
    let upgrading: boolean | undefined;
    for (const a of this.list()) {
      const stored = this.pinHashOf(a.id)!;
      const binding = bindingOf(a);
      if (isBoundHash(stored)) {
        if (reseal(stored, keys.current, keys.current, binding) !== null) continue;
        const pinHash = reseal(stored, keys.previous, keys.current, binding);
        if (pinHash) changes.push({ agentId: a.id, pinHash, reason: 'station_key' });
        continue;
      }
      upgrading ??= !journalHasBoundHash(this.#journal);
      if (!upgrading) continue;
      const pinHash = reseal(stored, keys.current, keys.current, binding) ?? reseal(stored, keys.previous, keys.current, binding);
      if (pinHash) changes.push({ agentId: a.id, pinHash, reason: isLegacyHash(stored) ? 'legacy_hash' : 'unbound_hash' });
    }
    if (changes.length) this.#journal.transaction(() => changes.forEach((c) => this.#journal.append('agent.pin_resealed', c)));
    return changes.length;
  }

  /** True when `key` opens this agent's PIN hash (a station secret typed in is checked with it). */
  keyOpens(agentId: string, key: Buffer): boolean {
    const agent = this.get(agentId);
    const stored = this.pinHashOf(agentId);
    return agent !== null && stored !== null && isBoundHash(stored) && reseal(stored, key, key, bindingOf(agent)) !== null;
  }
}
