// The drill of a dead counter PC (issue 24): a SANDBOX counter linked to a real PostgreSQL sells
// (one sale left pending at the API), backs up, sells once more, ships, and its data folder is
// deleted. Then, on new PCs (new data folders): refused from the backup alone (the station holds
// entries after it: restore-file-alone.test.ts restores a counter never linked); from the backup
// plus the station's entries the backup missed (refused while the old PC still holds the counter
// at the station, taken once an administrator released it); from the station alone. Each
// continues selling with the same figures, no seq gap, no sale doubled, the pending sale resolved
// exactly once; a PC whose counter was taken over stops shipping; Replace retires the identity.
// The station legs run as a station does: the old PC ships with a login enrolled for its counter
// (enrolCounter), and each new PC links with that counter's login once the administrator handed it
// over (handOverCounter: a new password), to restore that counter.
// A station copy the database's owner changed behind the triggers (re-chained so that only the
// counter's signatures give it away, or with a forged entry after the last signed head) is refused
// by name, and the new PC's data folder is left as it was.
import { enrolCounter, rekeyCounter } from '../../../main/station/admin.ts';
import { handOverCounter } from '../../../main/station/hand-over.ts';
import { verifyStation, type StationEntryRow } from '../../../main/station/verify.ts';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayReport, SaleOutcome } from '../../../contract/counter.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { stationPool } from '../../../main/station/database.ts';
import { claimCounter, releaseCounterAsAdministrator } from '../../../main/station/lease.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { installationCounterId } from '../../../main/settings/installation.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { entryHash } from '../../../main/journal/chain.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Caller, type Control } from '../main/helpers.ts';

const PIN = '246810';
let api: RunningSandbox & { control: Control };
let db: TestPostgres;
let admin: ReturnType<typeof stationPool>;
const backupsDir = tempDir('shubbak-drill-backups-');
const folders: { dir: string; cleanup(): void }[] = [];
const running: Counter[] = [];
let stationSecret = '';

async function newPc(): Promise<{ counter: Counter; c: Caller; dir: string }> {
  const folder = tempDir('shubbak-drill-pc-');
  folders.push(folder);
  return openPc(folder.dir);
}

/** Each PC's own keychain: a PC started again keeps it (its PIN key, its signing key, its credential). */
const keychains = new Map<string, ReturnType<typeof memoryKeychain>>();

async function openPc(dir: string) {
  if (!keychains.has(dir)) keychains.set(dir, memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)));
  // Sales are resumed only when the drill says so (restore does it first by itself).
  const counter = await startCounter({ dataDir: dir, version: '0.1.0', keychain: keychains.get(dir)!, shipEveryMs: 100, resumeEveryMs: 3_600_000 });
  running.push(counter);
  return { counter, c: caller(counter.dispatch), dir };
}

async function close(counter: Counter) {
  await counter.close();
  running.splice(running.indexOf(counter), 1);
}

const STATION = { stationId: 'stn_drill', stationName: 'Drill station' };
const LOGIN = 'window_drill';
const link = (c: Caller, password: string) => c.ok('connectStation', { ...STATION, host: db.host, port: db.port, database: db.database, user: LOGIN, password, tls: false });

/** The administrator hands the dead counter's login to a new PC, which links with it to restore that counter. */
async function linkToRestore(c: Caller, counterId: string) {
  const { password } = await handOverCounter(admin, counterId);
  expect(await link(c, password)).toMatchObject({ restoring: counterId, shipping: 'off' });
}

async function shipped(c: Caller) {
  await expect.poll(async () => (await c.ok('stationStatus')) as { backlog: number; shipping: string }, { timeout: 15_000 }).toMatchObject({ backlog: 0, shipping: 'synced' });
}

async function signIn(c: Caller) {
  // A PC linked to the station has the station's agents (their PINs work at every window).
  await expect.poll(async () => (await c.ok('desk')).agents.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const desk = await c.ok('desk');
  return c.ok('signIn', { agentId: desk.agents.find((a) => a.name === 'Samir Supervisor')!.id, pin: PIN });
}

/** What the station's owner can do to shipped rows: set a table's append-only trigger aside, change them, put it back. */
async function behindTheTriggers(table: 'entries' | 'chain_heads', sql: string, params: unknown[] = []) {
  await admin.query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_no_update`);
  try {
    await admin.query(sql, params);
  } finally {
    await admin.query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_no_update`);
  }
}

/** The data folder as a restore could change it: its files (a backup being written aside) and the installation's identity. */
function folderState(dir: string) {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => !/(-wal|-shm)$/.test(f) && !f.startsWith('backups')).sort();
  return { files, installation: readFileSync(join(dir, 'installation.json'), 'utf8') };
}

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  admin = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
});
afterAll(async () => {
  for (const c of [...running]) await c.close();
  await admin?.end();
  db?.destroy();
  await api?.close();
  for (const f of folders) f.cleanup();
  backupsDir.cleanup();
});

describe('a counter PC dies and comes back', () => {
  let counterId: string;
  let backupPath: string;
  let backupSeq: number;
  let lastSeq: number;
  let atDeath: DayReport;
  let floatAndPayIn: number;
  const sold: SaleOutcome[] = [];
  let pending: SaleOutcome;
  /** The data folders of the PCs restored from the backup and the station, and from the station alone. */
  let secondPc = '';
  let thirdPc = '';

  it('the old PC sells, backs up, sells once more, ships, and dies', async () => {
    const { counter, c, dir } = await newPc();
    await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: PIN });
    // the station secret (the PIN key of the station), written down on the first PC
    stationSecret = (await c.ok('exportStationSecret', { pin: PIN })).secret;
    await c.ok('openShift', { float: { '20000': 2 } });
    await c.ok('saveBackupSettings', { folder: backupsDir.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
    // the administrator enrols the counter with a login of its own (npm run station -- enrol)
    const enrolled = await enrolCounter(admin, { ...STATION, counterId: installationCounterId(dir), login: LOGIN, environment: 'SANDBOX', publicKey: (await c.ok('stationStatus')).publicKey! });
    await link(c, enrolled.password);
    sold.push(await sellOneSeat(c, 'Hoda Salem', 500));
    pending = await sellOneSeat(c, 'Hany TEST PENDING', 0);
    expect(pending).toMatchObject({ status: 'pending', charged: true, cashRecorded: false });
    await c.ok('moveCash', { kind: 'pay_in', amountMinor: 1_000, reason: 'coins from the bank' });
    floatAndPayIn = 40_000 + 1_000;
    const backup = await c.ok('backupJournal');
    backupPath = backup.path;
    backupSeq = (await c.ok('backupStatus')).lastGood!.seq;
    sold.push(await sellOneSeat(c, 'Karim Nabil', 0)); // only the station will have this one
    expect(sold.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
    await shipped(c);
    atDeath = await c.ok('dayReport');
    lastSeq = (await c.ok('verifyJournal')).entries;
    expect(lastSeq).toBeGreaterThan(backupSeq);
    counterId = installationCounterId(dir);
    expect(backupPath).toContain(counterId);
    await close(counter);
    rmSync(dir, { recursive: true, force: true }); // the disk is gone
    // meanwhile the operator confirms the pending booking
    await api.control.advance(31);
  });

  it('from the backup alone: refused, the counter shipped to the station (its later entries are there), the data folder left as it was', async () => {
    const { counter, c, dir } = await newPc();
    await c.ok('importStationSecret', { secret: stationSecret });
    const before = folderState(dir);
    const refused = await c.err('restoreCounter', { file: backupPath });
    expect(refused).toMatchObject({ code: 'restore_needs_station', counterId, seq: backupSeq });
    expect(refused.message).toContain(`npm run station -- hand-over --counter ${counterId}`);
    expect(folderState(dir)).toEqual(before);
    expect((await c.ok('backupStatus')).fresh).toBe(true);
    await close(counter);
  });

  it("a station copy the owner changed is refused by name, the data folder untouched; a forged entry after the last signed head too", async () => {
    const { counter, c, dir } = await newPc();
    await c.ok('importStationSecret', { secret: stationSecret });
    await linkToRestore(c, counterId);
    expect(await releaseCounterAsAdministrator(admin, counterId, false, 'PC died')).toBe(true);
    const rows = (await admin.query<StationEntryRow>('SELECT seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries WHERE counter_id = $1 ORDER BY seq', [counterId])).rows;
    const heads = (await admin.query<{ seq: string; hash: string }>('SELECT seq, hash FROM chain_heads WHERE counter_id = $1 ORDER BY seq', [counterId])).rows;
    expect(rows.length).toBe(lastSeq);
    const before = folderState(dir);

    // 1. Karim's sale (only the station has it) made cheaper; every row after it and every head re-chained: only the signatures tell.
    const forged = rows.find((r) => Number(r.seq) > backupSeq && r.payload.includes('Karim Nabil'))!;
    const changedSeq = Number(forged.seq);
    const changed = new Map<number, string>();
    let prevHash = rows[changedSeq - 2]!.hash;
    for (const r of rows.slice(changedSeq - 1)) {
      const payload = Number(r.seq) === changedSeq ? r.payload.replace('Karim Nabil', 'Karim Nabih') : r.payload;
      const hash = entryHash({ seq: Number(r.seq), prevHash, type: r.type, at: r.at, payload, counterId, shiftId: r.shift_id });
      await behindTheTriggers('entries', 'UPDATE entries SET payload = $3, prev_hash = $4, hash = $5 WHERE counter_id = $1 AND seq = $2', [counterId, r.seq, payload, prevHash, hash]);
      changed.set(Number(r.seq), hash);
      prevHash = hash;
    }
    for (const h of heads.filter((x) => changed.has(Number(x.seq)))) {
      await behindTheTriggers('chain_heads', 'UPDATE chain_heads SET hash = $3 WHERE counter_id = $1 AND seq = $2', [counterId, h.seq, changed.get(Number(h.seq))]);
    }
    const signatures = await c.err('restoreCounter', { file: backupPath, stationCounterId: counterId });
    expect(signatures).toMatchObject({ code: 'station_copy_refused', counterId });
    expect(signatures.seq).toBeGreaterThan(backupSeq);
    expect(signatures.seq).toBeLessThanOrEqual(changedSeq);
    expect(signatures.message).toMatch(/does not verify with the counter's enrolled key/);
    expect(folderState(dir)).toEqual(before);
    expect((await c.ok('backupStatus')).fresh).toBe(true);
    // the owner puts the rows back as the counter shipped them
    for (const r of rows.slice(changedSeq - 1)) {
      await behindTheTriggers('entries', 'UPDATE entries SET payload = $3, prev_hash = $4, hash = $5 WHERE counter_id = $1 AND seq = $2', [counterId, r.seq, r.payload, r.prev_hash, r.hash]);
    }
    for (const h of heads.filter((x) => changed.has(Number(x.seq)))) {
      await behindTheTriggers('chain_heads', 'UPDATE chain_heads SET hash = $3 WHERE counter_id = $1 AND seq = $2', [counterId, h.seq, h.hash]);
    }

    // 2. one entry more after the last signed head: chained right, signed by nobody
    const last = rows.at(-1)!;
    const tail = { seq: lastSeq + 1, at: last.at, type: last.type, payload: last.payload, shiftId: last.shift_id };
    const tailHash = entryHash({ ...tail, prevHash: last.hash, counterId });
    await admin.query('INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id) VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)', [
      counterId, tail.seq, tail.at, tail.type, tail.payload, last.hash, tailHash, tail.shiftId,
    ]);
    const unsigned = await c.err('restoreCounter', { stationCounterId: counterId });
    expect(unsigned).toMatchObject({ code: 'station_copy_refused', counterId, seq: lastSeq + 1 });
    expect(unsigned.message).toMatch(new RegExp(`entries ${lastSeq + 1}–${lastSeq + 1} are covered by no signature`));
    expect(folderState(dir)).toEqual(before);
    await behindTheTriggers('entries', 'DELETE FROM entries WHERE counter_id = $1 AND seq = $2', [counterId, tail.seq]);
    await close(counter);
  });

  it('from the backup and the station: refused while the old PC holds the counter, then whole', async () => {
    const { counter, c, dir } = await newPc();
    secondPc = dir;
    await c.ok('importStationSecret', { secret: stationSecret });
    await linkToRestore(c, counterId);
    const refused = await c.err('restoreCounter', { file: backupPath, stationCounterId: counterId });
    expect(refused.code).toBe('counter_live_elsewhere');
    expect(refused.message).toMatch(/held by another PC .* last heard 0 minute/);
    // the README's step: the administrator frees the dead PC's counter
    expect(await releaseCounterAsAdministrator(admin, counterId, false, 'PC died')).toBe(true);
    const restored = await c.ok('restoreCounter', { file: backupPath, stationCounterId: counterId });
    expect(restored).toEqual({ environment: 'SANDBOX', counterId, seq: lastSeq, fromStation: lastSeq - backupSeq });
    // the new PC signs with a key of its own: the administrator enrols it from the entry after the station's last (the README's step)
    await signIn(c);
    await rekeyCounter(admin, counterId, (await c.ok('stationStatus')).publicKey!, 'restored on a new PC');
    await signIn(c);
    const day = await c.ok('dayReport');
    expect(day.counts).toEqual({ ...atDeath.counts, confirmed: atDeath.counts.confirmed + 1, pending: atDeath.counts.pending - 1 });
    expect(day.retailMinor).toBe(atDeath.retailMinor + pending.retailTotalMinor);
    expect(day.cashReceivedMinor).toBe(atDeath.cashReceivedMinor + pending.retailTotalMinor); // the pending sale's cash, once
    // at the API: the pending booking charged once, whichever PCs asked about it since
    const lines = (await c.ok('walletTransactions', { limit: 200 })).data.filter((t) => t.booking_ref === pending.booking!.id);
    expect(lines.map((t) => t.type)).toEqual(['DEBIT']);
    const sales = await c.ok('listSales', { limit: 50 });
    expect(sales.map((s) => s.saleId).sort()).toEqual([...sold, pending].map((s) => s.saleId).sort());
    // the drawer: float + pay-in + every confirmed sale's retail, once
    const count = await c.ok('countDrawer', { count: { '20000': 2 } });
    expect(count.expectedMinor).toBe(floatAndPayIn + day.retailMinor);
    await c.ok('closeShift', { comment: 'after the restore' });
    await c.ok('openShift', { float: { '10000': 1 } });
    expect((await sellOneSeat(c, 'Salma after restore', 0)).status).toBe('confirmed');
    // the station takes the continuation: the chain goes on from the dead PC's last entry
    await shipped(c);
    const status = await c.ok('stationStatus');
    expect(status.shipping).toBe('synced');
    expect((await c.ok('verifyJournal')).ok).toBe(true);
    await close(counter);
  });

  it('from the station alone, on a third PC; the PC it was taken from stops shipping', async () => {
    const { counter, c, dir } = await newPc();
    thirdPc = dir;
    await c.ok('importStationSecret', { secret: stationSecret });
    await linkToRestore(c, counterId);
    // the second PC still holds it (closed a moment ago): refused
    expect((await c.err('restoreCounter', { stationCounterId: counterId })).code).toBe('counter_live_elsewhere');
    await releaseCounterAsAdministrator(admin, counterId, false, 'moved to a third PC');
    const restored = await c.ok('restoreCounter', { stationCounterId: counterId });
    expect(restored.counterId).toBe(counterId);
    expect(restored.fromStation).toBe(restored.seq);
    // the new PC signs with a key of its own: the administrator enrols it from the entry after the station's last (the README's step)
    await signIn(c);
    await rekeyCounter(admin, counterId, (await c.ok('stationStatus')).publicKey!, 'restored on a new PC');
    await signIn(c);
    const day = await c.ok('dayReport');
    expect(day.counts.confirmed).toBe(atDeath.counts.confirmed + 2); // the pending one and Salma's
    const check = await c.ok('verifyJournal'); // whole from entry 1, the sign-in after it
    expect(check.ok).toBe(true);
    expect(check.entries).toBeGreaterThanOrEqual(restored.seq);
    expect((await sellOneSeat(c, 'Youssef third PC', 0)).status).toBe('confirmed');
    // its tickets and receipt are printed (and journalled) by main after the answer: all shipped before counting
    await counter.printed();
    await shipped(c);
    // the station's copy verifies whole: each signed head with the key in force at its entry
    const verified = (await verifyStation(admin, { stationId: 'stn_drill' })).find((v) => v.counterId === counterId)!;
    expect(verified.problems).toEqual([]);

    // the second PC is switched on again: its counter is held elsewhere, so it ships nothing
    const second = await openPc(secondPc);
    await signIn(second.c);
    // (the counter is held by the third PC, and its enrolled key is the third PC's now)
    const before = (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM entries WHERE counter_id = $1', [counterId])).rows[0]!.n;
    await expect.poll(async () => (await second.c.ok('stationStatus')).lastError ?? '', { timeout: 15_000 }).toMatch(/^(counter_live_elsewhere|not_enrolled)/);
    expect((await second.c.ok('stationStatus')).shipping).not.toBe('synced');
    expect((await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM entries WHERE counter_id = $1', [counterId])).rows[0]!.n).toBe(before);
    await close(second.counter);
    await close(counter);
  });

  it('Replace: a supervisor retires the identity; the old journal is kept read-only, the station refuses it from then on', async () => {
    const { counter, c, dir } = await openPc(thirdPc);
    await signIn(c);
    // Replace waits for the shift to be closed and every entry to be at the station
    expect((await c.err('retireCounter', { reason: 'PC handed to another window' })).code).toBe('retire_shift_open');
    await c.ok('countDrawer', { count: { '10000': 1 } });
    await c.ok('closeShift', { comment: 'before Replace' });
    await counter.printed();
    await shipped(c);
    const r = await c.ok('retireCounter', { reason: 'PC handed to another window' });
    expect(r).toMatchObject({ oldCounterId: counterId, stationRetired: true });
    expect(r.newCounterId).not.toBe(counterId);
    const kept = readdirSync(r.keptIn);
    expect(kept).toContain('journal-sandbox.db');
    for (const f of kept) expect(statSync(join(r.keptIn, f)).mode & 0o777).toBe(0o400);
    expect(existsSync(join(dir, 'journal-sandbox.db'))).toBe(true); // the new identity's own, fresh
    expect((await c.ok('desk')).agentsInUse).toBe(false);
    expect((await claimCounter(admin, counterId, 'hld_someone', 0)).retired).toBe(true);
    await close(counter);
  });
});
