import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Electron binary that `npm install` downloaded into node_modules/electron, or null. */
export function electronBinary(root: string): string | null {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

/** The Electron version the app is built against (node_modules/electron). */
export function electronVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
}
