// The counter's printers: which one takes tickets, which one receipts, and the receipt paper.
//
// Kept per counter (this PC), not per environment: the journal databases are one per
// environment (TRAINING, SANDBOX, LIVE) and the printers on the desk do not change when the
// supervisor switches credentials. Not secret, so a small JSON file in the data folder,
// written atomically (temp file, fsync, rename) and checked on every load.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { PrintSettings } from '../../contract/counter.ts';

export const PRINT_SETTINGS_FILE = 'print-settings.json';

const PrinterName = z.string().min(1).max(200);
const Stored = z.object({
  version: z.literal(1),
  ticketPrinter: PrinterName.nullable(),
  receiptPrinter: PrinterName.nullable(),
  receiptPaper: z.enum(['80mm', 'A4']),
  savedAt: z.string(),
});

export class PrintSettingsStore {
  readonly path: string;
  readonly #dir: string;
  readonly #log: (message: string, err?: unknown) => void;
  #cached: PrintSettings | null | undefined;

  constructor(dir: string, log: (message: string, err?: unknown) => void = () => {}) {
    this.#dir = dir;
    this.path = join(dir, PRINT_SETTINGS_FILE);
    this.#log = log;
  }

  /** The saved settings, or null when none were saved (or the file is unreadable: logged). */
  load(): PrintSettings | null {
    if (this.#cached !== undefined) return this.#cached;
    let raw: string;
    try {
      raw = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.#log(`print settings: cannot read ${this.path}`, err);
      return (this.#cached = null);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (err) {
      this.#log(`print settings: ${this.path} is not JSON; using defaults until saved again`, err);
      return (this.#cached = null);
    }
    const parsed = Stored.safeParse(json);
    if (!parsed.success) {
      this.#log(`print settings: ${this.path} is not valid (${parsed.error.issues[0]?.message}); using defaults until saved again`);
      return (this.#cached = null);
    }
    const { ticketPrinter, receiptPrinter, receiptPaper } = parsed.data;
    return (this.#cached = { ticketPrinter, receiptPrinter, receiptPaper });
  }

  save(settings: PrintSettings, at: Date = new Date()): PrintSettings {
    const value: PrintSettings = {
      ticketPrinter: settings.ticketPrinter,
      receiptPrinter: settings.receiptPrinter,
      receiptPaper: settings.receiptPaper,
    };
    const stored = Stored.parse({ version: 1, ...value, savedAt: at.toISOString() });
    mkdirSync(this.#dir, { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      const fd = openSync(tmp, 'w', 0o644);
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
    this.#cached = value;
    return value;
  }
}
