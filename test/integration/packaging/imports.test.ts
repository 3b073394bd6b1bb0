import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directProductionDependencies, importViolations, lockPackageNames, moduleRequests, productionLockPaths, ROOT } from '../../support/packaging.ts';

// A devDependency imported at run time works from the repository and breaks in the installer,
// which carries only the production dependencies. Every module the built main process and
// preload load must be a Node or Electron built-in, or a production dependency (the build comes
// from `npm test`'s electron-vite build).

const direct = directProductionDependencies();
const installed = lockPackageNames(productionLockPaths());
const parsed = new Map<string, ReturnType<typeof moduleRequests>>();
const requestsOf = (file: string) => parsed.get(file) ?? parsed.set(file, moduleRequests(readFileSync(join(ROOT, file), 'utf8'), file)).get(file)!;

describe('what the built main process and preload import', () => {
  for (const dir of ['out/main', 'out/preload']) {
    it(`${dir}: only built-ins and production dependencies`, () => {
      const files = readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(c|m)?js$/.test(f));
      expect(files.length, `${dir} is empty: build first (electron-vite build)`).toBeGreaterThan(0);
      const bad: string[] = [];
      let seen = 0;
      for (const f of files) {
        const requests = requestsOf(join(dir, f));
        seen += requests.length;
        bad.push(...importViolations(requests, direct, installed).map((v) => `${dir}/${f} ${v}`));
      }
      expect(bad).toEqual([]);
      if (dir === 'out/main') expect(seen).toBeGreaterThan(10);
    });
  }

  it('the main bundle loads the native and Windows-only packages the installer must carry', () => {
    const requests = requestsOf('out/main/index.js').map((r) => r.specifier);
    expect(requests).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar', 'pdf-to-printer', 'electron-updater', 'electron']));
  });

  it('catches a devDependency, a package not installed, a computed name, and follows a constant name', () => {
    const source = [
      'import { describe } from "vitest";',
      'import pg from "pg";',
      'import fs from "node:fs";',
      'const NAME = "playwright-core";',
      'await import(NAME);',
      'await import(`${"a"}b`);',
      'require("left-pad");',
      'createRequire(import.meta.url)("fontkit");',
      'createRequire(import.meta.url).resolve("typescript");',
      'import("./local.js");',
    ].join('\n');
    expect(importViolations(moduleRequests(source, 'x.js'), direct, installed)).toEqual([
      'line 1: vitest (static) is not a production dependency',
      'line 5: playwright-core (dynamic) is not a production dependency',
      'line 6: a module loaded by a computed name',
      'line 7: left-pad (require) is not a production dependency',
      'line 9: typescript (relative) is not a production dependency',
    ]);
  });
});
