import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwtCodec, type Scope } from '../../../sandbox/auth/jwt.ts';

const principal = {
  clientId: 'cid_sandbox_demo',
  accountId: 'acc_demo',
  environment: 'SANDBOX' as const,
  scopes: new Set<Scope>(['inventory.read', 'booking.write']),
};

describe('JwtCodec', () => {
  const codec = new JwtCodec(randomBytes(32));
  const now = 1_800_000_000;

  it('verifies its own tokens until the hour is over', () => {
    const token = codec.sign(principal, now);
    expect(codec.verify(token, now)).toMatchObject({ accountId: 'acc_demo', environment: 'SANDBOX', expiresAt: now + 3600 });
    expect([...codec.verify(token, now + 3599)!.scopes].sort()).toEqual(['booking.write', 'inventory.read']);
    expect(codec.verify(token, now + 3600)).toBeNull();
  });

  it('refuses tampered, foreign and malformed tokens', () => {
    const token = codec.sign(principal, now);
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, acc: 'acc_other' })).toString('base64url');
    expect(codec.verify(`${h}.${tampered}.${s}`, now)).toBeNull();
    expect(new JwtCodec(randomBytes(32)).verify(token, now)).toBeNull();
    expect(codec.verify('a.b', now)).toBeNull();
    expect(codec.verify(`${h}.${p}.`, now)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(codec.verify(`${none}.${p}.${s}`, now)).toBeNull();
  });
});
