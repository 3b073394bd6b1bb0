import type { Journal } from './journal.ts';
import { cairoDate } from '../clock.ts';

export interface Agent {
  id: string;
  name: string;
}

/** Until agents sign in with PINs, every action is the default agent's (migration 0002). */
export const DEFAULT_AGENT: Agent = { id: 'agent-1', name: 'Agent 1' };

export interface ShiftRef {
  shiftId: string;
  businessDay: string;
}

/**
 * The shift an action belongs to. Until shifts are opened and closed by agents, one is opened
 * implicitly per agent and business day (Cairo date), with a shift.opened entry.
 * Call inside a journal transaction.
 */
export function currentShift(journal: Journal, agent: Agent, at: Date): ShiftRef {
  const businessDay = cairoDate(at);
  const open = journal
    .stmt('SELECT id FROM shifts WHERE agent_id = ? AND business_day = ? AND closed_seq IS NULL ORDER BY opened_seq DESC LIMIT 1')
    .get(agent.id, businessDay) as { id: string } | undefined;
  if (open) return { shiftId: open.id, businessDay };
  const shiftId = `shift-${agent.id}-${businessDay}`;
  const entry = journal.append('shift.opened', { shiftId, agentId: agent.id, businessDay, implicit: true }, at);
  journal
    .stmt('INSERT INTO shifts (id, agent_id, business_day, implicit, opened_seq, opened_at) VALUES (?, ?, ?, 1, ?, ?)')
    .run(shiftId, agent.id, businessDay, entry.seq, entry.at);
  return { shiftId, businessDay };
}
