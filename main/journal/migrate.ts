import type Sqlite from 'better-sqlite3';
import { migrations as allMigrations, type Migration } from './migrations/index.ts';

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own
 * transaction with its record. `upTo` stops early (used by the per-migration tests).
 */
export function migrate(
  db: Sqlite.Database,
  opts: {
    upTo?: number;
    migrations?: readonly Migration[];
    now?: () => Date;
    /** Called once before the first pending migration of a journal that already has a schema
     *  (an update's first start), with the schema version it has and the one it will have. */
    beforeUpgrade?: (from: number, to: number) => void;
  } = {},
): number[] {
  const list = opts.migrations ?? allMigrations;
  const now = opts.now ?? (() => new Date());
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const recorded = db.prepare('SELECT version, name FROM schema_migrations').all() as { version: number; name: string }[];
  const applied = new Set(recorded.map((r) => r.version));
  const latestKnown = list.reduce((max, m) => Math.max(max, m.version), 0);
  const newest = Math.max(0, ...applied);
  if (newest > latestKnown) {
    throw new Error(`The journal was written by a newer Shubbak (schema ${newest} > ${latestKnown})`);
  }
  // A build that numbered another change the same (a development branch's) made another schema.
  for (const r of recorded) {
    const known = list.find((m) => m.version === r.version);
    if (known && known.name !== r.name) {
      throw new Error(`The journal was written by another build of Shubbak (its schema change ${r.version} is "${r.name}", this build's is "${known.name}")`);
    }
  }
  const pending = list.filter((m) => !applied.has(m.version) && (opts.upTo === undefined || m.version <= opts.upTo));
  if (newest > 0 && pending.length > 0) opts.beforeUpgrade?.(newest, Math.max(...pending.map((m) => m.version)));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const m of [...list].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    if (opts.upTo !== undefined && m.version > opts.upTo) break;
    db.transaction(() => {
      db.exec(m.sql());
      record.run(m.version, m.name, now().toISOString());
    }).immediate();
    done.push(m.version);
  }
  return done;
}
