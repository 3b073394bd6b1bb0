import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The counter's data folder is its user's alone: folders 0700, files 0600 (the journal and its
// WAL and SHM, backups, exports, settings, the TRAINING sandbox, the ticket cache). Every file the
// counter writes there is created through here; folders of earlier versions are tightened at
// start. SQLite gives a database's -wal and -shm files the mode of the database file itself, so a
// database file made here first keeps its companions private too. On Windows the modes mean
// little: the folder lies in the user's profile, which only that user (and administrators) can read.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder (and its missing parents) only its owner can enter. */
export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/** Writes a whole file only its owner can read (an existing file keeps its contents' place but loses others' rights). */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  writeFileSync(path, data, { mode: PRIVATE_FILE_MODE });
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** Makes sure a file exists, empty if new, readable by its owner alone (before SQLite opens it). */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * Tightens a whole folder as earlier versions left it: folders 0700, files 0600; links are not
 * followed. What cannot be changed (a file of another owner) is told to `log` and left: the
 * counter still starts.
 */
export function tightenTree(root: string, log: (message: string) => void = () => {}): void {
  privateDir(root);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    try {
      if (entry.isDirectory()) tightenTree(path, log);
      else if (entry.isFile() && (lstatSync(path).mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(path, PRIVATE_FILE_MODE);
    } catch (err) {
      log(`${path} could not be made private: ${(err as Error).message}`);
    }
  }
}
