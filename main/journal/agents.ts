import { randomUUID } from 'node:crypto';
import { agentsInUse } from './agent-rows.ts';
import type { Journal } from './journal.ts';
import { cairoDate } from '../../core/cairo-time.ts';
import { AppFailure } from '../failure.ts';

export interface Agent {
  id: string;
  name: string;
}

/** Until agents sign in with PINs, every action is the default agent's (migration 0002). */
export const DEFAULT_AGENT: Agent = { id: 'agent-1', name: 'Agent 1' };

export interface ShiftRef {
  shiftId: string;
  /** The Cairo date the shift was opened on. */
  businessDay: string;
}

interface OpenShift {
  id: string;
  business_day: string;
  implicit: number;
  opened_seq: number;
}

/**
 * The agent's latest open shift. Its open shifts are picked here, not by an ORDER BY: over the
 * shifts_open index SQLite would sort them in a temporary b-tree, which cost every sale's intent a
 * third of its reads.
 */
function latestOpenShift(journal: Journal, agentId: string): OpenShift | undefined {
  const open = journal.stmt<[string], OpenShift>('SELECT id, business_day, implicit, opened_seq FROM shifts WHERE agent_id = ? AND closed_seq IS NULL').all(agentId);
  return open.reduce<OpenShift | undefined>((latest, s) => (latest && latest.opened_seq > s.opened_seq ? latest : s), undefined);
}

/** The agent's open shift, if any (no entry is written). */
export function openShiftOf(journal: Journal, agentId: string): ShiftRef | null {
  const open = latestOpenShift(journal, agentId);
  return open ? { shiftId: open.id, businessDay: open.business_day } : null;
}

/**
 * Whether a journal file's agents table has anyone who signs in with a PIN: what a retired journal
 * or a backup of any schema is asked (journal-file.ts). The counter's own journal asks its entries
 * (agent-rows.ts agentsInUse).
 */
export const AGENTS_IN_USE_SQL = 'SELECT 1 FROM agents WHERE pin_hash IS NOT NULL LIMIT 1';

/**
 * The shift an action belongs to: the agent's open shift. With agents in use, an agent opens it
 * (with a counted float) and it stays open across midnight; without one is shift_not_open.
 * Before agents exist, the counter opens one implicitly (a shift.opened entry with a new id) at
 * the agent's first action of a Cairo day and closes it (shift.closed) at the first action of the
 * next day. Call inside a journal transaction.
 */
export function currentShift(journal: Journal, agent: Agent, at: Date): ShiftRef {
  const today = cairoDate(at);
  const open = latestOpenShift(journal, agent.id);
  if (open && open.implicit === 0) return { shiftId: open.id, businessDay: open.business_day };
  if (agentsInUse(journal)) throw new AppFailure('shift_not_open', `${agent.name} has no shift open: open one with the cash float first`);
  if (open && open.business_day === today) return { shiftId: open.id, businessDay: open.business_day };
  if (open) journal.append('shift.closed', { shiftId: open.id, agentId: agent.id, implicit: true }, { at, shiftId: open.id });
  const shiftId = `shift-${randomUUID()}`;
  journal.append('shift.opened', { shiftId, agentId: agent.id, businessDay: today, implicit: true }, { at, shiftId });
  return { shiftId, businessDay: today };
}
