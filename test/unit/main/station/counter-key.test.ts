// A counter's signatures: what verifies and what does not, every time (good results are kept, so
// a second look must not turn a bad signature good, nor a good one under another key or message).
import { describe, expect, it } from 'vitest';
import { newCounterSigner, verifySignature } from '../../../../main/station/counter-key.ts';

describe('verifySignature', () => {
  const { signer } = newCounterSigner();
  const other = newCounterSigner().signer;
  const message = 'ctr_1 12 ' + 'a'.repeat(64);
  const signature = signer.sign(message);

  it('a good signature verifies, again and again', () => {
    expect(verifySignature(signer.publicKey, message, signature)).toBe(true);
    expect(verifySignature(signer.publicKey, message, signature)).toBe(true);
  });

  it('once a signature verified, the same signature of another message, or under another key, still does not', () => {
    expect(verifySignature(signer.publicKey, message, signature)).toBe(true);
    expect(verifySignature(signer.publicKey, `${message}x`, signature)).toBe(false);
    expect(verifySignature(other.publicKey, message, signature)).toBe(false);
    expect(verifySignature(signer.publicKey, message, other.sign(message))).toBe(false);
    expect(verifySignature(signer.publicKey, message, 'not base64 at all')).toBe(false);
    expect(verifySignature('short', message, signature)).toBe(false);
  });

  it('still true and false as before after more signatures than it keeps', () => {
    for (let i = 0; i < 10_050; i++) {
      const m = `m${i}`;
      if (!verifySignature(signer.publicKey, m, signer.sign(m))) throw new Error(`signature ${i}`);
    }
    expect(verifySignature(signer.publicKey, message, signature)).toBe(true);
    expect(verifySignature(other.publicKey, message, signature)).toBe(false);
  });
});
