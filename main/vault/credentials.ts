import { isIP } from 'node:net';
import { AppFailure } from '../failure.ts';

export type Slot = 'primary' | 'secondary';
export const SLOTS: readonly Slot[] = ['primary', 'secondary'];

export type ApiEnvironment = 'SANDBOX' | 'LIVE';

const PREFIXES: Record<ApiEnvironment, { id: string; secret: string }> = {
  SANDBOX: { id: 'cid_sandbox_', secret: 'sk_sandbox_' },
  LIVE: { id: 'cid_live_', secret: 'sk_live_' },
};

/** The environment a credential belongs to, told only by its prefixes, which must agree. */
export function environmentOf(clientId: string, clientSecret: string): ApiEnvironment {
  const idEnv = (Object.keys(PREFIXES) as ApiEnvironment[]).find((e) => clientId.startsWith(PREFIXES[e].id));
  const secretEnv = (Object.keys(PREFIXES) as ApiEnvironment[]).find((e) => clientSecret.startsWith(PREFIXES[e].secret));
  if (!idEnv || clientId.length === PREFIXES[idEnv].id.length) {
    throw new AppFailure('invalid_argument', 'A client id starts with cid_sandbox_ or cid_live_', {
      fields: [{ field: 'clientId', message: 'must start with cid_sandbox_ or cid_live_' }],
    });
  }
  if (!secretEnv || clientSecret.length === PREFIXES[secretEnv].secret.length) {
    throw new AppFailure('invalid_argument', 'A client secret starts with sk_sandbox_ or sk_live_', {
      fields: [{ field: 'clientSecret', message: 'must start with sk_sandbox_ or sk_live_' }],
    });
  }
  if (idEnv !== secretEnv) {
    throw new AppFailure('invalid_argument', `The client id is a ${idEnv} id but the secret is a ${secretEnv} secret`, {
      fields: [{ field: 'clientSecret', message: `does not match a ${idEnv} client id` }],
    });
  }
  return idEnv;
}

/** `cid_live_…abcd`: the prefix and the last four characters, nothing else. */
export function maskClientId(clientId: string): string {
  const env = (Object.keys(PREFIXES) as ApiEnvironment[]).find((e) => clientId.startsWith(PREFIXES[e].id));
  const prefix = env ? PREFIXES[env].id : '';
  return `${prefix}…${clientId.slice(-4)}`;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (host.toLowerCase() === 'localhost') return true;
  if (isIP(host) === 4) return host.split('.')[0] === '127';
  if (isIP(host) === 6) return host === '::1';
  return false;
}

/**
 * The API base URL as stored: https anywhere, plain http only to this machine (loopback:
 * 127.0.0.0/8, ::1, localhost). No user info, query or fragment; no trailing slash.
 */
export function validateBaseUrl(input: string): string {
  const bad = (why: string) => new AppFailure('invalid_base_url', `${why}: ${input}`, { fields: [{ field: 'baseUrl', message: why }] });
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw bad('Not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('Only https (or http on this machine) is allowed');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw bad('Plain http is allowed only to this machine (127.0.0.1, ::1, localhost); use https');
  }
  if (url.username || url.password) throw bad('The URL must not carry a user name or password');
  if (url.search || url.hash) throw bad('The URL must not carry a query or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
