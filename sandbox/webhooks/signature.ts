import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64
// of the key; the signature is `v1,` + base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`.

export const SECRET_PREFIX = 'whsec_';
const KEY_BYTES = 32;

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(KEY_BYTES).toString('base64')}`;
}

/** The `webhook-signature` header value of one attempt. */
export function signature(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}
