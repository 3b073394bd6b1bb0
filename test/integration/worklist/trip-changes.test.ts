// The trip changes worklist against the sandbox: the operator moves one departure and cancels
// another (control API); the counter finds both by asking the API, lists the travellers to call
// with what changed, keeps the list and the "called" marks over a restart, and marks nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { assertRebuildsIn } from '../../support/read-models.ts';
import { caller, originOf, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

const tmp = tempDir('shubbak-trips-');
let counter: Counter;
let c: Caller;
const open = async () => {
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain() });
  c = caller(counter.dispatch);
};
beforeAll(open);
afterAll(async () => {
  await counter?.close();
  assertRebuildsIn(tmp.dir); // trip changes and calls: the rebuilt read models equal the incremental ones
  tmp.cleanup();
});

const control = (path: string, body?: unknown) =>
  fetch(`${originOf(counter.info.apiBaseUrl)}/_sandbox${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('trip changes worklist', () => {
  let moved: Awaited<ReturnType<typeof sellOneSeat>>;
  let cancelled: Awaited<ReturnType<typeof sellOneSeat>>;

  it('finds nothing while nothing changed', async () => {
    moved = await sellOneSeat(c, 'Nadia Kamal', 0);
    cancelled = await sellOneSeat(c, 'Tarek Samy', 0, 'en', 4);
    await sellOneSeat(c, 'Unchanged Traveller', 0, 'en', 5);
    expect(await c.ok('checkTrips')).toEqual([]);
  });

  it('lists a moved and a cancelled departure with the travellers to call', async () => {
    const departure = moved.booking!.departure_at!;
    const later = new Date(Date.parse(departure) + 3 * 3_600_000).toISOString();
    expect((await control(`/bookings/${moved.booking!.id}/reschedule`, { departure_at: later })).ok).toBe(true);
    const afterMove = await c.ok('checkTrips');
    expect(afterMove).toHaveLength(1);
    expect(afterMove[0]).toMatchObject({
      saleId: moved.saleId,
      kind: 'rescheduled',
      oldDepartureAt: departure,
      calledAt: null,
      travellers: [{ name: 'Nadia Kamal' }],
      contact: { phone: '+201001234567' },
    });
    expect(Date.parse(afterMove[0]!.newDepartureAt!)).toBe(Date.parse(later));
    expect((await control(`/bookings/${cancelled.booking!.id}/cancel-trip`)).ok).toBe(true);
    const list = await c.ok('checkTrips');
    // TRAINING tickets are never valid for travel, so a cancellation is a change with its notice
    // (on LIVE a ticket valid when sold and no longer is listed as cancelled).
    const off = list.find((x) => x.saleId === cancelled.saleId)!;
    expect(off).toMatchObject({ kind: 'changed', validForTravel: false, travellers: [{ name: 'Tarek Samy' }] });
    expect(off.notice).toMatch(/travel/i);
    expect(list.filter((x) => x.saleId === moved.saleId && x.kind === 'rescheduled')).toHaveLength(1);
    // a second look adds nothing
    expect(await c.ok('checkTrips')).toHaveLength(list.length);
  });

  it('keeps the list and the called marks over a restart, and marks nothing twice', async () => {
    const [first] = await c.ok('worklist');
    const after = await c.ok('markCalled', { saleId: first!.saleId, version: first!.version });
    const called = after.find((x) => x.saleId === first!.saleId)!;
    expect(called.calledBy).toBe('Agent 1');
    expect(called.calledAt).not.toBeNull();
    expect((await c.ok('markCalled', { saleId: first!.saleId, version: first!.version })).find((x) => x.saleId === first!.saleId)!.calledAt).toBe(called.calledAt);
    // the travellers still to call come first
    expect(after[0]!.calledAt).toBeNull();

    await counter.close();
    await open();
    const before = (await c.ok('worklist')).length;
    const again = await c.ok('checkTrips');
    expect(again).toHaveLength(before);
    expect(again.find((x) => x.saleId === first!.saleId)!.calledAt).toBe(called.calledAt);
    expect((await c.err('markCalled', { saleId: first!.saleId, version: 'no-such' })).code).toBe('not_found');
    expect((await c.ok('verifyJournal')).ok).toBe(true);
  });
});
