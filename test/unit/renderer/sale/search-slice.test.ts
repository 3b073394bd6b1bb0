import { beforeEach, describe, expect, it } from 'vitest';
import { ALEX, CAIRO, MemoryStore, fail, fakeCounter, ok, searchResult, type FakeCounter } from './fake-counter.ts';

// The search slice: the form, the call, stale answers, the station's usual origin.

let c: FakeCounter;
beforeEach(() => {
  c = fakeCounter();
});

describe('search slice', () => {
  it('asks for the missing city before searching', async () => {
    await c.get().runSearch();
    expect(c.get().focus.target).toBe('from');
    c.get().setOrigin(CAIRO);
    await c.get().runSearch();
    expect(c.get().focus.target).toBe('to');
    expect(c.api.search).not.toHaveBeenCalled();
  });

  it('searches with the form, shows the departures and moves the focus to them', async () => {
    c.get().setOrigin(CAIRO);
    c.get().setDestination(ALEX);
    c.get().setPassengers(2);
    c.get().setDate('2026-07-02');
    await c.get().runSearch();
    expect(c.api.search).toHaveBeenCalledWith({ origin: CAIRO.id, destination: ALEX.id, departureDate: '2026-07-02', passengers: 2 });
    expect(c.get().results.status).toBe('done');
    expect(c.get().searchedFor).toMatchObject({ origin: CAIRO, destination: ALEX, passengers: 2 });
    expect(c.get().focus.target).toBe('results');
    expect(c.deps.observeOffers).toHaveBeenCalledWith([searchResult().offers[0]!.offer.expires_at]);
  });

  it('keeps only the answer to the last search', async () => {
    c.get().setOrigin(CAIRO);
    c.get().setDestination(ALEX);
    let answerFirst: (v: Awaited<ReturnType<typeof c.api.search>>) => void = () => {};
    c.api.search.mockImplementationOnce(() => new Promise((r) => (answerFirst = r)));
    c.api.search.mockResolvedValueOnce(ok(searchResult([])));
    const first = c.get().runSearch();
    await c.get().runSearch();
    answerFirst(ok(searchResult()));
    await first;
    expect(c.get().results.value?.offers).toEqual([]);
  });

  it('shows a failed search as an error', async () => {
    c.api.search.mockResolvedValue(fail('network'));
    c.get().setOrigin(CAIRO);
    c.get().setDestination(ALEX);
    await c.get().runSearch();
    expect(c.get().results).toMatchObject({ status: 'error', error: { code: 'network' } });
  });

  it('remembers the origin for the next customer, swaps, and refuses an impossible passenger count', () => {
    c.get().setOrigin(CAIRO);
    c.get().setDestination(ALEX);
    c.get().swap();
    expect([c.get().origin, c.get().destination]).toEqual([ALEX, CAIRO]);
    c.get().setPassengers(11);
    c.get().setPassengers(0);
    expect(c.get().passengers).toBe(1);
    const later = fakeCounter({ lasting: c.lasting });
    later.get().prefillOrigin();
    expect(later.get().origin).toEqual(ALEX);
    const fresh = fakeCounter({ lasting: new MemoryStore() });
    fresh.get().prefillOrigin();
    expect(fresh.get().origin).toBeNull();
  });
});
