// The station database's roles, against a real PostgreSQL 15: an owner (not a superuser: it has
// CREATEROLE only) holds the schema; each counter logs in with its own login, member of
// shubbak_counter, and can neither change history nor write for another counter. Connecting never
// migrates. Stops are raised by the database and cleared by the owner only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { clearStop, COUNTER_CONNECTION_LIMIT, enrolCounter, revokeCounter } from '../../../main/station/admin.ts';
import { checkStationSchema, migrateStation, stationMigrations } from '../../../main/station/database.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { publishSetting } from '../../../main/station/settings-stream.ts';
import { ownedStation } from '../../support/station-owner.ts';
import { addSale, memoryJournal } from '../../support/station-chain.ts';

const stationDb = ownedStation();
const as = (user: string, database?: string) => stationDb.as(user, database);
let owner: pg.Pool;

beforeAll(async () => {
  owner = await stationDb.start();
});
afterAll(() => stationDb.stop());

const station = { id: 'stn_asyut', name: 'Asyut' };
const ship = (pool: pg.Pool, journal: ReturnType<typeof memoryJournal>) =>
  new JournalShipper({ journal: () => journal, pool, station, environment: 'LIVE', signer: journal.signer, log: () => {} }).shipNow();

describe('station roles', () => {
  it('connecting never migrates: a schema not made, or behind, names the command to run', async () => {
    await expect(checkStationSchema(owner)).rejects.toMatchObject({ error: { code: 'station_schema_outdated', message: expect.stringContaining('npm run station -- init') } });
    await migrateStation(owner, stationMigrations.filter((m) => m.version <= 4));
    await expect(checkStationSchema(owner)).rejects.toMatchObject({ error: { code: 'station_schema_outdated', message: expect.stringContaining('npm run station -- migrate') } });
    expect(await migrateStation(owner)).toEqual(stationMigrations.filter((m) => m.version > 4).map((m) => m.version));
    await expect(checkStationSchema(owner)).resolves.toBeUndefined();
    // The owner holds every table; no counter login owns anything.
    const { rows } = await owner.query<{ tableowner: string }>("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'");
    expect(rows).toEqual([{ tableowner: 'shubbak_owner' }]);
  });

  const a = memoryJournal('ctr_window_a');
  const b = memoryJournal('ctr_window_b');
  let loginA: pg.Pool;
  let loginB: pg.Pool;

  it('a counter login ships its own entries through the one narrow path', async () => {
    await enrolCounter(owner, { stationId: station.id, stationName: station.name, counterId: a.counterId, login: 'window_a', environment: 'LIVE', publicKey: a.signer.publicKey });
    await enrolCounter(owner, { stationId: station.id, stationName: station.name, counterId: b.counterId, login: 'window_b', environment: 'LIVE', publicKey: b.signer.publicKey });
    loginA = as('window_a');
    loginB = as('window_b');
    addSale(a, 's-a1', '2026-07-01', 11_000);
    addSale(b, 's-b1', '2026-07-01', 22_000);
    expect(await ship(loginA, a)).toMatchObject({ status: 'synced', shippedSeq: 3 });
    expect(await ship(loginB, b)).toMatchObject({ status: 'synced', shippedSeq: 3 });
    const { rows } = await loginA.query<{ counter_id: string; n: number }>('SELECT counter_id, count(*)::int AS n FROM entries GROUP BY counter_id ORDER BY counter_id');
    expect(rows).toEqual([
      { counter_id: 'ctr_window_a', n: 3 },
      { counter_id: 'ctr_window_b', n: 3 },
    ]);
  });

  it('a counter login can change nothing: each attempt is refused by PostgreSQL', async () => {
    const refused: [string, RegExp][] = [
      ["UPDATE entries SET payload = '{}' WHERE counter_id = 'ctr_window_a'", /permission denied for table entries/],
      ["DELETE FROM entries WHERE counter_id = 'ctr_window_b'", /permission denied for table entries/],
      ['TRUNCATE entries', /permission denied for table entries/],
      ['ALTER TABLE entries DISABLE TRIGGER entries_no_update', /must be owner of table entries/],
      ['CREATE TABLE public.mine (x int)', /permission denied for schema public/],
      ['CREATE TEMP TABLE mine (x int)', /permission denied to create temporary tables/],
      ["INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter) VALUES ('ctr_window_a', 9, 'x', 'x', '{}', 'x', 'x', true)", /permission denied for table entries/],
      ["UPDATE counter_stops SET cleared_at = now(), cleared_reason = 'mine' WHERE counter_id = 'ctr_window_b'", /permission denied for table counter_stops/],
      ["INSERT INTO counter_stops (counter_id, reason) VALUES ('ctr_window_b', 'a false alarm')", /permission denied for table counter_stops/],
      ["UPDATE counters SET login = 'window_a' WHERE id = 'ctr_window_b'", /permission denied for table counters/],
      ["INSERT INTO counters (id, station_id, environment) VALUES ('ctr_made_up', 'stn_asyut', 'LIVE')", /permission denied for table counters/],
      ["INSERT INTO station_settings (station_id, environment, kind, key, value, counter_id) VALUES ('stn_asyut', 'LIVE', 'station_name', 'name', '{\"name\":\"X\"}', 'ctr_window_a')", /permission denied for table station_settings/],
      ["INSERT INTO ticket_refunds (station_id, booking_ref, passenger_index, counter_id, refund_id) VALUES ('stn_asyut', 'PB-X', 0, 'ctr_window_b', 'r')", /permission denied for table ticket_refunds/],
      ["DELETE FROM ticket_refunds WHERE counter_id = 'ctr_window_b'", /permission denied for table ticket_refunds/],
      ["INSERT INTO wallet_line_matches (station_id, environment, transaction_id, booking_ref, counter_id, match_id) VALUES ('stn_asyut', 'LIVE', 'txn_x', 'PB-X', 'ctr_window_b', 'm')", /permission denied for table wallet_line_matches/],
      ["DELETE FROM wallet_line_matches WHERE counter_id = 'ctr_window_b'", /permission denied for table wallet_line_matches/],
      ["INSERT INTO counter_keys (counter_id, from_seq, public_key) VALUES ('ctr_window_b', 99, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')", /permission denied for table counter_keys/],
      ["UPDATE counters SET public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' WHERE id = 'ctr_window_b'", /permission denied for table counters/],
      ['DROP TABLE entries', /must be owner of table entries/],
      ['CREATE ROLE sneaky LOGIN', /permission denied to create role/],
    ];
    for (const [sql, why] of refused) await expect(loginA.query(sql), sql).rejects.toThrow(why);
  });

  it('a counter login cannot write for another counter, nor register a made-up one', async () => {
    // Another counter's next entry, correctly chained: refused for who sends it, not for what it is.
    const forged = { ...memoryJournal('ctr_window_b'), signer: a.signer };
    forged.entries.push(...b.entries);
    forged.add('print.recorded', { saleId: 's-b1', kind: 'receipt' });
    await expect(ship(loginA, forged)).resolves.toMatchObject({ status: 'offline', lastError: expect.stringMatching(/not_your_counter/) });
    await expect(loginA.query("SELECT ship_entries('ctr_window_b', '[]'::jsonb, 'x')")).rejects.toThrow(/not_your_counter/);
    await expect(loginA.query('SELECT register_counter($1, $2, $3, $4, $5)', ['stn_asyut', 'Asyut', 'ctr_made_up', 'LIVE', a.signer.publicKey])).rejects.toThrow(/not_enrolled/);
    await expect(publishSetting(loginA, { stationId: station.id, environment: 'LIVE', counterId: 'ctr_window_b' }, { kind: 'station_name', key: 'name', value: { name: 'Forged' } }, 0, null, { counter: a.signer, proof: null })).rejects.toThrow(
      /not_your_counter/,
    );
    expect((await owner.query("SELECT count(*)::int AS n FROM entries WHERE counter_id = 'ctr_window_b'")).rows[0].n).toBe(3);
    // refunds: a ticket is claimed (or given back) only for the login's own counter
    await expect(loginA.query("SELECT claim_ticket_refunds('ctr_window_b', 'PB-X', '{0}'::int[], 'r-forged')")).rejects.toThrow(/not_your_counter/);
    await expect(loginA.query("SELECT release_ticket_refunds('ctr_window_b', 'r-b')")).rejects.toThrow(/not_your_counter/);
    // and a wallet line is claimed (or given back) for a hand match of the login's own counter only
    await expect(loginA.query("SELECT claim_wallet_line_match('ctr_window_b', 'txn_x', 'PB-X', 'm-forged')")).rejects.toThrow(/not_your_counter/);
    await expect(loginA.query("SELECT release_wallet_line_match('ctr_window_b', 'm-b')")).rejects.toThrow(/not_your_counter/);
    expect((await loginA.query("SELECT claim_wallet_line_match('ctr_window_a', 'txn_x', 'PB-X', 'm-a') AS holder")).rows[0].holder).toBeNull();
    expect((await loginA.query("SELECT claim_wallet_line_match('ctr_window_a', 'txn_x', 'PB-X', 'm-again') AS holder")).rows[0].holder).toBe('ctr_window_a');
    // nor take or give up another counter's lease (which would stop its shipping)
    await expect(loginA.query("SELECT * FROM claim_counter('ctr_window_b', 'stolen-pc', 0)")).rejects.toThrow(/not_your_counter/);
    await expect(loginA.query("SELECT release_counter('ctr_window_b', 'any', true, 'mine')")).rejects.toThrow(/not_your_counter/);
    expect((await loginA.query("SELECT claim_ticket_refunds('ctr_window_a', 'PB-X', '{0}'::int[], 'r-a') AS taken")).rows[0].taken).toEqual([]);
    // the station's count of an agent's wrong PINs: taken and written as the login's own counter only, never read or set directly
    await expect(loginA.query("SELECT * FROM pin_turn('ctr_window_b', 'agent-x')")).rejects.toThrow(/not_your_counter/);
    await expect(loginA.query("SELECT pin_turn_end('ctr_window_b', 'agent-x', 0, 0, NULL)")).rejects.toThrow(/not_your_counter/);
    await expect(loginA.query('SELECT * FROM pin_turns')).rejects.toThrow(/permission denied/);
    await expect(loginA.query("UPDATE pin_turns SET wrong = 0, locked_until = NULL WHERE agent_id = 'agent-x'")).rejects.toThrow(/permission denied/);
    expect((await loginA.query("SELECT * FROM pin_turn('ctr_window_a', 'agent-x')")).rows).toEqual([{ t_wrong: 0, t_locks: 0, t_locked_until: null }]);
    // its own count it can write (what the next test shows that gives an attacker)
    await loginA.query("SELECT pin_turn_end('ctr_window_a', 'agent-x', 3, 0, NULL)");
    expect((await loginA.query("SELECT * FROM pin_turn('ctr_window_a', 'agent-x')")).rows).toEqual([{ t_wrong: 3, t_locks: 0, t_locked_until: null }]);
  });

  it('a stolen login cannot spoil its counter’s signed history, take its lease from the live PC, nor learn who holds it', async () => {
    // Entries already received, sent again with any signature: nothing is added, no head recorded.
    const { rows: sent } = await owner.query("SELECT seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries WHERE counter_id = 'ctr_window_b' ORDER BY seq");
    expect((await loginB.query('SELECT ship_entries($1, $2::jsonb, $3) AS r', ['ctr_window_b', JSON.stringify(sent.slice(0, 1)), 'garbage'])).rows[0].r).toBeNull();
    expect((await owner.query("SELECT count(*)::int AS n FROM chain_heads WHERE counter_id = 'ctr_window_b' AND signature = 'garbage'")).rows[0].n).toBe(0);
    // The live PC renews its lease; the same login asking to take it over at once is refused.
    expect((await loginB.query("SELECT * FROM claim_counter('ctr_window_b', 'hld_live_pc', 120)")).rows[0]).toMatchObject({ granted: true });
    const taken = (await loginB.query("SELECT * FROM claim_counter('ctr_window_b', 'hld_attacker', 0)")).rows[0];
    expect(taken).toMatchObject({ granted: false, holder: expect.stringMatching(/^pc-[0-9a-f]{8}$/) });
    await expect(loginB.query('SELECT holder FROM counter_leases')).rejects.toThrow(/permission denied/);
    expect((await loginB.query("SELECT release_counter('ctr_window_b', 'hld_attacker', true, 'stolen') AS done")).rows[0].done).toBe(false);
    expect((await owner.query("SELECT holder, retired_at FROM counter_leases WHERE counter_id = 'ctr_window_b'")).rows[0]).toEqual({ holder: 'hld_live_pc', retired_at: null });
  });

  it("a broken chain raises the counter's stop in the database; counters read it, only the owner clears it, with a reason", async () => {
    // Window A's next entry claims a different past.
    const rewritten = { ...memoryJournal('ctr_window_a'), signer: a.signer };
    addSale(rewritten, 's-a1', '2026-07-01', 1_000);
    rewritten.add('print.recorded', { saleId: 's-a1', kind: 'receipt' });
    expect(await ship(loginA, rewritten)).toMatchObject({ status: 'stopped', lastError: expect.stringMatching(/chain_broken/) });
    const seenByB = await loginB.query<{ counter_id: string; reason: string }>('SELECT counter_id, reason FROM counter_stops WHERE cleared_at IS NULL');
    expect(seenByB.rows).toEqual([{ counter_id: 'ctr_window_a', reason: expect.stringMatching(/chain_broken/) }]);
    await expect(loginB.query("UPDATE counter_stops SET cleared_at = now(), cleared_reason = 'x'")).rejects.toThrow(/permission denied/);
    await expect(loginA.query("DELETE FROM counter_stops WHERE counter_id = 'ctr_window_a'")).rejects.toThrow(/permission denied/);
    // Nothing more is taken from it meanwhile, even its true journal.
    a.add('print.recorded', { saleId: 's-a1', kind: 'receipt' });
    expect(await ship(loginA, a)).toMatchObject({ status: 'stopped' });
    await expect(clearStop(owner, 'ctr_window_a', ' ')).rejects.toThrow(/--reason/);
    await clearStop(owner, 'ctr_window_a', 'the PC was re-imaged; journal checked by the administrator');
    expect(await ship(loginA, a)).toMatchObject({ status: 'synced', shippedSeq: 4 });
    const stop = await owner.query('SELECT cleared_by, cleared_reason FROM counter_stops');
    expect(stop.rows).toEqual([{ cleared_by: 'shubbak_owner', cleared_reason: 'the PC was re-imaged; journal checked by the administrator' }]);
  });

  it("revoking a stolen PC's login takes its rights at once and ends the sessions it has open", async () => {
    const open = await loginB.connect();
    open.on('error', () => {}); // its server ends it
    try {
      expect((await open.query('SELECT count(*)::int AS n FROM entries')).rows[0].n).toBe(7);
      // The login cannot hold every slot of the server either.
      expect((await owner.query("SELECT rolconnlimit FROM pg_roles WHERE rolname = 'window_b'")).rows[0].rolconnlimit).toBe(COUNTER_CONNECTION_LIMIT);
      const revoked = await revokeCounter(owner, 'ctr_window_b');
      expect(revoked).toMatchObject({ login: 'window_b', ended: expect.any(Number) });
      expect(revoked.ended).toBeGreaterThanOrEqual(1);
      await expect(open.query('SELECT count(*) FROM entries')).rejects.toThrow();
      await expect.poll(async () => (await owner.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'window_b'")).rows[0].n).toBe(0);
    } finally {
      open.release(true);
    }
    const again = as('window_b');
    await expect(again.query('SELECT 1')).rejects.toThrow(/not permitted to log in/);
    // What it shipped before stays, counted.
    expect((await owner.query("SELECT count(*)::int AS n FROM entries WHERE counter_id = 'ctr_window_b'")).rows[0].n).toBe(3);
  });

  it('a counter login reads its own station only: no other station’s entries, counters, logins, keys, settings or refunds', async () => {
    const aswan = memoryJournal('ctr_aswan_a');
    await enrolCounter(owner, { stationId: 'stn_aswan', stationName: 'Aswan', counterId: aswan.counterId, login: 'aswan_a', environment: 'LIVE', publicKey: aswan.signer.publicKey });
    addSale(aswan, 's-aswan-1', '2026-07-01', 5_000);
    const asAswan = as('aswan_a');
    expect(await new JournalShipper({ journal: () => aswan, pool: asAswan, station: { id: 'stn_aswan', name: 'Aswan' }, environment: 'LIVE', signer: aswan.signer, log: () => {} }).shipNow()).toMatchObject({ status: 'synced' });
    await asAswan.query('SELECT claim_ticket_refunds($1, $2, $3::int[], $4)', ['ctr_aswan_a', 'PB-ASWAN', [0], 'r-aswan']);
    await asAswan.query('SELECT claim_wallet_line_match($1, $2, $3, $4)', ['ctr_aswan_a', 'txn_aswan', 'PB-ASWAN', 'm-aswan']);
    const seen = async (pool: pg.Pool) => {
      const one = async (sql: string) => (await pool.query<{ v: string[] | null }>(sql)).rows[0]!.v ?? [];
      return {
        stations: await one('SELECT array_agg(DISTINCT id ORDER BY id) AS v FROM stations'),
        counters: await one('SELECT array_agg(DISTINCT id ORDER BY id) AS v FROM counters'),
        entries: await one('SELECT array_agg(DISTINCT counter_id ORDER BY counter_id) AS v FROM entries'),
        heads: await one('SELECT array_agg(DISTINCT counter_id ORDER BY counter_id) AS v FROM chain_heads'),
        refunds: await one('SELECT array_agg(DISTINCT station_id ORDER BY station_id) AS v FROM ticket_refunds'),
        matches: await one('SELECT array_agg(DISTINCT station_id ORDER BY station_id) AS v FROM wallet_line_matches'),
      };
    };
    expect(await seen(loginA)).toEqual({
      stations: ['stn_asyut'],
      counters: ['ctr_window_a', 'ctr_window_b'],
      entries: ['ctr_window_a', 'ctr_window_b'],
      heads: ['ctr_window_a', 'ctr_window_b'],
      refunds: ['stn_asyut'],
      matches: ['stn_asyut'],
    });
    expect(await seen(asAswan)).toEqual({ stations: ['stn_aswan'], counters: ['ctr_aswan_a'], entries: ['ctr_aswan_a'], heads: ['ctr_aswan_a'], refunds: ['stn_aswan'], matches: ['stn_aswan'] });
    // The owner reads every station, as its reports do.
    expect((await seen(owner)).stations).toEqual(['stn_asyut', 'stn_aswan'].sort());
  });

  it('a counter login holding locks does not stop the settings stream: its writers are ordered by a row it cannot lock', async () => {
    const holder = await loginA.connect();
    holder.on('error', () => {});
    try {
      // The advisory lock the stream once took, held by a login in the wrong hands.
      await holder.query("SELECT pg_advisory_lock(hashtext('station_settings'), hashtext('stn_asyut/LIVE'))");
      await expect(holder.query("SELECT 1 FROM stations WHERE id = 'stn_asyut' FOR UPDATE")).rejects.toThrow(/permission denied/);
      const writer = await owner.connect();
      try {
        await writer.query("SET statement_timeout = '5s'");
        const seq = await publishSetting(writer, { stationId: station.id, environment: 'LIVE', counterId: a.counterId }, { kind: 'station_name', key: 'name', value: { name: 'Asyut Central' } }, 0, null, { counter: a.signer, proof: null });
        expect(seq).toBeGreaterThan(0);
      } finally {
        writer.release();
      }
    } finally {
      holder.release(true);
    }
  });
});
