// Claims a dead PC left at the station: tickets claimed for a refund whose refund.paid never
// arrived, a wallet line claimed for a hand match whose claim.matched never arrived. Until now no
// window could ever pay those tickets back. `npm run station -- claims` lists them with the command
// that releases each; `release-claim` releases one with a reason, kept in claim_releases, and
// refuses while its counter is heard, once its record arrived, or without a reason. A counter's
// login can neither release a claim nor write the releases. Against a real PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { enrolCounter } from '../../../main/station/admin.ts';
import { migrateStation } from '../../../main/station/database.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { ownedStation, stationCli } from '../../support/station-owner.ts';
import { memoryJournal } from '../../support/station-chain.ts';

const station = { id: 'stn_aswan', name: 'Aswan' };
const stationDb = ownedStation();
let owner: pg.Pool;
const dead = memoryJournal('ctr_aswan_dead');
const live = memoryJournal('ctr_aswan_live');
let deadLogin: pg.Pool;
let liveLogin: pg.Pool;

const claimTickets = (login: pg.Pool, counterId: string, ref: string, indexes: number[], refundId: string) =>
  login.query<{ taken: number[] }>('SELECT claim_ticket_refunds($1, $2, $3::int[], $4) AS taken', [counterId, ref, indexes, refundId]).then((r) => r.rows[0]!.taken);

beforeAll(async () => {
  owner = await stationDb.start();
  await migrateStation(owner);
  for (const [j, login] of [[dead, 'aswan_dead'], [live, 'aswan_live']] as const) {
    await enrolCounter(owner, { stationId: station.id, stationName: station.name, counterId: j.counterId, login, environment: 'LIVE', publicKey: j.signer.publicKey });
  }
  deadLogin = stationDb.as('aswan_dead');
  liveLogin = stationDb.as('aswan_live');
  // The dead PC: it claimed two travellers for a refund and a wallet line for a hand match, then died before writing either.
  expect(await claimTickets(deadLogin, dead.counterId, 'PB-STUCK', [0, 1], 'rf-stuck')).toEqual([]);
  await deadLogin.query('SELECT claim_wallet_line_match($1, $2, $3, $4)', [dead.counterId, 'txn_stuck', 'PB-STUCK', 'm-stuck']);
  // The live PC: a refund paid and shipped (its claim stands), and one claimed now, being paid.
  expect(await claimTickets(liveLogin, live.counterId, 'PB-PAID', [0], 'rf-paid')).toEqual([]);
  live.add('refund.paid', { refundId: 'rf-paid', bookingReference: 'PB-PAID', passengerIndexes: [0] });
  const shipper = new JournalShipper({ journal: () => live, pool: liveLogin, station, environment: 'LIVE', signer: live.signer, holder: () => 'hld_live_pc', log: () => {} });
  expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: 1 });
  expect(await claimTickets(liveLogin, live.counterId, 'PB-NOW', [2], 'rf-now')).toEqual([]);
});
afterAll(() => stationDb.stop());

describe("the claims a dead PC left at the station", () => {
  it('are listed with the command that releases each; a claim whose record arrived is not', async () => {
    const run = await stationDb.cli(['claims', '--station', station.id]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`stn_aswan LIVE ${dead.counterId}: travellers 1, 2 of PB-STUCK, claimed for refund rf-stuck`);
    expect(run.out).toContain('npm run station -- release-claim --claim rf-stuck --reason "…"');
    expect(run.out).toContain(`${dead.counterId}: wallet line txn_stuck (PB-STUCK), claimed for hand match m-stuck`);
    expect(run.out).toContain('npm run station -- release-claim --claim m-stuck --reason "…"');
    // the live counter's claim under way: listed, to wait for
    expect(run.out).toMatch(/travellers 3 of PB-NOW, claimed for refund rf-now, since [^;]+; counter heard \S+: it gives the claim back itself\n {2}\(wait for it\)/);
    expect(run.out).not.toContain('rf-paid');
    expect(run.out).toContain('3 claims held without their record');
  });

  it('refuses to release one without a reason, one whose record arrived, one whose counter is heard, one not held', async () => {
    const refused = async (args: string[], message: RegExp) => {
      const run = await stationDb.cli(['release-claim', ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.err, args.join(' ')).toMatch(message);
    };
    await refused(['--claim', 'rf-stuck'], /--reason: say why/);
    await refused(['--claim', 'rf-stuck', '--reason', '   '], /--reason: say why/);
    await refused(['--claim', 'rf-paid', '--reason', 'tidy'], /claim_settled: the record of claim rf-paid reached the station/);
    await refused(['--claim', 'rf-now', '--reason', 'tidy'], new RegExp(`claim_holder_alive: counter ${live.counterId} was heard at .*release-counter --counter ${live.counterId}`));
    await refused(['--claim', 'rf-nothing', '--reason', 'tidy'], /not_found: no claim rf-nothing is held/);
    expect((await owner.query('SELECT refund_id FROM ticket_refunds ORDER BY refund_id')).rows.map((r) => r.refund_id)).toEqual(['rf-now', 'rf-paid', 'rf-stuck', 'rf-stuck']);
    expect((await owner.query('SELECT count(*)::int AS n FROM claim_releases')).rows[0].n).toBe(0);
  });

  it('releases a dead PC\'s claims with the reason kept, and another window can then claim those tickets and that line', async () => {
    for (const claim of ['rf-stuck', 'm-stuck']) {
      const run = await stationDb.cli(['release-claim', '--claim', claim, '--reason', 'PC of window 2 dead since Tuesday; its drawer and Z-report show no refund paid']);
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(new RegExp(`^released: stn_aswan LIVE ${dead.counterId}: .*${claim}`));
    }
    const kept = await owner.query('SELECT kind, claim_id, counter_id, booking_ref, held, released_by, reason FROM claim_releases ORDER BY id');
    expect(kept.rows).toEqual([
      { kind: 'tickets', claim_id: 'rf-stuck', counter_id: dead.counterId, booking_ref: 'PB-STUCK', held: '1, 2', released_by: 'shubbak_owner', reason: 'PC of window 2 dead since Tuesday; its drawer and Z-report show no refund paid' },
      { kind: 'wallet_line', claim_id: 'm-stuck', counter_id: dead.counterId, booking_ref: 'PB-STUCK', held: 'txn_stuck', released_by: 'shubbak_owner', reason: 'PC of window 2 dead since Tuesday; its drawer and Z-report show no refund paid' },
    ]);
    expect(await claimTickets(liveLogin, live.counterId, 'PB-STUCK', [0, 1], 'rf-later')).toEqual([]);
    expect((await liveLogin.query('SELECT claim_wallet_line_match($1, $2, $3, $4) AS holder', [live.counterId, 'txn_stuck', 'PB-STUCK', 'm-later'])).rows[0].holder).toBeNull();
    // as docs/backups.md gives it: every station
    const all = await stationDb.cli(['claims']);
    expect(all.out).not.toContain(dead.counterId);
    expect(all.out).toContain('travellers 3 of PB-NOW, claimed for refund rf-now');
  });

  it('released by two administrators at once, a claim is released once and kept once', async () => {
    expect(await claimTickets(deadLogin, dead.counterId, 'PB-TWICE', [4], 'rf-twice')).toEqual([]);
    const runs = await Promise.all([1, 2].map((n) => stationDb.cli(['release-claim', '--claim', 'rf-twice', '--reason', `administrator ${n}`])));
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(runs.find((r) => r.code === 1)!.err).toMatch(/not_found: no claim rf-twice is held/);
    expect((await owner.query("SELECT count(*)::int AS n FROM claim_releases WHERE claim_id = 'rf-twice'")).rows[0].n).toBe(1);
  });

  it("a counter's login neither releases a claim nor writes a release", async () => {
    await expect(liveLogin.query("DELETE FROM ticket_refunds WHERE refund_id = 'rf-now'")).rejects.toThrow(/permission denied/);
    await expect(liveLogin.query('SELECT * FROM claim_releases')).rejects.toThrow(/permission denied/);
    await expect(
      liveLogin.query("INSERT INTO claim_releases (kind, claim_id, station_id, counter_id, booking_ref, held, claimed_at, reason) VALUES ('tickets', 'x', 'stn_aswan', $1, 'PB', '1', now(), 'mine')", [live.counterId]),
    ).rejects.toThrow(/permission denied/);
    const run = await stationCli(stationDb.db, { database: 'shubbak', user: 'aswan_live' }, ['release-claim', '--claim', 'rf-now', '--reason', 'mine now']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/permission denied|claim_holder_alive/);
    expect((await owner.query("SELECT count(*)::int AS n FROM ticket_refunds WHERE refund_id = 'rf-now'")).rows[0].n).toBe(1);
  });
});
