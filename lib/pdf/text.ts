// Drawing text with pdfkit that is right for Arabic as well as Latin: letters shaped and
// joined, right-to-left lines, mixed Arabic / Latin / digits in the right visual order,
// line wrapping inside a width. One code path for both directions: `dir` is a parameter.
//
// Why not pdfkit's own text(): pdfkit cuts a string at spaces and shapes each word with
// fontkit separately, then lays the words out left to right in reading order. Arabic words
// come out shaped but in the wrong order, and nothing handles mixed directions. The recipe
// used here instead:
//   1. resolve bidi levels per paragraph (bidi-js), wrap into lines in logical order;
//   2. cut each line into directional runs, placed in visual order (rules L1/L2);
//   3. draw each run at its own x with `features: []`: with any `features` array, pdfkit
//      hands the WHOLE run to fontkit in one call (no per-word split). fontkit detects the
//      script from the run's first strong character; for Arabic it shapes (init/medi/fina,
//      lam-alef) and reverses the glyphs into visual order. So an RTL run is passed in
//      logical order (mirrored "()" already swapped), and an LTR run as it is;
//   4. when fontkit's guess of the direction differs from the bidi level (an RTL run of only
//      neutrals such as "- ", or an LTR run of Arabic-Indic digits "١٢٣" that fontkit files
//      under Arabic and would reverse), the run's code points are reversed first, which is
//      safe because such runs contain no joining letters;
//   5. a ligature glyph in an RTL run (lam-alef "لا", "في") maps back to several characters;
//      text extractors read RTL glyphs in visual order and reverse them, which would also
//      reverse the characters inside the ligature ("ال"). Its ToUnicode entry is therefore
//      written reversed, so copy/paste, search and pdftotext give the logical text.
// Known limit: a mirrored bracket in an RTL run is drawn with the glyph of its mirror, so
// it copies out as its mirror ("(" as ")"); what is printed is right.
import PDFDocument from 'pdfkit';
import { ByteBoundedLru, stringBytes } from '../../core/byte-bounded-lru.ts';
import { lineRuns, resolveParagraph, type BidiRun, type Direction, type Paragraph } from './bidi.ts';
import { FONT_BOLD, FONT_REGULAR, fontKey, fontSource } from './fonts.ts';

export type Align = 'start' | 'end' | 'center';
export type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  /** Font size in points (default 10). */
  size?: number;
  bold?: boolean;
  /** Fill colour (default black). */
  color?: string;
  /** Line advance as a multiple of the size (default 1.45; the font box is 1.5). */
  lineHeight?: number;
}

export interface TextOptions extends TextStyle {
  x: number;
  /** Top of the first line box. */
  y: number;
  /** Width of the box; lines wrap inside it. */
  width: number;
  /** start = right in RTL, left in LTR (default start). */
  align?: Align;
  /** Base direction of the paragraph (default ltr); auto takes the first strong letter. */
  dir?: Direction | 'auto';
  /** Make the whole box a link to this URL. */
  link?: string;
}

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface CreatePdfOptions {
  /** Paper size name ('A4', 'A5') or [width, height] in points (80 mm = 226.77 pt). */
  size?: string | [number, number];
  margins?: number | Margins;
  /** Document language (BCP 47), e.g. 'ar' or 'en'. */
  lang?: string;
  info?: { Title?: string; Author?: string; Subject?: string; Keywords?: string };
}

export const MM = 72 / 25.4;

const DEFAULT_SIZE = 10;
const DEFAULT_LINE_HEIGHT = 1.45;
// IBM Plex Sans Arabic: ascender 1085, descender -415 (units per em 1000).
const ASCENT = 1.085;
const DESCENT = 0.415;
const EPSILON = 0.01;

// Bidi formatting characters: they steer the algorithm but are never drawn.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const FIRST_STRONG_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ARABIC = /\p{Script=Arabic}/u;

/** Wraps a string so it stays one left-to-right unit inside RTL text (codes, phone numbers). */
export function ltr(s: string): string {
  return `\u2066${s}\u2069`;
}

/** Wraps a string so it stays one right-to-left unit inside LTR text. */
export function rtl(s: string): string {
  return `\u2067${s}\u2069`;
}

/** A new document with the fonts registered as FONT_REGULAR / FONT_BOLD and selected. */
export function createPdf(options: CreatePdfOptions = {}): Doc {
  const m = options.margins ?? 36;
  const margins = typeof m === 'number' ? { top: m, right: m, bottom: m, left: m } : m;
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins,
    lang: options.lang,
    info: { Creator: 'Shubbak', Producer: 'Shubbak', ...options.info },
    displayTitle: options.info?.Title !== undefined,
    bufferPages: false,
    // Start on our own font rather than letting pdfkit parse Helvetica's metrics each time.
    font: fontSource(FONT_REGULAR) as unknown as string,
  });
  doc.registerFont(FONT_REGULAR, fontSource(FONT_REGULAR) as Buffer);
  doc.registerFont(FONT_BOLD, fontSource(FONT_BOLD) as Buffer);
  useFont(doc, {});
  return doc;
}

/** Ends the document and resolves with the whole PDF. */
export function pdfBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** x of a box `boxWidth` wide placed `offset` from the start edge of [x, x + width]. */
export function boxX(dir: Direction, x: number, width: number, offset: number, boxWidth: number): number {
  return dir === 'rtl' ? x + width - offset - boxWidth : x + offset;
}

interface Run {
  /** What is handed to pdfkit/fontkit (see the recipe at the top). */
  text: string;
  rtl: boolean;
  width: number;
}

interface Line {
  runs: Run[];
  width: number;
}

function useFont(doc: Doc, style: TextStyle): void {
  const name = style.bold ? FONT_BOLD : FONT_REGULAR;
  doc.font(fontSource(name) as Buffer, fontKey(name), style.size ?? DEFAULT_SIZE);
}

function measure(doc: Doc, s: string): number {
  return s.length === 0 ? 0 : doc.widthOfString(s, { features: [] });
}

/** The text handed to fontkit for a run, so that fontkit's own reversal gives visual order. */
function runGlyphText(run: BidiRun): string {
  const s = run.text.replace(BIDI_CONTROLS, '');
  const strong = FIRST_STRONG_SCRIPT.exec(s)?.[0];
  const fontkitRtl = strong !== undefined && RTL_SCRIPT.test(strong);
  return fontkitRtl === run.rtl ? s : [...s].reverse().join('');
}

// Resolved bidi levels of recent paragraphs: labels and fixed wording repeat on every page.
// Bounded in bytes (512 KB, estimated: the key, the text and a byte of level per character), as
// receipts and tickets bring names, references and amounts that never repeat.
export const PARAGRAPH_CACHE_BYTES = 512 * 1024;
const paragraphs = new ByteBoundedLru<string, Paragraph>(PARAGRAPH_CACHE_BYTES, (key, p) => stringBytes(key) + stringBytes(p.text) + p.levels.byteLength + 160);

function paragraphOf(text: string, dir: Direction | 'auto'): Paragraph {
  const key = `${dir}\u0000${text}`;
  let para = paragraphs.get(key);
  if (!para) {
    para = resolveParagraph(text, dir);
    paragraphs.set(key, para);
  }
  return para;
}

function layoutLines(doc: Doc, str: string, width: number, dir: Direction | 'auto'): { lines: Line[]; dir: Direction } {
  const lines: Line[] = [];
  let resolved: Direction = dir === 'auto' ? 'ltr' : dir;
  str.split(/\r\n|\r|\n/).forEach((ptext, pi) => {
    const para = paragraphOf(ptext, dir);
    if (pi === 0) resolved = para.dir;
    for (const [start, end] of wrap(doc, ptext, width)) lines.push(buildLine(doc, para, start, end));
  });
  return { lines, dir: resolved };
}

function buildLine(doc: Doc, para: Paragraph, start: number, end: number): Line {
  const runs: Run[] = [];
  let width = 0;
  for (const r of lineRuns(para, start, end)) {
    const text = runGlyphText(r);
    if (text.length === 0) continue;
    const w = measure(doc, text);
    runs.push({ text, rtl: r.rtl, width: w });
    width += w;
  }
  return { runs, width };
}

/** Line ranges [start, end) of one paragraph, trailing spaces left out. */
function wrap(doc: Doc, text: string, width: number): [number, number][] {
  const out: [number, number][] = [];
  // Break only at ordinary spaces and tabs: a no-break space (U+00A0) keeps "14 December" whole.
  const words = /[^ \t]+/gu;
  let lineStart = -1;
  let lineEnd = 0;
  let lineWidth = 0;
  for (let m = words.exec(text); m; m = words.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const w = measure(doc, m[0]);
    if (lineStart >= 0) {
      const gap = measure(doc, text.slice(lineEnd, start));
      if (lineWidth + gap + w <= width + EPSILON) {
        lineWidth += gap + w;
        lineEnd = end;
        continue;
      }
      out.push([lineStart, lineEnd]);
      lineStart = -1;
    }
    if (w <= width + EPSILON) {
      lineStart = start;
      lineEnd = end;
      lineWidth = w;
      continue;
    }
    // A word wider than the box: cut it by characters.
    let s = start;
    for (let i = start + 1; i <= end; i++) {
      const next = i < end ? i + 1 : end;
      if (i === end || measure(doc, text.slice(s, next)) > width + EPSILON) {
        if (i === end) {
          lineStart = s;
          lineEnd = end;
          lineWidth = measure(doc, text.slice(s, end));
        } else {
          out.push([s, i]);
          s = i;
        }
      }
    }
  }
  if (lineStart >= 0) out.push([lineStart, lineEnd]);
  if (out.length === 0) out.push([0, 0]);
  return out;
}

// See step 5 above. Reaches into pdfkit's EmbeddedFont (subset + unicode map), guarded so
// that a future pdfkit without these fields only loses the fix, not the drawing.
function fixRtlLigatureUnicode(doc: Doc, text: string): void {
  const font = (doc as unknown as { _font?: FontInternals })._font;
  if (!font?.font?.layout || !font.subset?.includeGlyph || !font.unicode) return;
  const run = font.font.layout(text, []);
  for (const glyph of run.glyphs) {
    if (glyph.codePoints.length < 2) continue;
    const gid = font.subset.includeGlyph(glyph.id);
    font.unicode[gid] = [...glyph.codePoints].reverse();
  }
}

interface FontInternals {
  font?: { layout?(text: string, features: string[]): { glyphs: { id: number; codePoints: number[] }[] } };
  subset?: { includeGlyph?(id: number): number };
  unicode?: number[][];
}

function drawLines(doc: Doc, lines: Line[], dir: Direction, opts: TextOptions): number {
  const size = opts.size ?? DEFAULT_SIZE;
  const lineH = size * (opts.lineHeight ?? DEFAULT_LINE_HEIGHT);
  const baselineOffset = (lineH - (ASCENT + DESCENT) * size) / 2 + ASCENT * size;
  const align = opts.align ?? 'start';
  doc.fillColor(opts.color ?? '#000');
  lines.forEach((line, i) => {
    const free = opts.width - line.width;
    let x: number;
    if (align === 'center') x = opts.x + free / 2;
    else if ((align === 'start') === (dir === 'ltr')) x = opts.x;
    else x = opts.x + free;
    const baseline = opts.y + i * lineH + baselineOffset;
    for (const run of line.runs) {
      doc.text(run.text, x, baseline, { lineBreak: false, features: [], baseline: 'alphabetic' });
      if (run.rtl && ARABIC.test(run.text)) fixRtlLigatureUnicode(doc, run.text);
      x += run.width;
    }
  });
  const height = lines.length * lineH;
  if (opts.link) doc.link(opts.x, opts.y, opts.width, height, opts.link);
  return height;
}

interface OutlineFont {
  unitsPerEm: number;
  layout(text: string, features: string[]): {
    glyphs: { path: { toSVG(): string } }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

const outlines = new WeakMap<object, string>();

export interface OutlineOptions {
  /** Centre of the line (both axes): handy for rotated watermarks. */
  cx: number;
  cy: number;
  size: number;
  bold?: boolean;
  color?: string;
  dir?: Direction | 'auto';
}

/**
 * Draws one line of text as filled glyph outlines rather than as PDF text, centred on
 * (cx, cy): for watermarks and stamps that must not be picked up by text extraction,
 * search or copy/paste. Same shaping and bidi ordering as text(). Returns the width.
 */
export function outlineText(doc: Doc, str: string, o: OutlineOptions): number {
  const name = o.bold ? FONT_BOLD : FONT_REGULAR;
  const font = fontSource(name) as Partial<OutlineFont>;
  if (typeof font.layout !== 'function' || typeof font.unitsPerEm !== 'number') {
    // No parsed font at hand (fontkit not reachable): fall back to ordinary text.
    text(doc, str, { x: o.cx - 2000, y: o.cy - (o.size * DEFAULT_LINE_HEIGHT) / 2, width: 4000, align: 'center', size: o.size, bold: o.bold, color: o.color, dir: o.dir });
    return 0;
  }
  const scale = o.size / font.unitsPerEm;
  const para = resolveParagraph(str.replace(/\s+/g, ' '), o.dir ?? 'ltr');
  const runs = lineRuns(para).map((r) => font.layout!(runGlyphText(r), []));
  let width = 0;
  for (const run of runs) for (const p of run.positions) width += p.xAdvance * scale;
  // Vertical centre of the capitals (cap height 0.698 em) on cy.
  const baseline = o.cy + (0.698 * o.size) / 2;
  let pen = o.cx - width / 2;
  doc.save().fillColor(o.color ?? '#000');
  for (const run of runs) {
    run.glyphs.forEach((glyph, i) => {
      const pos = run.positions[i];
      if (!pos) return;
      let svg = outlines.get(glyph);
      if (svg === undefined) {
        svg = glyph.path.toSVG();
        outlines.set(glyph, svg);
      }
      if (svg) {
        doc.save();
        doc.translate(pen + pos.xOffset * scale, baseline - pos.yOffset * scale).scale(scale, -scale);
        doc.path(svg).fill();
        doc.restore();
      }
      pen += pos.xAdvance * scale;
    });
  }
  doc.restore();
  return width;
}

/** Draws `str` wrapped inside the box; returns the height used. */
export function text(doc: Doc, str: string, opts: TextOptions): number {
  useFont(doc, opts);
  const { lines, dir } = layoutLines(doc, str, opts.width, opts.dir ?? 'ltr');
  return drawLines(doc, lines, dir, opts);
}

export interface Measured {
  /** Width of the widest line. */
  width: number;
  height: number;
  lines: number;
}

/** What text() would use, without drawing. Pass width Infinity for the natural one-line size. */
export function measureText(
  doc: Doc,
  str: string,
  opts: TextStyle & { width?: number; dir?: Direction | 'auto' },
): Measured {
  useFont(doc, opts);
  const size = opts.size ?? DEFAULT_SIZE;
  const { lines } = layoutLines(doc, str, opts.width ?? Number.POSITIVE_INFINITY, opts.dir ?? 'ltr');
  return {
    width: lines.reduce((w, l) => Math.max(w, l.width), 0),
    height: lines.length * size * (opts.lineHeight ?? DEFAULT_LINE_HEIGHT),
    lines: lines.length,
  };
}

/** Natural one-line width of `str`. */
export function textWidth(doc: Doc, str: string, style: TextStyle & { dir?: Direction | 'auto' } = {}): number {
  return measureText(doc, str, style).width;
}

/** Largest size <= `size` (down to `minSize`) at which `str` fits on one line of `width`. */
export function fitSize(
  doc: Doc,
  str: string,
  width: number,
  style: TextStyle & { dir?: Direction | 'auto'; minSize?: number },
): number {
  const size = style.size ?? DEFAULT_SIZE;
  const natural = textWidth(doc, str, { ...style, size });
  if (natural <= width) return size;
  return Math.max(style.minSize ?? 6, Math.floor((size * width * 10) / natural) / 10);
}

export interface LabelValueOptions {
  x: number;
  y: number;
  width: number;
  dir: Direction;
  /** Width of the label column (the value takes the rest). */
  labelWidth: number;
  /** Space between the columns (default 8). */
  gap?: number;
  label?: TextStyle;
  /** `link` makes the value a link to that URL. */
  value?: TextStyle & { link?: string };
}

/** Distance from the top of a line box to the baseline of its text. */
export function baselineOffset(size: number, lineHeight = DEFAULT_LINE_HEIGHT): number {
  return (size * lineHeight - (ASCENT + DESCENT) * size) / 2 + ASCENT * size;
}

/**
 * A two-column row: label then value, read in the document's direction (label on the
 * left in LTR, on the right in RTL), first lines on one baseline. Both wrap in their
 * column; returns the row height.
 * Wrap codes that must stay left-to-right inside an RTL value with ltr().
 */
export function labelValue(doc: Doc, label: string, value: string, o: LabelValueOptions): number {
  const gap = o.gap ?? 8;
  const valueWidth = o.width - o.labelWidth - gap;
  const shift =
    baselineOffset(o.value?.size ?? DEFAULT_SIZE, o.value?.lineHeight) -
    baselineOffset(o.label?.size ?? DEFAULT_SIZE, o.label?.lineHeight);
  const labelY = o.y + Math.max(0, shift);
  const valueY = o.y + Math.max(0, -shift);
  const hl = text(doc, label, {
    ...o.label,
    x: boxX(o.dir, o.x, o.width, 0, o.labelWidth),
    y: labelY,
    width: o.labelWidth,
    dir: o.dir,
    align: 'start',
  });
  const hv = text(doc, value, {
    ...o.value,
    x: boxX(o.dir, o.x, o.width, o.labelWidth + gap, valueWidth),
    y: valueY,
    width: valueWidth,
    dir: o.dir,
    align: 'start',
  });
  return Math.max(labelY + hl, valueY + hv) - o.y;
}
