import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSandbox, type TestSandbox } from './helpers.ts';
import { deliveries, expectSigned, register, startReceiver, waitForDeliveries } from './receiver.ts';

// Webhook endpoints, events and deliveries are kept in the database: a restart on the same file
// goes on retrying with the same webhook-id and the same secret.

const dir = mkdtempSync(join(tmpdir(), 'sandbox-events-'));
const dbPath = join(dir, 'sandbox.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('events across a restart', () => {
  it('keeps endpoints, events and deliveries; a due retry is sent after the restart', async () => {
    const hooks = await startReceiver();
    hooks.respond = 500;
    let sbx: TestSandbox = await startTestSandbox({ dbPath });
    try {
      const { secret } = await register(sbx, DEMO, hooks.url);
      await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 100 });
      const [first] = await hooks.waitFor((all) => all.length === 1);
      const before = await waitForDeliveries(sbx, (l) => l[0]?.state === 'retrying');
      await sbx.close();

      hooks.respond = 200;
      sbx = await startTestSandbox({ dbPath });
      expect(await deliveries(sbx)).toEqual(before);
      await sbx.advance(6);
      const [, retry] = await hooks.waitFor((all) => all.length === 2);
      expect(retry!.id).toBe(first!.id);
      expect(retry!.body).toBe(first!.body);
      expectSigned(secret, retry!);
      await waitForDeliveries(sbx, (l) => l[0]?.state === 'delivered' && l[0].attempts === 2);

      // The registration survived: new events go to it, signed with the same secret.
      await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 100 });
      const [, , next] = await hooks.waitFor((all) => all.length === 3);
      expect(next!.id).not.toBe(first!.id);
      expectSigned(secret, next!);
      expect(await register(sbx, DEMO, hooks.url)).toMatchObject({ secret });
    } finally {
      await sbx.close();
      await hooks.close();
    }
  });
});
