import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { migrate } from '../../../../main/journal/migrate.ts';
import { migrations } from '../../../../main/journal/migrations/index.ts';

// Every migration is proved on data: a journal filled at version N−1 (one row in every table it
// has) is migrated to N and every row reads back as written. A table without a sample row here,
// or a migration without its own test in migrations.test.ts, fails.

/** One row per table, as a counter of that time would have written it (columns of the oldest form). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  entries: { seq: 1, at: '2026-07-01T08:00:00.000Z', type: 'shift.opened', payload: '{"shiftId":"shift-agent-1-2026-07-01"}', prev_hash: '0'.repeat(64), hash: 'a'.repeat(64) },
  journal_head: { id: 1, seq: 1, hash: 'a'.repeat(64) },
  meta: { key: 'environment', value: 'TRAINING' },
  agents: { id: 'agent-2', name: 'Mona', created_at: '2026-07-01T08:00:00.000Z' },
  shifts: { id: 'shift-agent-1-2026-07-01', agent_id: 'agent-1', business_day: '2026-07-01', implicit: 1, opened_seq: 1, opened_at: '2026-07-01T08:00:00.000Z', closed_seq: null, closed_at: null },
  sales: {
    sale_id: 's1', intent_seq: 2, idempotency_key: 'shubbak-sale-s1', request_body: '{}', fingerprint: 'f', environment: 'TRAINING', agent_id: 'agent-1',
    shift_id: 'shift-agent-1-2026-07-01', business_day: '2026-07-01', language: 'ar', offer_id: 'off_1', operator_id: 'opr_gobus', route: 'Cairo → Alexandria',
    departure_at: '2026-07-02T23:30:00+03:00', passengers: 1, net_total_minor: 33000, retail_total_minor: 36300, cash_tendered_minor: 40000, change_minor: 3700,
    summary: '{}', status: 'confirmed', booking_ref: 'PB-1', booking: null, error: null, charged: 1, cash_recorded: 1, in_doubt: 0, attempts: 1,
    last_attempt_at: '2026-07-01T08:00:01.000Z', created_at: '2026-07-01T08:00:00.000Z', updated_at: '2026-07-01T08:00:02.000Z',
  },
  sale_lookup: { key: 'n:ahmad ali', sale_id: 's1' },
  cash_movements: { seq: 4, kind: 'sale', sale_id: 's1', agent_id: 'agent-1', shift_id: 'shift-agent-1-2026-07-01', business_day: '2026-07-01', amount_minor: 36300, tendered_minor: 40000, change_minor: 3700, at: '2026-07-01T08:00:02.000Z' },
  prints: { seq: 5, print_id: 'p1', sale_id: 's1', kind: 'receipt', printer: 'ReceiptPDF', status: 'sent', copy: 0, at: '2026-07-01T08:00:03.000Z' },
  markup_rules: { id: 'default', operator_id: null, origin_id: null, destination_id: null, fare_class: null, percent: 10, fixed_minor: 0, changed_by: 'Agent 1', changed_at: '2026-07-01T08:00:00.000Z', changed_seq: 1 },
  shift_corrections: { seq: 9, correction_id: 'c1', shift_id: 'shift-agent-1-2026-07-01', amount_minor: -500, reason: 'miscounted', by_agent: 'Mona', approved_by: 'Samir', at: '2026-07-01T20:00:00.000Z' },
  trip_changes: { seq: 12, sale_id: 's1', version: 'v2', booking_ref: 'PB-1', kind: 'rescheduled', old_departure: '2026-07-02T23:30:00+03:00', new_departure: '2026-07-03T01:30:00+03:00', valid_for_travel: 1, notice: 'New departure', seen_at: '2026-07-01T09:00:00.000Z', called_by: null, called_at: null },
  station_settings_applied: { station_id: 'stn_luxor', seq: 7, entry_seq: 14 },
  reference_cache: { kind: 'cities', json: '[]', refreshed_at: '2026-07-01T08:00:00.000Z' },
  refunds: { seq: 20, refund_id: 'r1', sale_id: 's1', booking_ref: 'PB-1', shift_id: 'shift-agent-1-2026-07-01', business_day: '2026-07-01', tickets: 1, amount_minor: 36300, claimable: 1, claim_net_minor: 33000, at: '2026-07-03T08:00:00.000Z' },
  refunded_tickets: { booking_ref: 'PB-1', passenger_index: 0, refund_seq: 20 },
  claim_matches: { seq: 21, transaction_id: 'txn_1', booking_ref: 'PB-1', amount_minor: 33000, at: '2026-07-05T08:00:00.000Z', by_agent: 'Samir', note: null },
  wallet_lines: { id: 'txn_1', type: 'ADJUSTMENT', amount_minor: 33000, booking_ref: null, reason: 'Settlement', created_at: '2026-07-05T08:00:00.000Z' },
};

let db: Database.Database;
afterEach(() => db?.close());

const tablesOf = (d: Database.Database) =>
  (d.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('schema_migrations') AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name).sort();
const columnsOf = (d: Database.Database, table: string) => (d.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);

function fill(d: Database.Database): Map<string, Record<string, unknown>> {
  const written = new Map<string, Record<string, unknown>>();
  d.pragma('foreign_keys = OFF');
  for (const table of tablesOf(d)) {
    const sample = SAMPLES[table];
    if (!sample) throw new Error(`no sample row for table ${table}: add one to SAMPLES`);
    const cols = columnsOf(d, table).filter((c) => c in sample);
    const row = Object.fromEntries(cols.map((c) => [c, sample[c]]));
    d.prepare(`INSERT OR REPLACE INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
    written.set(table, row);
  }
  return written;
}

describe('journal migrations carry data', () => {
  for (const m of migrations.filter((x) => x.version > 1)) {
    it(`${String(m.version).padStart(4, '0')} ${m.name}: rows written at ${m.version - 1} read back at ${m.version}`, () => {
      db = new Database(':memory:');
      migrate(db, { upTo: m.version - 1 });
      const written = fill(db);
      expect(migrate(db, { upTo: m.version })).toEqual([m.version]);
      for (const [table, row] of written) {
        const cols = Object.keys(row);
        const back = db.prepare(`SELECT ${cols.join(', ')} FROM ${table}`).all();
        expect(back, table).toContainEqual(row);
      }
      for (const table of tablesOf(db)) expect(SAMPLES, `sample row for ${table}`).toHaveProperty(table);
    });
  }

  it('every migration has its own test in migrations.test.ts', () => {
    const source = readFileSync(new URL('./migrations.test.ts', import.meta.url), 'utf8');
    for (const m of migrations) expect(source, `a test named '${String(m.version).padStart(4, '0')} ${m.name}: …'`).toContain(`it('${String(m.version).padStart(4, '0')} ${m.name}:`);
  });
});
