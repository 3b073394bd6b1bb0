import { randomBytes } from 'node:crypto';
import { AgentDesk } from '../../../../main/agents/desk.ts';
import { AgentDirectory } from '../../../../main/agents/directory.ts';
import { createDispatcher, type Handlers } from '../../../../main/dispatch.ts';
import type { ShiftService } from '../../../../main/shifts/service.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';

/**
 * A desk over a temporary journal on a manual clock, with a supervisor (Samir, 246810) and an agent
 * (Mona, 1357) signed in, and a dispatcher over `handlers` (made with the desk) checked by its role
 * and approvals. The caller closes `t` after its test.
 */
export async function deskWithMona(handlers: (desk: AgentDesk) => Partial<Handlers>, idle = { minutes: 5 }) {
  const clock = manualClock();
  const t = openTempJournal(clock);
  const keys = { current: randomBytes(32), previous: null };
  const directory = new AgentDirectory(t.journal, clock, () => keys);
  const desk = new AgentDesk({
    journal: () => t.journal,
    directory: () => directory,
    shifts: () => ({ current: () => null }) as unknown as ShiftService,
    idleLockMinutes: () => idle.minutes,
    now: () => clock.now().getTime(),
    keychainFailed: () => false,
    journalLost: () => null,
    isStationSecret: () => false,
  });
  const boss = await directory.createFirstSupervisor('Samir', '246810');
  const mona = await directory.save({ name: 'Mona', role: 'agent', pin: '1357', active: true }, boss);
  const dispatch = createDispatcher(handlers(desk) as Handlers, { role: () => desk.role(), override: (name) => desk.overrideFor(name) });
  await desk.signIn(mona.id, '1357');
  return { t, clock, desk, boss, mona, dispatch, idle };
}
