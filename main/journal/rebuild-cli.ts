// `npm run journal:rebuild -- <journal.db>`: drops this counter's read models (sales, shifts,
// cash movements, prints, lookup keys, markup rules, trip changes, applied station settings) and
// folds every journal entry into them again, in one transaction; then says, per table, how many
// rows the rebuild changed (0 everywhere when the cache was right). Run it with the app closed.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { systemClock } from '../clock.ts';
import { Journal } from './journal.ts';
import { rebuildAndCompare } from './read-models.ts';

function identity(path: string): { environment: string; counterId: string } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    return { environment: meta.get('environment') ?? 'TRAINING', counterId: meta.get('counter_id') ?? 'counter-unknown' };
  } finally {
    db.close();
  }
}

const path = process.argv[2];
if (!path || !existsSync(path)) {
  console.error('usage: npm run journal:rebuild -- <path to journal.db>');
  process.exit(2);
}
const journal = Journal.open({ path, clock: systemClock, ...identity(path) });
try {
  const started = performance.now();
  const changed = rebuildAndCompare(journal);
  for (const [table, n] of Object.entries(changed)) console.log(`${table}: ${n} row(s) changed`);
  console.log(`rebuilt from ${journal.lastSeq()} entries in ${Math.round(performance.now() - started)} ms`);
} finally {
  journal.close();
}
