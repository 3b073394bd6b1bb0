import type { UpdateWait } from '../../contract/updates.ts';

/** What the counter is doing, as the journal says (see ./activity.ts). */
export interface CounterActivity {
  /** Shifts opened by an agent (with a counted float) and not closed. The implicit day shift of
   *  a counter without agents does not count: it stays open until the next day's first action. */
  openShifts: number;
  /** Sales written as an intent whose outcome is not final yet (a crash now would resume them). */
  salesInFlight: number;
  /** When the journal last changed (a hold taken, a sale, a cash move), or null for an empty one. */
  lastEntryAt: Date | null;
}

/** Minutes of a silent journal before an update may restart the app. */
export const QUIET_MINUTES = 10;

export type InstallDecision = { install: true } | { install: false; waitingFor: UpdateWait };

/**
 * May a downloaded update restart the app into the new version now? Only between shifts: no
 * shift open on the counter, no sale waiting for its answer, and nothing written to the journal
 * for a while (an agent choosing seats has taken a hold; a counter without agents has no shift
 * to go by). Anything else waits; the question is asked again every minute.
 */
export function mayInstallNow(activity: CounterActivity, now: Date, quietMinutes = QUIET_MINUTES): InstallDecision {
  if (activity.salesInFlight > 0) return { install: false, waitingFor: 'sale_in_flight' };
  if (activity.openShifts > 0) return { install: false, waitingFor: 'shift_open' };
  if (activity.lastEntryAt && now.getTime() - activity.lastEntryAt.getTime() < quietMinutes * 60_000) return { install: false, waitingFor: 'counter_busy' };
  return { install: true };
}
