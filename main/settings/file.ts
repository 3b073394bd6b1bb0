// One small settings file of this counter (this PC), not of an environment: the journal
// databases are one per environment (TRAINING, SANDBOX, LIVE) and the desk's printers and the
// counter's name do not change when the supervisor switches credentials. Not secret, so plain
// JSON in the data folder, written atomically (temp file, fsync, rename) and checked against
// its schema on every load: a damaged file is logged and read as "nothing saved".
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { PRIVATE_FILE_MODE, privateDir } from '../files/private.ts';
import { join } from 'node:path';
import type { z } from 'zod';

export class SettingsFile<T> {
  readonly path: string;
  readonly #dir: string;
  readonly #what: string;
  readonly #schema: z.ZodType<T>;
  readonly #log: (message: string, err?: unknown) => void;
  #cached: T | null | undefined;

  /** `what` names the settings in log lines ("print settings"). */
  constructor(opts: { dir: string; file: string; what: string; schema: z.ZodType<T>; log?: (message: string, err?: unknown) => void }) {
    this.#dir = opts.dir;
    this.path = join(opts.dir, opts.file);
    this.#what = opts.what;
    this.#schema = opts.schema;
    this.#log = opts.log ?? (() => {});
  }

  /** What was saved, or null when nothing was (or the file is unreadable: logged). Read once, then cached. */
  load(): T | null {
    if (this.#cached !== undefined) return this.#cached;
    let raw: string;
    try {
      raw = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.#log(`${this.#what}: cannot read ${this.path}`, err);
      return (this.#cached = null);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (err) {
      this.#log(`${this.#what}: ${this.path} is not JSON; using defaults until saved again`, err);
      return (this.#cached = null);
    }
    const parsed = this.#schema.safeParse(json);
    if (!parsed.success) {
      this.#log(`${this.#what}: ${this.path} is not valid (${parsed.error.issues[0]?.message}); using defaults until saved again`);
      return (this.#cached = null);
    }
    return (this.#cached = parsed.data);
  }

  /** Checks `value` against the schema and replaces the file with it in one step. */
  save(value: T): T {
    const stored = this.#schema.parse(value);
    privateDir(this.#dir);
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      const fd = openSync(tmp, 'w', PRIVATE_FILE_MODE);
      try {
        writeSync(fd, `${JSON.stringify(stored, null, 2)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.path);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
    return (this.#cached = stored);
  }

  /** Forgets what was saved (the file is removed). */
  clear(): void {
    rmSync(this.path, { force: true });
    this.#cached = null;
  }
}
