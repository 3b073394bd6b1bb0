// Found at report time, whatever was done to the rows after they arrived: the schema's owner (who
// can set the triggers aside) alters a shipped sale's amount, then also re-chains the rows after
// it; removes an entry; adds a made-up counter with a self-consistent chain. `npm run station --
// verify` names each by counter and exits 1, and the station day report says it is not clean.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { enrolCounter } from '../../../main/station/admin.ts';
import { migrateStation } from '../../../main/station/database.ts';
import { stationReport } from '../../../main/station/report.ts';
import { stationReportCsv } from '../../../main/station/report-csv.ts';
import { renderStationReport } from '../../../main/station/report-pdf.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { entryHash, entryPreimage, GENESIS_HASH } from '../../../main/journal/chain.ts';
import { PREIMAGE_SQL } from '../../../main/station/entry-preimage.ts';
import { ownedStation } from '../../support/station-owner.ts';
import { addSale, memoryJournal } from '../../support/station-chain.ts';

const DAY = '2026-07-01';
const station = { id: 'stn_qus', name: 'Qus' };
const stationDb = ownedStation();
const as = (user: string) => stationDb.as(user);
let owner: pg.Pool;
const a = memoryJournal('ctr_qus_a');
const b = memoryJournal('ctr_qus_b');

beforeAll(async () => {
  owner = await stationDb.start();
  await migrateStation(owner);
  for (const [j, login] of [[a, 'qus_a'], [b, 'qus_b']] as const) {
    await enrolCounter(owner, { stationId: station.id, stationName: station.name, counterId: j.counterId, login, environment: 'LIVE', publicKey: j.signer.publicKey });
    for (let i = 1; i <= 4; i++) addSale(j, `${j.counterId}-s${i}`, DAY, 10_000 * i);
    // Two batches each: two signed heads.
    const shipper = new JournalShipper({ journal: () => j, pool: as(login), station, environment: 'LIVE', signer: j.signer, batchSize: 6, log: () => {} });
    expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: 12 });
  }
});
afterAll(() => stationDb.stop());

const noStatement = () => Promise.reject(new Error('no statement in this test'));
const report = () => stationReport({ pool: owner, station, environment: 'LIVE', statement: noStatement, now: new Date(), log: () => {} }, DAY);
const stationCli = (args: string[]) => stationDb.cli(args);
const verifyCli = () => stationCli(['verify', '--station', station.id, '--date', DAY]);
/** What the owner can do to the rows: set the append-only trigger aside, change them, put it back. */
const asOwnerBehindTheTriggers = async (sql: string, params: unknown[] = []) => {
  await owner.query('ALTER TABLE entries DISABLE TRIGGER entries_no_update');
  try {
    await owner.query(sql, params);
  } finally {
    await owner.query('ALTER TABLE entries ENABLE TRIGGER entries_no_update');
  }
};

describe('verification after arrival', () => {
  it('finds nothing wrong in what the counters shipped, and the report says it is verified', async () => {
    const run = await verifyCli();
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/2 counters, all verified/);
    expect(run.out).toMatch(/counter ctr_qus_a: 12 entries, signed up to 12, verified/);
    // each counter's last signed head kept as its checkpoint: the report verifies only what follows
    // (below it: the hashes of the entries it counts, the links by the database, the checkpoint's entry)
    expect(run.out).toMatch(/2 verified checkpoints kept/);
    const kept = await owner.query('SELECT counter_id, seq, verified_by FROM verified_checkpoints ORDER BY counter_id');
    expect(kept.rows).toEqual([
      { counter_id: 'ctr_qus_a', seq: '12', verified_by: 'shubbak_owner' },
      { counter_id: 'ctr_qus_b', seq: '12', verified_by: 'shubbak_owner' },
    ]);
    // a counter's login reads them, and cannot add one
    await expect(as('qus_a').query("INSERT INTO verified_checkpoints (counter_id, seq, hash) VALUES ('ctr_qus_a', 12, 'x')")).rejects.toThrow(/permission denied/);
    const r = await report();
    expect(r.integrity).toEqual({ verified: true, problems: [] });
    expect(r.totals.retailMinor).toBe(2 * (10_000 + 20_000 + 30_000 + 40_000));
  });

  it("the owner changes a shipped sale's amount: verify names the row, the report is not clean", async () => {
    await asOwnerBehindTheTriggers(`UPDATE entries SET payload = replace(payload, '"retailTotalMinor":10000', '"retailTotalMinor":1000') WHERE counter_id = 'ctr_qus_a' AND seq = 1`);
    const run = await verifyCli();
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/counter ctr_qus_a: 12 entries, signed up to 12, 1 problems\n {2}altered 1: entry 1 does not match its hash/);
    expect(run.out).toMatch(/counter ctr_qus_b: 12 entries, signed up to 12, verified/);
    const r = await report();
    expect(r.integrity?.verified).toBe(false);
    expect(r.integrity?.problems).toEqual([{ counterId: 'ctr_qus_a', kind: 'altered', seq: 1, detail: expect.stringMatching(/does not match its hash/) }]);
    // On paper and in the accountant's CSV too.
    const pdf = join(mkdtempSync(join(tmpdir(), 'shubbak-verify-')), 'day.pdf');
    writeFileSync(pdf, (await renderStationReport(r, { paper: 'A4', lang: 'en', copy: false })).pdf);
    expect(execFileSync('pdftotext', [pdf, '-']).toString()).toMatch(/NOT VERIFIED: 1 problems/);
    expect(stationReportCsv(r)).toMatch(/verified,NO \(1 problems\)\r\nnot verified,ctr_qus_a,altered,1,/);
    // The report and the company summary on the shell: said, and in the exit code.
    const reported = await stationCli(['report', '--station', station.id, '--date', DAY]);
    expect(reported).toMatchObject({ code: 1, out: expect.stringMatching(/NOT VERIFIED: 1 problems/) });
    const summary = await stationCli(['summary', '--date', DAY]);
    expect(summary.code).toBe(1);
    expect(summary.out).toMatch(/^Qus .*NOT VERIFIED: 1 problems/m);
  });

  it('the owner also re-chains every row after it: the counter’s signatures give it away', async () => {
    const { rows } = await owner.query<{ seq: string; at: string; type: string; payload: string; shift_id: string | null }>(
      "SELECT seq, at, type, payload, shift_id FROM entries WHERE counter_id = 'ctr_qus_a' ORDER BY seq",
    );
    let prevHash = GENESIS_HASH;
    for (const r of rows) {
      const hash = entryHash({ seq: Number(r.seq), prevHash, type: r.type, at: r.at, payload: r.payload, counterId: 'ctr_qus_a', shiftId: r.shift_id });
      await asOwnerBehindTheTriggers("UPDATE entries SET prev_hash = $2, hash = $3 WHERE counter_id = 'ctr_qus_a' AND seq = $1", [r.seq, prevHash, hash]);
      prevHash = hash;
    }
    const run = await verifyCli();
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/altered 6: entry 6 is not the entry its counter signed/);
    expect(run.out).toMatch(/altered 12: entry 12 is not the entry its counter signed/);
    expect(run.out).toMatch(/foreign 1: entries 1–12 are covered by no signature of the counter/);
    const r = await report();
    expect(r.integrity?.verified).toBe(false);
    expect(r.integrity?.problems.map((p) => [p.counterId, p.kind, p.seq])).toContainEqual(['ctr_qus_a', 'altered', 12]);
  });

  it('an entry removed, and a made-up counter with a self-consistent chain: a gap and foreign rows', async () => {
    await asOwnerBehindTheTriggers("DELETE FROM entries WHERE counter_id = 'ctr_qus_b' AND seq = 5");
    await owner.query("INSERT INTO counters (id, station_id, environment) VALUES ('ctr_made_up', 'stn_qus', 'LIVE')");
    const fake = memoryJournal('ctr_made_up');
    addSale(fake, 'fake-1', DAY, 99_000);
    for (const e of fake.entries) {
      await owner.query('INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id) VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)', [
        'ctr_made_up', e.seq, e.at, e.type, e.payload, e.prevHash, e.hash, e.shiftId,
      ]);
    }
    const run = await verifyCli();
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/counter ctr_qus_b: 11 entries, signed up to 12, 1 problems\n {2}gap 5: entries 5–5 are missing/);
    expect(run.out).toMatch(/counter ctr_made_up: 3 entries, signed up to 0, 1 problems\n {2}foreign —: 3 entries of a counter without an enrolled key/);
    const r = await report();
    const kinds = r.integrity!.problems.map((p) => `${p.counterId} ${p.kind}`);
    expect(kinds).toContain('ctr_qus_b gap');
    expect(kinds).toContain('ctr_made_up foreign');
  });

  it("a counter's last batch taken away (its rows, not its signed head): verify names the missing entries", async () => {
    await asOwnerBehindTheTriggers("DELETE FROM entries WHERE counter_id = 'ctr_qus_b' AND seq > 6");
    const run = await verifyCli();
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/counter ctr_qus_b: 5 entries, signed up to 6, 2 problems\n {2}gap 5: entries 5–5 are missing\n {2}gap 7: entries 7–12 are missing: the counter signed up to 12/);
  });
});

describe('the report from a verified checkpoint', () => {
  const luxor = { id: 'stn_luxor', name: 'Luxor' };
  const c = memoryJournal('ctr_luxor_a');
  const luxorReport = () => stationReport({ pool: owner, station: luxor, environment: 'LIVE', statement: noStatement, now: new Date(), log: () => {} }, DAY);
  const ship = async () => {
    const shipper = new JournalShipper({ journal: () => c, pool: as('luxor_a'), station: luxor, environment: 'LIVE', signer: c.signer, log: () => {} });
    expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: c.entries.length });
  };

  it('verifies in full only the entries after the checkpoint, linked to it; those before are hashed again and their links compared', async () => {
    await enrolCounter(owner, { stationId: luxor.id, stationName: luxor.name, counterId: c.counterId, login: 'luxor_a', environment: 'LIVE', publicKey: c.signer.publicKey });
    for (let i = 1; i <= 4; i++) addSale(c, `luxor-s${i}`, DAY, 10_000);
    await ship();
    const run = await stationCli(['verify', '--station', luxor.id]);
    expect(run.out).toMatch(/1 verified checkpoints kept/);
    // the evening's sales after verify ran
    for (let i = 5; i <= 6; i++) addSale(c, `luxor-s${i}`, DAY, 20_000);
    await ship();
    const r = await luxorReport();
    expect(r.integrity).toEqual({ verified: true, problems: [] });
    expect(r.totals).toMatchObject({ sales: 6, retailMinor: 4 * 10_000 + 2 * 20_000 });
  });

  it('a sale after the checkpoint altered: named, not counted as clean', async () => {
    const { rows } = await owner.query<{ seq: string }>(
      "SELECT seq FROM entries WHERE counter_id = 'ctr_luxor_a' AND type = 'sale.intent' AND payload LIKE '%luxor-s6%'",
    );
    const seq = Number(rows[0]!.seq);
    expect(seq).toBeGreaterThan(12);
    await asOwnerBehindTheTriggers(`UPDATE entries SET payload = replace(payload, '"retailTotalMinor":20000', '"retailTotalMinor":2000') WHERE counter_id = 'ctr_luxor_a' AND seq = $1`, [seq]);
    const r = await luxorReport();
    expect(r.integrity?.verified).toBe(false);
    expect(r.integrity?.problems.map((p) => [p.kind, p.seq])).toContainEqual(['altered', seq]);
  });
});

describe('what the report hashes is what the counter hashed', () => {
  const aswan = { id: 'stn_aswan', name: 'أسوان' };
  const c = memoryJournal('ctr_aswan_a');
  const aswanReport = () => stationReport({ pool: owner, station: aswan, environment: 'LIVE', statement: noStatement, now: new Date(), log: () => {} }, DAY);

  it('an Arabic-named agent, entries of no shift and a payload with a line feed in it: the day verifies and counts them', async () => {
    await enrolCounter(owner, { stationId: aswan.id, stationName: aswan.name, counterId: c.counterId, login: 'aswan_a', environment: 'LIVE', publicKey: c.signer.publicKey });
    c.add('agent.signed_in', { agentId: 'agent-2', agentName: 'منى عبد الله' }, null);
    c.add('sale.intent', { saleId: 'aswan-1', businessDay: DAY, agentId: 'agent-2', agentName: 'منى عبد الله', passengers: 2, netTotalMinor: 40_000, retailTotalMinor: 48_400, note: 'نافذة\nرقم ٢' });
    c.add('sale.outcome', { saleId: 'aswan-1', status: 'confirmed', bookingReference: 'PB-أسوان-1' });
    c.add('cash.received', { saleId: 'aswan-1', amountMinor: 50_000, changeMinor: 1_600 }, null);
    addSale(c, 'aswan-2', DAY, 10_000);
    const shipper = new JournalShipper({ journal: () => c, pool: as('aswan_a'), station: aswan, environment: 'LIVE', signer: c.signer, log: () => {} });
    expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: c.entries.length });
    const r = await aswanReport();
    expect(r.integrity).toEqual({ verified: true, problems: [] });
    expect(r.totals).toMatchObject({ sales: 2, passengers: 3, retailMinor: 58_400, cashMinor: 60_000, changeMinor: 1_600 });
    expect(r.agents.map((x) => x.agentName)).toContain('منى عبد الله');
  });

  it("the database joins every entry's preimage byte for byte as main/journal/chain.ts does", async () => {
    const { rows } = await owner.query<{ counter_id: string; seq: string; prev_hash: string; type: string; at: string; payload: string; shift_id: string | null; chained_counter: boolean; pre: string }>(
      `SELECT e.counter_id, e.seq, e.prev_hash, e.type, e.at, e.payload, e.shift_id, e.chained_counter, ${PREIMAGE_SQL} AS pre FROM entries e`,
    );
    expect(rows.some((r) => r.shift_id === null) && rows.some((r) => /[\u0600-\u06ff]/.test(r.payload))).toBe(true);
    for (const r of rows) {
      const fields = { seq: Number(r.seq), prevHash: r.prev_hash, type: r.type, at: r.at, payload: r.payload, counterId: r.chained_counter ? r.counter_id : null, shiftId: r.shift_id };
      expect(r.pre).toBe(entryPreimage(fields));
    }
  });

  it("a row's chained_counter flag turned off by the owner: the day no longer verifies", async () => {
    await asOwnerBehindTheTriggers("UPDATE entries SET chained_counter = false WHERE counter_id = 'ctr_aswan_a' AND seq = 2");
    const r = await aswanReport();
    expect(r.integrity?.verified).toBe(false);
    expect(r.integrity?.problems.map((p) => [p.kind, p.seq])).toContainEqual(['altered', 2]);
  });
});
