// One small settings file of this counter (this PC), not of an environment: the journal
// databases are one per environment (TRAINING, SANDBOX, LIVE) and the desk's printers and the
// counter's name do not change when the supervisor switches credentials. Not secret, so plain
// JSON in the data folder, written atomically (temp file, fsync, rename) and checked against
// its schema on every load: a damaged file is logged and read as "nothing saved".
// A file whose values guard the counter (the idle lock, where backups go, the update feed, the
// refund policy, the station link) is sealed: saved with
// an HMAC of the PIN key over its content (main/vault/settings-seal.ts), so that what the PC's
// user edits by hand is known as changed outside the app (./seal-earlier.ts seals, once, the files
// of the versions before).
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import { canonicalJson } from '../../core/canonical-json.ts';
import { PRIVATE_FILE_MODE, privateDir } from '../files/private.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';

/** The member a sealed file keeps its seal in, beside the values. */
export const SEAL_MEMBER = 'seal';

/** The text a settings file's seal is made over: its values (without the seal), canonical. */
export const sealedText = (values: Record<string, unknown>): string => {
  const { [SEAL_MEMBER]: _, ...rest } = values;
  return canonicalJson(rest);
};

/** A parsed JSON value as an object's members (null: not a JSON object). */
export const jsonObject = (json: unknown): Record<string, unknown> | null =>
  typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;

/** Writes `text` to `path` in one step (temp file, fsync, rename). */
export function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, 'w', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

export class SettingsFile<T> {
  readonly path: string;
  readonly #dir: string;
  readonly #what: string;
  readonly #schema: z.ZodType<T>;
  readonly #log: (message: string, err?: unknown) => void;
  readonly #seal: SettingSeal | null;
  #cached: T | null | undefined;
  /** Whether what was loaded carried no seal the PIN key opens (sealed files only). */
  #changedOutside = false;

  /**
   * `what` names the settings in log lines ("print settings"). With `seal`, the file is saved
   * sealed, and one found without a seal that opens is changed outside the app (changedOutside).
   */
  constructor(opts: { dir: string; file: string; what: string; schema: z.ZodType<T>; log?: (message: string, err?: unknown) => void; seal?: SettingSeal | null }) {
    this.#dir = opts.dir;
    this.path = join(opts.dir, opts.file);
    this.#what = opts.what;
    this.#schema = opts.schema;
    this.#log = opts.log ?? (() => {});
    this.#seal = opts.seal ?? null;
  }

  /** Whether the values loaded were edited outside the app: a sealed file whose seal is missing or does not open. */
  changedOutside(): boolean {
    this.load();
    return this.#changedOutside;
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
      this.#changedOutside = this.#seal !== null; // the app writes whole files only (writeAtomically)
      return (this.#cached = null);
    }
    if (this.#seal) {
      const values = jsonObject(json) ?? {};
      const seal = values[SEAL_MEMBER];
      this.#changedOutside = !this.#seal.opens(basename(this.path), sealedText(values), typeof seal === 'string' ? seal : undefined);
      if (this.#changedOutside) this.#log(`${this.#what}: ${this.path} carries no seal this counter's key opens: changed outside the app`);
      delete values[SEAL_MEMBER];
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
    const seal = this.#seal?.make(basename(this.path), sealedText(stored as Record<string, unknown>)) ?? null;
    writeAtomically(this.path, `${JSON.stringify(seal === null ? stored : { ...stored, [SEAL_MEMBER]: seal }, null, 2)}\n`);
    this.#changedOutside = false;
    return (this.#cached = stored);
  }

  /** Forgets what was saved (the file is removed). */
  clear(): void {
    rmSync(this.path, { force: true });
    this.#cached = null;
    this.#changedOutside = false;
  }
}
