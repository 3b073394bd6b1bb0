import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PrinterInfo } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';

/** Hands a finished PDF to the operating system's print queue. One per platform. */
export interface Spooler {
  listPrinters(): Promise<PrinterInfo[]>;
  /** Resolves once the job is queued; `jobId` is the spooler's id when it gives one. */
  print(printer: string, pdf: Uint8Array, job: { title: string; media?: string }): Promise<{ jobId: string | null }>;
}

type Exec = (file: string, args: string[]) => Promise<{ stdout: string; stderr: string }>;
const execFileAsync: Exec = promisify(execFile);

/** Linux and macOS: CUPS through `lpstat` and `lp`. */
export function cupsSpooler(exec: Exec = execFileAsync): Spooler {
  return {
    async listPrinters() {
      const names = await run(exec, 'lpstat', ['-e']).catch(() => '');
      const def = await run(exec, 'lpstat', ['-d']).catch(() => '');
      const defaultName = /destination:\s*(\S+)/.exec(def)?.[1] ?? null;
      return names
        .split('\n')
        .map((n) => n.trim())
        .filter(Boolean)
        .map((name) => ({ name, isDefault: name === defaultName }));
    },
    async print(printer, pdf, job) {
      return withTempPdf(pdf, async (file) => {
        const args = ['-d', printer, '-t', job.title];
        if (job.media) args.push('-o', `media=${job.media}`);
        const out = await run(exec, 'lp', [...args, file]);
        return { jobId: /request id is (\S+)/.exec(out)?.[1] ?? null };
      });
    },
  };
}

/** The subset of pdf-to-printer we use (Windows only; it rejects with a plain string elsewhere). */
export interface PdfToPrinter {
  getPrinters(): Promise<{ name: string }[]>;
  getDefaultPrinter(): Promise<{ name: string } | null>;
  print(file: string, options: { printer: string; silent?: boolean; paperSize?: string }): Promise<void>;
}

export function windowsSpooler(ptp: PdfToPrinter): Spooler {
  return {
    async listPrinters() {
      const [printers, def] = await Promise.all([ptp.getPrinters(), ptp.getDefaultPrinter().catch(() => null)]);
      return printers.map((p) => ({ name: p.name, isDefault: p.name === def?.name }));
    },
    async print(printer, pdf, job) {
      return withTempPdf(pdf, async (file) => {
        try {
          // A paper name the printer knows (A4); CUPS custom sizes ("Custom.80x160mm", the
          // receipt roll) mean nothing to Windows drivers: the printer's own paper is used.
          const paperSize = job.media && !job.media.startsWith('Custom.') ? job.media : undefined;
          await ptp.print(file, { printer, silent: true, ...(paperSize ? { paperSize } : {}) });
        } catch (err) {
          throw printFailed(printer, err);
        }
        return { jobId: null };
      });
    },
  };
}

/** The spooler of this operating system. */
export async function systemSpooler(platform: NodeJS.Platform = process.platform): Promise<Spooler> {
  if (platform !== 'win32') return cupsSpooler();
  const ptp = (await import('pdf-to-printer')) as unknown as PdfToPrinter & { default?: PdfToPrinter };
  return windowsSpooler(ptp.default ?? ptp);
}

async function run(exec: Exec, cmd: string, args: string[]): Promise<string> {
  try {
    return (await exec(cmd, args)).stdout;
  } catch (err) {
    throw printFailed(args[1] ?? cmd, err);
  }
}

function printFailed(printer: string, err: unknown): AppFailure {
  const detail =
    typeof err === 'string' ? err : ((err as { stderr?: string }).stderr?.trim() || (err as Error).message || String(err));
  return new AppFailure('print_failed', `Printing to "${printer}" failed: ${detail}`, { retryable: true });
}

async function withTempPdf<T>(pdf: Uint8Array, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'shubbak-print-'));
  const file = join(dir, 'document.pdf');
  try {
    await writeFile(file, pdf, { mode: 0o600 });
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
