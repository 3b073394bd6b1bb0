import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cupsSpooler, sumatraPath, SUMATRA_EXE, windowsSpooler, type PdfToPrinter } from '../../../../main/printing/spooler.ts';

// The exact programs and command lines Windows printing starts. This machine cannot run Windows,
// so the real pdf-to-printer 5.8.1 bundle is evaluated with only two things swapped: os.platform()
// answers 'win32' and child_process.execFile records what it is asked to start (and answers
// what PowerShell or SumatraPDF would). Everything between our spooler and that call is theirs.

const require = createRequire(import.meta.url);
const entry = require.resolve('pdf-to-printer');

interface Started {
  file: string;
  args: string[];
}

const POWERSHELL_PRINTERS = [
  'DeviceID          : EPSON TM-T20II Receipt',
  'Name              : EPSON TM-T20II Receipt',
  'PrinterPaperNames : {Roll Paper 80 x 297 mm, Roll Paper 58 x 297 mm, A4}',
  '',
  '',
  'DeviceID          : Xprinter XP-80C',
  'Name              : Xprinter XP-80C',
  'PrinterPaperNames : {80(72.1) x 210 mm, 80(72.1) x 297 mm...}',
  '',
  '',
  'DeviceID          : HP LaserJet M110w',
  'Name              : HP LaserJet M110w',
  'PrinterPaperNames : {A4, Letter, A5}',
  '',
].join('\r\n');

const POWERSHELL_DEFAULT = ['DeviceID          : HP LaserJet M110w', 'Name              : HP LaserJet M110w', 'PrinterPaperNames : {A4, Letter, A5}', ''].join('\r\n');

/** pdf-to-printer as Windows would run it, with its child processes recorded. */
function pdfToPrinterOnWindows(): { ptp: PdfToPrinter; started: Started[] } {
  const started: Started[] = [];
  const fakeExecFile = Object.assign(() => {
    throw new Error('pdf-to-printer is expected to call execFile through util.promisify');
  }, {
    [promisify.custom]: async (file: string, args: string[]) => {
      started.push({ file, args: [...args] });
      const filter = args.join(' ').includes('-Filter Default=true');
      if (file === 'Powershell.exe') return { stdout: filter ? POWERSHELL_DEFAULT : POWERSHELL_PRINTERS, stderr: '' };
      return { stdout: '', stderr: '' };
    },
  });
  const swapped: Record<string, unknown> = {
    child_process: { execFile: fakeExecFile },
    os: { ...os, platform: () => 'win32' },
  };
  const mod = { exports: {} as PdfToPrinter };
  const source = readFileSync(entry, 'utf8');
  // The bundle is CommonJS (UMD): evaluate it with a require that swaps the two modules.
  const load = new Function('exports', 'require', 'module', '__filename', '__dirname', source) as (...a: unknown[]) => void;
  load(mod.exports, (name: string) => swapped[name] ?? require(name), mod, entry, path.dirname(entry));
  return { ptp: mod.exports, started };
}

describe('Windows printing through pdf-to-printer 5.8.1 (exact command lines)', () => {
  it('lists the printers with one PowerShell call each for all printers and the default', async () => {
    const { ptp, started } = pdfToPrinterOnWindows();
    const printers = await windowsSpooler(ptp).listPrinters();
    expect(printers).toEqual([
      { name: 'EPSON TM-T20II Receipt', isDefault: false },
      { name: 'Xprinter XP-80C', isDefault: false },
      { name: 'HP LaserJet M110w', isDefault: true },
    ]);
    const query = '[Console]::OutputEncoding = [System.Text.UTF8Encoding]::new($false); Get-CimInstance Win32_Printer -Property DeviceID,Name,PrinterPaperNames';
    expect(started).toHaveLength(2);
    expect(started).toContainEqual({ file: 'Powershell.exe', args: ['-Command', query] });
    expect(started).toContainEqual({ file: 'Powershell.exe', args: ['-Command', `${query} -Filter Default=true`] });
  });

  it('prints an A4 document silently to the named printer, paper by name, with copies', async () => {
    const { ptp, started } = pdfToPrinterOnWindows();
    const sumatra = 'C:\\Program Files\\Shubbak\\resources\\app.asar.unpacked\\node_modules\\pdf-to-printer\\dist\\' + SUMATRA_EXE;
    await windowsSpooler(ptp, { sumatraPdfPath: sumatra }).print('HP LaserJet M110w', new TextEncoder().encode('%PDF-1.7'), { title: 'Day report', media: 'A4', copies: 2 });
    expect(started).toHaveLength(1);
    const [{ file, args }] = started as [Started];
    expect(file).toBe(sumatra);
    expect(args.slice(0, -1)).toEqual(['-print-to', 'HP LaserJet M110w', '-silent', '-print-settings', 'paper=A4,2x']);
    expect(args.at(-1)).toMatch(/shubbak-print-.*document\.pdf$/);
  });

  it('prints a receipt to the thermal printer with its own roll paper (no paper setting) and one copy', async () => {
    const { ptp, started } = pdfToPrinterOnWindows();
    await windowsSpooler(ptp).print('EPSON TM-T20II Receipt', new TextEncoder().encode('%PDF-1.7'), { title: 'Receipt', media: 'Custom.80x160.5mm' });
    const [{ file, args }] = started as [Started];
    // Without a path given, pdf-to-printer starts the SumatraPDF beside its own bundle.
    expect(file).toBe(path.join(path.dirname(entry), SUMATRA_EXE));
    expect(args.slice(0, -1)).toEqual(['-print-to', 'EPSON TM-T20II Receipt', '-silent']);
  });

  it('finds SumatraPDF in app.asar.unpacked when the package sits in the archive', () => {
    expect(sumatraPath('C:\\Program Files\\Shubbak\\resources\\app.asar\\node_modules\\pdf-to-printer\\dist\\bundle.js', path.win32)).toBe(
      `C:\\Program Files\\Shubbak\\resources\\app.asar.unpacked\\node_modules\\pdf-to-printer\\dist\\${SUMATRA_EXE}`,
    );
    expect(sumatraPath('/opt/Shubbak/resources/app.asar/node_modules/pdf-to-printer/dist/bundle.js', path.posix)).toBe(
      `/opt/Shubbak/resources/app.asar.unpacked/node_modules/pdf-to-printer/dist/${SUMATRA_EXE}`,
    );
    expect(sumatraPath('/repo/node_modules/pdf-to-printer/dist/bundle.js', path.posix)).toBe(`/repo/node_modules/pdf-to-printer/dist/${SUMATRA_EXE}`);
  });

  it('ships the SumatraPDF it names', () => {
    expect(readFileSync(path.join(path.dirname(entry), SUMATRA_EXE)).subarray(0, 2).toString('latin1')).toBe('MZ');
  });
});


describe('CUPS printing (exact command lines)', () => {
  it('asks lp for the paper and the copies', async () => {
    const started: Started[] = [];
    const spooler = cupsSpooler(async (file, args) => {
      started.push({ file, args });
      return { stdout: 'request id is ReceiptPDF-7 (1 file(s))', stderr: '' };
    });
    const { jobId } = await spooler.print('ReceiptPDF', new TextEncoder().encode('%PDF-1.7'), { title: 'Receipt', media: 'Custom.80x160.5mm', copies: 2 });
    expect(jobId).toBe('ReceiptPDF-7');
    const [{ file, args }] = started as [Started];
    expect(file).toBe('lp');
    expect(args.slice(0, -1)).toEqual(['-d', 'ReceiptPDF', '-t', 'Receipt', '-o', 'media=Custom.80x160.5mm', '-n', '2']);
  });
});
