import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// What an installer must carry of node_modules: package.json's "dependencies" and
// "optionalDependencies" and everything they need, as package-lock.json resolved it.

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export const ROOT = join(import.meta.dirname, '..', '..');

/** The packages the app may import by name: "dependencies" and "optionalDependencies", never devDependencies. */
export function directProductionDependencies(root = ROOT): Set<string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  return new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]);
}

/**
 * Every installed folder (node_modules/a, node_modules/a/node_modules/b) those need: the lock's
 * entries not marked dev (devOptional ones serve an optional production dependency, keytar's
 * install tools, so they go too, as electron-builder takes them); `devOptional: false` leaves them out.
 */
export function productionLockPaths(root = ROOT, opts: { devOptional?: boolean } = {}): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([path, e]) => path.startsWith('node_modules/') && e.dev !== true && (opts.devOptional !== false || e.devOptional !== true))
    .map(([path]) => path);
}

/** The package names of lock paths (node_modules/a/node_modules/@b/c → @b/c). */
export const lockPackageNames = (paths: string[]): Set<string> => new Set(paths.map((p) => p.slice(p.lastIndexOf('node_modules/') + 'node_modules/'.length)));
