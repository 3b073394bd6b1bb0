// Flushing to disk (main/files/durable.ts): a file through a descriptor opened for writing, a
// folder where the system flushes folders. Windows refuses a folder's flush (EISDIR opening it,
// EPERM flushing it): there, and only there, that is no failure; anywhere else it is thrown.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderSyncUnsupported, fsyncFile, fsyncFolder } from '../../../../main/files/durable.ts';
import { tempDir } from '../journal/helpers.ts';

const errno = (code: string) => Object.assign(new Error(code), { code });
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe('a folder flush the system refuses', () => {
  it.each(['EPERM', 'EISDIR', 'EACCES'])('is best effort on Windows (%s)', (code) => {
    expect(folderSyncUnsupported(errno(code), 'win32')).toBe(true);
  });

  it.each(['linux', 'darwin'] as const)('is a failure on %s', (platform) => {
    expect(folderSyncUnsupported(errno('EPERM'), platform)).toBe(false);
    expect(folderSyncUnsupported(errno('EISDIR'), platform)).toBe(false);
  });

  it('is a failure on Windows too when it is anything else (the folder gone, an I/O error)', () => {
    expect(folderSyncUnsupported(errno('ENOENT'), 'win32')).toBe(false);
    expect(folderSyncUnsupported(errno('EIO'), 'win32')).toBe(false);
  });
});

describe('flushing real files and folders', () => {
  it('flushes a file and its folder; a missing folder is an error on every system', () => {
    const d = tempDir('shubbak-durable-');
    cleanups.push(d.cleanup);
    const file = join(d.dir, 'journal.db');
    writeFileSync(file, 'x', { mode: 0o600 });
    expect(() => fsyncFile(file)).not.toThrow();
    expect(() => fsyncFolder(d.dir)).not.toThrow();
    expect(() => fsyncFolder(join(d.dir, 'gone'), 'win32')).toThrow(/ENOENT/);
    mkdirSync(join(d.dir, 'sub'));
    // a folder opened as a file to write is what Windows refuses: fsyncFile is for files only
    expect(() => fsyncFile(join(d.dir, 'sub'))).toThrow(/EISDIR/);
  });
});
