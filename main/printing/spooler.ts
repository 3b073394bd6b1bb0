import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path, { join } from 'node:path';
import { promisify } from 'node:util';
import type { PrinterInfo } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';

/** Hands a finished PDF to the operating system's print queue. One per platform. */
export interface Spooler {
  listPrinters(): Promise<PrinterInfo[]>;
  /** Resolves once the job is queued; `jobId` is the spooler's id when it gives one. */
  print(printer: string, pdf: Uint8Array, job: PrintJob): Promise<{ jobId: string | null }>;
}

export interface PrintJob {
  title: string;
  /** A paper name (A4) or a CUPS custom size (Custom.80x160mm, the receipt roll). */
  media?: string;
  /** Copies of the whole document (1 when absent). */
  copies?: number;
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
        if (job.copies && job.copies > 1) args.push('-n', String(job.copies));
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
  print(file: string, options: { printer: string; silent?: boolean; paperSize?: string; copies?: number; sumatraPdfPath?: string }): Promise<void>;
}

/** The SumatraPDF that pdf-to-printer 5.8 ships and starts (electron-builder.config.ts unpacks it). */
export const SUMATRA_EXE = 'SumatraPDF-3.4.6-32.exe';

/**
 * pdf-to-printer finds its SumatraPDF beside itself, and redirects into app.asar.unpacked only when
 * the main module is CommonJS (process.mainModule); Shubbak's main is an ES module, so the path
 * is given: the unpacked copy in an installed app, the package's own one otherwise.
 */
export function sumatraPath(resolvedEntry: string, paths: Pick<typeof path, 'join' | 'dirname'> = path): string {
  return paths.join(paths.dirname(resolvedEntry), SUMATRA_EXE).replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

export function windowsSpooler(ptp: PdfToPrinter, opts: { sumatraPdfPath?: string } = {}): Spooler {
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
          await ptp.print(file, {
            printer,
            silent: true,
            ...(paperSize ? { paperSize } : {}),
            ...(job.copies && job.copies > 1 ? { copies: job.copies } : {}),
            ...(opts.sumatraPdfPath ? { sumatraPdfPath: opts.sumatraPdfPath } : {}),
          });
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
  return windowsSpooler(ptp.default ?? ptp, { sumatraPdfPath: sumatraPath(createRequire(import.meta.url).resolve('pdf-to-printer')) });
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
