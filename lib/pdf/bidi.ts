// Pure bidi helpers (Unicode Bidirectional Algorithm, UAX #9, via bidi-js): resolve the
// embedding levels of a paragraph once, then cut any line of it into runs of one direction,
// listed in visual order (left to right on the page). No PDF knowledge here.
import bidiFactory from 'bidi-js';

export type Direction = 'ltr' | 'rtl';

/** One directional run of a line: `text` is in logical (reading) order. */
export interface BidiRun {
  /** The run's characters in logical order, with RTL mirroring applied ("(" drawn as ")"). */
  text: string;
  /** Index of the first character in the paragraph string. */
  start: number;
  /** Index after the last character in the paragraph string. */
  end: number;
  /** Resolved embedding level: odd is right-to-left. */
  level: number;
  rtl: boolean;
}

export interface Paragraph {
  text: string;
  /** Resolved base direction of the paragraph. */
  dir: Direction;
  levels: Uint8Array;
}

interface Bidi {
  getEmbeddingLevels(
    text: string,
    baseDirection?: 'ltr' | 'rtl' | 'auto',
  ): { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] };
  getMirroredCharacter(char: string): string | null;
}

// bidi-js ships ES-style typings (`export default`) for a CommonJS build: at run time the
// default import is the factory itself, which its typings do not say under "nodenext".
const bidi = (bidiFactory as unknown as () => Bidi)();

// Whitespace and isolate controls that L1 resets to the paragraph level at the end of a line.
const TRAILING = /[\s\u2066-\u2069]/u;

/** Resolves the embedding levels of one paragraph (no line breaks inside). */
export function resolveParagraph(text: string, dir: Direction | 'auto'): Paragraph {
  const result = bidi.getEmbeddingLevels(text, dir);
  const base = result.paragraphs[0]?.level ?? (dir === 'rtl' ? 1 : 0);
  return { text, dir: base & 1 ? 'rtl' : 'ltr', levels: result.levels };
}

/**
 * The runs of `paragraph.text.slice(start, end)` (one line of it) in visual order, left to
 * right. Trailing whitespace of the line takes the paragraph level (rule L1), then the
 * runs are reordered with rule L2: from the highest level down to the lowest odd level,
 * every maximal sequence of runs at that level or higher is reversed.
 */
export function lineRuns(paragraph: Paragraph, start = 0, end = paragraph.text.length): BidiRun[] {
  const { text, levels } = paragraph;
  const base = paragraph.dir === 'rtl' ? 1 : 0;
  if (end <= start) return [];
  const lv = levels.slice(start, end);
  for (let i = end - 1; i >= start && TRAILING.test(text[i] ?? ''); i--) lv[i - start] = base;

  const runs: BidiRun[] = [];
  let runStart = start;
  for (let i = start + 1; i <= end; i++) {
    if (i === end || lv[i - start] !== lv[runStart - start]) {
      const level = lv[runStart - start] ?? base;
      runs.push(makeRun(text, runStart, i, level));
      runStart = i;
    }
  }

  let max = 0;
  let minOdd = Number.POSITIVE_INFINITY;
  for (const r of runs) {
    if (r.level > max) max = r.level;
    if (r.level & 1 && r.level < minOdd) minOdd = r.level;
  }
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if ((runs[i]?.level ?? 0) < level) continue;
      let j = i;
      while (j + 1 < runs.length && (runs[j + 1]?.level ?? 0) >= level) j++;
      if (j > i) reverseRange(runs, i, j);
      i = j;
    }
  }
  return runs;
}

/** Convenience: runs of a single-paragraph string in visual order. */
export function visualRuns(text: string, dir: Direction | 'auto'): BidiRun[] {
  return lineRuns(resolveParagraph(text, dir));
}

/** The characters of a line in visual order (for tests and debugging). */
export function visualString(text: string, dir: Direction | 'auto'): string {
  return visualRuns(text, dir)
    .map((r) => (r.rtl ? [...r.text].reverse().join('') : r.text))
    .join('');
}

function makeRun(text: string, start: number, end: number, level: number): BidiRun {
  const rtl = (level & 1) === 1;
  let s = text.slice(start, end);
  if (rtl) {
    let mirrored = '';
    for (const ch of s) mirrored += bidi.getMirroredCharacter(ch) ?? ch;
    s = mirrored;
  }
  return { text: s, start, end, level, rtl };
}

function reverseRange<T>(items: T[], from: number, to: number): void {
  for (let a = from, b = to; a < b; a++, b--) {
    const t = items[a] as T;
    items[a] = items[b] as T;
    items[b] = t;
  }
}
