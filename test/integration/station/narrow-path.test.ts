// The narrow path a counter's login writes through, tried as someone holding a copied counter PC's
// login would (its password is on that PC): each function of the station database takes that
// counter's own rows, as the counter writes them, and nothing that would spoil what it holds
// already or what the other windows of the station rely on. Against a real PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { enrolCounter } from '../../../main/station/admin.ts';
import { migrateStation } from '../../../main/station/database.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { ownedStation } from '../../support/station-owner.ts';
import { addSale, memoryJournal } from '../../support/station-chain.ts';

const station = { id: 'stn_qena', name: 'Qena' };
const stationDb = ownedStation();
let owner: pg.Pool;
let login: pg.Pool;
const a = memoryJournal('ctr_qena_a');

beforeAll(async () => {
  owner = await stationDb.start();
  await migrateStation(owner);
  await enrolCounter(owner, { stationId: station.id, stationName: station.name, counterId: a.counterId, login: 'qena_a', environment: 'LIVE', publicKey: a.signer.publicKey });
  for (let i = 1; i <= 4; i++) addSale(a, `s${i}`, '2026-07-01', 10_000 * i);
  login = stationDb.as('qena_a');
  // Two batches: signed heads at 6 and 12.
  const shipper = new JournalShipper({ journal: () => a, pool: login, station, environment: 'LIVE', signer: a.signer, batchSize: 6, log: () => {} });
  expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: 12 });
});
afterAll(() => stationDb.stop());

const asShipped = (e: (typeof a.entries)[number]) => ({ seq: e.seq, at: e.at, type: e.type, payload: e.payload, prev_hash: e.prevHash, hash: e.hash, chained_counter: e.chainedCounter, shift_id: e.shiftId });

describe("a counter login's narrow path", () => {
  it('records a signed head only over the last entry a batch adds, never over one received already', async () => {
    // One new entry, correctly chained, and after it an entry received already (no head of its
    // own yet), with a signature no key made: the batch is refused whole.
    a.add('print.recorded', { saleId: 's1', kind: 'receipt' });
    const batch = [asShipped(a.entries[12]!), asShipped(a.entries[2]!)];
    await expect(login.query('SELECT ship_entries($1, $2::jsonb, $3)', [a.counterId, JSON.stringify(batch), 'garbage'])).rejects.toThrow(/unsigned: .*entry 3/);
    expect((await owner.query('SELECT seq::int FROM chain_heads WHERE counter_id = $1 ORDER BY seq', [a.counterId])).rows).toEqual([{ seq: 6 }, { seq: 12 }]);
    expect((await owner.query('SELECT max(seq)::int AS n FROM entries WHERE counter_id = $1', [a.counterId])).rows[0].n).toBe(12);
    // The counter's history still verifies whole.
    const run = await stationDb.cli(['verify', '--station', station.id]);
    expect(run.out).not.toMatch(/bad_signature/);
    expect(run.code).toBe(0);
    // The counter's own next batch arrives as before.
    const shipper = new JournalShipper({ journal: () => a, pool: login, station, environment: 'LIVE', signer: a.signer, log: () => {} });
    expect(await shipper.shipNow()).toMatchObject({ status: 'synced', shippedSeq: 13 });
  });

  it('gives a counter\'s first lease to one PC of two claiming it at the same moment, and tells the other who holds it', async () => {
    const first = await login.connect();
    const second = await login.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      // The first claim is made, not yet committed; the second, under way, waits for it.
      expect((await first.query('SELECT granted FROM claim_counter($1, $2, NULL)', [a.counterId, 'hld_pc_one'])).rows[0]).toEqual({ granted: true });
      const racing = second.query('SELECT granted, holder FROM claim_counter($1, $2, NULL)', [a.counterId, 'hld_pc_two']);
      await expect.poll(async () => (await owner.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'qena_a' AND wait_event_type = 'Lock'")).rows[0].n).toBe(1);
      await first.query('COMMIT');
      expect((await racing).rows[0]).toEqual({ granted: false, holder: expect.stringMatching(/^pc-[0-9a-f]{8}$/) });
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    expect((await owner.query('SELECT holder FROM counter_leases WHERE counter_id = $1', [a.counterId])).rows).toEqual([{ holder: 'hld_pc_one' }]);
  });

  it("writes an agent's station-wide PIN lock only as long as the counters' rule makes one, not for years", async () => {
    // The rule's longest lock is an hour (main/agents/pin-lockout.ts): a login that writes one
    // of years would lock the agent out of every window long after its login is revoked.
    const end = (until: string) => login.query("SELECT pin_turn_end($1, 'agent-boss', 0, 1, $2)", [a.counterId, until]);
    await login.query("SELECT * FROM pin_turn($1, 'agent-boss')", [a.counterId]);
    await expect(end('2099-01-01T00:00:00Z')).rejects.toThrow(/pin_turn_out_of_rule/);
    await expect(login.query("SELECT pin_turn_end($1, 'agent-boss', 1000000, 0, NULL)", [a.counterId])).rejects.toThrow(/pin_turn_out_of_rule/);
    expect((await owner.query("SELECT wrong, locked_until FROM pin_turns WHERE agent_id = 'agent-boss'")).rows).toEqual([{ wrong: 0, locked_until: null }]);
    // What the rule writes is taken: an hour's lock, from a PC whose clock runs a little ahead.
    await end(new Date(Date.now() + 70 * 60_000).toISOString());
    expect((await owner.query("SELECT locks, locked_until > now() AS locked FROM pin_turns WHERE agent_id = 'agent-boss'")).rows).toEqual([{ locks: 1, locked: true }]);
  });
});

