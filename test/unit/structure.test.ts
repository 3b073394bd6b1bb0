import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentHandlers } from '../../main/agents/handlers.ts';
import { backupHandlers } from '../../main/backup/handlers.ts';
import { restoreHandlers } from '../../main/backup/restore-handlers.ts';
import { credentialHandlers } from '../../main/credentials/handlers.ts';
import { journalHandlers } from '../../main/journal/handlers.ts';
import { lookupHandlers } from '../../main/lookup/handlers.ts';
import { pricingHandlers } from '../../main/pricing/handlers.ts';
import { printingHandlers } from '../../main/printing/handlers.ts';
import { referenceHandlers } from '../../main/reference/handlers.ts';
import { refundHandlers } from '../../main/refunds/handlers.ts';
import { reportHandlers } from '../../main/reports/handlers.ts';
import { retiredReportHandlers } from '../../main/reports/retired.ts';
import { sellingHandlers } from '../../main/selling/handlers.ts';
import type { Session } from '../../main/session.ts';
import { shiftHandlers } from '../../main/shifts/handlers.ts';
import { stationHandlers } from '../../main/station/handlers.ts';
import { trainingHandlers } from '../../main/training/handlers.ts';
import { updateHandlers } from '../../main/updates/handlers.ts';
import { walletHandlers } from '../../main/wallet/handlers.ts';
import { worklistHandlers } from '../../main/worklist/handlers.ts';

// How main and the renderer stay easy to read (issue 22): every handler group is made from the
// few services it uses, never from a bag that reaches the whole session; and no module grows
// past a line budget without a reason written here.

const ROOT = join(import.meta.dirname, '../..');

/** Every .ts/.tsx file below `dir` (a path from the repository's root), generated ones aside. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !f.name.endsWith('.generated.ts'))
    .map((f) => relative(ROOT, join(f.parentPath, f.name)).split('\\').join('/'))
    .sort();
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Every handler group of main/ (its factory), checked below for what its parameters can reach. */
const GROUPS = {
  agentHandlers,
  backupHandlers,
  restoreHandlers,
  credentialHandlers,
  journalHandlers,
  lookupHandlers,
  pricingHandlers,
  printingHandlers,
  referenceHandlers,
  refundHandlers,
  reportHandlers,
  retiredReportHandlers,
  sellingHandlers,
  shiftHandlers,
  stationHandlers,
  trainingHandlers,
  updateHandlers,
  walletHandlers,
  worklistHandlers,
};

/** A getter of the whole session (every service of it): the locator handler groups must not hold. */
type WholeSession<F> = F extends () => infer R ? (keyof Session extends keyof R ? true : false) : false;
/** Whether a parameter is (or holds) a session locator: a `session` member, or a getter of the whole session. */
type Locator<P> = P extends object ? ('session' extends keyof P ? true : true extends WholeSession<P> | WholeSession<P[keyof P]> ? true : false) : false;
type GroupsWithLocator = {
  [K in keyof typeof GROUPS]: true extends Locator<Parameters<(typeof GROUPS)[K]>[number]> ? K : never;
}[keyof typeof GROUPS];

/**
 * Checked by the type-checker (`tsc -p tsconfig.test.json`): this line does not compile while any
 * group's parameters reach the whole session (the name of that group shows in the error).
 */
const noGroupHoldsALocator: [GroupsWithLocator] extends [never] ? true : GroupsWithLocator = true;

describe('handler groups get the few services they use', () => {
  it('no handler group takes a session locator (a type-level check, above)', () => {
    expect(noGroupHoldsALocator).toBe(true);
  });

  it('every handler group of main/ is in that check', () => {
    const found = sources('main').flatMap((f) => [...read(f).matchAll(/export function (\w+Handlers)\(/g)].map((m) => m[1]));
    expect(found.sort()).toEqual(Object.keys(GROUPS).sort());
  });

  it('nothing in main/ reaches for the whole session but the composition root', () => {
    // main/session.ts makes the sessions; main/counter.ts holds the one in force and hands out
    // getters of single services, or main/deps.ts `Current` of a few used together.
    const locators = sources('main')
      .filter((f) => f !== 'main/session.ts' && f !== 'main/counter.ts')
      .flatMap((f) =>
        read(f)
          .split('\n')
          .map((line, i) => ({ where: `${f}:${i + 1}`, line }))
          .filter(({ line }) => /\bsession\(\)|=>\s*Session\b|:\s*Session\b|\bCounterDeps\b/.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(locators).toEqual([]);
  });
});

/** Lines a module of main/ or renderer/src/ may have: past it, split it by job. */
const LINE_BUDGET = 350;

/** The modules allowed past the budget, why, and how far. */
const OVER_BUDGET: Record<string, { why: string; max: number }> = {
  'renderer/src/i18n/messages/settings.ts': {
    why: 'a table of the Settings screen texts in English and Arabic, read by key: data, not logic',
    max: 600,
  },
  'main/journal/entries.ts': {
    why: "the payload type of every journal entry kind, kept in one place as the journal's vocabulary",
    max: 450,
  },
  'main/refunds/fold.ts': {
    why: 'the money-back fold (issue 23), pure functions over entries and wallet lines; one line over the budget and not split by this branch',
    max: 400,
  },
  'main/counter.ts': {
    why: 'the composition root: every service and every handler group is wired here, on purpose in one file, so that the groups stay easy to see from main/',
    max: 450,
  },
};

describe(`modules stay under ${LINE_BUDGET} lines`, () => {
  const files = [...sources('main'), ...sources('renderer/src')].map((file) => ({ file, lines: linesOf(read(file)) }));

  it('no module is past the budget but the listed ones', () => {
    const over = files.filter((f) => f.lines > LINE_BUDGET && !(f.file in OVER_BUDGET)).map((f) => `${f.file}: ${f.lines} lines`);
    expect(over).toEqual([]);
  });

  it('the listed ones stay within their own limit, and each is still past the budget (else it leaves the list)', () => {
    const wrong = Object.entries(OVER_BUDGET).flatMap(([file, { max }]) => {
      const f = files.find((x) => x.file === file);
      if (!f) return [`${file}: no such module`];
      if (f.lines > max) return [`${file}: ${f.lines} lines, past its limit of ${max}`];
      if (f.lines <= LINE_BUDGET) return [`${file}: ${f.lines} lines, within the budget: take it off the list`];
      return [];
    });
    expect(wrong).toEqual([]);
  });
});
