import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, proved: each folder's forbidden imports and globals are
// reported, and what it may use is not. A rule that stops matching (a changed pattern, a folder
// moved, a config block overriding another) fails here instead of silently letting code through.

const ROOT = join(import.meta.dirname, '../..');
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'eslint.config.js') });
});

/** The boundary rules a snippet breaks when it stands in `file` (a path under the repository). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

/** The journal's SQLite reached around main/journal/: forbidden in the rest of main/, the journal's own business inside it. */
const JOURNAL_REACHED_AROUND = [
  "import type { Journal } from '../journal/journal.ts';\nexport const n = (j: Journal) => j.stmt('SELECT count(*) AS n FROM sales').get();",
  "import type { Journal } from '../journal/journal.ts';\nexport const n = (j: Journal) => j\n  .stmt('SELECT 1')\n  .all();",
  "import type { Journal } from '../journal/journal.ts';\nexport const s = (j: Journal) => j['stmt'];",
  "import type { Journal } from '../journal/journal.ts';\nexport const copy = (j: Journal & { db: { backup(p: string): Promise<void> } }) => j.db.backup('/tmp/x.db');",
  "import { journalDatabase, type Journal } from '../journal/journal.ts';\nexport const rows = (j: Journal) => journalDatabase(j).prepare('SELECT * FROM agents').all();",
  "import Database from 'better-sqlite3';\nexport const rows = () => new Database('journal.db', { readonly: true }).prepare('SELECT * FROM sales').all();",
];

interface Folder {
  file: string;
  forbidden: string[];
  allowed: string[];
}

const FOLDERS: Record<string, Folder> = {
  core: {
    file: 'core/some-rule.ts',
    forbidden: [
      "import { readFileSync } from 'node:fs';",
      "import { readFileSync } from 'fs';",
      "import { z } from 'zod';",
      "import { sleep } from '../main/clock.ts';",
      "import { api } from '../renderer/src/api.ts';",
      "import { startSandbox } from '../sandbox/server.ts';",
      "import { ltr } from '../lib/pdf/index.ts';",
      "import type { AppError } from '../contract/errors.ts';",
      "export { sleep } from '../main/clock.ts';",
      'export const home = process.env.HOME;',
      "export const bytes = Buffer.from('x');",
      'export const here = window.location.href;',
      'export const title = document.title;',
      "export const fs = require('node:fs');",
      'export const env = globalThis.process;',
      'setTimeout(() => {}, 1);',
      'console.log(1);',
      "export const later = import('./retail.ts');",
      'export const url = import.meta.url;',
    ],
    allowed: [
      "import { canonicalJson } from './canonical-json.ts';\nexport const x = canonicalJson({ a: 1 });",
      "export const pounds = new Intl.NumberFormat('ar-EG').format(Math.max(1, 2)) + new Date(0).toISOString() + JSON.stringify([]);",
    ],
  },
  contract: {
    file: 'contract/partner/some-schema.ts',
    forbidden: [
      "import { readFileSync } from 'node:fs';",
      "import { ipcRenderer } from 'electron';",
      "import { AppFailure } from '../../main/failure.ts';",
      "import { api } from '../../renderer/src/api.ts';",
      "import { localIso } from '../../sandbox/inventory/index.ts';",
      "import { ltr } from '../../lib/pdf/index.ts';",
      "import '../../preload/index.ts';",
      "export const later = import('./common.ts');",
    ],
    allowed: [
      "import { z } from 'zod';\nexport const Id = z.string();",
      "import { retailPerSeat } from '../../core/retail.ts';\nimport { Money } from './common.ts';\nexport const both = [retailPerSeat, Money];",
    ],
  },
  preload: {
    file: 'preload/index.ts',
    forbidden: [
      "import { registerIpc } from '../main/ipc.ts';",
      "import { retailPerSeat } from '../core/retail.ts';",
      "import { readFileSync } from 'node:fs';",
      "import { z } from 'zod';",
      "import { api } from '../renderer/src/api.ts';",
    ],
    allowed: [
      "import { contextBridge, ipcRenderer } from 'electron';\nimport { buildApi, ipcChannel } from '../contract/api.ts';\ncontextBridge.exposeInMainWorld('shubbak', buildApi((n, a) => ipcRenderer.invoke(ipcChannel(n), a)));",
    ],
  },
  renderer: {
    file: 'renderer/src/sale/some-view.ts',
    forbidden: [
      "import { sleep } from '../../../main/clock.ts';",
      "import { startSandbox } from '../../../sandbox/server.ts';",
      "import { ltr } from '../../../lib/pdf/index.ts';",
      "import '../../../preload/index.ts';",
      "import { readFileSync } from 'node:fs';",
      "import { readFileSync } from 'fs';",
      "import { ipcRenderer } from 'electron';",
      "import Database from 'better-sqlite3';",
      'export const home = process.env.HOME;',
      "export const fs = require('node:fs');",
      "export const bytes = Buffer.from('x');",
      "export const later = import('../../../main/clock.ts');",
      "export const pdf = import('pdfkit');",
    ],
    allowed: [
      "import { useState } from 'react';\nimport { create } from 'zustand';\nexport const both = [useState, create];",
      "import { createRoot } from 'react-dom/client';\nexport const r = createRoot;",
      "import { formatMoney } from '../../../core/format.ts';\nimport type { SaleOutcome } from '../../../contract/counter.ts';\nexport const f = (o: SaleOutcome) => formatMoney(o.retailTotalMinor, 'ar');",
      "export const saved = window.localStorage.getItem('x') ?? document.title;",
      "export const bench = import('../bench/bench.tsx');",
    ],
  },
  sandbox: {
    file: 'sandbox/holds/some-service.ts',
    forbidden: [
      "import { sleep } from '../../main/clock.ts';",
      "import { api } from '../../renderer/src/api.ts';",
      "import '../../preload/index.ts';",
      "import { app } from 'electron';",
      "export const later = import('../../main/counter.ts');",
    ],
    allowed: [
      "import { createHash } from 'node:crypto';\nimport Fastify from 'fastify';\nexport const both = [createHash, Fastify];",
      "import { HOLD_DURATION_MS } from '../../core/hold.ts';\nimport { Hold } from '../../contract/partner/index.ts';\nimport { ltr } from '../../lib/pdf/index.ts';\nexport const all = [HOLD_DURATION_MS, Hold, ltr];",
    ],
  },
  main: {
    file: 'main/selling/some-service.ts',
    forbidden: [
      "import { api } from '../../renderer/src/api.ts';",
      "import '../../preload/index.ts';",
      "import { HoldStore } from '../../sandbox/holds/holds.ts';",
      "export { SimClock } from '../../sandbox/clock.ts';",
      "import { app } from 'electron';",
      "export const later = import('../../sandbox/holds/holds.ts');",
      ...JOURNAL_REACHED_AROUND,
    ],
    allowed: [
      "import { startSandbox } from '../../sandbox/server.ts';\nexport const s = startSandbox;",
      "import type { Journal } from '../journal/journal.ts';\nimport { openSaleCount } from '../journal/queries/sales.ts';\nexport const n = (j: Journal) => openSaleCount(j) + j.lastSeq();",
      "import type { IpcMain } from 'electron';\nexport type I = IpcMain;",
      "import { readFileSync } from 'node:fs';\nimport { z } from 'zod';\nimport { canonicalJson } from '../../core/canonical-json.ts';\nimport { ltr } from '../../lib/pdf/index.ts';\nimport type { AppError } from '../../contract/errors.ts';\nexport const all = [readFileSync, z, canonicalJson, ltr] as unknown as AppError;",
    ],
  },
  'main/journal': {
    file: 'main/journal/queries/some-query.ts',
    forbidden: ["import { api } from '../../../renderer/src/api.ts';"],
    allowed: JOURNAL_REACHED_AROUND,
  },
  test: {
    file: 'test/unit/main/selling/some.test.ts',
    forbidden: ['export const r = Math.random();'],
    allowed: ["import { journalDatabase, type Journal } from '../../../../main/journal/journal.ts';\nexport const tamper = (j: Journal) => journalDatabase(j).exec('DROP TRIGGER entries_no_update');"],
  },
  'main/index.ts': {
    file: 'main/index.ts',
    forbidden: ["import { HoldStore } from '../sandbox/holds/holds.ts';", "import { api } from '../renderer/src/api.ts';", "import Database from 'better-sqlite3';\nexport const d = Database;"],
    allowed: ["import { app, BrowserWindow } from 'electron';\nimport { startCounter } from './counter.ts';\nexport const all = [app, BrowserWindow, startCounter];"],
  },
  lib: {
    file: 'lib/pdf/some-layout.ts',
    forbidden: [
      "import { sleep } from '../../main/clock.ts';",
      "import type { AppError } from '../../contract/errors.ts';",
      "import { HoldStore } from '../../sandbox/holds/holds.ts';",
      "import { app } from 'electron';",
    ],
    allowed: ["import fs from 'node:fs';\nimport PDFDocument from 'pdfkit';\nimport { formatDate } from '../../core/wall-clock.ts';\nexport const all = [fs, PDFDocument, formatDate];"],
  },
};

describe('the journal behind its door (eslint.config.js)', () => {
  it('names main/journal/ when a module of main/selling/ prepares a statement', async () => {
    const code = "import type { Journal } from '../journal/journal.ts';\nexport const open = (j: Journal) => j.stmt(\"SELECT * FROM sales WHERE status = 'pending'\").all();";
    expect(await broken('main/selling/some-service.ts', code)).toEqual([
      "no-restricted-syntax: No .stmt() outside main/journal/: only main/journal/ touches the journal's SQLite: call a named function of main/journal/ (journal.ts, queries/, report.ts, sale-lookup.ts, …), adding one there if none fits.",
    ]);
  });
});

describe('import boundaries (eslint.config.js)', () => {
  for (const [name, folder] of Object.entries(FOLDERS)) {
    describe(name, () => {
      it.each(folder.forbidden)(`reports %s`, async (code) => {
        expect(await broken(folder.file, code)).not.toEqual([]);
      });
      it.each(folder.allowed)(`allows %s`, async (code) => {
        expect(await broken(folder.file, code)).toEqual([]);
      });
    });
  }
});
