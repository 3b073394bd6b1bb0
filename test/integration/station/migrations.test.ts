// The station database's migrations carry data: a database filled at version N−1 is migrated to
// N and reads as before (and as N says). Against a real PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { entryHash } from '../../../main/journal/chain.ts';
import { migrateStation, stationMigrations, stationPool } from '../../../main/station/database.ts';
import { COUNTER_CONNECTION_LIMIT } from '../../../main/station/admin.ts';
import { stationReport } from '../../../main/station/report.ts';
import { postgresForThisFile } from '../../support/postgres.ts';

const server = postgresForThisFile();

const upTo = (version: number) => migrateStation(server.pool, stationMigrations.filter((m) => m.version <= version));

/** Appends an entry of counter ctr_m with its real hash and link, as a counter ships it. */
let last = { seq: 0, hash: '0'.repeat(64) };
async function ship(type: string, payload: object): Promise<void> {
  const e = { seq: last.seq + 1, prevHash: last.hash, type, at: `2026-07-01T08:00:0${last.seq}.000Z`, payload: JSON.stringify(payload), counterId: 'ctr_m', shiftId: 'shift-m' };
  const hash = entryHash(e);
  await server.pool.query('INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id) VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)', [
    e.counterId, e.seq, e.at, e.type, e.payload, e.prevHash, hash, e.shiftId,
  ]);
  last = { seq: e.seq, hash };
}

describe('station database migrations carry data', () => {
  it('0004 sale-day: the entries already there get their sale and its day; later ones get them on arrival; the day report reads them', async () => {
    expect(await upTo(3)).toEqual([1, 2, 3]);
    await server.pool.query("INSERT INTO stations (id, name) VALUES ('stn_m', 'Minya')");
    await server.pool.query("INSERT INTO counters (id, station_id, environment) VALUES ('ctr_m', 'stn_m', 'TRAINING')");
    const intent = { saleId: 's-1', businessDay: '2026-07-01', agentId: 'agent-1', agentName: 'Agent 1', passengers: 1, netTotalMinor: 44_000, retailTotalMinor: 48_400 };
    await ship('sale.intent', intent);
    await ship('sale.outcome', { saleId: 's-1', status: 'confirmed', bookingReference: 'PB-1' });
    await ship('print.recorded', { saleId: 's-1', kind: 'receipt' });

    expect(await upTo(4)).toEqual([4]);
    const rows = async () => (await server.pool.query<{ seq: string; sale_id: string | null; sale_day: string | null }>('SELECT seq, sale_id, sale_day FROM entries ORDER BY seq')).rows;
    expect(await rows()).toEqual([
      { seq: '1', sale_id: 's-1', sale_day: '2026-07-01' },
      { seq: '2', sale_id: 's-1', sale_day: '2026-07-01' },
      { seq: '3', sale_id: null, sale_day: null },
    ]);
    // Arriving after the migration: the cash of that sale takes the day of its intent.
    await ship('cash.received', { saleId: 's-1', amountMinor: 48_400, changeMinor: 1_600 });
    expect((await rows())[3]).toEqual({ seq: '4', sale_id: 's-1', sale_day: '2026-07-01' });
    // Still append-only.
    await expect(server.pool.query('UPDATE entries SET sale_day = NULL')).rejects.toThrow(/append-only/);

    // 0005 roles: a stop kept in the counters table moves to counter_stops (which counters only read).
    await server.pool.query("UPDATE counters SET stopped_at = '2026-07-01T09:00:00Z', stopped_reason = 'chain_broken: test' WHERE id = 'ctr_m'");
    expect(await migrateStation(server.pool)).toEqual(stationMigrations.filter((m) => m.version > 4).map((m) => m.version));
    const stops = await server.pool.query<{ counter_id: string; reason: string; cleared_at: Date | null }>('SELECT counter_id, reason, cleared_at FROM counter_stops');
    expect(stops.rows).toEqual([{ counter_id: 'ctr_m', reason: 'chain_broken: test', cleared_at: null }]);

    const statement = async () => ({ lines: [], opening: null, closing: null });
    const report = await stationReport({ pool: server.pool, station: { id: 'stn_m', name: 'Minya' }, environment: 'TRAINING', statement, now: new Date(), log: () => {} }, '2026-07-01');
    expect(report.totals).toMatchObject({ sales: 1, retailMinor: 48_400, netMinor: 44_000, cashMinor: 48_400 });
    // 0007 ticket refunds: a ticket claimed once, all or none, through the station's function.
    const claim = (indexes: number[], refundId: string) => server.pool.query<{ taken: number[] }>('SELECT claim_ticket_refunds($1, $2, $3::int[], $4) AS taken', ['ctr_m', 'PB-M', indexes, refundId]);
    expect((await claim([0], 'r-1')).rows[0]!.taken).toEqual([]);
    expect((await claim([1, 0], 'r-2')).rows[0]!.taken).toEqual([0]);
    expect((await server.pool.query('SELECT passenger_index, refund_id FROM ticket_refunds ORDER BY passenger_index')).rows).toEqual([{ passenger_index: 0, refund_id: 'r-1' }]);
    // Shipped before counters had keys: the report says so rather than calling them verified.
    expect(report.integrity).toMatchObject({ verified: false, problems: [{ counterId: 'ctr_m', kind: 'foreign' }] });
  });

  it('0013: a login enrolled before gets the connection limit, and its owner may end its sessions (revoke)', async () => {
    await server.pool.query('CREATE DATABASE before_13');
    const pool = stationPool({ host: server.db.host, port: server.db.port, database: 'before_13', user: server.db.user });
    const login = async () =>
      (
        await pool.query<{ limit: number; owner_member: boolean }>(
          `SELECT r.rolconnlimit AS limit, EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.roleid = r.oid AND m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)) AS owner_member
             FROM pg_roles r WHERE r.rolname = 'window_before_13'`,
        )
      ).rows[0];
    try {
      await migrateStation(pool, stationMigrations.filter((m) => m.version <= 12));
      await pool.query("INSERT INTO stations (id, name) VALUES ('stn_old', 'Old')");
      await pool.query('CREATE ROLE window_before_13 LOGIN IN ROLE shubbak_counter');
      await pool.query("INSERT INTO counters (id, station_id, environment, login) VALUES ('ctr_old', 'stn_old', 'LIVE', 'window_before_13')");
      expect(await login()).toEqual({ limit: -1, owner_member: false });
      expect(await migrateStation(pool)).toEqual(stationMigrations.filter((m) => m.version > 12).map((m) => m.version));
      expect(await login()).toEqual({ limit: COUNTER_CONNECTION_LIMIT, owner_member: true });
    } finally {
      await pool.end();
    }
  });
});
