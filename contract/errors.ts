import { z } from 'zod';
import { ProblemCode } from './partner/problems.ts';

/**
 * Stable error codes a contract call can fail with. The renderer translates them (i18n keys
 * `error.<code>`); `message` is a plain-English detail for logs and support, never shown alone.
 */
export const AppErrorCode = z.enum([
  // transport and validation
  'invalid_argument',
  'unknown_call',
  'forbidden_sender',
  'internal',
  // reaching the Partner API
  'network',
  'timeout',
  'bad_response',
  // the Partner API's own codes, passed through unchanged
  ...ProblemCode.options,
  // counter set-up
  'not_configured',
  'keychain_unavailable',
  'credential_rejected',
  'invalid_base_url',
  'not_found',
  'conflict',
  'print_failed',
  'station_unreachable',
  'station_settings_offline',
  'supervisor_proof_needed',
  // the station database: why it cannot be used (issue 21)
  'station_password_wrong',
  'station_password_needed',
  'station_unknown_database',
  'station_unknown_user',
  'station_tls_required',
  'station_tls_refused',
  'station_tls_untrusted',
  'station_host_unreachable',
  'station_timeout',
  'station_not_allowed',
  'station_not_enrolled',
  'station_schema_outdated',
  'station_schema_newer',
  'sale_abandoned',
  // agents and shifts
  'not_signed_in',
  'forbidden_role',
  'wrong_pin',
  'agent_locked',
  'pin_key_mismatch',
  'pin_reset_needed',
  'shift_not_open',
  'shift_already_open',
  'variance_comment_required',
  'training_only',
  'counter_held_elsewhere',
  'own_record_needs_supervisor',
  'journal_lost',
  // the journal
  'journal_read_only',
  // money back (issue 23)
  'ticket_already_refunded',
  'refund_needs_supervisor',
  'refund_not_sold_here',
  'refund_needs_station',
  'refund_settings_changed',
  'station_sale_unverified',
  'station_sale_invalid',
  'sale_written_outside',
  // backups and restore
  'backup_corrupt',
  'backup_folder_unavailable',
  'backup_failed',
  'restore_refused',
  'restore_foreign_backup',
  'restore_before_agents_change',
  'counter_live_elsewhere',
  'station_copy_refused',
  'restore_needs_counter_login',
  'restore_needs_station',
  'counter_retired',
  'retire_shift_open',
  'retire_sale_unfinished',
  'retire_unshipped',
  'retire_failed',
]);
export type AppErrorCode = z.infer<typeof AppErrorCode>;

export interface AppError {
  code: AppErrorCode;
  message: string;
  /** The agent may try the same thing again (network, 429, 503, in-progress). */
  retryable?: boolean;
  /** Seconds to wait before a retry, when the API said so. */
  retryAfter?: number;
  /** A booking reference the failure concerns (a failed booking is still a booking). */
  bookingReference?: string;
  /** Until when something is refused (an agent locked after wrong PINs), ISO UTC; shown in Cairo time. */
  until?: string;
  /** A wrong PIN of a known agent: how many more before the lock (at every window of a linked station). */
  triesLeft?: number;
  /** Per-field problems of an invalid argument or request. */
  fields?: { field: string; message: string }[];
  /** The counter and the journal entry a failure names (a station copy refused at an entry). */
  counterId?: string;
  seq?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppError): Result<never> => ({ ok: false, error });
