import type { AgentView } from '../../contract/shifts.ts';
import { AppFailure } from '../failure.ts';
import type { Clock } from '../clock.ts';
import type { ActingAgent, HandlerGroup } from '../deps.ts';
import type { CounterSettingsStore } from '../settings/counter.ts';
import type { StationWideSettings } from '../station/station-wide.ts';
import type { AgentDesk } from './desk.ts';
import type { AgentDirectory } from './directory.ts';
import type { CounterPinKeys } from './station-secret.ts';

type AgentCalls =
  | 'desk'
  | 'createFirstSupervisor'
  | 'signIn'
  | 'unlockAgent'
  | 'exportStationSecret'
  | 'confirmSupervisorPin'
  | 'importStationSecret'
  | 'lockScreen'
  | 'reportActivity'
  | 'signOut'
  | 'approveOverride'
  | 'listAgents'
  | 'saveAgent'
  | 'saveIdleLock';

export interface AgentHandlerDeps {
  /** The agents of the environment in force (main/deps.ts `Current`: why a getter). */
  agents: () => AgentDirectory;
  desk: AgentDesk;
  /** The idle lock is this counter's own setting. */
  settings: Pick<CounterSettingsStore, 'saveIdleLockMinutes'>;
  /** Where a supervisor's change of an agent goes: the station's stream or this journal. */
  stationWide: Pick<StationWideSettings, 'saveAgent' | 'firstSupervisorMade'>;
  pinKeys: CounterPinKeys;
  agent: ActingAgent;
  clock: Clock;
  /** Keeps the journal's head and its agents' in the keychain at once (head-anchor.ts, agents-head.ts). */
  keepJournalHead: () => Promise<void>;
}

export function agentHandlers(d: AgentHandlerDeps): HandlerGroup<AgentCalls> {
  const { desk, settings, stationWide, pinKeys } = d;
  const list = (): AgentView[] =>
    d
      .agents()
      .list()
      .map((a) => ({ id: a.id, name: a.name, role: a.role, active: a.active, lockedUntil: a.lockedUntil }));
  return {
    desk: () => desk.state(),
    createFirstSupervisor: async ({ name, pin, stationSecret }) => {
      const state = await desk.createFirstSupervisor(name, pin, stationSecret);
      if (state.signedIn) await stationWide.firstSupervisorMade(state.signedIn.id, pin);
      await d.keepJournalHead();
      return state;
    },
    signIn: ({ agentId, pin }) => desk.signIn(agentId, pin),
    unlockAgent: ({ agentId, supervisorId, pin }) => desk.unlock(agentId, supervisorId, pin),
    exportStationSecret: async ({ pin }) => {
      await desk.approve(pin);
      return { secret: pinKeys.exportText() };
    },
    // the PIN checked as at sign-in (same lockout); a supervisor's check keeps their PIN proof key (main/counter.ts)
    confirmSupervisorPin: async ({ pin }) => {
      await desk.approve(pin);
      return desk.state();
    },
    importStationSecret: async ({ secret, supervisorId, pin }) => {
      // with no agent no PIN is asked: over a lost journal a secret of one's own making would become the key that proves
      desk.refuseIfJournalLost();
      await pinKeys.importText(d.agents(), secret, supervisorId, pin);
      return desk.state();
    },
    lockScreen: () => desk.lock(),
    reportActivity: () => ({ locksAt: desk.active() }),
    signOut: () => desk.signOut(),
    approveOverride: ({ supervisorId, pin, action, calls }) => desk.approveOverride(supervisorId, pin, action, calls),
    listAgents: () => list(),
    saveAgent: async (a) => {
      const by = d.agent();
      // Under a supervisor's approval an agent manages the other agents: not herself, and no
      // supervisor (none made, none changed), or the approval of a screen would become a
      // supervisor's PIN she knows (a new supervisor, or a supervisor's PIN set by her).
      if (desk.role() !== 'supervisor' && (a.id === by.id || a.role === 'supervisor' || (a.id !== undefined && d.agents().folded(a.id)?.role === 'supervisor'))) {
        throw new AppFailure('own_record_needs_supervisor', 'An approval lets an agent change other agents, not themselves nor a supervisor');
      }
      await stationWide.saveAgent(a, by);
      // an earlier copy of the journal from before this change is caught even if the counter stops at once (agents-head.ts)
      await d.keepJournalHead();
      return list();
    },
    saveIdleLock: ({ minutes }) => {
      settings.saveIdleLockMinutes(minutes, d.clock.now());
      return desk.state();
    },
  };
}
