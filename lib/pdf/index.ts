// lib/pdf: generic PDF drawing with correct Arabic (shaping, RTL, mixed bidi text).
// No knowledge of tickets, receipts or reports lives here.
export {
  MM,
  baselineOffset,
  boxX,
  createPdf,
  fitSize,
  labelValue,
  ltr,
  measureText,
  outlineText,
  pdfBuffer,
  rtl,
  text,
  textWidth,
  type Align,
  type CreatePdfOptions,
  type Doc,
  type LabelValueOptions,
  type Margins,
  type Measured,
  type OutlineOptions,
  type TextOptions,
  type TextStyle,
} from './text.ts';
export { drawQr, type QrOptions } from './qr.ts';
export { markEveryPage, markingHeight, NOT_VALID_MARKING, type PaperEnvironment } from './marking.ts';
export { FONT_BOLD, FONT_REGULAR, preloadFonts, setFontDirectory, woffToSfnt } from './fonts.ts';
export { lineRuns, resolveParagraph, visualRuns, visualString, type BidiRun, type Direction, type Paragraph } from './bidi.ts';
