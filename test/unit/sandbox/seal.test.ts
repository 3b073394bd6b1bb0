import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OfferSeal, offerExpiresAt } from '../../../sandbox/offers/seal.ts';

const claim = {
  accountId: 'acc_demo',
  environment: 'SANDBOX' as const,
  departureKey: 'svc_abc123@2027-03-01',
  passengers: 2,
  classPrices: [18_500, 26_000],
  issuedAt: Date.UTC(2027, 0, 10, 8, 30, 15, 420),
};

describe('OfferSeal', () => {
  const seal = new OfferSeal(randomBytes(32));

  it('round-trips the claim, keeping the issue time to the second and expiring an hour later', () => {
    const id = seal.seal(claim);
    expect(id).toMatch(/^off_[A-Za-z0-9_-]+$/);
    const opened = seal.open(id)!;
    expect(opened).toMatchObject({ ...claim, issuedAt: Date.UTC(2027, 0, 10, 8, 30, 15) });
    expect(opened.expiresAt).toBe(offerExpiresAt(claim.issuedAt));
    expect(opened.expiresAt - opened.issuedAt).toBe(3_600_000);
  });

  it('hides the claim: no account or departure in clear text', () => {
    const raw = Buffer.from(seal.seal(claim).slice(4), 'base64url').toString('latin1');
    expect(raw).not.toContain('acc_demo');
    expect(raw).not.toContain('svc_abc123');
  });

  it('refuses any single-character change, truncation, extension or non-canonical spelling', () => {
    const id = seal.seal(claim);
    for (let i = 4; i < id.length; i++) {
      const changed = id.slice(0, i) + (id[i] === 'A' ? 'B' : 'A') + id.slice(i + 1);
      expect(seal.open(changed), `position ${i}`).toBeNull();
    }
    expect(seal.open(id.slice(0, -1))).toBeNull();
    expect(seal.open(`${id}A`)).toBeNull();
    expect(seal.open(`${id.slice(0, 10)}!${id.slice(10)}`)).toBeNull();
    expect(seal.open('off_')).toBeNull();
    expect(seal.open(id.replace('off_', 'ofx_'))).toBeNull();
  });

  it('refuses ids sealed with another key', () => {
    expect(new OfferSeal(randomBytes(32)).open(seal.seal(claim))).toBeNull();
  });

  it('gives one id per claim within a second, and a new one the next second', () => {
    expect(seal.seal(claim)).toBe(seal.seal({ ...claim, issuedAt: claim.issuedAt + 100 }));
    expect(seal.seal(claim)).not.toBe(seal.seal({ ...claim, passengers: 3 }));
    expect(seal.seal(claim)).not.toBe(seal.seal({ ...claim, issuedAt: claim.issuedAt + 1000 }));
  });
});
