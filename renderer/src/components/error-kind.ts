import type { AppErrorCode } from '../../../contract/errors.ts';

/**
 * A refusal is the counter's rules saying no (a role, a PIN, a shift, a missing comment): it is
 * told as what is needed, never as "something went wrong", and trying the same again cannot help.
 */
const REFUSALS: ReadonlySet<AppErrorCode> = new Set<AppErrorCode>([
  'forbidden_role',
  'not_signed_in',
  'journal_lost',
  'wrong_pin',
  'agent_locked',
  'pin_key_mismatch',
  'pin_reset_needed',
  'shift_not_open',
  'shift_already_open',
  'variance_comment_required',
  'station_settings_offline',
  'supervisor_proof_needed',
  'invalid_argument',
  'counter_held_elsewhere',
  'own_record_needs_supervisor',
  'training_only',
  'journal_read_only',
  'ticket_already_refunded',
  'refund_needs_supervisor',
  'refund_not_sold_here',
  'refund_needs_station',
  'refund_settings_changed',
  'counter_live_elsewhere',
  'station_sale_unverified',
  'station_sale_invalid',
  'sale_written_outside',
  'restore_refused',
  'restore_foreign_backup',
  'restore_before_agents_change',
  'restore_needs_counter_login',
  'restore_needs_station',
  'counter_retired',
  'retire_shift_open',
  'retire_sale_unfinished',
  'retire_unshipped',
]);

export function isRefusal(code: AppErrorCode): boolean {
  return REFUSALS.has(code);
}
