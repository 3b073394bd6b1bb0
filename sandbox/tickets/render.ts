// The traveller's ticket as a PDF: one A4 page per passenger, in English or Arabic.
//
// A4, not A5: every office and home laser printer in Egypt is loaded with A4, and a PDF
// page of the paper's own size prints at 100 % everywhere, while an A5 page is either
// shrunk or left in a corner depending on the printer driver. The ticket's essentials
// (name, seat, route, time, QR) sit in the upper half, readable at a glance when folded.
//
// Monochrome only (black, white, greys that survive a laser printer), no price anywhere.
import {
  boxX,
  createPdf,
  drawQr,
  fitSize,
  labelValue,
  ltr,
  markEveryPage,
  measureText,
  pdfBuffer,
  text,
  type Direction,
  type Doc,
  type TextStyle,
} from '../../lib/pdf/index.ts';
import {
  STRINGS,
  formatClass,
  formatClock12,
  formatDate,
  mapLink,
  nightHint,
  parseLocal,
  type TicketStrings,
} from './format.ts';
import type { TicketDocument, TicketLanguage, TicketPassenger, TicketPlace } from './types.ts';

const MARGIN = 36;
const GREY = '#4d4d4d';
const LIGHT = '#b3b3b3';

/** Room the footer needs above the bottom margin. */
const FOOTER_H = 40;

/**
 * Renders one page per passenger of `input` (in order) in the given language.
 *
 * A page that would run into the footer (a notice or cancellation box on top of a full ticket,
 * an after-midnight hint, a long name) is drawn again, uniformly scaled down just enough to fit:
 * the same layout, every element kept, the footer at its place. Pages that fit are drawn once.
 */
export async function renderTicketsPdf(input: TicketDocument, lang: TicketLanguage): Promise<Buffer> {
  if (input.passengers.length === 0) throw new RangeError('a ticket PDF needs at least one passenger');
  const draw = (scales: number[]): { doc: Doc; ends: number[]; top: number } => {
    const doc = createPdf({
      size: 'A4',
      margins: MARGIN,
      lang,
      info: { Title: `${lang === 'ar' ? 'تذكرة' : 'Ticket'} ${input.booking_reference}`, Author: input.partner_name },
    });
    // SANDBOX paper says so on every page, in the words of every document the counter prints.
    const top = MARGIN + markEveryPage(doc, input.environment);
    const ends = input.passengers.map((p, i) => {
      if (i > 0) doc.addPage();
      return new TicketPage(doc, input, p, lang, scales[i] ?? 1, top).draw();
    });
    return { doc, ends, top };
  };
  const first = draw([]);
  const limit = first.doc.page.height - MARGIN - FOOTER_H;
  if (first.ends.every((end) => end <= limit)) return pdfBuffer(first.doc);
  // The first attempt is dropped unfinished (nothing was written out yet).
  const scales = first.ends.map((end) => (end <= limit ? 1 : Math.floor(((limit - first.top) / (end - first.top)) * 1000) / 1000));
  return pdfBuffer(draw(scales).doc);
}

class TicketPage {
  private readonly doc: Doc;
  private readonly t: TicketDocument;
  private readonly p: TicketPassenger;
  private readonly lang: TicketLanguage;
  private readonly s: TicketStrings;
  private readonly dir: Direction;
  private readonly x0: number;
  private readonly w: number;
  private readonly scale: number;
  /** Where the content starts: below the top margin and the marking of paper not for travel. */
  private readonly top: number;
  private y: number;

  constructor(doc: Doc, t: TicketDocument, p: TicketPassenger, lang: TicketLanguage, scale = 1, top = MARGIN) {
    this.doc = doc;
    this.top = top;
    this.y = top;
    this.scale = scale;
    this.t = t;
    this.p = p;
    this.lang = lang;
    this.s = STRINGS[lang];
    this.dir = lang === 'ar' ? 'rtl' : 'ltr';
    this.x0 = MARGIN;
    this.w = doc.page.width - 2 * MARGIN;
  }

  /** x of a box `w` wide that starts `offset` from the reading-start edge of the content. */
  private at(offset: number, w: number): number {
    return boxX(this.dir, this.x0, this.w, offset, w);
  }

  /** Text in a box `w` wide at `offset` from the start edge; returns its height. */
  private put(
    str: string,
    offset: number,
    w: number,
    y: number,
    style: TextStyle & { align?: 'start' | 'end' | 'center'; link?: string } = {},
  ): number {
    return text(this.doc, str, { ...style, x: this.at(offset, w), y, width: w, dir: this.dir });
  }

  private ar(en: string | null, ar: string | null | undefined): string | null {
    return this.lang === 'ar' ? (ar ?? en) : en;
  }

  private hrule(y: number, weight: number, color = '#000'): void {
    this.doc.save().moveTo(this.x0, y).lineTo(this.x0 + this.w, y).lineWidth(weight).strokeColor(color).stroke().restore();
  }

  private get cancelled(): boolean {
    return this.t.departure_cancelled ?? (!this.t.valid_for_travel && this.t.notice !== null);
  }

  /** Draws the page; returns where its content ended (page units, before the footer). */
  draw(): number {
    const { doc, scale } = this;
    if (scale !== 1) {
      // Scaled about the top centre of the content: same margins at the top, centred across.
      const cx = doc.page.width / 2;
      doc.save().translate(cx, this.top).scale(scale).translate(-cx, -this.top);
    }
    this.header();
    if (this.t.environment === 'SANDBOX') this.banner(this.s.sandbox, STRINGS.en.sandbox);
    else if (!this.t.valid_for_travel && !this.cancelled) this.banner(this.s.notValid, STRINGS.en.notValid);
    if (this.cancelled) this.cancelBox();
    else if (this.t.notice) this.noticeBox();
    this.passenger();
    this.route();
    this.details();
    this.beforeTravel();
    const end = this.y;
    this.footer();
    if (scale !== 1) doc.restore();
    return end;
  }

  private header(): void {
    const { s, t, w } = this;
    const half = (w - 20) / 2;
    const y = this.y;
    let hl = this.put(s.title, 0, half, y, { size: 20, bold: true, lineHeight: 1.3 });
    const opName = this.ar(t.operator.name, t.operator.name_ar) ?? t.operator.name;
    hl += this.put(opName, 0, half, y + hl, { size: 13 });
    // The booking reference sits on the end side of the header row.
    let hr = this.put(s.bookingReference, w - half, half, y + 2, { size: 9, color: GREY, align: 'end' });
    hr += this.put(t.booking_reference, w - half, half, y + 2 + hr, { size: 22, bold: true, align: 'end', lineHeight: 1.25 });
    this.y = y + Math.max(hl, hr + 2) + 6;
    this.hrule(this.y, 2);
    this.y += 10;
  }

  /** Black band across the page; the Arabic ticket repeats it in English for staff. */
  private banner(main: string, english: string): void {
    const { doc, w } = this;
    const lines = this.lang === 'ar' ? `${main}\n${english}` : main;
    const pad = 7;
    const m = measureText(doc, lines, { size: 16, bold: true, width: w - 2 * pad, dir: this.dir, lineHeight: 1.3 });
    doc.save().rect(this.x0, this.y, w, m.height + 2 * pad).fill('#000').restore();
    this.put(lines, pad, w - 2 * pad, this.y + pad, { size: 16, bold: true, color: '#fff', align: 'center', lineHeight: 1.3 });
    this.y += m.height + 2 * pad + 10;
  }

  private noticeText(): string | null {
    return this.lang === 'ar' ? (this.t.notice_ar ?? this.t.notice) : this.t.notice;
  }

  private cancelBox(): void {
    const { doc, s, w } = this;
    const pad = 12;
    const inner = w - 2 * pad;
    const top = this.y;
    let y = top + pad;
    y += this.put(s.cancelled, pad, inner, y, { size: 20, bold: true, align: 'center', lineHeight: 1.3 });
    const notice = this.noticeText();
    if (notice) y += 2 + this.put(notice, pad, inner, y + 2, { size: 12, align: 'center' });
    y += pad;
    doc.save().rect(this.x0 + 1.5, top + 1.5, w - 3, y - top - 3).lineWidth(3).strokeColor('#000').stroke().restore();
    this.y = y + 10;
  }

  private noticeBox(): void {
    const { doc, s, w } = this;
    const pad = 9;
    const top = this.y;
    let y = top + pad;
    y += this.put(s.notice, pad, w - 2 * pad, y, { size: 11, bold: true });
    y += this.put(this.noticeText() ?? '', pad, w - 2 * pad, y, { size: 11 });
    y += pad;
    doc.save().rect(this.x0 + 0.75, top + 0.75, w - 1.5, y - top - 1.5).lineWidth(1.5).strokeColor('#000').stroke().restore();
    this.y = y + 10;
  }

  private passenger(): void {
    const { doc, s, p, w } = this;
    const seatW = 140;
    const nameW = w - seatW - 20;
    const top = this.y + 4;
    let y = top;
    y += this.put(s.traveller(p.passenger_index + 1), 0, nameW, y, { size: 9, color: GREY });
    const nameSize = fitSize(doc, p.full_name, nameW, { size: 22, bold: true, dir: this.dir, minSize: 15 });
    y += this.put(p.full_name, 0, nameW, y, { size: nameSize, bold: true, lineHeight: 1.3 });
    y += this.put(`${s.ticketNumber}: ${ltr(p.ticket_number)}`, 0, nameW, y + 2, { size: 10, color: GREY }) + 2;

    // Seat box on the end side.
    const boxH = 68;
    const bx = this.at(w - seatW, seatW);
    doc.save().roundedRect(bx, top, seatW, boxH, 4).lineWidth(1.5).strokeColor('#000').stroke().restore();
    text(doc, s.seat, { x: bx, y: top + 6, width: seatW, dir: this.dir, align: 'center', size: 9, color: GREY });
    if (p.seat !== null) {
      const size = fitSize(doc, p.seat, seatW - 16, { size: 32, bold: true });
      text(doc, p.seat, { x: bx + 8, y: top + 20, width: seatW - 16, dir: this.dir, align: 'center', size, bold: true, lineHeight: 1.25 });
    } else {
      text(doc, s.seatAtBoarding, { x: bx + 8, y: top + 26, width: seatW - 16, dir: this.dir, align: 'center', size: 12, bold: true, lineHeight: 1.3 });
    }
    this.y = Math.max(y, top + boxH) + 12;
    this.hrule(this.y, 0.75, LIGHT);
    this.y += 12;
  }

  private place(pl: TicketPlace): { city: string; station: string | null } {
    return {
      city: this.ar(pl.name, pl.name_ar) ?? pl.name,
      station: this.ar(pl.station, pl.station_ar),
    };
  }

  private route(): void {
    const { doc, s, t, w } = this;
    const arrowW = 56;
    const colW = (w - arrowW) / 2;
    const from = this.place(t.origin);
    const to = this.place(t.destination);
    const top = this.y;

    // Cities (one size for both so they read as a pair).
    const citySize = Math.min(
      fitSize(doc, from.city, colW, { size: 28, bold: true, dir: this.dir, minSize: 16 }),
      fitSize(doc, to.city, colW, { size: 28, bold: true, dir: this.dir, minSize: 16 }),
    );
    const column = (offset: number, label: string, pl: { city: string; station: string | null }): number => {
      let y = top;
      y += this.put(label, offset, colW, y, { size: 9, color: GREY });
      y += this.put(pl.city, offset, colW, y, { size: citySize, bold: true, lineHeight: 1.3 });
      if (pl.station) y += this.put(pl.station, offset, colW, y, { size: 11 });
      return y;
    };
    const yFrom = column(0, s.from, from);
    const yTo = column(colW + arrowW, s.to, to);

    // Arrow from origin to destination, pointing along the reading direction.
    const cityMid = top + 9 * 1.45 + (citySize * 1.3) / 2;
    const xa = this.at(colW + 10, 0);
    const xb = this.at(colW + arrowW - 10, 0);
    const head = xb > xa ? -8 : 8;
    doc.save().lineWidth(2).strokeColor('#000');
    doc.moveTo(xa, cityMid).lineTo(xb, cityMid).stroke();
    doc.moveTo(xb + head, cityMid - 6).lineTo(xb, cityMid).lineTo(xb + head, cityMid + 6).stroke();
    doc.restore();

    // Times.
    const timesTop = Math.max(yFrom, yTo) + 10;
    const dep = parseLocal(t.departure_at);
    const arr = t.arrival_at ? parseLocal(t.arrival_at) : null;
    const timeBlock = (offset: number, label: string, when: ReturnType<typeof parseLocal>, raw: string | null, bold: boolean): number => {
      let y = timesTop;
      y += this.put(label, offset, colW, y, { size: 9, color: GREY });
      if (when) {
        y += this.put(formatDate(when, this.lang), offset, colW, y, { size: 13, bold: true });
        y += this.put(when.time, offset, colW, y, { size: 40, bold, lineHeight: 1.2 });
        y += this.put(formatClock12(when, this.lang), offset, colW, y, { size: 10, color: GREY });
      } else {
        y += this.put(raw ?? s.arrivalUnknown, offset, colW, y, { size: 11 });
      }
      return y;
    };
    let yd = timeBlock(0, s.departure, dep, t.departure_at, true);
    const hint = dep ? nightHint(dep, this.lang) : null;
    if (hint) yd += this.put(hint, 0, colW, yd + 2, { size: 10, bold: true }) + 2;
    const ya = timeBlock(colW + arrowW, s.arrival, arr, t.arrival_at ? t.arrival_at : null, false);
    this.y = Math.max(yd, ya) + 12;
    this.hrule(this.y, 0.75, LIGHT);
    this.y += 12;
  }

  private details(): void {
    const { doc, s, t, p, w } = this;
    const panelW = 176;
    const gap = 22;
    const detailsW = w - panelW - gap;
    const labelW = 112;
    const valueOff = labelW + 8;
    const valueW = detailsW - valueOff;
    const top = this.y;
    let y = top;

    const labelStyle = { size: 9.5, color: GREY };
    const detailsX = this.at(0, detailsW);
    const row = (label: string, str: string, value: TextStyle & { link?: string } = {}): void => {
      y += labelValue(doc, label, str, {
        x: detailsX,
        y,
        width: detailsW,
        dir: this.dir,
        labelWidth: labelW,
        label: labelStyle,
        value: { size: 11, ...value },
      });
      y += 7;
    };

    // Boarding point: the station, its address under it, then the map link when verified.
    const from = this.place(t.origin);
    row(s.boardingPoint, from.station ?? s.stationUnknown, { bold: from.station !== null });
    const address = this.ar(t.origin.address, t.origin.address_ar) ?? from.city;
    y += this.put(address, valueOff, valueW, y - 7, { size: 10 });
    const link = mapLink(t.origin.latitude, t.origin.longitude);
    // One line: a link broken over two lines can be neither read out nor copied.
    if (link) row(s.map, ltr(link), { size: fitSize(doc, link, valueW - 2, { size: 8.5, minSize: 6.5, dir: 'ltr' }), link });
    row(s.operator, this.ar(t.operator.name, t.operator.name_ar) ?? t.operator.name);
    const cls = formatClass(t.seat_class, this.lang);
    if (cls) row(s.seatClass, cls);
    row(s.operatorReference, ltr(t.operator_reference), { size: 13, bold: true });
    row(s.bookingReference, ltr(t.booking_reference), { size: 13, bold: true });
    row(s.ticketNumber, ltr(p.ticket_number));

    // Operator e-ticket panel on the end side.
    const px = this.at(w - panelW, panelW);
    let py = top;
    const pad = 10;
    py += text(doc, s.eTicket, { x: px + pad, y: py + pad, width: panelW - 2 * pad, dir: this.dir, align: 'center', size: 10, bold: true });
    py += pad;
    if (p.e_ticket) {
      const qrSize = panelW - 2 * pad;
      drawQr(doc, p.e_ticket.qr, { x: px + pad, y: py, size: qrSize, level: 'M' });
      py += qrSize;
      py += text(doc, p.e_ticket.ticket_code, { x: px + 4, y: py, width: panelW - 8, dir: 'ltr', align: 'center', size: 10, bold: true });
      py += text(doc, s.eTicketCaption, { x: px + pad, y: py, width: panelW - 2 * pad, dir: this.dir, align: 'center', size: 8.5, color: GREY });
    } else {
      py += text(doc, s.noETicket, { x: px + pad, y: py + 4, width: panelW - 2 * pad, dir: this.dir, align: 'center', size: 10 }) + 4;
    }
    py += pad;
    doc.save().roundedRect(px, top, panelW, py - top, 4).lineWidth(1.2).strokeColor('#000').stroke().restore();

    this.y = Math.max(y, py) + 14;
  }

  private beforeTravel(): void {
    const { doc, s, t, w } = this;
    const op = this.ar(t.operator.name, t.operator.name_ar) ?? t.operator.name;
    const items = [s.collect(op), s.showThis(ltr(t.operator_reference))];
    const pad = 12;
    const top = this.y;
    let y = top + pad;
    y += this.put(s.beforeTravel, pad, w - 2 * pad, y, { size: 12, bold: true }) + 2;
    for (const item of items) {
      const bulletX = this.at(pad + 3, 0);
      doc.save().circle(bulletX, y + 11 * 0.78, 2.2).fill('#000').restore();
      y += this.put(item, pad + 14, w - 2 * pad - 14, y, { size: 11 }) + 3;
    }
    y += pad - 3;
    doc.save().roundedRect(this.x0, top, w, y - top, 4).lineWidth(1).strokeColor('#000').stroke().restore();
    this.y = y + 14;
  }

  private footer(): void {
    const { doc, s, t, p, w } = this;
    const bottom = doc.page.height - MARGIN;
    // Scaled, the content ends exactly where the footer starts on the page.
    const y = this.scale === 1 ? Math.max(this.y, bottom - FOOTER_H) : this.y;
    this.hrule(y, 1);
    const half = (w - 20) / 2;
    this.put(s.bookedThrough(t.partner_name), 0, w * 0.62, y + 8, { size: 12, bold: true });
    const meta = `${ltr(t.booking_reference)} · ${s.traveller(p.passenger_index + 1)}\n${s.version(ltr(t.version))}`;
    this.put(meta, w - half, half, y + 8, { size: 8, color: GREY, align: 'end', lineHeight: 1.4 });
  }
}
