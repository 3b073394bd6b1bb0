// Page layout for the documents the counter prints itself (receipts, test pages): boxes of
// text and rules stacked down the page from the reading-start edge, on an 80 mm roll (the page
// as long as its content) or on A4. Black on white only: thermal heads dither greys into
// noise, so hierarchy comes from size, weight, rules and black bands.
import {
  MM,
  baselineOffset,
  boxX,
  createPdf,
  markEveryPage,
  markingHeight,
  measureText,
  pdfBuffer,
  text,
  type Align,
  type Direction,
  type Doc,
  type PaperEnvironment,
  type TextStyle,
} from '../../lib/pdf/index.ts';
import type { ReceiptLanguage } from './format.ts';

export type Paper = '80mm' | 'A4';

export interface Geometry {
  /** Page width in points. */
  width: number;
  /** Fixed page height (A4), or null: fitted to the content (roll). */
  height: number | null;
  side: number;
  top: number;
  bottom: number;
  /** Base font size; everything else is a multiple of it. */
  base: number;
  /** Share of the content width taken by the labels of label/value rows. */
  labelShare: number;
}

export const GEOMETRY: Record<Paper, Geometry> = {
  // An 80 mm roll prints 72 mm (576 dots at 203 dpi): 4 mm either side stays blank.
  // The bottom margin clears the tear bar.
  '80mm': { width: 80 * MM, height: null, side: 4 * MM, top: 3 * MM, bottom: 12 * MM, base: 8.5, labelShare: 0.42 },
  // A4: the same document, larger, in a centred column about 14 cm wide (a full-width row
  // would put the amounts a page's width away from their labels).
  A4: { width: 595.28, height: 841.89, side: 96, top: 56, bottom: 56, base: 11, labelShare: 0.38 },
};

export interface PageInfo {
  title: string;
  author: string;
  /** Outside LIVE every page is marked not valid for travel (lib/pdf/marking.ts): every document says which. */
  environment: PaperEnvironment;
}

export interface RenderedPage {
  pdf: Buffer;
  /** Page size in millimetres (the roll's length is the content's). */
  widthMm: number;
  heightMm: number;
}

/**
 * Renders `draw` on `paper`. `draw` runs twice: once only laying out (to learn the length of
 * paper it needs), then drawing on a page of exactly that length (the roll) or on A4 pages.
 */
export async function renderPage(paper: Paper, lang: ReceiptLanguage, info: PageInfo, draw: (p: Painter) => void): Promise<RenderedPage> {
  const g = GEOMETRY[paper];
  const reserve = markingHeight(measuringDoc(), info.environment, g.width, g.width - 2 * g.side);
  const probe = new Painter(measuringDoc(), g, lang, true, reserve);
  draw(probe);
  // Whole tenths of a millimetre, so that the paper asked of the printer is this page exactly.
  // A4 keeps its size: a longer document goes on to further pages (Painter.fit).
  const height = g.height ?? (Math.ceil(((probe.y + g.bottom) / MM) * 10) / 10) * MM;
  const doc = createPdf({
    size: [g.width, height],
    margins: { top: g.top, right: g.side, bottom: g.bottom, left: g.side },
    lang,
    info: { Title: info.title, Author: info.author },
  });
  markEveryPage(doc, info.environment);
  draw(new Painter(doc, g, lang, false, reserve));
  return { pdf: await pdfBuffer(doc), widthMm: round1(g.width / MM), heightMm: round1(height / MM) };
}

/**
 * What to ask the spooler for: A4 by name; the roll as a custom size of exactly the page
 * (CUPS "Custom.WxHmm"), so that the driver neither scales the receipt nor feeds a full
 * default-length page for it.
 */
export function mediaOf(paper: Paper, page: RenderedPage): string {
  return paper === 'A4' ? 'A4' : `Custom.${page.widthMm}x${page.heightMm}mm`;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

// One document kept only for measuring text (never ended, never written out).
let measurer: Doc | null = null;
function measuringDoc(): Doc {
  measurer ??= createPdf({ size: [80 * MM, 1000], margins: 0 });
  return measurer;
}

export type Style = TextStyle & { align?: Align };

/**
 * Draws (or, when measuring, only lays out) boxes of text and rules down the page, from the
 * reading-start edge (right in Arabic): the same code measures the roll and then draws it.
 */
export class Painter {
  readonly doc: Doc;
  readonly g: Geometry;
  /** Reading direction of what is drawn next (a page may switch it half-way). */
  dir: Direction;
  readonly measuring: boolean;
  readonly x0: number;
  /** Content width. */
  readonly w: number;
  /** Top of the next box. */
  y: number;
  /** Where the content of every page starts: below the top margin and the marking of paper not for travel. */
  readonly top: number;

  constructor(doc: Doc, g: Geometry, lang: ReceiptLanguage, measuring: boolean, reserve = 0) {
    this.doc = doc;
    this.g = g;
    this.dir = lang === 'ar' ? 'rtl' : 'ltr';
    this.measuring = measuring;
    this.x0 = g.side;
    this.w = g.width - 2 * g.side;
    this.top = g.top + reserve;
    this.y = this.top;
  }

  /** Font size `k` times the base. */
  size(k: number): number {
    return Math.round(this.g.base * k * 10) / 10;
  }

  /** Text in a box `w` wide at `offset` from the start edge, at `y`; returns its height. */
  put(str: string, offset: number, w: number, y: number, style: Style = {}): number {
    if (this.measuring) return this.measure(str, w, style);
    return text(this.doc, str, { ...style, x: boxX(this.dir, this.x0, this.w, offset, w), y, width: w, dir: this.dir });
  }

  /** The height `str` takes in a box `w` wide. */
  measure(str: string, w: number, style: Style = {}): number {
    return measureText(this.doc, str, { ...style, width: w, dir: this.dir }).height;
  }

  /**
   * On paper of a fixed height (A4): when `h` more points would run into the bottom margin, the
   * rest goes on a new page. Answers whether it did. The roll is as long as its content.
   */
  fit(h: number): boolean {
    if (this.g.height === null || this.y === this.top || this.y + h <= this.g.height - this.g.bottom) return false;
    if (!this.measuring) this.doc.addPage();
    this.y = this.top;
    return true;
  }

  /** A full-width paragraph; moves down. */
  line(str: string, style: Style = {}, gapAfter = 0): void {
    this.fit(this.measure(str, this.w, style));
    this.y += this.put(str, 0, this.w, this.y, style) + gapAfter;
  }

  /**
   * Label at the start edge, value after it (or against the end edge with align 'end'), first
   * lines on one baseline; both wrap in their columns. Moves down.
   */
  row(label: string, value: string, o: { label?: Style; value?: Style; labelWidth?: number; gapAfter?: number } = {}): void {
    const labelStyle = { size: this.size(1), ...o.label };
    const valueStyle = { size: this.size(1), ...o.value };
    const labelW = o.labelWidth ?? this.w * this.g.labelShare;
    const gap = this.size(0.8);
    const shift = baselineOffset(valueStyle.size, valueStyle.lineHeight) - baselineOffset(labelStyle.size, labelStyle.lineHeight);
    this.fit(Math.abs(shift) + Math.max(this.measure(label, labelW, labelStyle), this.measure(value, this.w - labelW - gap, valueStyle)));
    const ly = this.y + Math.max(0, shift);
    const vy = this.y + Math.max(0, -shift);
    const hl = this.put(label, 0, labelW, ly, labelStyle);
    const hv = this.put(value, labelW + gap, this.w - labelW - gap, vy, valueStyle);
    this.y = Math.max(ly + hl, vy + hv) + (o.gapAfter ?? this.size(0.25));
  }

  /** Two boxes on one line: `start` from the start edge, `end` against the end edge. Moves down. */
  split(start: string, end: string, endWidth: number, style: Style = {}, gapAfter = this.size(0.15)): void {
    this.fit(Math.max(this.measure(start, this.w - endWidth - this.size(0.6), style), this.measure(end, endWidth, style)));
    const hs = this.put(start, 0, this.w - endWidth - this.size(0.6), this.y, style);
    const he = this.put(end, this.w - endWidth, endWidth, this.y, { ...style, align: 'end' });
    this.y += Math.max(hs, he) + gapAfter;
  }

  /**
   * A table: each column a share of the content width, the first at the start edge; the head
   * row bold, a hairline under it (again at the top of each further page); cells wrap in their
   * columns. Moves down.
   */
  table(columns: readonly { share: number; align?: Align }[], head: readonly string[], rows: readonly (readonly string[])[], style: Style = {}): void {
    const gap = this.size(0.3);
    const cellStyle = (i: number, bold: boolean): Style => ({ ...style, bold, align: columns[i]!.align ?? 'start' });
    const heightOf = (cells: readonly string[], bold: boolean) =>
      Math.max(0, ...columns.map((col, i) => this.measure(cells[i] ?? '', this.w * col.share - gap, cellStyle(i, bold))));
    const put = (cells: readonly string[], bold: boolean) => {
      let offset = 0;
      let h = 0;
      for (const [i, col] of columns.entries()) {
        const w = this.w * col.share;
        h = Math.max(h, this.put(cells[i] ?? '', offset, w - gap, this.y, cellStyle(i, bold)));
        offset += w;
      }
      this.y += h + this.size(0.15);
    };
    const putHead = () => {
      put(head, true);
      this.rule(0.5, false, this.size(0.1));
    };
    const headHeight = heightOf(head, true) + this.size(0.15) + 0.5 + 2 * this.size(0.1);
    // A head is never left alone at the foot of a page.
    this.fit(headHeight + (rows[0] ? heightOf(rows[0], false) : 0));
    putHead();
    for (const r of rows) {
      if (this.fit(heightOf(r, false))) putHead();
      put(r, false);
    }
  }

  /** A rule across the content: solid, or dashed for the lighter separations. */
  rule(weight = 0.75, dashed = false, space = this.size(0.7)): void {
    if (this.fit(weight + 2 * space)) return;
    this.y += space;
    if (!this.measuring) {
      const d = this.doc.save().lineWidth(weight).strokeColor('#000');
      if (dashed) d.dash(2, { space: 2 });
      d.moveTo(this.x0, this.y + weight / 2).lineTo(this.x0 + this.w, this.y + weight / 2).stroke();
      if (dashed) d.undash();
      d.restore();
    }
    this.y += weight + space;
  }

  /** White bold text on a black band across the content. */
  banner(lines: string, size: number): void {
    const pad = this.size(0.5);
    const h = measureText(this.doc, lines, { size, bold: true, width: this.w - 2 * pad, dir: this.dir, lineHeight: 1.3 }).height;
    this.fit(h + 2 * pad);
    if (!this.measuring) {
      this.doc.save().rect(this.x0, this.y, this.w, h + 2 * pad).fill('#000').restore();
      this.put(lines, pad, this.w - 2 * pad, this.y + pad, { size, bold: true, color: '#fff', align: 'center', lineHeight: 1.3 });
    }
    this.y += h + 2 * pad;
  }

  /** Bold text centred in a thick frame (the COPY stamp). */
  stamp(str: string, size: number): void {
    const m = measureText(this.doc, str, { size, bold: true, dir: this.dir, lineHeight: 1.25, width: this.w - 2 * this.size(1.2) });
    const padX = this.size(1.2);
    const padY = this.size(0.25);
    const boxW = Math.min(this.w, m.width + 2 * padX);
    const left = this.x0 + (this.w - boxW) / 2;
    const weight = 2;
    this.fit(m.height + 2 * padY);
    if (!this.measuring) {
      this.doc
        .save()
        .rect(left + weight / 2, this.y + weight / 2, boxW - weight, m.height + 2 * padY - weight)
        .lineWidth(weight)
        .strokeColor('#000')
        .stroke()
        .restore();
      text(this.doc, str, { x: left, y: this.y + padY, width: boxW, dir: this.dir, align: 'center', size, bold: true, lineHeight: 1.25 });
    }
    this.y += m.height + 2 * padY;
  }

  /** Vertical space of `k` times the base size. */
  gap(k: number): void {
    this.y += this.size(k);
  }
}
