import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, matchesGlob, relative } from 'node:path';
import ts from 'typescript';
import config, { ASAR_UNPACK } from '../../electron-builder.config.ts';
import { directProductionDependencies, lockPackageNames, productionLockPaths, ROOT } from '../../scripts/packaging/production-deps.ts';

// What electron-builder puts in an installer, computed from package.json / package-lock.json and
// electron-builder.config.ts, and the imports of the built main process checked against it.

export { directProductionDependencies, lockPackageNames, productionLockPaths, ROOT };

/** The package a bare specifier names ("@a/b/c" → "@a/b", "pg/lib" → "pg"). */
export const packageOf = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

const BUILTINS = new Set([...builtinModules, 'electron']);
export const isBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(packageOf(specifier));

export interface ModuleRequest {
  specifier: string | null;
  /** `import`/`export from`, `import()`, `require()`; `relative` for a require made with createRequire(...)
   *  (resolved from another package: fontkit from pdfkit); `unresolved` when the name is computed. */
  kind: 'static' | 'dynamic' | 'require' | 'relative' | 'unresolved';
  line: number;
}

/** Every module a built file loads, read from its syntax tree (a dynamic name through a constant is followed). */
export function moduleRequests(source: string, fileName: string): ModuleRequest[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.cjs') ? ts.ScriptKind.JS : ts.ScriptKind.JS);
  const constants = new Map<string, string>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteralLike(node.initializer)) {
      constants.set(node.name.text, node.initializer.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const out: ModuleRequest[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const nameOf = (arg: ts.Expression | undefined): string | null => {
    if (!arg) return null;
    if (ts.isStringLiteralLike(arg)) return arg.text;
    if (ts.isIdentifier(arg)) return constants.get(arg.text) ?? null;
    return null;
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      out.push({ specifier: node.moduleSpecifier.text, kind: 'static', line: line(node) });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const arg = node.arguments[0];
      const named = (kind: ModuleRequest['kind']) => {
        const specifier = nameOf(arg);
        out.push(specifier === null ? { specifier: null, kind: 'unresolved', line: line(node) } : { specifier, kind, line: line(node) });
      };
      if (callee.kind === ts.SyntaxKind.ImportKeyword) named('dynamic');
      else if (ts.isIdentifier(callee) && callee.text === 'require') named('require');
      // createRequire(x)("name") and createRequire(x).resolve("name")
      else if (ts.isCallExpression(callee) && isCreateRequire(callee)) named('relative');
      else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' && ts.isCallExpression(callee.expression) && isCreateRequire(callee.expression)) named('relative');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const isCreateRequire = (call: ts.CallExpression) => ts.isIdentifier(call.expression) && call.expression.text === 'createRequire';

/** What in a built file an installer could not load: a devDependency, a package not installed at all, a name computed at run time. */
export function importViolations(requests: ModuleRequest[], direct: Set<string>, installed: Set<string>): string[] {
  const bad: string[] = [];
  for (const r of requests) {
    if (r.specifier === null) {
      bad.push(`line ${r.line}: a module loaded by a computed name`);
      continue;
    }
    if (r.specifier.startsWith('.') || r.specifier.startsWith('/') || isBuiltin(r.specifier)) continue;
    const pkg = packageOf(r.specifier);
    const allowed = r.kind === 'relative' ? installed.has(pkg) : direct.has(pkg);
    if (!allowed) bad.push(`line ${r.line}: ${r.specifier} (${r.kind}) is not a production dependency`);
  }
  return bad;
}

function filesUnder(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, base));
    else out.push(relative(base, full));
  }
  return out;
}

export interface PackagedLayout {
  /** The install folder (what NSIS puts in Program Files, the .deb in /opt/Shubbak). */
  installDir: string;
  /** process.resourcesPath. */
  resourcesPath: string;
  /** The archive's contents, as Electron's fs shows them (app.asar read as a folder). */
  appDir: string;
  unpackedDir: string;
  /** Files of the archive that electron-builder leaves outside it. */
  unpacked: string[];
}

/**
 * Lays the app out as electron-builder does for the configuration: resources/app.asar holding
 * out/, package.json and the production node_modules; what asarUnpack matches also in
 * resources/app.asar.unpacked (the archive lists it, the bytes live outside: here the archive's
 * copy of a native file is emptied, so only the unpacked one can load); extraResources beside.
 * The archive is a folder here, since Node cannot read ASAR; paths are the installed app's.
 * `platform`: whose build (electron-builder drops .exe and .dll from node_modules outside Windows).
 */
export function layOutPackagedApp(installDir: string, platform: NodeJS.Platform = process.platform): PackagedLayout {
  const resourcesPath = join(installDir, 'resources');
  const appDir = join(resourcesPath, 'app.asar');
  const unpackedDir = join(resourcesPath, 'app.asar.unpacked');
  const files = config.files as string[];
  if (JSON.stringify(files) !== JSON.stringify(['out/**/*', 'package.json'])) throw new Error(`files changed in electron-builder.config.ts: teach layOutPackagedApp ${JSON.stringify(files)}`);
  if (!existsSync(join(ROOT, 'out', 'main', 'index.js'))) throw new Error('out/ is not built: run electron-vite build first');
  mkdirSync(appDir, { recursive: true });
  cpSync(join(ROOT, 'out'), join(appDir, 'out'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
  for (const p of productionLockPaths()) {
    // Nested folders are copied with their parent; each top folder once, without its nested node_modules.
    const own = (src: string) => !relative(join(ROOT, p), src).startsWith('node_modules');
    // electron-builder leaves Windows executables and libraries out of other platforms' builds.
    const forPlatform = (src: string) => platform === 'win32' || !/\.(exe|dll)$/i.test(src);
    cpSync(join(ROOT, p), join(appDir, p), { recursive: true, dereference: true, filter: (src) => own(src) && forPlatform(src) });
  }
  const unpacked = filesUnder(appDir).filter((f) => ASAR_UNPACK.some((g) => matchesGlob(f, g)));
  for (const f of unpacked) {
    mkdirSync(dirname(join(unpackedDir, f)), { recursive: true });
    cpSync(join(appDir, f), join(unpackedDir, f));
    if (f.endsWith('.node') || f.endsWith('.exe')) writeFileSync(join(appDir, f), '');
  }
  for (const r of config.extraResources as { from: string; to: string; filter: string[] }[]) {
    mkdirSync(join(resourcesPath, r.to), { recursive: true });
    for (const f of readdirSync(join(ROOT, r.from)).filter((name) => r.filter.some((g) => matchesGlob(name, g)))) cpSync(join(ROOT, r.from, f), join(resourcesPath, r.to, f));
  }
  return { installDir, resourcesPath, appDir, unpackedDir, unpacked };
}

/** Every file under a folder with its size and modification time (to see that nothing was written there). */
export function snapshot(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map((f) => [f, `${statSync(join(dir, f)).size}:${statSync(join(dir, f)).mtimeMs}`]));
}
