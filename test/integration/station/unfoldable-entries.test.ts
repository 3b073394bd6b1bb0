// Entries no counter writes, shipped to the station database with a counter's own login and key
// (an insider with the counter PC has both): a sale whose count is text, whose prices are an
// object and a word, an outcome whose reference is a number, cash of "lots", a refund without its
// id. The chain and the signature are right, so nothing at write time refuses them; before, the
// station report summed them into "10000[object Object]" and said VERIFIED. Now every report (the
// CLI's, and the Reports screen of every linked counter, the same stationReport) counts only what
// it can fold, names each entry it cannot as NOT VERIFIED, and `verify` names them too.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { enrolCounter } from '../../../main/station/admin.ts';
import { migrateStation } from '../../../main/station/database.ts';
import { stationReport } from '../../../main/station/report.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { ownedStation } from '../../support/station-owner.ts';
import { addSale, memoryJournal, type MemoryJournal } from '../../support/station-chain.ts';

const DAY = '2026-07-01';
const station = { id: 'stn_edfu', name: 'Edfu' };
const stationDb = ownedStation();
let owner: pg.Pool;
const insider = memoryJournal('ctr_edfu_a');
const honest = memoryJournal('ctr_edfu_b');
const later = memoryJournal('ctr_edfu_c');
const ship = async (j: MemoryJournal) => {
  const shipper = new JournalShipper({ journal: () => j, pool: stationDb.as(j.counterId.replace('ctr_', '')), station, environment: 'LIVE', signer: j.signer, log: () => {} });
  expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: j.entries.length });
};
/** A sale no counter writes, chained and signed as the counter's own. */
const junkSale = (j: MemoryJournal, saleId: string) => [
  j.add('sale.intent', { saleId, businessDay: DAY, agentId: 'agent-1', agentName: 'Agent 1', passengers: 'many', netTotalMinor: 'lots', retailTotalMinor: { x: 1 } }).seq,
  j.add('sale.outcome', { saleId, status: 'confirmed', bookingReference: 7 }).seq,
  j.add('cash.received', { saleId, amountMinor: 'lots', changeMinor: null }).seq,
];
const report = () => stationReport({ pool: owner, station, environment: 'LIVE', statement: () => Promise.reject(new Error('no statement here')), now: new Date(), log: () => {} }, DAY);
let junk: number[];
let refund: number;

beforeAll(async () => {
  owner = await stationDb.start();
  await migrateStation(owner);
  for (const j of [insider, honest, later]) {
    await enrolCounter(owner, { stationId: station.id, stationName: station.name, counterId: j.counterId, login: j.counterId.replace('ctr_', ''), environment: 'LIVE', publicKey: j.signer.publicKey });
    addSale(j, `${j.counterId}-1`, DAY, 10_000);
    addSale(j, `${j.counterId}-2`, DAY, 20_000);
  }
  junk = junkSale(insider, 'junk-1');
  refund = insider.add('refund.paid', { businessDay: DAY, bookingReference: `PB-${insider.counterId}-1`, amountMinor: 'lots', passengerIndexes: [0], claimable: true }).seq;
  for (const j of [insider, honest, later]) await ship(j);
});
afterAll(() => stationDb.stop());

describe('entries no counter writes, shipped with a counter’s own login and key', () => {
  it('the report counts only what it can fold, and names each entry it cannot: NOT VERIFIED', async () => {
    const r = await report();
    // two honest sales of 100 and 200 pounds at each of three counters; nothing of the junk sale
    expect(r.totals).toMatchObject({ sales: 6, passengers: 6, retailMinor: 90_000, cashMinor: 90_000 });
    expect(r.counters.find((c) => c.counterId === insider.counterId)).toMatchObject({ sales: 2, retailMinor: 30_000, cashMinor: 30_000 });
    expect(r.integrity!.verified).toBe(false);
    const invalid = r.integrity!.problems.filter((p) => p.kind === 'invalid');
    expect(invalid.map((p) => [p.counterId, p.seq])).toEqual([...junk, refund].map((seq) => [insider.counterId, seq]));
    expect(invalid[0]!.detail).toBe(`entry ${junk[0]} is not one a counter writes (sale.intent: passengers is not what a sale holds there ("many")): not counted`);
    expect(r.integrity!.problems.every((p) => p.counterId === insider.counterId)).toBe(true);
    // no figure of it anywhere (the problems' own words name what was wrong)
    expect(JSON.stringify({ ...r, integrity: null })).not.toMatch(/object Object|lots|NaN|"7"/);
  });

  it('verify names them and exits 1; the honest counters verify', async () => {
    const run = await stationDb.cli(['verify', '--station', station.id]);
    expect(run.code).toBe(1);
    expect(run.out).toContain(`  invalid ${junk[1]}: entry ${junk[1]} is not one a counter writes (sale.outcome: bookingReference is not what a sale holds there (7)): not counted`);
    expect(run.out).toMatch(new RegExp(`invalid ${refund}: entry ${refund} is not one a counter writes \\(refund\\.paid: `));
    for (const j of [honest, later]) expect(run.out).toContain(`counter ${j.counterId}: ${j.entries.length} entries, signed up to ${j.entries.length}, verified`);
  });

  it('a junk sale shipped after a verified checkpoint is named too (read again in full from the checkpoint)', async () => {
    // verify kept the honest counters' checkpoints; the third counter's login now ships a junk sale of the same day
    const after = junkSale(later, 'junk-2');
    await ship(later);
    const r = await report();
    expect(r.counters.find((c) => c.counterId === later.counterId)).toMatchObject({ sales: 2, retailMinor: 30_000 });
    expect(r.integrity!.problems.filter((p) => p.counterId === later.counterId).map((p) => [p.kind, p.seq])).toEqual(after.map((seq) => ['invalid', seq]));
  });

  it('the report on the shell says NOT VERIFIED, exits 1, and its CSV holds no figure of the junk', async () => {
    const csv = join(mkdtempSync(join(tmpdir(), 'shubbak-unfoldable-')), 'day.csv');
    const run = await stationDb.cli(['report', '--station', station.id, '--environment', 'LIVE', '--date', DAY, '--csv', csv]);
    expect(run).toMatchObject({ code: 1, out: expect.stringMatching(/NOT VERIFIED: 7 problems/) });
    expect(run.out).toMatch(new RegExp(`counter ${insider.counterId} invalid ${junk[2]}: entry ${junk[2]} is not one a counter writes \\(cash\\.received: amountMinor`));
    const text = readFileSync(csv, 'utf8');
    expect(text).toMatch(/verified,NO \(7 problems\)/);
    const figures = text.split('\r\n').filter((line) => !line.startsWith('not verified,'));
    expect(figures.join('\n')).not.toMatch(/object Object|lots|NaN/);
  });
});
