// A counter that never shipped to a station database comes back from a backup file alone: its
// identity, its open shift, its pending sale resolved once, selling on with no seq gap. (A counter
// that shipped is refused that: restore-drill.test.ts.)
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { installationCounterId } from '../../../main/settings/installation.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Control } from '../main/helpers.ts';

const PIN = '246810';
let api: RunningSandbox & { control: Control };
const backups = tempDir('shubbak-alone-backups-');
const folders = [tempDir('shubbak-alone-old-'), tempDir('shubbak-alone-new-')];
const running: Counter[] = [];

async function pc(dir: string) {
  const counter = await startCounter({ dataDir: dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), resumeEveryMs: 3_600_000 });
  running.push(counter);
  return { counter, c: caller(counter.dispatch) };
}

beforeAll(async () => {
  api = await sandbox();
});
afterAll(async () => {
  for (const c of running) await c.close();
  await api?.close();
  for (const f of [...folders, backups]) f.cleanup();
});

it('a counter never linked to a station comes back from its backup alone', async () => {
  const old = await pc(folders[0]!.dir);
  await old.c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: PIN });
  const secret = (await old.c.ok('exportStationSecret', { pin: PIN })).secret;
  await old.c.ok('openShift', { float: { '20000': 1 } });
  await old.c.ok('saveBackupSettings', { folder: backups.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
  const sold = await sellOneSeat(old.c, 'Hoda Salem', 0);
  const pending = await sellOneSeat(old.c, 'Hany TEST PENDING', 0);
  expect(pending).toMatchObject({ status: 'pending', charged: true });
  const backup = await old.c.ok('backupJournal');
  const seq = (await old.c.ok('backupStatus')).lastGood!.seq;
  const counterId = installationCounterId(folders[0]!.dir);
  await old.counter.close();
  running.splice(0, 1);
  rmSync(folders[0]!.dir, { recursive: true, force: true });
  await api.control.advance(31); // the operator confirms the pending booking meanwhile

  const pc2 = await pc(folders[1]!.dir);
  await pc2.c.ok('importStationSecret', { secret });
  expect(await pc2.c.ok('restoreCounter', { file: backup.path })).toEqual({ environment: 'SANDBOX', counterId, seq, fromStation: 0 });
  const desk = await pc2.c.ok('desk');
  const signedIn = await pc2.c.ok('signIn', { agentId: desk.agents.find((a) => a.name === 'Samir Supervisor')!.id, pin: PIN });
  expect(signedIn.shift).toMatchObject({ floatMinor: 20_000, closedAt: null });
  expect(await pc2.c.ok('getSale', { saleId: pending.saleId })).toMatchObject({ status: 'confirmed', cashRecorded: true });
  const day = await pc2.c.ok('dayReport');
  expect(day.counts).toMatchObject({ confirmed: 2, pending: 0 });
  expect(day.retailMinor).toBe(sold.retailTotalMinor + pending.retailTotalMinor);
  expect((await sellOneSeat(pc2.c, 'Nour after backup', 0)).status).toBe('confirmed');
  const check = await pc2.c.ok('verifyJournal');
  expect(check).toMatchObject({ ok: true, firstBadSeq: null });
  expect(check.entries).toBeGreaterThan(seq);
});
