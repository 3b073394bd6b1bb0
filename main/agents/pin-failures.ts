import { formatCairo } from '../../core/format.ts';
import { AppFailure } from '../failure.ts';

// What a PIN check answers when it opens nothing (main/agents/directory.ts): locked, a hash that
// no longer matches the agent's record, or one sealed with another counter's PIN key.

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
