import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter } from '../../../../main/counter.ts';
import { KEYCHAIN_SERVICE, keytarKeychain } from '../../../../main/vault/keychain.ts';
import { PIN_KEY_ACCOUNT } from '../../../../main/vault/pin-key.ts';
import { Vault } from '../../../../main/vault/vault.ts';
import { caller, contact, filesUnder, findOffer, sandbox, tempDir } from '../helpers.ts';

// Against the real Secret Service (gnome-keyring under dbus-run-session, see the test script).
// No Secret Service means these tests FAIL: they are never skipped.

const ROOT = join(import.meta.dirname, '../../../..');
let sbx: Awaited<ReturnType<typeof sandbox>>;
/** The credential slots: the app's other entries (PIN key, station password, signing key) are not credentials. */
const SLOTS = ['primary', 'secondary'];
const credentialsHeld = async () => (await keytar.findCredentials(KEYCHAIN_SERVICE)).filter((c) => SLOTS.includes(c.account));

beforeAll(async () => {
  try {
    await keytar.findCredentials(KEYCHAIN_SERVICE);
  } catch (err) {
    throw new Error(
      `No Secret Service reachable (${(err as Error).message}). Run these tests inside dbus-run-session with gnome-keyring unlocked.`,
      { cause: err },
    );
  }
  const existing = await credentialsHeld();
  if (existing.length > 0) {
    throw new Error(`The keychain already holds "${KEYCHAIN_SERVICE}" entries: refusing to touch a real counter's credentials`);
  }
  sbx = await sandbox();
});
afterAll(async () => {
  for (const c of await credentialsHeld().catch(() => [])) await keytar.deletePassword(KEYCHAIN_SERVICE, c.account);
  await sbx?.close();
});

describe('the OS keychain (Secret Service)', () => {
  it('answers', async () => {
    await expect(keytarKeychain().probe()).resolves.toBeUndefined();
  });

  it('keeps both slots under the app service name and gives them back', async () => {
    const vault = new Vault(keytarKeychain());
    const savedAt = new Date().toISOString();
    await vault.save('primary', { clientId: 'cid_live_primary1', clientSecret: 'sk_live_one', baseUrl: 'https://a.example/v1', savedAt });
    await vault.save('secondary', { clientId: 'cid_live_second2', clientSecret: 'sk_live_two', baseUrl: 'https://a.example/v1', savedAt });
    const raw = await credentialsHeld();
    expect(raw.map((c) => c.account).sort()).toEqual(['primary', 'secondary']);
    expect((await vault.read()).map((c) => [c.slot, c.clientSecret])).toEqual([
      ['primary', 'sk_live_one'],
      ['secondary', 'sk_live_two'],
    ]);
    await vault.remove('primary');
    await vault.remove('secondary');
    expect(await credentialsHeld()).toEqual([]);
  });

  it('carries the counter across restarts: saved in SANDBOX, still SANDBOX after a restart, TRAINING once removed', async () => {
    const tmp = tempDir();
    const secret = 'sk_sandbox_demo_2';
    try {
      let counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0' });
      let c = caller(counter.dispatch);
      expect(counter.info.environment).toBe('TRAINING');
      expect((await c.ok('credentialsStatus')).keychainAvailable).toBe(true);
      const status = await c.ok('saveCredential', { clientId: 'cid_sandbox_demo_2', clientSecret: secret, baseUrl: sbx.baseUrl, slot: 'primary' });
      expect(status).toMatchObject({ environment: 'SANDBOX', credentials: [{ slot: 'primary', clientIdMasked: 'cid_sandbox_…mo_2' }] });
      const stored = JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, 'primary'))!) as { clientSecret: string; baseUrl: string };
      expect(stored).toMatchObject({ clientSecret: secret, baseUrl: sbx.baseUrl });
      // Rotation: a second credential of the same account in the secondary slot.
      await c.ok('saveCredential', { clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo', baseUrl: sbx.baseUrl, slot: 'secondary' });
      await counter.close();

      counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0' });
      c = caller(counter.dispatch);
      expect(counter.info).toMatchObject({ environment: 'SANDBOX', apiBaseUrl: sbx.baseUrl });
      const { priced } = await findOffer(c);
      const sale = await c.ok('sell', {
        saleId: randomUUID(),
        offerId: priced.offer.id,
        passengers: [{ full_name: 'Keychain Test' }],
        contact,
        language: 'ar',
        cashTenderedMinor: priced.retailPerSeatMinor,
      });
      expect(sale.status).toBe('confirmed');
      // Every file, the TRAINING simulator's database included (it keeps only secret digests).
      for (const f of await filesUnder(tmp.dir)) {
        expect(readFileSync(f).includes(Buffer.from(secret)), `secret found in ${f}`).toBe(false);
      }
      await c.ok('removeCredential', { slot: 'primary' });
      expect(counter.info.environment).toBe('SANDBOX'); // the secondary carries on
      const last = await c.ok('removeCredential', { slot: 'secondary' });
      expect(last).toEqual({ environment: 'TRAINING', keychainAvailable: true, keychainProblem: null, credentials: [] });
      // the credentials are gone; the PIN key stays (the agents' PINs are sealed with it)
      expect(await credentialsHeld()).toEqual([]);
      expect(await keytar.getPassword(KEYCHAIN_SERVICE, PIN_KEY_ACCOUNT)).not.toBeNull();
      await counter.close();
    } finally {
      tmp.cleanup();
    }
  });

  it('where no Secret Service answers: TRAINING, keychain_unavailable, no plain-text fallback', async () => {
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', SHUBBAK_BASE_URL: sbx.baseUrl };
      delete env.DISPLAY;
      const p = spawn(join(ROOT, 'node_modules/.bin/node'), [join(import.meta.dirname, '../fixtures/no-keychain.ts')], { env });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.on('error', reject);
      p.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      environment: string;
      status: { ok: boolean; value: unknown };
      save: { ok: boolean; error: { code: string } };
      log: string[];
    };
    // One start-up line says why and what to install; the save is refused with the same words.
    const why = out.log.filter((l) => l.includes('keychain'));
    expect(why).toHaveLength(1);
    expect(why[0]).toMatch(/starting in TRAINING/);
    expect(why[0]).toMatch(/Secret Service such as gnome-keyring/);
    expect(why[0]).not.toContain('\n');
    expect(out.environment).toBe('TRAINING');
    expect(out.status).toEqual({ ok: true, value: { environment: 'TRAINING', keychainAvailable: false, keychainProblem: { reason: 'no_service', platform: 'linux' }, credentials: [] } });
    expect(out.save).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
  });
});
