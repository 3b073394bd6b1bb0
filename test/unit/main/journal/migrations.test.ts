import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/journal/migrate.ts';
import { migrations } from '../../../../main/journal/migrations/index.ts';
import { AGENT_ROW_TYPES } from '../../../../main/journal/agent-rows.ts';
import { render, sqlFiles } from '../../../../main/journal/migrations/generate.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// One test per migration: apply everything before it, then it, and check what it adds.

let db: Database.Database;
afterEach(() => db?.close());

const tables = () =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
const indexes = (table: string) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table) as { name: string }[]).map(
    (r) => r.name,
  );
const columns = (table: string) => (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);

function upTo(version: number) {
  db = new Database(':memory:');
  migrate(db, { upTo: version - 1 });
  expect(migrate(db, { upTo: version })).toEqual([version]);
}

describe('journal migrations', () => {
  it('are numbered 1..n without gaps, each file present', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    for (const m of migrations) expect(m.sql().length).toBeGreaterThan(0);
  });

  it('are embedded exactly as the .sql files say (run generate.ts after editing one)', () => {
    const dir = join(import.meta.dirname, '../../../../main/journal/migrations');
    expect(readFileSync(join(dir, 'sql.generated.ts'), 'utf8')).toBe(render(sqlFiles(dir)));
    expect(migrations.map((m) => `${String(m.version).padStart(4, '0')}-${m.name}.sql`)).toEqual(Object.keys(sqlFiles(dir)));
  });

  it('are tracked and applied once', () => {
    db = new Database(':memory:');
    expect(migrate(db)).toEqual(migrations.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
  });

  it('refuse a journal whose schema change of some number is another one (a development build numbered it the same)', () => {
    db = new Database(':memory:');
    migrate(db, { upTo: 15 });
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (16, 'refunds-branch', 't')").run();
    expect(() => migrate(db)).toThrow(/another build of Shubbak \(its schema change 16 is "refunds-branch", this build's is "sales-watched"\)/);
  });

  it('refuse a journal written by a newer schema', () => {
    db = new Database(':memory:');
    migrate(db);
    db.prepare("INSERT INTO schema_migrations VALUES (999, 'future', 'x')").run();
    expect(() => migrate(db)).toThrow(/newer/);
  });

  it('0001 entries: append-only table with triggers, head and meta', () => {
    upTo(1);
    expect(tables()).toEqual(expect.arrayContaining(['entries', 'journal_head', 'meta']));
    db.prepare("INSERT INTO entries VALUES (1, 't', 'x', '{}', 'p', 'h')").run();
    expect(() => db.prepare("UPDATE entries SET payload = '{\"a\":1}'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM entries').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT count(*) AS n FROM entries').get()).toEqual({ n: 1 });
  });

  it('0002 agents-shifts: the default agent exists', () => {
    upTo(2);
    expect(db.prepare('SELECT id, name FROM agents').all()).toEqual([{ id: 'agent-1', name: 'Agent 1' }]);
    expect(columns('shifts')).toEqual(expect.arrayContaining(['agent_id', 'business_day', 'implicit', 'closed_seq']));
  });

  it('0003 sales: read models, one cash movement per sale', () => {
    upTo(3);
    expect(tables()).toEqual(expect.arrayContaining(['sales', 'cash_movements', 'prints']));
    expect(columns('sales')).toEqual(expect.arrayContaining(['idempotency_key', 'request_body', 'retail_total_minor', 'status']));
    db.pragma('foreign_keys = OFF');
    const cash = db.prepare(
      "INSERT INTO cash_movements (seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at) VALUES (?, 'sale', 'x', 'a', 's', 'd', 1, 1, 0, 't')",
    );
    cash.run(1);
    expect(() => cash.run(2)).toThrow(/UNIQUE/);
  });

  it('0004 markup-rules: percent bounded, fixed non-negative', () => {
    upTo(4);
    const insert = db.prepare(
      "INSERT INTO markup_rules VALUES (?, NULL, NULL, NULL, NULL, ?, ?, 'Agent 1', 't', 1)",
    );
    insert.run('a', 10, 0);
    expect(() => insert.run('b', 101, 0)).toThrow(/CHECK/);
    expect(() => insert.run('c', 5, -1)).toThrow(/CHECK/);
  });

  it('0005 reference-cache: one row per kind', () => {
    upTo(5);
    const insert = db.prepare("INSERT INTO reference_cache VALUES (?, '[]', 't')");
    insert.run('cities');
    expect(() => insert.run('cities')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run('planets')).toThrow(/CHECK/);
  });

  it('0006 report-indexes: the end-of-day report reads covering indexes', () => {
    upTo(6);
    expect(indexes('sales')).toEqual(expect.arrayContaining(['sales_day_agent', 'sales_day_operator']));
    expect(indexes('cash_movements')).toContain('cash_day_agent');
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT agent_id, shift_id, count(*), sum(retail_total_minor) FROM sales WHERE business_day = ? AND status = 'confirmed' GROUP BY agent_id, shift_id",
      )
      .all('2026-07-01') as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/COVERING INDEX sales_day_agent/);
  });

  it('0007 counter-shift-read-models: entries name counter and shift, old ones untouched; cash takes every kind a shift has', () => {
    db = new Database(':memory:');
    migrate(db, { upTo: 6 });
    db.prepare("INSERT INTO entries VALUES (1, 't', 'shift.opened', '{}', 'p', 'h')").run();
    expect(migrate(db, { upTo: 7 })).toEqual([7]);
    expect(columns('entries')).toEqual(expect.arrayContaining(['counter_id', 'shift_id']));
    expect(db.prepare('SELECT seq, counter_id, shift_id, hash FROM entries').all()).toEqual([{ seq: 1, counter_id: null, shift_id: null, hash: 'h' }]);
    expect(columns('prints')).toContain('shift_id');
    expect(columns('shifts')).toContain('counter_id');
    expect(indexes('cash_movements')).toEqual(expect.arrayContaining(['cash_once_per_sale', 'cash_day_agent']));
    db.pragma('foreign_keys = OFF');
    const cash = db.prepare(
      "INSERT INTO cash_movements (seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at) VALUES (?, ?, NULL, 'a', 's', 'd', 1, 1, 0, 't')",
    );
    for (const [i, kind] of ['float', 'pay_in', 'pay_out', 'safe_drop'].entries()) cash.run(i + 1, kind);
    expect(() => cash.run(9, 'gift')).toThrow(/CHECK/);
  });

  it('0008 agents-pins: agents have a role, a PIN hash, an active flag and a lock', () => {
    upTo(8);
    expect(columns('agents')).toEqual(expect.arrayContaining(['role', 'pin_hash', 'active', 'locked_until', 'changed_seq']));
    expect(db.prepare('SELECT id, role, pin_hash, active FROM agents').all()).toEqual([{ id: 'agent-1', role: 'supervisor', pin_hash: null, active: 1 }]);
    expect(() => db.prepare("INSERT INTO agents (id, name, created_at, role) VALUES ('x', 'X', 't', 'owner')").run()).toThrow(/CHECK/);
  });

  it('0009 shifts-cash: shifts keep float, count and Z number (unique per counter); corrections have their table', () => {
    upTo(9);
    expect(columns('shifts')).toEqual(expect.arrayContaining(['float_minor', 'counted_minor', 'z_number']));
    expect(tables()).toContain('shift_corrections');
    const shift = db.prepare("INSERT INTO shifts (id, agent_id, business_day, implicit, opened_seq, opened_at, counter_id, z_number) VALUES (?, 'agent-1', 'd', 0, 1, 't', ?, ?)");
    shift.run('a', 'ctr_1', 1);
    shift.run('b', 'ctr_2', 1);
    expect(() => shift.run('c', 'ctr_1', 1)).toThrow(/UNIQUE/);
  });

  it('0010 print-documents: a printed report names its document', () => {
    upTo(10);
    expect(columns('prints')).toContain('document');
    db.prepare("INSERT INTO prints (seq, print_id, kind, printer, status, copy, at, document) VALUES (1, 'p', 'report', 'R', 'sent', 0, 't', 'z:1')").run();
    expect(db.prepare("SELECT count(*) AS n FROM prints WHERE document = 'z:1'").get()).toEqual({ n: 1 });
  });

  it('0011 sale-lookup: the keys of each sale, one row per key and sale, ordered for prefix scans', () => {
    upTo(11);
    expect(columns('sale_lookup')).toEqual(['key', 'sale_id']);
    const insert = db.prepare('INSERT INTO sale_lookup (key, sale_id) VALUES (?, ?)');
    expect(() => insert.run('n:mona ali', 'no-such-sale')).toThrow(/FOREIGN KEY/);
    db.pragma('foreign_keys = OFF');
    insert.run('n:mona ali', 's1');
    expect(() => insert.run('n:mona ali', 's1')).toThrow(/UNIQUE|PRIMARY/);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT DISTINCT sale_id FROM sale_lookup WHERE key >= 'n:mo' AND key < 'n:mo\uffff'").all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join(' ')).toMatch(/SEARCH sale_lookup USING PRIMARY KEY \(key>\? AND key<\?\)/);
  });

  it('0012 trip-changes: one row per sale and ticket version, with whether it was called', () => {
    upTo(12);
    expect(tables()).toContain('trip_changes');
    db.pragma('foreign_keys = OFF');
    const add = db.prepare("INSERT INTO trip_changes (seq, sale_id, version, booking_ref, kind, valid_for_travel, seen_at) VALUES (?, 's1', ?, 'PB-1', ?, 1, 't')");
    add.run(1, 'v2', 'rescheduled');
    expect(() => add.run(2, 'v2', 'rescheduled')).toThrow(/UNIQUE/);
    expect(() => add.run(3, 'v3', 'moved')).toThrow(/CHECK/);
  });

  it('0013 station-settings: the last row of the station settings stream applied, one per station', () => {
    upTo(13);
    expect(tables()).toContain('station_settings_applied');
    const add = db.prepare('INSERT INTO station_settings_applied (station_id, seq, entry_seq) VALUES (?, ?, ?)');
    add.run('stn_luxor', 3, 40);
    expect(() => add.run('stn_luxor', 4, 41)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => add.run('stn_aswan', 0, 42)).toThrow(/CHECK/);
  });

  it('0014 agent-pin-failures: wrong PINs and locks in a row counted per agent, zero for the agents already there', () => {
    db = new Database(':memory:');
    migrate(db, { upTo: 13 });
    db.prepare("INSERT INTO agents (id, name, created_at, role, pin_hash) VALUES ('a1', 'Mona', 't', 'agent', 'h')").run();
    expect(migrate(db, { upTo: 14 })).toEqual([14]);
    expect(db.prepare("SELECT wrong_pins, locks FROM agents WHERE id = 'a1'").get()).toEqual({ wrong_pins: 0, locks: 0 });
    expect(() => db.prepare("INSERT INTO agents (id, name, created_at, wrong_pins) VALUES ('a2', 'X', 't', NULL)").run()).toThrow(/NOT NULL/);
  });

  it('0015 refunds: a ticket refunded once per booking, claims and hand matches, the wallet statement cache', () => {
    upTo(15);
    expect(tables()).toEqual(expect.arrayContaining(['refunds', 'refunded_tickets', 'claim_matches', 'wallet_lines']));
    const ticket = db.prepare('INSERT INTO refunded_tickets (booking_ref, passenger_index, refund_seq) VALUES (?, ?, ?)');
    ticket.run('PB-1', 0, 1);
    expect(() => ticket.run('PB-1', 0, 2)).toThrow(/UNIQUE|PRIMARY/);
    ticket.run('PB-1', 1, 2);
    const line = db.prepare("INSERT INTO wallet_lines (id, type, amount_minor, booking_ref, reason, created_at) VALUES (?, 'ADJUSTMENT', 100, NULL, NULL, 't')");
    line.run('txn_1');
    expect(() => line.run('txn_1')).toThrow(/UNIQUE|PRIMARY/);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT booking_ref, claim_net_minor, at FROM refunds WHERE claimable = 1").all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join(' ')).toMatch(/COVERING INDEX refunds_claims/);
  });

  it('0016 sales-watched: the trip watcher finds the sales still to depart through an index, not a scan of every sale', () => {
    upTo(16);
    const watched = "status = 'confirmed' AND booking_ref IS NOT NULL";
    const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT sale_id FROM sales WHERE ${watched} AND departure_at >= ? UNION ALL SELECT sale_id FROM sales WHERE ${watched} AND departure_at IS NULL`).all('2026-07-01') as { detail: string }[])
      .map((r) => r.detail)
      .join(' | ');
    expect(plan).toMatch(/SEARCH s?\s*sales USING INDEX sales_watched \(departure_at>\?\)/);
    expect(plan).not.toMatch(/SCAN sales/);
  });

  it('0017 unfolded-from: the head row names the first entry not folded yet, none in a journal written before', () => {
    db = new Database(':memory:');
    migrate(db, { upTo: 16 });
    db.prepare("INSERT INTO journal_head (id, seq, hash) VALUES (1, 41, ?)").run('a'.repeat(64));
    expect(migrate(db, { upTo: 17 })).toEqual([17]);
    expect(columns('journal_head')).toContain('unfolded_from');
    expect(db.prepare('SELECT seq, unfolded_from FROM journal_head').get()).toEqual({ seq: 41, unfolded_from: null });
    db.prepare('UPDATE journal_head SET unfolded_from = 41').run();
    expect(() => db.prepare("UPDATE journal_head SET unfolded_from = 'x'").run()).toThrow(/cannot store TEXT value in INTEGER column/);
  });

  it('0018 agent-and-rewound-entries: an agent’s own entries found through an index, in order, without the sales’ entries; the last rewind too', () => {
    upTo(18);
    expect(indexes('entries')).toContain('entries_of_agents');
    const types = AGENT_ROW_TYPES.map((t) => `'${t}'`).join(', ');
    const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT seq FROM entries WHERE type IN (${types}) AND payload ->> '$.agentId' = ? ORDER BY seq`).all('agent-x') as { detail: string }[])
      .map((r) => r.detail)
      .join(' | ');
    expect(plan).toMatch(/SEARCH entries USING (COVERING )?INDEX entries_of_agents/);
    const add = db.prepare("INSERT INTO entries (seq, at, type, payload, prev_hash, hash) VALUES (?, '2026-11-27T08:00:00.000Z', ?, ?, '', '')");
    add.run(1, 'agent.saved', JSON.stringify({ agentId: 'agent-x' }));
    add.run(2, 'sale.intent', JSON.stringify({ agentId: 'agent-x' }));
    add.run(3, 'agent.pin_failed', JSON.stringify({ agentId: 'agent-x' }));
    add.run(4, 'agent.pin_failed', JSON.stringify({ agentId: 'agent-y' }));
    const seqs = db.prepare(`SELECT seq FROM entries INDEXED BY entries_of_agents WHERE type IN (${types}) AND payload ->> '$.agentId' = ? ORDER BY seq`).pluck().all('agent-x');
    expect(seqs).toEqual([1, 3]);
    add.run(5, 'journal.rewound', JSON.stringify({ anchoredSeq: 9 }));
    const last = "SELECT seq FROM entries WHERE type = 'journal.rewound' ORDER BY seq DESC LIMIT 1";
    expect((db.prepare(`EXPLAIN QUERY PLAN ${last}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')).toMatch(/entries_rewound/);
    expect(db.prepare(last).pluck().get()).toBe(5);
  });

  it('0019 entry-tags: the last mark of a key change, and the last finding of foreign entries, found through an index', () => {
    upTo(19);
    expect(indexes('entries')).toEqual(expect.arrayContaining(['entries_agents_keyed', 'entries_foreign']));
    const add = db.prepare("INSERT INTO entries (seq, at, type, payload, prev_hash, hash) VALUES (?, '2026-11-27T08:00:00.000Z', ?, ?, '', '')");
    add.run(1, 'agent.entries_keyed', JSON.stringify({ refused: [] }));
    add.run(2, 'agent.saved', JSON.stringify({ agentId: 'agent-x' }));
    add.run(3, 'agent.entries_keyed', JSON.stringify({ refused: [2] }));
    add.run(4, 'sale.intent', JSON.stringify({ agentId: 'agent-x' }));
    const marks = "SELECT seq FROM entries INDEXED BY entries_agents_keyed WHERE type = 'agent.entries_keyed' ORDER BY seq DESC";
    expect((db.prepare(`EXPLAIN QUERY PLAN ${marks}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')).toMatch(/entries_agents_keyed/);
    expect(db.prepare(marks).pluck().all()).toEqual([3, 1]);
    add.run(5, 'journal.foreign_entries', JSON.stringify({ count: 1, entries: [{ seq: 4, type: 'sale.intent' }] }));
    const foreign = "SELECT seq FROM entries WHERE type = 'journal.foreign_entries' ORDER BY seq DESC LIMIT 1";
    expect((db.prepare(`EXPLAIN QUERY PLAN ${foreign}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')).toMatch(/entries_foreign/);
    expect(db.prepare(foreign).pluck().get()).toBe(5);
  });
});
