import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { cupsSpooler, windowsSpooler, type PdfToPrinter } from '../../../main/printing/spooler.ts';
import { AppFailure } from '../../../main/failure.ts';
import { TICKET_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';

function helloPdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text(text);
    doc.end();
  });
}

describe('CUPS spooler (real cupsd, CUPS-PDF printer)', () => {
  const spooler = cupsSpooler();

  it('lists the system printers', async () => {
    const names = (await spooler.listPrinters()).map((p) => p.name);
    expect(names).toContain(TICKET_PRINTER);
  });

  it('prints a PDF that comes out of the printer with the same text', async () => {
    const marker = `spool-${Date.now().toString(36)}`;
    const { jobId } = await spooler.print(TICKET_PRINTER, await helloPdf(marker), { title: 'spooler test' });
    expect(jobId).toMatch(new RegExp(`^${TICKET_PRINTER}-\\d+$`));
    expect(pdfText(await printedPdf(jobId!))).toContain(marker);
  });

  it('reports an unknown printer as print_failed with the spooler’s reason', async () => {
    const err = await spooler.print('NoSuchPrinter', await helloPdf('x'), { title: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppFailure);
    expect((err as AppFailure).error).toMatchObject({ code: 'print_failed', retryable: true });
    expect((err as AppFailure).error.message).toMatch(/NoSuchPrinter/);
  });
});

describe('Windows spooler (pdf-to-printer; Windows cannot run here, so its module is stubbed)', () => {
  function fake(overrides: Partial<PdfToPrinter> = {}) {
    const printed: { file: string; printer: string }[] = [];
    const ptp: PdfToPrinter = {
      getPrinters: async () => [{ name: 'EPSON TM-T20' }, { name: 'HP LaserJet' }],
      getDefaultPrinter: async () => ({ name: 'HP LaserJet' }),
      print: async (file, o) => void printed.push({ file, printer: o.printer }),
      ...overrides,
    };
    return { ptp, printed };
  }

  it('lists printers with the default marked and prints silently to the chosen one', async () => {
    const { ptp, printed } = fake();
    const s = windowsSpooler(ptp);
    expect(await s.listPrinters()).toEqual([
      { name: 'EPSON TM-T20', isDefault: false },
      { name: 'HP LaserJet', isDefault: true },
    ]);
    await s.print('EPSON TM-T20', await helloPdf('x'), { title: 't' });
    expect(printed).toHaveLength(1);
    expect(printed[0]!.printer).toBe('EPSON TM-T20');
  });

  it('asks for A4 by name and leaves a CUPS custom size (the receipt roll) to the printer’s own paper', async () => {
    const sizes: (string | undefined)[] = [];
    const { ptp } = fake({ print: async (_file, o) => void sizes.push(o.paperSize) });
    const s = windowsSpooler(ptp);
    await s.print('HP LaserJet', await helloPdf('x'), { title: 't', media: 'A4' });
    await s.print('EPSON TM-T20', await helloPdf('x'), { title: 't', media: 'Custom.80x160.5mm' });
    expect(sizes).toEqual(['A4', undefined]);
  });

  it('turns pdf-to-printer’s plain-string rejection into print_failed', async () => {
    const { ptp } = fake({ print: () => Promise.reject('Operating System not supported') });
    const err = await windowsSpooler(ptp).print('X', await helloPdf('x'), { title: 't' }).catch((e: unknown) => e);
    expect((err as AppFailure).error).toMatchObject({ code: 'print_failed' });
    expect((err as AppFailure).error.message).toContain('Operating System not supported');
  });
});
