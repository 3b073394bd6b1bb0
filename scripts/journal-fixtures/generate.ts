// Journals written by every earlier schema version, made by that version's own code: for each
// version below, a temporary checkout of the commit (git worktree, node_modules linked to this
// one's), scripts/journal-fixtures/day.ts run in it, and its journal plus what its reports
// answered written to test/fixtures/journals/schema-NN/. test/integration/journal/
// older-journals.test.ts opens each with today's code and compares.
//
//   node scripts/journal-fixtures/generate.ts [schema …]     (all versions when none is named)
//
// The commit of a version is the last one on main's first-parent line before the next schema
// (found with `git log --first-parent` over main/journal/migrations/): the code that wrote that
// schema longest. The day needs a free loopback port (the version's embedded sandbox) and a few
// seconds per version.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface SchemaVersion {
  /** The journal's schema: its highest migration (the 14th version applied 0001–0013 and 0015). */
  schema: number;
  commit: string;
  /** Why this version is here: what changed in its entries or read models. */
  why: string;
}

export const VERSIONS: readonly SchemaVersion[] = [
  { schema: 6, commit: '121da60', why: 'the first journal: entries, implicit shifts, sales, prints, markup rules, reference cache' },
  { schema: 7, commit: 'c8690d3', why: 'entries name their counter and shift; cash movements of every kind' },
  { schema: 8, commit: 'd5cb8b5', why: 'agents with a role and a PIN' },
  { schema: 9, commit: 'a4a3946', why: 'shifts keep float, count and Z number (the counter still sells on implicit shifts)' },
  { schema: 10, commit: '2b91389', why: 'agents sign in, open and close shifts with a counted float and a blind count; prints name their document' },
  { schema: 11, commit: 'b5a8176', why: 'the sale lookup read model' },
  { schema: 12, commit: '25b9fe5', why: 'trip changes' },
  { schema: 13, commit: 'b508b34', why: 'station settings applied' },
  { schema: 15, commit: '3fa6205', why: 'refunds and claims (0015) before agent PIN failures (0014): a journal with a gap in its migrations' },
  { schema: 16, commit: '8bf1066', why: "the trip watcher's index; a sale's read models folded in its own commits (before journal_head.unfolded_from)" },
  { schema: 17, commit: '8565e1f', why: 'PIN hashes sealed without their agent, role and state (before the binding and the entries_of_agents index)' },
  { schema: 18, commit: '7d52957', why: "the agents' entries without a keyed tag (before agent.entries_keyed)" },
];

const repo = join(import.meta.dirname, '../..');
const fixtures = join(repo, 'test/fixtures/journals');
const git = (args: string[], cwd = repo) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

export interface FixtureFigures {
  schema: number;
  /** The migrations the journal had applied when it was written. */
  migrations: number[];
  commit: string;
  subject: string;
  committedAt: string;
  generatedAt: string;
  /** What that version's own calls answered during and at the end of the day. */
  answered: Record<string, unknown>;
  /**
   * Figures today's code gives differently on purpose, each with the decided rule
   * (docs/rules.md) that changed it; kept by hand, carried over when the fixture is made again.
   */
  decidedChanges: { path: string; rule: string; today: unknown }[];
}

function generate(v: SchemaVersion): FixtureFigures {
  const full = git(['rev-parse', v.commit]);
  const checkout = mkdtempSync(join(tmpdir(), `shubbak-schema-${v.schema}-`));
  rmSync(checkout, { recursive: true });
  git(['worktree', 'add', '--detach', checkout, full]);
  const out = mkdtempSync(join(tmpdir(), `shubbak-fixture-${v.schema}-`));
  try {
    symlinkSync(join(repo, 'node_modules'), join(checkout, 'node_modules'));
    copyFileSync(join(import.meta.dirname, 'day.ts'), join(checkout, 'fixture-day.ts'));
    const home = mkdtempSync(join(tmpdir(), 'shubbak-fixture-home-'));
    try {
      execFileSync(process.execPath, ['fixture-day.ts', out], {
        cwd: checkout,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, HOME: home, XDG_DATA_HOME: join(home, '.local/share'), XDG_CONFIG_HOME: join(home, '.config') },
        timeout: 180_000,
      });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    const dir = join(fixtures, `schema-${String(v.schema).padStart(2, '0')}`);
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(out, 'journal.db'), join(dir, 'journal.db'));
    // Kept as one self-contained file (rollback journal mode, the WAL already folded in by the
    // version's close): reading it, even read-only, then writes nothing beside it in the repo.
    const own = new Database(join(dir, 'journal.db'));
    own.pragma('journal_mode = DELETE');
    own.close();
    const db = new Database(join(dir, 'journal.db'), { readonly: true });
    const migrations = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[]);
    db.close();
    if (Math.max(...migrations) !== v.schema) throw new Error(`${v.commit} wrote schema ${Math.max(...migrations)}, not ${v.schema}`);
    const previous = join(dir, 'figures.json');
    const figures: FixtureFigures = {
      schema: v.schema,
      migrations,
      commit: full,
      subject: git(['log', '-1', '--format=%s', full]),
      committedAt: git(['log', '-1', '--format=%cI', full]),
      generatedAt: new Date().toISOString(),
      answered: JSON.parse(readFileSync(join(out, 'answered.json'), 'utf8')) as Record<string, unknown>,
      decidedChanges: existsSync(previous) ? (JSON.parse(readFileSync(previous, 'utf8')) as FixtureFigures).decidedChanges : [],
    };
    writeFileSync(previous, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`schema ${v.schema} (${v.commit}): ${statSync(join(dir, 'journal.db')).size} bytes`);
    return figures;
  } finally {
    rmSync(out, { recursive: true, force: true });
    git(['worktree', 'remove', '--force', checkout]);
    git(['worktree', 'prune']);
  }
}

const wanted = process.argv.slice(2).map(Number);
for (const v of VERSIONS.filter((x) => wanted.length === 0 || wanted.includes(x.schema))) generate(v);
writeFileSync(
  join(fixtures, 'index.json'),
  `${JSON.stringify(
    {
      note: 'Made by scripts/journal-fixtures/generate.ts; one journal per earlier schema version, written by that version.',
      versions: VERSIONS.map((v) => ({ ...v, fixture: `schema-${String(v.schema).padStart(2, '0')}` })),
      // Every version of main's history ran with today's node_modules (the same pinned packages).
      skipped: [],
      notCovered:
        'Schemas only a branch had were never on main: a build of the refunds branch (its migration numbered 0016) wrote a journal today\'s code refuses as newer; one of the sign-in branch (0001-0014) takes 0015 like any older journal.',
    },
    null,
    2,
  )}\n`,
);
