import { existsSync } from 'node:fs';
import { join } from 'node:path';
import asar from '@electron/asar';
import { productionLockPaths, ROOT } from './production-deps.ts';

/**
 * The production packages (package-lock.json) an electron-builder output lacks: each must be a
 * folder with a package.json in resources/app.asar. electron-builder asks the package manager
 * for the dependency tree (`npm list`); where that answer is incomplete (a node_modules that
 * npm reports problems with), it packs what it got and the installer fails on the station.
 */
export function missingFromArchive(resourcesDir: string, root = ROOT): string[] {
  const archive = join(resourcesDir, 'app.asar');
  if (!existsSync(archive)) return ['app.asar'];
  const files = new Set(asar.listPackage(archive, { isPack: false }).map((f) => f.replaceAll('\\', '/').replace(/^\//, '')));
  // Packages both dev and optional-production (devOptional) are left to the package manager's judgement.
  return productionLockPaths(root, { devOptional: false }).filter((p) => !files.has(`${p}/package.json`));
}

/** electron-builder's afterPack hook: stops the build before an incomplete app becomes an installer. */
export async function checkPacked(context: { appOutDir: string; electronPlatformName: string }): Promise<void> {
  if (context.electronPlatformName === 'darwin') return; // not a Shubbak target
  const missing = missingFromArchive(join(context.appOutDir, 'resources'));
  if (missing.length > 0) {
    throw new Error(
      `app.asar lacks ${missing.length} production package(s): ${missing.slice(0, 12).join(', ')}${missing.length > 12 ? ', …' : ''}. ` +
        'Reinstall node_modules from the lock (npm ci) and build again.',
    );
  }
}
