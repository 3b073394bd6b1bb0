import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames } from '../../../contract/calls.ts';
import { startCounter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, contact, credentialProxy, filesUnder, findOffer, sandbox, tempDir } from './helpers.ts';

// The secret a supervisor enters must never leave main: not in any file the app writes (SQLite
// files, WAL, backups included, raw bytes), not in its log, not in any contract answer.

const SECRET = `sk_sandbox_leak_${randomBytes(12).toString('hex')}`;
const CLIENT_ID = `cid_sandbox_leak_${randomBytes(6).toString('hex')}`;

let sbx: Awaited<ReturnType<typeof sandbox>>;
let proxy: Awaited<ReturnType<typeof credentialProxy>>;
beforeAll(async () => {
  sbx = await sandbox();
  proxy = await credentialProxy(sbx.baseUrl, { clientId: CLIENT_ID, clientSecret: SECRET });
});
afterAll(async () => {
  await proxy.close();
  await sbx.close();
});

describe('the client secret', () => {
  it('is found nowhere but the keychain after saving it and selling', async () => {
    const tmp = tempDir();
    const logs: string[] = [];
    const keychain = memoryKeychain();
    const counter = await startCounter({
      dataDir: tmp.dir,
      version: '0.1.0',
      keychain,
      log: (message, err) => logs.push(`${message} ${err instanceof Error ? `${err.message} ${err.stack}` : JSON.stringify(err)}`),
    });
    const answers: string[] = [];
    const dispatch = async (name: unknown, arg: unknown) => {
      const r = await counter.dispatch(name, arg);
      answers.push(JSON.stringify(r));
      return r;
    };
    const c = caller(dispatch);
    try {
      // A wrong secret first (its error must not echo it), then the right one.
      const wrong = `${SECRET}x`;
      const refused = await c.err('saveCredential', { clientId: CLIENT_ID, clientSecret: wrong, baseUrl: proxy.baseUrl });
      expect(refused.code).toBe('credential_rejected');
      expect(JSON.stringify(refused)).not.toContain(wrong);
      await c.ok('saveCredential', { clientId: CLIENT_ID, clientSecret: SECRET, baseUrl: proxy.baseUrl });
      expect(counter.info.environment).toBe('SANDBOX');
      const { priced } = await findOffer(c);
      const sale = await c.ok('sell', {
        saleId: randomUUID(),
        offerId: priced.offer.id,
        passengers: [{ full_name: 'Leak Check' }],
        contact,
        language: 'en',
        cashTenderedMinor: priced.retailPerSeatMinor,
      });
      expect(sale.status).toBe('confirmed');
      await c.ok('backupJournal');
      // Every call of the contract once more, whatever it answers.
      for (const name of callNames) await dispatch(name, undefined);
      await c.ok('credentialsStatus');

      expect(keychain.entries.get('primary')).toContain(SECRET); // it is kept, in the keychain only
      const files = await filesUnder(tmp.dir);
      expect(files.some((f) => f.endsWith('journal-sandbox.db'))).toBe(true);
      expect(files.some((f) => f.includes('backups'))).toBe(true);
      for (const f of files) {
        expect(readFileSync(f).includes(Buffer.from(SECRET)), `secret found in ${f}`).toBe(false);
        expect(readFileSync(f).includes(Buffer.from(SECRET, 'utf16le')), `secret (UTF-16) found in ${f}`).toBe(false);
      }
      expect(answers.length).toBeGreaterThan(callNames.length);
      for (const a of answers) expect(a).not.toContain(SECRET);
      expect(answers.join('\n')).not.toContain(CLIENT_ID); // only the masked form goes out
      for (const line of logs) expect(line).not.toContain(SECRET);
    } finally {
      await counter.close();
      const files = await filesUnder(tmp.dir);
      for (const f of files) expect(readFileSync(f).includes(Buffer.from(SECRET)), `secret found in ${f} after close`).toBe(false);
      tmp.cleanup();
    }
  });
});
