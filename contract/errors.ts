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
  'sale_abandoned',
  // agents and shifts
  'not_signed_in',
  'forbidden_role',
  'wrong_pin',
  'agent_locked',
  'shift_not_open',
  'shift_already_open',
  // backups and restore
  'backup_corrupt',
  'backup_folder_unavailable',
  'backup_failed',
  'restore_refused',
  'counter_live_elsewhere',
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
  /** Per-field problems of an invalid argument or request. */
  fields?: { field: string; message: string }[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppError): Result<never> => ({ ok: false, error });
