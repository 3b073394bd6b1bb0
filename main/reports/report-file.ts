// Where exported reports go, and how they are named: beside the journal's backups, in the
// counter's data folder, one file per export (the time it was made in the name, so a second
// export never overwrites the first). Every report the counter exports goes through here.
import { join } from 'node:path';
import { privateDir, writePrivateFile } from '../files/private.ts';

export const REPORTS_DIR = 'reports';

export function saveReportFile(d: { dataDir: string; log: (message: string) => void }, o: { name: string; madeAt: string; format: 'csv' | 'pdf'; bytes: Uint8Array }): { path: string; bytes: number } {
  const dir = join(d.dataDir, REPORTS_DIR);
  privateDir(dir);
  const stamp = o.madeAt.replace(/[-:]/g, '').slice(0, 15);
  const path = join(dir, `${o.name}-${stamp}.${o.format}`);
  writePrivateFile(path, o.bytes);
  d.log(`${o.name} exported to ${path}`);
  return { path, bytes: o.bytes.length };
}
