// The refund policy (what the station keeps of a refund it chooses to give) is in
// refund-settings.json, which the PC's user can edit while the counter is closed: an agent who
// sets it to "nothing kept" and hands the traveller less keeps the difference with a drawer that
// balances. The file is sealed: changed outside the app, no refund the station chooses to give is
// paid until a supervisor saves the policy again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import type { Dispatch } from '../../../main/dispatch.ts';
import { REFUND_SETTINGS_FILE } from '../../../main/refunds/settings.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, originOf, tempDir } from '../main/helpers.ts';
import { sellSeats } from './helpers.ts';

const tmp = tempDir('shubbak-refund-settings-changed-');
const keychain = memoryKeychain();
let counter: Counter | null = null;
const c = caller(((name, arg) => counter!.dispatch(name, arg)) as Dispatch);
const start = async () => void (counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain }));
const stop = async () => {
  await counter?.close();
  counter = null;
};
const PERCENT = { kind: 'percent', percent: 10 } as const;
let supervisorId = '';
let sold: Awaited<ReturnType<typeof sellSeats>>;

beforeAll(async () => {
  await start();
  supervisorId = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '432100' })).signedIn!.id;
  await c.ok('saveRefundSettings', { policy: PERCENT, overdueDays: 7 });
  await c.ok('openShift', { float: { '20000': 1 } });
  sold = await sellSeats(c, ['Omar Said'], 4);
  const booking = (await c.ok('getSale', { saleId: sold.saleId })).booking!;
  const later = new Date(Date.parse(booking.departure_at!) + 2 * 3_600_000).toISOString();
  const res = await fetch(`${originOf(counter!.info.apiBaseUrl)}/_sandbox/bookings/${sold.ref}/reschedule`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ departure_at: later }),
  });
  expect(res.ok).toBe(true);
  await stop();
  const file = join(tmp.dir, REFUND_SETTINGS_FILE);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  expect(stored.seal).toEqual(expect.any(String));
  writeFileSync(file, JSON.stringify({ ...stored, policy: { kind: 'none' } }));
  await start();
  await c.ok('signIn', { agentId: supervisorId, pin: '432100' });
});
afterAll(async () => {
  await stop();
  tmp.cleanup();
});

describe('a refund policy changed outside the app', () => {
  const approval = () => ({ supervisorId, pin: '432100', reason: 'Changed plans' });

  it('is said as such, and no refund the station chooses to give is paid under it', async () => {
    expect(await c.ok('refundSettings')).toEqual({ policy: { kind: 'none' }, overdueDays: 7, changedOutside: true });
    const refused = await c.err('refund', { saleId: sold.saleId, language: 'en', approval: approval() });
    expect(refused.code).toBe('refund_settings_changed');
    expect((await c.ok('refundQuote', { saleId: sold.saleId })).tickets.every((t) => !t.refunded)).toBe(true);
  });

  it('is paid under the policy a supervisor saves again', async () => {
    expect(await c.ok('saveRefundSettings', { policy: PERCENT, overdueDays: 7 })).toEqual({ policy: PERCENT, overdueDays: 7 });
    const { refund } = await c.ok('refund', { saleId: sold.saleId, language: 'en', approval: approval() });
    const kept = Math.round(sold.total * 0.1);
    expect(refund).toMatchObject({ cause: 'station', keptMinor: kept, amountMinor: sold.total - kept });
  });
});
