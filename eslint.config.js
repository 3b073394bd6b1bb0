import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// What may import what, per top folder: the architecture's process boundaries, enforced for every
// folder (in the spirit of Signal Desktop's file-suffix rule). test/unit/boundaries.test.ts lints
// forbidden snippets in each folder against this file, so no boundary can silently stop working.
//
//   core/      pure rules shared by all: imports nothing outside core; no Node, no DOM, no packages
//   contract/  the typed contract: core and zod only
//   preload/   the contract and electron only
//   renderer/  untrusted UI: core, contract, react, react-dom, zustand, zod, qrcode (e-ticket QR); no Node
//   sandbox/   the Partner API simulator: never main, renderer or preload; no electron
//   main/      never renderer or preload; of the sandbox only its embedding entry point
//              (sandbox/server.ts, started in TRAINING); electron's runtime only in main/index.ts;
//              only main/journal/ touches SQLite (better-sqlite3, .stmt, .db, journalDatabase)
//   lib/       PDF layout shared by main and the sandbox: core and packages only

const FOLDERS = ['core', 'contract', 'main', 'preload', 'renderer', 'sandbox', 'lib', 'scripts', 'test'];
const outside = (...own) => FOLDERS.filter((f) => !own.includes(f));

const es = new Set(Object.keys(globals.es2024));
/** What a host (Node or a browser) adds to the language: pure code touches none of it. */
const HOST_GLOBALS = [...new Set([...Object.keys(globals.node), ...Object.keys(globals.browser)])].filter((g) => !es.has(g));
const NODE_GLOBALS = Object.keys(globals.node).filter((g) => !es.has(g) && !(g in globals.browser));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A relative import that reaches into one of `folders`, but not into the `except` files. */
const into = (folders, except = []) =>
  `${except.length ? `^(?!.*(${except.map(escape).join('|')})$).*` : ''}(^|/)(${folders.join('|')})/`;
/** A bare import (a package, a Node builtin) other than the `allowed` packages and their subpaths. */
const bareExcept = (allowed) => `^(?![./]${allowed.map((p) => `|${escape(p)}(/|$)`).join('')})`;

/**
 * no-restricted-imports of a folder: nothing from the `notInto` folders (but the `except` files);
 * bare imports only of `packages` when given; `paths` for single modules (e.g. electron's runtime).
 */
function imports({ who, notInto, except = [], packages, paths = [] }) {
  const but = except.length ? ` (but ${except.join(', ')})` : '';
  const patterns = [{ regex: into(notInto, except), caseSensitive: true, message: `${who} may not import from ${notInto.join('/, ')}/${but}.` }];
  if (packages) {
    const allowed = packages.length ? `only the packages ${packages.join(', ')}` : 'no package (not even a Node builtin)';
    patterns.push({ regex: bareExcept(packages), caseSensitive: true, message: `${who} may import ${allowed}.` });
  }
  return ['error', { paths, patterns }];
}

/** Math.random is banned everywhere; folders add their own restricted syntax to it. */
const NO_MATH_RANDOM = { selector: 'MemberExpression[object.name="Math"][property.name="random"]', message: 'Use a seeded PRNG or crypto.' };
const restrictedSyntax = (...more) => ['error', NO_MATH_RANDOM, ...more];
const noImportAtRunTime = (who) => ({ selector: 'ImportExpression', message: `${who} loads no module at run time.` });
const noImportAtRunTimeInto = (who, folders) => ({
  selector: `ImportExpression > Literal[value=/${into(folders).replaceAll('/', '\\/')}/]`,
  message: `${who} may not load ${folders.join('/, ')}/ at run time.`,
});
const restrictedGlobals = (names, message) => ['error', ...names.map((name) => ({ name, message }))];

const ELECTRON_RUNTIME = { name: 'electron', allowTypeImports: true, message: "Only main/index.ts uses electron's runtime: the services stay plain TypeScript (its types are fine)." };
const MAIN_NOT_INTO = ['renderer', 'preload', 'sandbox', 'scripts', 'test'];
/**
 * The journal behind its door: only main/journal/ touches the journal's SQLite handle and prepares
 * statements; the rest of main/ calls its named functions (docs/rules.md, "The journal behind its door").
 */
const JOURNAL_DOOR = 'only main/journal/ touches the journal\'s SQLite: call a named function of main/journal/ (journal.ts, queries/, report.ts, sale-lookup.ts, …), adding one there if none fits.';
const SQLITE_BEHIND_DOOR = { name: 'better-sqlite3', message: `No SQLite outside main/journal/: ${JOURNAL_DOOR}` };
const JOURNAL_BEHIND_DOOR = [
  { selector: "MemberExpression[property.name='stmt'], MemberExpression[property.value='stmt']", message: `No .stmt() outside main/journal/: ${JOURNAL_DOOR}` },
  { selector: "MemberExpression[property.name='db'], MemberExpression[property.value='db']", message: `No .db (the journal's database handle) outside main/journal/: ${JOURNAL_DOOR}` },
  { selector: "ImportSpecifier[imported.name='journalDatabase']", message: `No journalDatabase() outside main/journal/ (tests may): ${JOURNAL_DOOR}` },
];
const SANDBOX_ENTRY = 'sandbox/server.ts';

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': restrictedSyntax(),
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'core/', notInto: outside('core'), packages: [] }),
      'no-restricted-globals': restrictedGlobals([...HOST_GLOBALS, 'globalThis'], 'core/ is pure: no Node or browser globals (take what it needs as an argument).'),
      'no-restricted-syntax': restrictedSyntax(noImportAtRunTime('core/'), { selector: 'MetaProperty', message: 'core/ is pure: no import.meta.' }),
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'contract/', notInto: outside('contract', 'core'), packages: ['zod'] }),
      'no-restricted-syntax': restrictedSyntax(noImportAtRunTime('contract/')),
    },
  },
  {
    files: ['preload/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'preload/', notInto: outside('preload', 'contract'), packages: ['electron'] }),
      'no-restricted-syntax': restrictedSyntax(noImportAtRunTime('preload/')),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': imports({
        who: 'The renderer (untrusted)',
        notInto: outside('renderer', 'contract', 'core'),
        packages: ['react', 'react-dom', 'zustand', 'zod', 'qrcode'],
      }),
      'no-restricted-globals': restrictedGlobals(NODE_GLOBALS, 'The renderer has no Node.'),
      'no-restricted-syntax': restrictedSyntax(
        { selector: 'ImportExpression:not([source.value=/^\\./])', message: 'The renderer loads only its own modules at run time.' },
        noImportAtRunTimeInto('The renderer', outside('renderer', 'contract', 'core')),
      ),
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({
        who: 'The sandbox',
        notInto: ['main', 'renderer', 'preload', 'scripts', 'test'],
        paths: [{ name: 'electron', message: 'The sandbox runs under plain Node: no electron.' }],
      }),
      'no-restricted-syntax': restrictedSyntax(noImportAtRunTimeInto('The sandbox', ['main', 'renderer', 'preload'])),
    },
  },
  {
    files: ['main/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'main/', notInto: MAIN_NOT_INTO, except: [SANDBOX_ENTRY], paths: [ELECTRON_RUNTIME, SQLITE_BEHIND_DOOR] }),
      'no-restricted-syntax': restrictedSyntax(noImportAtRunTimeInto('main/', ['renderer', 'preload', 'sandbox']), ...JOURNAL_BEHIND_DOOR),
    },
  },
  {
    // The journal's own modules are the door: they alone reach its database.
    files: ['main/journal/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'main/', notInto: MAIN_NOT_INTO, paths: [ELECTRON_RUNTIME] }),
      'no-restricted-syntax': restrictedSyntax(noImportAtRunTimeInto('main/', ['renderer', 'preload', 'sandbox'])),
    },
  },
  {
    // The shell: the window, the app's lifecycle and the app:// protocol are electron's runtime.
    files: ['main/index.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'main/', notInto: MAIN_NOT_INTO, except: [SANDBOX_ENTRY], paths: [SQLITE_BEHIND_DOOR] }),
    },
  },
  {
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': imports({ who: 'lib/', notInto: outside('lib', 'core'), paths: [{ name: 'electron', message: 'lib/ runs under plain Node: no electron.' }] }),
    },
  },
);
