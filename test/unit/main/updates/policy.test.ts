import { describe, expect, it } from 'vitest';
import { mayInstallNow, QUIET_MINUTES, type CounterActivity } from '../../../../main/updates/policy.ts';

const now = new Date('2026-11-26T22:00:00.000Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const idle: CounterActivity = { openShifts: 0, salesInFlight: 0, lastEntryAt: minutesAgo(QUIET_MINUTES) };

describe('may a downloaded update install now', () => {
  it('installs between shifts, once the journal has been quiet long enough', () => {
    expect(mayInstallNow(idle, now)).toEqual({ install: true });
    expect(mayInstallNow({ ...idle, lastEntryAt: null }, now)).toEqual({ install: true });
  });

  it('never mid-sale: a sale waiting for its answer holds it, even with no shift open', () => {
    expect(mayInstallNow({ ...idle, salesInFlight: 1 }, now)).toEqual({ install: false, waitingFor: 'sale_in_flight' });
    expect(mayInstallNow({ openShifts: 1, salesInFlight: 2, lastEntryAt: minutesAgo(600) }, now)).toEqual({ install: false, waitingFor: 'sale_in_flight' });
  });

  it('waits while a shift is open, however quiet the counter', () => {
    expect(mayInstallNow({ ...idle, openShifts: 1, lastEntryAt: minutesAgo(600) }, now)).toEqual({ install: false, waitingFor: 'shift_open' });
  });

  it('waits while the counter is in use (a hold just taken, a counter without agents selling)', () => {
    expect(mayInstallNow({ ...idle, lastEntryAt: minutesAgo(QUIET_MINUTES - 1) }, now)).toEqual({ install: false, waitingFor: 'counter_busy' });
    expect(mayInstallNow({ ...idle, lastEntryAt: minutesAgo(0) }, now, 0)).toEqual({ install: true });
  });
});
