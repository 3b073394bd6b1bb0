import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Colours axe-core cannot measure (focus rings, the edges of empty fields) checked at their
// tokens, in renderer/src/styles.css: WCAG's contrast ratio, 3:1 for non-text and 4.5:1 for text.

const css = readFileSync(join(import.meta.dirname, '..', '..', '..', 'renderer', 'src', 'styles.css'), 'utf8');

/** A custom property's value in the rule of `selector` (the first `--name: #hex`). */
function token(selector: string, name: string): string {
  const rule = new RegExp(`(^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(css)?.[2] ?? '';
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(rule)?.[1];
  if (!value) throw new Error(`no --${name} in ${selector}`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the colour tokens', () => {
  const page = token(':root', 'bg');
  const white = token(':root', 'panel');
  const ink = token(':root', 'ink');

  it('draw the focus ring at 3:1 on the page and on the dark top bar', () => {
    expect(contrast(token(':root', 'accent'), page)).toBeGreaterThanOrEqual(3);
    expect(contrast(token(':root', 'accent'), white)).toBeGreaterThanOrEqual(3);
    expect(contrast(token('.topbar', 'focus-ring'), ink)).toBeGreaterThanOrEqual(3);
  });

  it('draw the edge of a field at 3:1 on white and on the page', () => {
    expect(contrast(token(':root', 'control-line'), white)).toBeGreaterThanOrEqual(3);
    expect(contrast(token(':root', 'control-line'), page)).toBeGreaterThanOrEqual(3);
  });

  it('keep muted text (inactive keys) and the green of badges at 4.5:1', () => {
    expect(contrast(token(':root', 'muted'), white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token(':root', 'ok-ink'), '#dcf3e3')).toBeGreaterThanOrEqual(4.5);
  });
});
