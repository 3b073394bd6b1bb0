import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Colours axe-core cannot measure (focus rings, the edges of empty fields) checked at their
// tokens, in renderer/src/styles.css: WCAG's contrast ratio, 3:1 for non-text and 4.5:1 for text.

const read = (...path: string[]) => readFileSync(join(import.meta.dirname, '..', '..', '..', 'renderer', 'src', ...path), 'utf8');
const css = read('styles.css');
const shell = read('shell', 'shell.css');
const settings = read('settings', 'settings.css');
const seatmap = read('seatmap', 'seatmap.css');

/** The body of the rule whose selector is exactly `selector` in `sheet`. */
function rule(sheet: string, selector: string): string {
  const at = sheet.indexOf(`\n${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  return sheet.slice(at, sheet.indexOf('}', at));
}

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

  it('keep a disabled control, a taken seat and a held seat\'s price readable at 4.5:1', () => {
    expect(contrast(token(':root', 'disabled-ink'), token(':root', 'disabled-bg'))).toBeGreaterThanOrEqual(4.5);
    // a taken seat's stripes: the darker one and the lighter one (renderer/src/seatmap/seatmap.css)
    const stripes = /\.seat\.taken \{[^}]*repeating-linear-gradient\(-45deg, (#[0-9a-f]{6}) 0 4px, (#[0-9a-f]{6})/.exec(seatmap);
    expect(stripes).not.toBeNull();
    for (const stripe of stripes!.slice(1)) expect(contrast(token(':root', 'taken-ink'), stripe!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token(':root', 'ok'))).toBeGreaterThanOrEqual(4.5);
  });

  it('draw disabled controls with those tokens, never faded by opacity (which halves the contrast)', () => {
    const rules = [rule(shell, "button:disabled,\nbutton.primary:disabled,\nbutton[aria-disabled='true']:not(.seat)"), rule(settings, ".st-btn:disabled,\n.st-btn[aria-disabled='true']"), rule(seatmap, '.seat .seat-price'), rule(seatmap, '.seat.taken')];
    for (const body of rules) expect(body).not.toMatch(/opacity/);
    expect(rules[0]).toContain('var(--disabled-ink)');
    expect(rules[1]).toContain('var(--disabled-ink)');
    expect(rules[3]).toContain('var(--taken-ink)');
  });

  it('keep muted text (inactive keys) and the green of badges at 4.5:1', () => {
    expect(contrast(token(':root', 'muted'), white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token(':root', 'ok-ink'), '#dcf3e3')).toBeGreaterThanOrEqual(4.5);
  });
});
