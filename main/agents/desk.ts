import type { AgentRole, AgentView, DeskState, OverrideGrant } from '../../contract/shifts.ts';
import { AppFailure } from '../failure.ts';
import { DEFAULT_AGENT, type Agent } from '../journal/agents.ts';
import type { Journal } from '../journal/journal.ts';
import type { ShiftService } from '../shifts/service.ts';
import type { AgentDirectory, AgentRecord } from './directory.ts';
import { callsOfAction } from '../../contract/overrides.ts';
import { IDLE_LOCK_GRACE_MS } from '../../contract/idle-lock.ts';
import type { JournalLost } from '../../contract/shifts.ts';

// Who is at the counter now. One counter, one window, one agent at a time: an agent signs in
// with a PIN, locks the screen (idle or on a key; their PIN or another agent's unlocks it) and
// signs out. The idle lock is timed here too, from the activity the renderer reports: a renderer
// that does not lock (hung, or made not to) still finds every call refused. Until the first agent
// with a PIN exists the counter acts as its own supervisor, the default agent (the behaviour
// before agents existed, and TRAINING's demo agent), unless its journal was lost (journal-lost.ts).
// Signing in and out is journalled; the state itself lives in memory, so a restart signs out.

export interface DeskDeps {
  journal: () => Journal;
  directory: () => AgentDirectory;
  shifts: () => ShiftService;
  idleLockMinutes: () => number;
  /** Milliseconds now (the counter's clock): how long a supervisor's approval stands. */
  now: () => number;
  /** The keychain cannot be read: nobody is a supervisor without a PIN, and no PIN can be checked. */
  keychainFailed: () => boolean;
  /** A LIVE journal deleted outside the app (journal-lost.ts): nobody signs in or acts in it. */
  journalLost: () => JournalLost | null;
  /** Whether a typed station secret is the one of the PIN key held (station-secret.ts). */
  isStationSecret: (text: string) => boolean;
  /**
   * A supervisor's PIN was just checked here (sign-in, approval): the station's settings stream
   * derives their PIN proof key from it (main/station/supervisor-proof.ts); the PIN goes no further.
   */
  supervisorPinChecked?: (supervisor: { id: string; name: string }, pin: string) => void;
  /** The screen locked or the agent left: the proof keys derived from PINs are forgotten. */
  supervisorsGone?: () => void;
}

/** How long a supervisor's approval of one action waits to be used. */
export const OVERRIDE_MS = 120_000;

interface Override {
  calls: Set<string>;
  agentId: string;
  supervisor: { id: string; name: string };
  until: number;
}

const viewOf = (a: AgentRecord): AgentView => ({ id: a.id, name: a.name, role: a.role, active: a.active, lockedUntil: a.lockedUntil });

export class AgentDesk {
  readonly #d: DeskDeps;
  #agentId: string | null = null;
  /** The role the PIN was checked for: the session's, whatever a file says after. */
  #role: AgentRole | null = null;
  #locked = false;
  /** When the agent signed in last pressed a key or touched the screen (the counter's clock, ms). */
  #activeAt = 0;
  #override: Override | null = null;

  constructor(deps: DeskDeps) {
    this.#d = deps;
  }

  /** The agent the counter acts for: the signed-in one, or the default agent before agents exist. */
  agent(): Agent {
    const signedIn = this.#signedIn();
    if (signedIn) return { id: signedIn.id, name: signedIn.name };
    if (!this.#d.directory().inUse()) return DEFAULT_AGENT;
    throw new AppFailure('not_signed_in', 'Nobody is signed in at this counter');
  }

  /** The role contract calls are checked against (null: nobody signed in, or the screen is locked). */
  role(): AgentRole | null {
    // Before agents exist the counter is its own supervisor, except without a keychain, where no
    // agent can ever be made: the demo agent sells in TRAINING and that is all.
    if (this.#d.journalLost()) return null;
    if (!this.#d.directory().inUse()) return this.#d.keychainFailed() ? 'agent' : 'supervisor';
    this.#lockIfIdle();
    const signedIn = this.#signedIn();
    return signedIn && !this.#locked ? signedIn.role : null;
  }

  state(): DeskState {
    this.#lockIfIdle();
    const directory = this.#d.directory();
    const signedIn = this.#signedIn();
    const acting = signedIn ?? (directory.inUse() ? null : DEFAULT_AGENT);
    const shift = acting ? this.#d.shifts().current(acting.id) : null;
    return {
      agentsInUse: directory.inUse(),
      agents: directory
        .list()
        .filter((a) => a.active)
        .map(viewOf),
      signedIn: signedIn ? viewOf(signedIn) : null,
      locked: signedIn !== null && this.#locked,
      idleLockMinutes: this.#d.idleLockMinutes(),
      shift: shift && !shift.implicit ? shift : null,
      pinKeyLost: directory.pinKeyLost(),
      keychainFailed: this.#d.keychainFailed(),
      journalLost: this.#d.journalLost(),
    };
  }

  async createFirstSupervisor(name: string, pin: string, stationSecret?: string): Promise<DeskState> {
    const proven = stationSecret !== undefined && this.#d.isStationSecret(stationSecret);
    if (!proven) this.refuseIfJournalLost();
    // over an earlier copy of the journal its agents are still there: the secret makes one more supervisor
    const first = await this.#d.directory().createFirstSupervisor(name, pin, proven && this.#d.journalLost()?.earlierCopy === true);
    this.#enter(first);
    this.#pinChecked(first, pin);
    return this.state();
  }

  /** Signs in, unlocks the locked screen, or (another agent's PIN) takes the counter over. */
  async signIn(agentId: string, pin: string): Promise<DeskState> {
    this.refuseIfJournalLost(); // an agent appended by hand as an earlier version's, whose PIN the start sealed, signs in nowhere
    const agent = await this.#d.directory().check(agentId, pin);
    if (this.#agentId === agent.id) {
      this.#locked = false;
      this.#role = agent.role;
      this.#activeAt = this.#d.now();
    } else this.#enter(agent);
    this.#pinChecked(agent, pin);
    return this.state();
  }

  /**
   * Over a lost journal nothing is done that would let someone in (a sign-in, a first supervisor,
   * a station secret adopted): the real one is restored, or the station secret held proves.
   */
  refuseIfJournalLost(): void {
    const lost = this.#d.journalLost();
    if (!lost) return;
    const what = lost.earlierCopy
      ? `replaced outside the app by an earlier copy of itself, from before a change to its agents (it held ${lost.entries} entries)`
      : `deleted outside the app (it held ${lost.entries} entries)`;
    throw new AppFailure('journal_lost', `This counter's journal was ${what}: restore it from a backup or from the station, or type the station secret a supervisor wrote down`);
  }

  /** A supervisor lifts an agent's lock with their own PIN; nobody is signed in by it. */
  async unlock(agentId: string, supervisorId: string, pin: string): Promise<DeskState> {
    await this.#d.directory().unlock(agentId, supervisorId, pin);
    return this.state();
  }

  lock(): DeskState {
    this.#lock();
    return this.state();
  }

  /**
   * The agent signed in is at the counter (a key, a click: reportActivity); not once the screen
   * locked. Answers when the screen locks without more (null: never).
   */
  active(): string | null {
    this.#lockIfIdle();
    if (this.#agentId !== null && !this.#locked) this.#activeAt = this.#d.now();
    const at = this.#locksAt();
    return at === null ? null : new Date(at).toISOString();
  }

  signOut(): DeskState {
    this.#leave('sign_out');
    return this.state();
  }

  /** Checks the signed-in supervisor's PIN again (approval of a correction). */
  async approve(pin: string): Promise<Agent> {
    const agent = this.agent();
    const checked = await this.#d.directory().check(agent.id, pin);
    if (checked.role !== 'supervisor') throw new AppFailure('forbidden_role', 'Only a supervisor approves a correction');
    this.#pinChecked(checked, pin);
    return { id: checked.id, name: checked.name };
  }

  /**
   * The POS override: a supervisor at the agent's side types their PIN to approve one action
   * (the supervisor-only calls of one screen or form: `calls`) for the agent signed in, for
   * OVERRIDE_MS or until the screen locks or the agent changes. Journalled with both names; the
   * PIN goes through the same check (and lockout) as a sign-in.
   */
  async approveOverride(supervisorId: string, pin: string, action: string, calls: string[]): Promise<OverrideGrant> {
    // What an action opens is the contract's table, not the caller's list: a call of another action, or one never approved, is refused before any PIN is checked.
    const opened: readonly string[] | null = callsOfAction(action);
    if (!opened) throw new AppFailure('invalid_argument', `${action} is not an action a supervisor approves`, { fields: [{ field: 'action', message: 'an action of contract/overrides.ts' }] });
    const other = calls.find((c) => !opened.includes(c));
    if (other !== undefined) throw new AppFailure('invalid_argument', `${other} is not a call of the action ${action}`, { fields: [{ field: 'calls', message: `calls of ${action}: ${opened.join(', ')}` }] });
    const agent = this.#signedIn();
    if (!agent || this.#locked) throw new AppFailure('not_signed_in', 'An approval is for the agent signed in at this counter');
    const supervisor = await this.#d.directory().check(supervisorId, pin);
    if (supervisor.role !== 'supervisor') throw new AppFailure('forbidden_role', `${supervisor.name} is not a supervisor and cannot approve`);
    this.#pinChecked(supervisor, pin);
    const journal = this.#d.journal();
    journal.transaction(() =>
      journal.append('override.approved', { action, calls, agent: { agentId: agent.id, agentName: agent.name }, supervisor: { agentId: supervisor.id, agentName: supervisor.name } }),
    );
    const until = this.#d.now() + OVERRIDE_MS;
    this.#override = { calls: new Set(calls), agentId: agent.id, supervisor: { id: supervisor.id, name: supervisor.name }, until };
    return { action, calls, supervisor: { id: supervisor.id, name: supervisor.name }, expiresAt: new Date(until).toISOString() };
  }

  /** Whether a supervisor's approval stands for this call and the agent signed in now. */
  overrideFor(call: string): boolean {
    this.#lockIfIdle();
    const o = this.#override;
    if (!o || !o.calls.has(call) || this.#locked || o.agentId !== this.#agentId) return false;
    if (this.#d.now() > o.until) {
      this.#override = null;
      return false;
    }
    return true;
  }

  /** The supervisor whose approval stands now for the agent signed in (their changes of the station name them). */
  approver(): { id: string; name: string } | null {
    this.#lockIfIdle();
    const o = this.#override;
    return o && !this.#locked && o.agentId === this.#agentId && this.#d.now() <= o.until ? o.supervisor : null;
  }

  /** The journal changed (another environment): its agents are others, nobody is signed in. */
  reset(): void {
    this.#agentId = null;
    this.#role = null;
    this.#locked = false;
    this.#override = null;
    this.#d.supervisorsGone?.();
  }

  #lock(): void {
    if (this.#signedIn()) this.#locked = true;
    this.#override = null;
    this.#d.supervisorsGone?.();
  }

  /** When an unlocked screen locks for want of a key or a click reported (ms; null: never, or nobody to lock). */
  #locksAt(): number | null {
    const minutes = this.#d.idleLockMinutes();
    if (this.#agentId === null || this.#locked || minutes <= 0) return null;
    return this.#activeAt + minutes * 60_000 + IDLE_LOCK_GRACE_MS;
  }

  #lockIfIdle(): void {
    const at = this.#locksAt();
    if (at !== null && this.#d.now() >= at) this.#lock();
  }

  #pinChecked(agent: AgentRecord, pin: string): void {
    if (agent.role === 'supervisor') this.#d.supervisorPinChecked?.({ id: agent.id, name: agent.name }, pin);
  }

  #signedIn(): AgentRecord | null {
    if (this.#agentId === null) return null;
    const agent = this.#d.directory().get(this.#agentId);
    // Disabled, or given another role, meanwhile (or the record says so): out at once. The role
    // acted with is only ever the one the PIN was checked for.
    if (!agent?.active || agent.role !== this.#role) {
      this.reset();
      return null;
    }
    return agent;
  }

  #enter(agent: AgentRecord): void {
    this.#leave('switch');
    const journal = this.#d.journal();
    journal.transaction(() => journal.append('agent.signed_in', { agentId: agent.id }));
    this.#agentId = agent.id;
    this.#role = agent.role;
    this.#locked = false;
    this.#activeAt = this.#d.now();
  }

  #leave(reason: 'sign_out' | 'switch'): void {
    const agentId = this.#agentId;
    if (agentId === null) return;
    const journal = this.#d.journal();
    journal.transaction(() => journal.append('agent.signed_out', { agentId, reason }));
    this.reset();
  }
}
