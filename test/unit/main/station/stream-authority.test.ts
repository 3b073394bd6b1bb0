// Who may author a row of the station's settings stream at each point of it (StreamAuthority),
// with real Ed25519 keys (one fixed test key per agent: no scrypt here, the derivation is
// test/integration/station/supervisor-proof.test.ts's).
import { describe, expect, it } from 'vitest';
import { newCounterSigner, type CounterSigner } from '../../../../main/station/counter-key.ts';
import type { StationSettingRow } from '../../../../main/station/settings-stream.ts';
import { proofMessage, StreamAuthority } from '../../../../main/station/stream-authority.ts';

const samir = { agentId: 'agent-samir', agentName: 'Samir' };
const hoda = { agentId: 'agent-hoda', agentName: 'Hoda' };
const keys: Record<string, CounterSigner> = { [samir.agentId]: newCounterSigner().signer, [hoda.agentId]: newCounterSigner().signer };
let seq = 0;

/** A row as the stream holds it; its proof signs `message` (the test's stand-in for settingMessage). */
function row(author: typeof samir | null, change: Partial<StationSettingRow> & Pick<StationSettingRow, 'kind' | 'key' | 'value'>, proof: CounterSigner | null | 'none' = 'none', nonce: string | null = `n${seq + 1}`): [StationSettingRow, string] {
  seq++;
  const message = `row ${seq}`;
  const signer = proof === 'none' ? (author ? keys[author.agentId]! : null) : proof;
  const r = { seq, basedOn: 0, counterId: 'ctr_a', at: new Date().toISOString(), signature: 'x', author, nonce, proof: signer?.sign(proofMessage(message)) ?? null, ...change } as StationSettingRow;
  return [r, message];
}
const supervisor = (who: typeof samir, proofKey: string | null, role: 'supervisor' | 'agent' = 'supervisor', active = true) =>
  ({ kind: 'agent', key: who.agentId, value: { name: who.agentName, role, pinHash: null, active, proofKey } }) as const;
const rule = { kind: 'markup_rule', key: 'default', value: null } as const;

/** Checks then folds, as a counter pulling the stream does; answers the refusal (null: it stands). */
const step = (a: StreamAuthority, [r, message]: [StationSettingRow, string]) => {
  const why = a.refusal(r, message);
  if (why === null) a.fold(r);
  return why;
};

describe('StreamAuthority', () => {
  it('before any supervisor with a proof key, counter-signed rows stand; the first one closes that for good', () => {
    const a = new StreamAuthority();
    expect(step(a, row(null, rule, null))).toBeNull();
    expect(step(a, row(null, supervisor(samir, null), null))).toBeNull(); // a supervisor without a key proves nothing
    expect(a.proven).toBe(false);
    expect(step(a, row(samir, supervisor(samir, keys[samir.agentId]!.publicKey)))).toBeNull();
    expect(a.proven).toBe(true);
    expect(step(a, row(null, rule, null))).toMatch(/names no supervisor/);
  });

  it('from then on: the author must be an active supervisor with a key at that point, and the proof must verify', () => {
    const a = new StreamAuthority();
    step(a, row(samir, supervisor(samir, keys[samir.agentId]!.publicKey)));
    expect(step(a, row(samir, rule))).toBeNull();
    expect(step(a, row(samir, rule, null))).toMatch(/no PIN proof/);
    expect(step(a, row(samir, rule, keys[hoda.agentId]!))).toMatch(/does not verify/);
    expect(step(a, row(hoda, rule))).toMatch(/not a supervisor/);
    expect(step(a, row(samir, supervisor(hoda, null)))).toBeNull();
    expect(step(a, row(hoda, rule))).toMatch(/no PIN proof key/);
    expect(step(a, row(samir, supervisor(hoda, keys[hoda.agentId]!.publicKey)))).toBeNull();
    expect(step(a, row(hoda, rule))).toBeNull();
    expect(step(a, row(samir, supervisor(hoda, null, 'agent')))).toBeNull(); // demoted
    expect(step(a, row(hoda, rule))).toMatch(/not a supervisor/);
    expect(step(a, row(samir, supervisor(hoda, keys[hoda.agentId]!.publicKey, 'supervisor', false)))).toBeNull(); // deactivated
    expect(step(a, row(hoda, rule))).toMatch(/not a supervisor/);
    expect(step(a, row(samir, rule, 'none', null))).toMatch(/no nonce/);
  });

  it('a PIN change: the row is proved with the key before it, the next ones with the new key', () => {
    const a = new StreamAuthority();
    step(a, row(samir, supervisor(samir, keys[samir.agentId]!.publicKey)));
    const next = newCounterSigner().signer;
    expect(step(a, row(samir, supervisor(samir, next.publicKey)))).toBeNull();
    expect(step(a, row(samir, rule))).toMatch(/does not verify/);
    expect(step(a, row(samir, rule, next))).toBeNull();
    expect(a.refusalToPublish(samir, keys[samir.agentId]!.publicKey)).toMatch(/type their PIN on this counter again/);
    expect(a.refusalToPublish(samir, next.publicKey)).toBeNull();
  });

  it('a nonce seen before is a replay, before and after the stream is proved', () => {
    const a = new StreamAuthority();
    expect(step(a, row(null, rule, null, 'same'))).toBeNull();
    expect(step(a, row(null, rule, null, 'same'))).toMatch(/replays/);
  });
});
