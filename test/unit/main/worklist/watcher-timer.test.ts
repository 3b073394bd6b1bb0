// The trip watcher on its timer: twenty bookings a minute, one at a time every three seconds (a
// burst of twenty held up the sales of that moment), each sale once before any twice; the agent's
// "check now" still looks at twenty at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import type { PartnerClient } from '../../../../main/partner/client.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { TripWatcher } from '../../../../main/worklist/watcher.ts';
import { openTempJournal } from '../journal/helpers.ts';
import { intent } from '../journal/sale-intent.ts';
import { booking } from '../selling/fixtures.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => {
  vi.useRealTimers();
  t.cleanup();
});

/** A journal with 30 confirmed sales departing tomorrow, and a client that notes which bookings it is asked for. */
function watched() {
  t = openTempJournal();
  const store = new SalesStore(t.journal);
  for (let i = 0; i < 30; i++) {
    store.recordIntent(intent(`s${i}`), DEFAULT_AGENT);
    store.recordOutcome({ saleId: `s${i}`, status: 'confirmed', bookingReference: `PB-${i}`, booking: booking('confirmed', `PB-${i}`), error: null, charged: true });
  }
  const asked: string[] = [];
  const client = {
    booking: async (ref: string) => {
      asked.push(ref);
      return booking('confirmed', ref);
    },
    tickets: async () => ({ reason: null }),
  } as unknown as PartnerClient;
  return { watcher: new TripWatcher(t.journal, client, () => {}), asked };
}

describe('the trip watcher', () => {
  it('on its timer looks at one booking every three seconds, each before any twice', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { watcher, asked } = watched();
    watcher.start(60_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(57_000);
    expect(asked).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toHaveLength(30);
    expect(new Set(asked).size).toBe(30);
    watcher.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(30);
  });

  it("the agent's check looks at twenty at once", async () => {
    const { watcher, asked } = watched();
    expect(await watcher.check()).toBe(0);
    expect(asked).toHaveLength(20);
    expect(await watcher.check()).toBe(0);
    expect(new Set(asked).size).toBe(30);
  });
});
