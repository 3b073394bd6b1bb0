// Test helpers around poppler-utils (pdftotext, pdftoppm) and QR decoding.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is a CommonJS bundle whose typings say `export default`: take whichever is the function.
type JsQR = typeof jsQRModule.default;
const jsQR: JsQR =
  typeof jsQRModule === 'function' ? (jsQRModule as unknown as JsQR) : (jsQRModule as { default: JsQR }).default;

const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

function tempPdf(buf: Buffer): { file: string; done: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdftest-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, buf);
  return { file, done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** pdftotext output (layout or raw), without the bidi marks it adds around RTL lines. */
export function pdfText(buf: Buffer, mode: 'layout' | 'raw' = 'layout'): string {
  const t = tempPdf(buf);
  try {
    return execFileSync('pdftotext', [`-${mode}`, '-enc', 'UTF-8', t.file, '-'], { encoding: 'utf8' }).replace(BIDI_MARKS, '');
  } finally {
    t.done();
  }
}

/** Text per page (pdftotext separates pages with a form feed). */
export function pdfPages(buf: Buffer, mode: 'layout' | 'raw' = 'layout'): string[] {
  const pages = pdfText(buf, mode).split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

/** Whitespace removed: poppler sometimes splits an Arabic word after a non-joining letter. */
export function squash(s: string): string {
  return s.replace(/\s+/gu, '');
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words with their boxes in PDF points (origin top left), first page only. */
export function pdfWords(buf: Buffer): Word[] {
  const t = tempPdf(buf);
  try {
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', t.file, '-'], { encoding: 'utf8' });
    const words: Word[] = [];
    const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (let m = re.exec(html); m; m = re.exec(html)) {
      words.push({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: (m[5] ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(BIDI_MARKS, ''),
      });
    }
    return words;
  } finally {
    t.done();
  }
}

/** Rasterises every page with pdftoppm into `dir` as `<name>-<page>.png`; returns the paths. */
export function rasterise(buf: Buffer, dir: string, name: string, dpi = 100): string[] {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(dir)) if (f.startsWith(`${name}-`) && f.endsWith('.png')) fs.rmSync(path.join(dir, f));
  const t = tempPdf(buf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), t.file, path.join(dir, name)]);
  } finally {
    t.done();
  }
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The QR code found in a PNG, or null. */
export function decodeQr(pngPath: string): string | null {
  const png = PNG.sync.read(fs.readFileSync(pngPath));
  const data = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  // jsQR now and then finds a code holding nothing in a page's text (a false detection, seen once
  // in a full run on a page with no QR): a ticket's code always carries its booking.
  const code = jsQR(data, png.width, png.height);
  return code && code.data !== '' ? code.data : null;
}
