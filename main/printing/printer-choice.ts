// Which printer a job goes to: the printers the system knows, the supervisor's choice of a
// ticket and a receipt printer (saved in the counter's data folder), and the spooler that takes
// the jobs.
import type { PrintSettings, PrinterInfo } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import type { Log } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import { PrintSettingsStore } from './settings.ts';
import { systemSpooler, type Spooler } from './spooler.ts';

export interface PrinterChoiceDeps {
  dataDir: string;
  clock: Clock;
  log: Log;
  /** Where print jobs go; the operating system's spooler when not given (tests and benches pass a fake). */
  spooler?: Spooler | undefined;
}

export type PrinterChoice = ReturnType<typeof printerChoice>;

export function printerChoice(deps: PrinterChoiceDeps) {
  const store = new PrintSettingsStore(deps.dataDir, deps.log);

  let spooler: Promise<Spooler> | null = null;
  const getSpooler = (): Promise<Spooler> => {
    if (deps.spooler) return Promise.resolve(deps.spooler);
    spooler ??= systemSpooler().catch((err: unknown) => {
      spooler = null;
      throw new AppFailure('print_failed', `The system's print service is not available: ${String(err)}`, { retryable: true });
    });
    return spooler;
  };

  const listPrinters = async (): Promise<PrinterInfo[]> => (await getSpooler()).listPrinters();

  const settings = async (): Promise<PrintSettings> => {
    const saved = store.load();
    if (saved) return saved;
    // Nothing saved yet: the system's default printer for both, receipts on an 80 mm roll.
    const def = await listPrinters()
      .then((ps) => ps.find((p) => p.isDefault)?.name ?? null)
      .catch((err: unknown) => {
        deps.log('print settings: cannot list the printers for the defaults', err);
        return null;
      });
    return { ticketPrinter: def, receiptPrinter: def, receiptPaper: '80mm' };
  };

  return {
    spooler: getSpooler,
    listPrinters,
    settings,
    saveSettings: (s: PrintSettings) => store.save(s, deps.clock.now()),
  };
}

/** The printer chosen for tickets or receipts, or why a job cannot go anywhere. */
export function chosen(printer: string | null, what: 'ticket' | 'receipt'): string {
  if (printer) return printer;
  throw new AppFailure('not_configured', `No ${what} printer is chosen: choose one in Settings → Printers`);
}
