// The counter's printers: which one takes tickets, which one receipts, and the receipt paper.
// Kept per counter in `print-settings.json` (see ../settings/file.ts for why and how).
import { z } from 'zod';
import type { PrintSettings } from '../../contract/counter.ts';
import { SettingsFile } from '../settings/file.ts';

export const PRINT_SETTINGS_FILE = 'print-settings.json';

const PrinterName = z.string().min(1).max(200);
const Stored = z.object({
  version: z.literal(1),
  ticketPrinter: PrinterName.nullable(),
  receiptPrinter: PrinterName.nullable(),
  receiptPaper: z.enum(['80mm', 'A4']),
  ticketFormat: z.enum(['pdf', 'thermal80']).optional(),
  savedAt: z.string(),
});

export class PrintSettingsStore {
  readonly #file: SettingsFile<z.infer<typeof Stored>>;

  constructor(dir: string, log: (message: string, err?: unknown) => void = () => {}) {
    this.#file = new SettingsFile({ dir, file: PRINT_SETTINGS_FILE, what: 'print settings', schema: Stored, log });
  }

  get path(): string {
    return this.#file.path;
  }

  /** The saved settings, or null when none were saved (or the file is unreadable: logged). */
  load(): PrintSettings | null {
    const stored = this.#file.load();
    return (
      stored && {
        ticketPrinter: stored.ticketPrinter,
        receiptPrinter: stored.receiptPrinter,
        receiptPaper: stored.receiptPaper,
        ...(stored.ticketFormat ? { ticketFormat: stored.ticketFormat } : {}),
      }
    );
  }

  save(settings: PrintSettings, at: Date = new Date()): PrintSettings {
    const { ticketPrinter, receiptPrinter, receiptPaper, ticketFormat } = settings;
    const format = ticketFormat ? { ticketFormat } : {};
    this.#file.save({ version: 1, ticketPrinter, receiptPrinter, receiptPaper, ...format, savedAt: at.toISOString() });
    return { ticketPrinter, receiptPrinter, receiptPaper, ...format };
  }
}
