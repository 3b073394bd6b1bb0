// `node --import register.ts <resources>/app.asar/out/main/index.js`: what Electron gives an
// installed app's main process before its code runs, and no more.
//   - `electron` resolves to the fake shell (./fake-electron.ts); nothing else is added to the
//     module paths, so a package missing from the layout fails as it would in the installer;
//   - process.resourcesPath is the layout's resources folder (SHUBBAK_RESOURCES_PATH);
//   - native modules load as Electron loads them from an archive: a .node file inside app.asar is
//     taken from app.asar.unpacked, and one that was not unpacked does not load.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const resourcesPath = process.env.SHUBBAK_RESOURCES_PATH;
if (!resourcesPath) throw new Error('SHUBBAK_RESOURCES_PATH is not set');
Object.defineProperty(process, 'resourcesPath', { value: resourcesPath, enumerable: true });

const fake = pathToFileURL(new URL('./fake-electron.ts', import.meta.url).pathname).href;
registerHooks({
  resolve: (specifier, context, next) => (specifier === 'electron' ? { url: fake, shortCircuit: true, format: 'module-typescript' } : next(specifier, context)),
});

const archive = `${sep}app.asar${sep}`;
const loaded: string[] = [];
const dlopen = process.dlopen.bind(process);
process.dlopen = ((module: unknown, filename: string, flags?: number) => {
  if (filename.includes(archive)) {
    const outside = filename.replace(archive, `${sep}app.asar.unpacked${sep}`);
    if (!existsSync(outside)) throw new Error(`native module packed inside app.asar (not in asarUnpack): ${filename}`);
    filename = outside;
  }
  loaded.push(filename);
  return flags === undefined ? dlopen(module as object, filename) : dlopen(module as object, filename, flags);
}) as typeof process.dlopen;
(globalThis as { __shubbakNativeModules?: string[] }).__shubbakNativeModules = loaded;
