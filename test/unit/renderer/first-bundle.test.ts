import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The renderer's first bundle (ui.initial_bundle_gzip.kb, goal < 200 KB) holds no zod and none of
// the contract's schemas: a constant taken from a module that defines schemas pulls them all in
// (it once added 24 KB for two numbers). This walks the imports a bundler keeps from
// renderer/src/main.tsx, leaving out dynamic import() (Settings, Reports, the lost journal's
// screen, loaded when needed) and imports of types only, which the build erases.

const ROOT = join(import.meta.dirname, '../../..');
const ENTRY = join(ROOT, 'renderer/src/main.tsx');

/** The modules a statement imports or re-exports for their values (not `import type`, not all-`type` names). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const clause = s.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause !== undefined && !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(s.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(s) && !s.isTypeOnly && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      found.push(s.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every module of the first bundle, from the entry, with the chain that reaches it. */
function firstBundle(): Map<string, string[]> {
  const reached = new Map<string, string[]>([[ENTRY, []]]);
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const spec of valueImports(file)) {
      const key = spec.startsWith('.') ? resolve(dirname(file), spec) : spec;
      if (reached.has(key)) continue;
      reached.set(key, [...reached.get(file)!, file.replace(`${ROOT}/`, '')]);
      if (spec.startsWith('.') && /\.(ts|tsx)$/.test(key) && existsSync(key)) queue.push(key);
    }
  }
  return reached;
}

describe("the renderer's first bundle", () => {
  it('holds no zod, through any chain of imports kept by the build', () => {
    const bundle = firstBundle();
    expect(bundle.size).toBeGreaterThan(50); // the walk reached the app, not only its entry
    const zod = [...bundle].filter(([m]) => m === 'zod' || m.startsWith('zod/')).map(([m, chain]) => `${m} ← ${chain.join(' ← ')}`);
    expect(zod).toEqual([]);
  });

  it('reads an import for a value, and leaves out an import of types only', () => {
    // on the chain that once pulled zod in: contract/shifts.ts defines schemas; the idle lock takes only its types
    expect(valueImports(join(ROOT, 'contract/shifts.ts'))).toContain('zod');
    expect(valueImports(join(ROOT, 'renderer/src/desk/idle-lock.ts'))).not.toContain('../../../contract/shifts.ts');
  });
});
