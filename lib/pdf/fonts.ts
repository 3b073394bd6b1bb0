// Font loading for lib/pdf: IBM Plex Sans Arabic (Arabic + Latin), read once per process.
//
// The shipped files are WOFF 1.0. fontkit reads WOFF, but it inflates a whole table every
// time it touches it (each glyph outline reads 'glyf' again), which makes subsetting very
// slow; so the WOFF is unpacked once here into a plain SFNT (TrueType) buffer with zlib.
// The parsed fontkit font is then shared by every document (pdfkit accepts a font object),
// so glyphs and shaping tables are decoded once.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ByteBoundedLru, stringBytes } from '../../core/byte-bounded-lru.ts';

export const FONT_REGULAR = 'PlexArabic';
export const FONT_BOLD = 'PlexArabic-Bold';

const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../resources/fonts');
const FILES: Record<string, string> = {
  [FONT_REGULAR]: 'IBMPlexSansArabic-Regular.woff',
  [FONT_BOLD]: 'IBMPlexSansArabic-Bold.woff',
};

/** Whatever pdfkit's registerFont accepts: a font buffer or a parsed fontkit font. */
export type FontSource = Buffer | object;

let fontDir = FONT_DIR;
const cache = new Map<string, FontSource>();

/** Where the .woff files live (defaults to resources/fonts of the repository). */
export function setFontDirectory(dir: string): void {
  fontDir = dir;
  cache.clear();
}

/** The cached source of one of the two fonts, loading it on first use. */
export function fontSource(name: string): FontSource {
  let src = cache.get(name);
  if (src) return src;
  const file = FILES[name];
  if (!file) throw new Error(`unknown font ${name}`);
  const sfnt = woffToSfnt(fs.readFileSync(path.join(fontDir, file)));
  src = parseWithPdfkitFontkit(sfnt) ?? sfnt;
  cache.set(name, src);
  return src;
}

/**
 * The key under which a document caches the font: its PostScript name when the source is a
 * parsed font. pdfkit files the document's first font under that name, so selecting the
 * font again by it is a plain lookup (any other key makes pdfkit compare the two fonts'
 * name tables on first use in every document).
 */
export function fontKey(name: string): string {
  const src = fontSource(name) as { postscriptName?: unknown };
  return typeof src.postscriptName === 'string' && src.postscriptName !== '' ? src.postscriptName : name;
}

/** Loads both fonts now (for warm-up at start rather than on the first document). */
export function preloadFonts(): void {
  fontSource(FONT_REGULAR);
  fontSource(FONT_BOLD);
}

// fontkit is pdfkit's own dependency: resolve it from pdfkit so both use the same copy.
function parseWithPdfkitFontkit(sfnt: Buffer): object | null {
  try {
    const req = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
    const fontkit = req('fontkit') as { create(buf: Uint8Array): unknown };
    const font = fontkit.create(sfnt) as FontkitFont | null;
    if (!font || typeof font.layout !== 'function') return null;
    patchGlyphs(font);
    memoizeLayout(font);
    return font;
  } catch {
    return null;
  }
}

interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth?: number;
}

interface GlyphRunLike {
  glyphs: unknown[];
  positions: GlyphPosition[];
  [key: string]: unknown;
}

interface FontkitGlyph {
  codePoints: number[];
  _decode?: () => unknown;
}

interface FontkitFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRunLike;
  getGlyph(id: number, codePoints?: number[]): FontkitGlyph | null;
}

// fontkit keeps one glyph object per glyph id, with the code points it was first asked with.
// Subsetting asks for glyphs with none (e.g. the body of "ع" as a component of "غ"), and
// with the font shared between documents, a later layout would then get that glyph back
// without code points, and pdfkit would write no Unicode for it (the letter vanishes from
// copy/paste and search). Fill them in when a caller knows them.
// Also: every document's subset decodes each glyph's outline again (TTFGlyph._decode, read
// only by its callers); the decoded outline is kept on the shared glyph instead.
function patchGlyphs(font: FontkitFont): void {
  const original = font.getGlyph.bind(font);
  const seen = new WeakSet<object>();
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = original(id, codePoints);
    if (!glyph) return glyph;
    if (codePoints.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = [...codePoints];
    if (!seen.has(glyph)) {
      seen.add(glyph);
      const decode = glyph._decode;
      if (typeof decode === 'function') {
        let decoded: { value: unknown } | null = null;
        glyph._decode = () => (decoded ??= { value: decode.call(glyph) }).value;
      }
    }
    return glyph;
  };
}

/** What fontkit's layout returns, rebuilt from a cached result (pdfkit mutates positions). */
class CachedRun {
  glyphs: unknown[];
  positions: GlyphPosition[];
  script: unknown;
  language: unknown;
  direction: unknown;
  features: unknown;
  constructor(run: GlyphRunLike) {
    this.glyphs = run.glyphs.slice();
    this.positions = run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset }));
    this.script = run.script;
    this.language = run.language;
    this.direction = run.direction;
    this.features = run.features;
  }
  get advanceWidth(): number {
    let w = 0;
    for (const p of this.positions) w += p.xAdvance;
    return w;
  }
}

/** The layout cache's budget per font, in bytes (estimated by layoutBytes). */
export const LAYOUT_CACHE_BYTES = 2 * 1024 * 1024;

/**
 * What one cached layout holds, estimated: its key, one reference per glyph (the glyph objects
 * are the font's own, shared), one positions object per glyph, and the run's own fields.
 */
function layoutBytes(key: string, run: GlyphRunLike): number {
  return stringBytes(key) + run.glyphs.length * 8 + run.positions.length * 72 + 240;
}

// Shaping (GSUB/GPOS) is most of the cost of a page, and the same strings are shaped again
// and again (measure, wrap, draw, on every page and document). fontkit's layout is a pure
// function of (text, features) for a given font, so its results are kept per font, least
// recently used out first within LAYOUT_CACHE_BYTES: receipts and the embedded sandbox's
// ticket PDFs shape names, references and amounts that never come again, and a day of them
// must not grow the process. Each call gets its own copy of the positions, because pdfkit
// scales them in place.
function memoizeLayout(font: FontkitFont): void {
  const original = font.layout.bind(font);
  const cache = new ByteBoundedLru<string, GlyphRunLike>(LAYOUT_CACHE_BYTES, layoutBytes);
  font.layout = (text: string, features?: unknown, ...rest: unknown[]): GlyphRunLike => {
    const plain = rest.length === 0 && typeof text === 'string' && (features === undefined || Array.isArray(features));
    if (!plain) return original(text, features, ...rest);
    const key = `${features === undefined ? '-' : (features as string[]).join(',')}\u0000${text}`;
    let run = cache.get(key);
    if (!run) {
      run = original(text, features === undefined ? undefined : [...(features as string[])]);
      cache.set(key, run);
    }
    return new CachedRun(run) as unknown as GlyphRunLike;
  };
}

/** Unpacks a WOFF 1.0 file into the SFNT (TTF/OTF) it wraps. A non-WOFF buffer is returned as is. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = woff.readUInt32BE(e);
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const checksum = woff.readUInt32BE(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw);
    if (data.length !== origLength) throw new Error('corrupt WOFF table');
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, b) => a.tag - b.tag);
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  const headerSize = 12 + 16 * numTables;
  let size = headerSize;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.writeUInt32BE(t.tag, r);
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(offset, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
