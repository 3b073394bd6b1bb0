import { measureText, outlineText, text, type Doc } from './text.ts';

// The one marking of paper that is not for travel: every document the counter or the sandbox
// prints outside LIVE (thermal ticket, A4 ticket, receipt, reprint, refund, Z-report, day and
// station reports, test page) calls `markEveryPage` with its environment right after creating
// its PDF, and starts its content below the band it answers. On every page: a black band across
// the top with "TRAINING — NOT VALID FOR TRAVEL" and its Arabic in large white letters (real
// text: anyone finds it in the file, a test reads it back), and the environment's word in large
// grey outlines across the page, under the content, repeated down a long roll.

export type PaperEnvironment = 'TRAINING' | 'SANDBOX' | 'LIVE';

export const NOT_VALID_MARKING: Record<Exclude<PaperEnvironment, 'LIVE'>, { en: string; ar: string; word: string; wordAr: string }> = {
  TRAINING: { en: 'TRAINING — NOT VALID FOR TRAVEL', ar: 'تدريب — غير صالحة للسفر', word: 'TRAINING', wordAr: 'تدريب' },
  SANDBOX: { en: 'SANDBOX — NOT VALID FOR TRAVEL', ar: 'بيئة اختبار — غير صالحة للسفر', word: 'SANDBOX', wordAr: 'بيئة اختبار' },
};

/** Grey of the outlined word: seen across the page (dithered on a thermal head), the content read through it. */
const WATERMARK_INK = '#c4c4c4';
const LINE_HEIGHT = 1.25;

interface Band {
  size: number;
  pad: number;
  width: number;
}

function bandOf(pageWidth: number, contentWidth: number): Band {
  const size = Math.max(11, Math.round(pageWidth / 33));
  return { size, pad: Math.round(size * 0.45), width: contentWidth };
}

function bandHeight(doc: Doc, words: { en: string; ar: string }, b: Band): number {
  const inner = b.width - 2 * b.pad;
  const en = measureText(doc, words.en, { size: b.size, bold: true, width: inner, dir: 'ltr', lineHeight: LINE_HEIGHT }).height;
  const ar = measureText(doc, words.ar, { size: b.size, bold: true, width: inner, dir: 'rtl', lineHeight: LINE_HEIGHT }).height;
  return en + ar + 2 * b.pad;
}

/**
 * The room the marking takes at the top of every page of `contentWidth` on a page `pageWidth`
 * wide, gap after it included: where the content starts below the top margin (0 on LIVE paper).
 * `doc` only measures.
 */
export function markingHeight(doc: Doc, environment: PaperEnvironment, pageWidth: number, contentWidth: number): number {
  if (environment === 'LIVE') return 0;
  const b = bandOf(pageWidth, contentWidth);
  return bandHeight(doc, NOT_VALID_MARKING[environment], b) + b.pad;
}

/** Marks the current page of `doc` and every page added after it; answers markingHeight. Nothing on LIVE paper. */
export function markEveryPage(doc: Doc, environment: PaperEnvironment): number {
  if (environment === 'LIVE') return 0;
  const words = NOT_VALID_MARKING[environment];
  const mark = () => markPage(doc, words);
  mark();
  doc.on('pageAdded', mark);
  const { width, margins } = doc.page;
  return markingHeight(doc, environment, width, width - margins.left - margins.right);
}

function markPage(doc: Doc, words: (typeof NOT_VALID_MARKING)['TRAINING']): void {
  const { width, height, margins } = doc.page;
  const b = bandOf(width, width - margins.left - margins.right);
  const savedX = doc.x;
  const savedY = doc.y;
  doc.save();
  // Under everything: the word, in outlines (not text), across the page, every 60 mm or so.
  const step = Math.max(170, Math.min(height / 2, 420));
  const wordSize = Math.round(width / 7);
  for (let cy = margins.top + step / 2; cy < height - margins.bottom; cy += step) {
    doc.save().rotate(-20, { origin: [width / 2, cy] });
    outlineText(doc, words.word, { cx: width / 2, cy: cy - wordSize * 0.55, size: wordSize, bold: true, color: WATERMARK_INK });
    outlineText(doc, words.wordAr, { cx: width / 2, cy: cy + wordSize * 0.55, size: wordSize, bold: true, color: WATERMARK_INK, dir: 'rtl' });
    doc.restore();
  }
  // The band across the top: black, the two sentences in white.
  const h = bandHeight(doc, words, b);
  doc.rect(margins.left, margins.top, b.width, h).fill('#000');
  const inner = b.width - 2 * b.pad;
  const style = { size: b.size, bold: true, color: '#fff', align: 'center' as const, width: inner, lineHeight: LINE_HEIGHT };
  const enH = text(doc, words.en, { ...style, x: margins.left + b.pad, y: margins.top + b.pad, dir: 'ltr' });
  text(doc, words.ar, { ...style, x: margins.left + b.pad, y: margins.top + b.pad + enH, dir: 'rtl' });
  doc.restore();
  doc.x = savedX;
  doc.y = savedY;
}
