// What an entry found written outside the app was about, for the station manager: the journal's
// kinds (`cash.moved`, `sale.outcome`, …) grouped into families the Settings notice names in words.

import type { Locale, Translate } from '../i18n/index.ts';

export type EntryFamily = 'sales' | 'cash' | 'shifts' | 'agents' | 'refunds' | 'prints' | 'settings' | 'journal';

const FAMILY_OF_PREFIX: Record<string, EntryFamily> = {
  sale: 'sales',
  hold: 'sales',
  trip: 'sales',
  cash: 'cash',
  shift: 'shifts',
  agent: 'agents',
  override: 'agents',
  refund: 'refunds',
  claim: 'refunds',
  print: 'prints',
  markup: 'settings',
  station: 'settings',
};

/** The families of the kinds given, each once, in the order first met (an unknown kind: 'journal'). */
export function entryFamilies(types: readonly string[]): EntryFamily[] {
  return [...new Set(types.map((t) => FAMILY_OF_PREFIX[t.split('.')[0]!] ?? 'journal'))];
}

/** The families of the kinds given, in words of the agent's language ("sales, cash in the drawer"). */
export function entryFamiliesSaid(types: readonly string[], t: Translate, locale: Locale): string {
  return entryFamilies(types)
    .map((f) => t(`backup.family.${f}`))
    .join(locale === 'ar' ? '، ' : ', ');
}
