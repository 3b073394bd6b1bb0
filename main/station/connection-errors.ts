// Why the station database could not be reached, as one stable code per cause (the renderer and
// the CLI translate the code; the message keeps PostgreSQL's or the TLS layer's own words for the
// supervisor and the administrator). The one place that reads `pg`'s and Node's error shapes.
import type { AppErrorCode } from '../../contract/errors.ts';
import { AppFailure } from '../failure.ts';
import { PASSWORD_NEEDED } from './database.ts';

export type StationConnectionCode = Extract<
  AppErrorCode,
  | 'station_password_wrong'
  | 'station_password_needed'
  | 'station_unknown_database'
  | 'station_unknown_user'
  | 'station_tls_required'
  | 'station_tls_refused'
  | 'station_tls_untrusted'
  | 'station_host_unreachable'
  | 'station_timeout'
  | 'station_not_allowed'
  | 'station_not_enrolled'
  | 'station_unreachable'
>;

const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE']);

/** The cause of a failed connection or first query. */
export function connectionCode(err: unknown): StationConnectionCode {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (/^(not_enrolled|not_your_counter|counter_revoked):/.test(message)) return 'station_not_enrolled';
  if (code === '28P01') return 'station_password_wrong';
  // A login without the counters' rights (not a member of shubbak_counter).
  if (code === '42501') return 'station_not_enrolled';
  if (code === '3D000') return 'station_unknown_database';
  if (code === '28000' && /role ".*" does not exist/.test(message)) return 'station_unknown_user';
  if (code === '28000' && /no pg_hba\.conf entry.*(SSL off|no encryption)/.test(message)) return 'station_tls_required';
  if (code === '28000') return 'station_not_allowed';
  if (/does not support SSL/.test(message)) return 'station_tls_refused';
  if (CERTIFICATE_CODES.has(code) || /certificate/i.test(message)) return 'station_tls_untrusted';
  if (message.startsWith(PASSWORD_NEEDED) || /client password must be a (non-empty )?string/i.test(message)) return 'station_password_needed';
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) return 'station_timeout';
  if (UNREACHABLE_CODES.has(code)) return 'station_host_unreachable';
  return 'station_unreachable';
}

/** English, one line per code: what it means and what to do (the renderer has its own translations). */
export const CONNECTION_EXPLAINED: Record<StationConnectionCode, string> = {
  station_password_wrong: 'the password is wrong for this user',
  station_password_needed: 'the server asks for a password and none is kept for this server, port, database and user: type it',
  station_unknown_database: 'there is no such database on that server',
  station_unknown_user: 'there is no such user (role) on that server',
  station_tls_required: 'the server accepts this connection only with TLS: turn TLS on',
  station_tls_refused: 'the server does not offer TLS: turn it on in the server (ssl = on) or, on a loopback address only, connect without it',
  station_tls_untrusted: "the server's certificate is not trusted: give the certificate authority's file (CA) that signed it",
  station_host_unreachable: 'nothing answers at that address and port',
  station_timeout: 'the server did not answer in time',
  station_not_allowed: "the server's pg_hba.conf does not let this user in from this address",
  station_not_enrolled: 'this counter is not enrolled for this login: the administrator runs npm run station -- enrol',
  station_unreachable: 'the station database cannot be reached',
};

/** An AppFailure with the cause's code, PostgreSQL's own words kept in the message. */
export function connectionFailure(err: unknown, where: string): AppFailure {
  if (err instanceof AppFailure) return err;
  const code = connectionCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  return new AppFailure(code, `${where}: ${CONNECTION_EXPLAINED[code]} (${detail})`, { retryable: code === 'station_timeout' || code === 'station_host_unreachable' || code === 'station_unreachable' });
}
