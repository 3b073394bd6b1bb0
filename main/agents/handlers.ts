import type { AgentView } from '../../contract/shifts.ts';
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import type { CounterSettingsStore } from '../settings/counter.ts';
import type { AgentDesk } from './desk.ts';

type AgentCalls = 'desk' | 'createFirstSupervisor' | 'signIn' | 'lockScreen' | 'signOut' | 'listAgents' | 'saveAgent' | 'saveIdleLock';

export function agentHandlers(d: CounterDeps, desk: AgentDesk, settings: CounterSettingsStore): HandlerGroup<AgentCalls> {
  const list = (): AgentView[] =>
    d
      .session()
      .agents.list()
      .map((a) => ({ id: a.id, name: a.name, role: a.role, active: a.active, lockedUntil: a.lockedUntil }));
  return {
    desk: () => desk.state(),
    createFirstSupervisor: ({ name, pin }) => desk.createFirstSupervisor(name, pin),
    signIn: ({ agentId, pin }) => desk.signIn(agentId, pin),
    lockScreen: () => desk.lock(),
    signOut: () => desk.signOut(),
    listAgents: () => list(),
    saveAgent: async (a) => {
      await d.session().agents.save(a, d.agent());
      return list();
    },
    saveIdleLock: ({ minutes }) => {
      settings.saveIdleLockMinutes(minutes, d.clock.now());
      return desk.state();
    },
  };
}
