import { formatCairo } from '../../core/format.ts';
import { AppFailure } from '../failure.ts';
import type { AgentRole } from '../journal/entries.ts';

// What the agent directory refuses (main/agents/directory.ts): a PIN check that opens nothing
// (locked, a hash that no longer matches the agent's record, or one sealed with another counter's
// PIN key), and a change that would leave the counter without an active supervisor.

export const lockedFailure = (name: string, until: string, now: Date) =>
  new AppFailure('agent_locked', `Too many wrong PINs: ${name} is locked until ${formatCairo(until, 'en', 'paper')} (Cairo time)`, {
    retryAfter: Math.ceil((Date.parse(until) - now.getTime()) / 1000),
    until,
  });

export const pinResetNeeded = () =>
  new AppFailure(
    'pin_reset_needed',
    "This PIN no longer matches the agent's record on this counter (kept by an earlier version, or the record was changed outside Shubbak): a supervisor sets this agent's PIN again",
  );

export const keyMismatch = () =>
  new AppFailure(
    'pin_key_mismatch',
    "This PIN was set with another PIN key than this counter's: a supervisor types the station secret (Settings → Station) or sets the PIN again",
  );

/** Refuses a change that would leave the counter without an active supervisor (`agents`: as they are before it). */
export function keepsASupervisor(agents: readonly { id: string; role: AgentRole; active: boolean }[], change: { agentId: string; role: AgentRole; active: boolean }): void {
  if (agents.find((a) => a.id === change.agentId)?.role !== 'supervisor' || (change.role === 'supervisor' && change.active)) return;
  if (!agents.some((a) => a.role === 'supervisor' && a.active && a.id !== change.agentId)) throw new AppFailure('conflict', 'The counter needs at least one active supervisor');
}
