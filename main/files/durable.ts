// Making what was written reach the disk. A file is flushed through a descriptor opened for
// writing ('r+'): Windows' FlushFileBuffers refuses a read-only handle (EPERM), where Linux and
// macOS take any descriptor. A folder is flushed (so that a rename in it survives a power cut)
// where the system allows it; Windows opens no folder as a file (EISDIR) and flushes none (EPERM),
// and NTFS journals the rename itself, so there it is best effort.
import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Flushes the file at `path` to disk. */
export function fsyncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Whether a folder's flush failing with `err` is the system saying it does not flush folders (not a failure). */
export function folderSyncUnsupported(err: unknown, platform: NodeJS.Platform): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return platform === 'win32' && (code === 'EPERM' || code === 'EISDIR' || code === 'EACCES');
}

/** Flushes the folder at `path` (its entries: a file renamed into it), where the system allows it. */
export function fsyncFolder(path: string, platform: NodeJS.Platform = process.platform): void {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch (err) {
    if (!folderSyncUnsupported(err, platform)) throw err;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
