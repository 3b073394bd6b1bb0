import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { paintSettled } from './browser.ts';

// Accessibility checks of the screen in Chromium: axe-core (WCAG 2.1 A and AA and best practice)
// injected into the page, and a walk with Tab that checks where each Tab lands.

const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** What fails the suite: everything but the "minor" findings of best practice. */
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

/** One finding, printed as the rule, the element and the screen. */
export interface A11yFinding {
  screen: string;
  rule: string;
  impact: string;
  node: string;
  detail: string;
}

/** axe-core's serious, moderate and critical violations on the screen as it is now. */
export async function axeFindings(page: Page, screen: string): Promise<A11yFinding[]> {
  // evaluated as DevTools does (the page's CSP, rightly, refuses a script tag with it inline)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SCRIPT);
  // transitions ended: axe reads the colours as painted
  await paintSettled(page);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: { target: string[]; html: string; failureSummary?: string }[];
    }
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary ?? '' })) }));
  }, AXE_TAGS);
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => ({ screen, rule: v.id, impact: v.impact, node: `${n.target} ${n.html.slice(0, 160)}`, detail: n.summary.replace(/\s+/g, ' ').slice(0, 300) })));
}

/** Where a Tab landed that it should not have. */
export interface TabFinding {
  screen: string;
  step: number;
  problem: 'not visible' | 'covered' | 'no focus indicator' | 'outside the overlay' | 'nothing takes the focus';
  element: string;
}

/**
 * Tab from where the focus is, at most `max` times or until it comes round again: each element
 * that takes the focus must be on screen and not under anything else (the point at its middle
 * belongs to it), draw a focus ring (an outline of 2 px or more, on the element or, for a hidden
 * radio or checkbox, on its label: WCAG 2.4.7), and when `overlay` names an open dialog, inside that dialog; and at least one
 * element must take it.
 */
export async function tabWalk(page: Page, screen: string, opts: { overlay?: string; max?: number } = {}): Promise<TabFinding[]> {
  const findings: TabFinding[] = [];
  const seen = new Set<string>();
  for (let step = 1; step <= (opts.max ?? 60); step++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate((overlay) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // each element once: a path of child indexes names it
      const path: number[] = [];
      for (let n: Element | null = el; n?.parentElement; n = n.parentElement) path.unshift([...n.parentElement.children].indexOf(n));
      const describe = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}"`;
      // a radio or checkbox drawn by its label is seen through the label
      const shown = (el as HTMLInputElement).labels?.[0] && getComputedStyle(el).opacity === '0' ? (el as HTMLInputElement).labels![0]! : el;
      const r = shown.getBoundingClientRect();
      const style = getComputedStyle(shown);
      let problem: string | null = null;
      if (r.width < 1 || r.height < 1 || style.visibility === 'hidden' || r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) {
        problem = 'not visible';
      } else {
        const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        if (!top || !(shown.contains(top) || top.contains(shown) || el.contains(top))) problem = 'covered';
      }
      // the ring is drawn where the eye looks: on the element, or on the label that draws a hidden radio
      const ring = getComputedStyle(shown);
      const transparent = /^(transparent|rgba\(.*,\s*0\))$/.test(ring.outlineColor);
      if (!problem && (ring.outlineStyle === 'none' || parseFloat(ring.outlineWidth) < 2 || transparent)) problem = 'no focus indicator';
      if (!problem && overlay && !el.closest(overlay)) problem = 'outside the overlay';
      return { key: path.join('.'), describe, problem };
    }, opts.overlay ?? null);
    if (!at) continue; // the focus left the page for the browser's own frame, and comes back next Tab
    if (seen.has(at.key)) break;
    seen.add(at.key);
    if (at.problem) findings.push({ screen, step, problem: at.problem as TabFinding['problem'], element: at.describe });
  }
  // a screen (or an open dialog) where Tab reaches nothing is a failure too, not a clean walk
  if (seen.size === 0) findings.push({ screen, step: 0, problem: 'nothing takes the focus', element: '' });
  return findings;
}

/** Findings one a line for a failure message; the same rule on the same element once, with every screen it is on. */
export function report(findings: readonly (A11yFinding | TabFinding)[]): string {
  const lines = new Map<string, string[]>();
  for (const f of findings) {
    const line = 'rule' in f ? `${f.rule} (${f.impact}): ${f.node} — ${f.detail}` : `Tab ${f.step}: ${f.problem}: ${f.element}`;
    lines.set(line, [...(lines.get(line) ?? []), f.screen]);
  }
  return [...lines].map(([line, screens]) => `[${screens.join(', ')}] ${line}`).join('\n');
}

/**
 * What sticks out of the window sideways or is cut off by its edge (WCAG 1.4.10 at 200 % zoom),
 * at most five, each as its tag, classes and width; a wide table may scroll in a box of its own
 * (WCAG allows it for data). Empty: the screen is as wide as the window.
 */
export function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (el: Element) => {
      const table = el.closest('table');
      for (let n = table?.parentElement; n && n !== document.body; n = n.parentElement) if (/auto|scroll/.test(getComputedStyle(n).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.right > innerWidth + 1 || r.left < -1) && !el.closest('.sr-only') && !scrolls(el);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().width)}px`);
  });
}

/** The description of elements (the text of what their aria-describedby names), each in order. */
export function descriptions(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) =>
    els.map((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    ),
  );
}

/**
 * Controls whose accessible name does not start with the text they show (WCAG 2.5.3, label in
 * name): for each element, its name as Chromium computes it (from the accessibility snapshot)
 * against its visible text without the key hints (kbd), what is hidden from the eye and marks
 * without words; spaces are ignored, and the first 12 characters shown must open the name. A
 * control that shows only a symbol (＋, −) has no text label and is left out.
 */
export async function namesNotFromText(elements: Locator): Promise<string[]> {
  const out: string[] = [];
  const squash = (s: string) => s.replace(/[\s\u2066-\u2069\u200e\u200f\u061c]+/g, '');
  for (const el of await elements.all()) {
    const snapshot = await el.ariaSnapshot();
    // `- button "Name" [disabled]`, YAML-quoted as a whole when the name has ": " in it
    const name = /"((?:[^"\\]|\\.)*)"/.exec(snapshot.split('\n')[0] ?? '')?.[1] ?? '';
    const shown = await el.evaluate((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('kbd, [hidden], .sr-only')) hidden.remove();
      // marks hidden from a screen reader that say nothing in words (★, →, ›) are not text shown
      for (const mark of copy.querySelectorAll('[aria-hidden=true]')) if (!/[\p{L}\p{N}]/u.test(mark.textContent ?? '')) mark.remove();
      return copy.textContent ?? '';
    });
    // a control that shows a symbol, not words (＋, −), has no visible text label to match
    if (!/[\p{L}\p{N}]/u.test(shown)) continue;
    const start = squash(shown).slice(0, 12);
    if (!squash(name).startsWith(start)) out.push(`"${name}" does not start with what it shows, "${shown.trim()}"`);
  }
  return out;
}
