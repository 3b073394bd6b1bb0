import type { Journal } from '../journal/journal.ts';
import { openSaleCount } from '../journal/queries/sales.ts';
import { openShiftCount } from '../journal/queries/shifts.ts';
import type { CounterActivity } from './policy.ts';

/** The counter's activity read from one journal (three indexed lookups). */
export function activityOf(journal: Journal): CounterActivity {
  return { openShifts: openShiftCount(journal), salesInFlight: openSaleCount(journal), lastEntryAt: journal.lastEntryAt() };
}
