import { describe, expect, it, vi } from 'vitest';
import { SEAT, detail, fail, counterPerTest, holdOf, offer, ok, type FakeCounter } from './fake-counter.ts';

// The seats slice: the seat map of the chosen departure, the hold on the picked seats, its end.

let c: FakeCounter;
counterPerTest((opened) => {
  c = opened;
});

const free = detail.offer.seats.filter((s) => s.available && s.class === SEAT.class).map((s) => s.number);

describe('seats slice', () => {
  it('opens the seat map of the chosen departure and holds the seats once all are picked', async () => {
    await c.get().chooseOffer(offer);
    expect(c.get()).toMatchObject({ step: 'seats', offer, detail: { status: 'done' } });
    expect(c.get().focus.target).toBe('seat-input');
    await c.get().pickSeats([SEAT.number]);
    expect(c.api.createHold).toHaveBeenCalledWith({ offerId: detail.offer.id, seats: 1, seatsRequested: [SEAT.number], fareClass: SEAT.class });
    expect(c.get().hold).toMatchObject({ status: 'held', hold: { id: 'PH-1' } });
    expect(c.get().focus.target).toBe('seat-continue');
    expect(c.deps.observeHold).toHaveBeenCalledOnce();
  });

  it('lets the old hold go when the pick changes, and a hold that comes back too late too', async () => {
    await c.get().chooseOffer(offer);
    await c.get().pickSeats([free[0]!]);
    c.api.createHold.mockResolvedValueOnce(ok(holdOf([free[1]!], 'PH-2')));
    await c.get().pickSeats([free[1]!]);
    expect(c.api.releaseHold).toHaveBeenCalledWith({ holdId: 'PH-1' });
    expect(c.get().hold).toMatchObject({ status: 'held', hold: { id: 'PH-2' } });

    let answer: (v: Awaited<ReturnType<typeof c.api.createHold>>) => void = () => {};
    c.api.createHold.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const late = c.get().pickSeats([free[2]!]);
    await vi.waitFor(() => expect(c.api.createHold).toHaveBeenCalledTimes(3));
    await c.get().pickSeats([]);
    answer(ok(holdOf([free[2]!], 'PH-3')));
    await late;
    expect(c.api.releaseHold).toHaveBeenCalledWith({ holdId: 'PH-3' });
    expect(c.get().hold.status).toBe('none');
  });

  it('shows the map again when someone else took a seat', async () => {
    await c.get().chooseOffer(offer);
    c.api.createHold.mockResolvedValueOnce(fail('seats_unavailable'));
    await c.get().pickSeats([SEAT.number]);
    expect(c.get()).toMatchObject({ seats: [], seatNote: 'seats_taken', hold: { status: 'error' } });
    expect(c.api.readOffer).toHaveBeenCalledTimes(2);
  });

  it('marks the hold expired when its 20 minutes are over', async () => {
    await c.get().chooseOffer(offer);
    await c.get().pickSeats([SEAT.number]);
    await vi.advanceTimersByTimeAsync(20 * 60_000 - 1_000);
    expect(c.get().hold.status).toBe('held');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(c.get().hold).toEqual({ status: 'expired', seats: [SEAT.number] });
  });

  it('holds a count in a fare class when the operator seats at boarding', async () => {
    const boarding = { ...detail, offer: { ...detail.offer, seat_selection: false, seats: [] } };
    c.api.readOffer.mockResolvedValue(ok(boarding));
    await c.get().chooseOffer(offer);
    expect(c.get().fareClass).not.toBeNull();
    expect(c.get().focus.target).toBe('class');
    await c.get().holdWithoutSeats();
    expect(c.api.createHold).toHaveBeenCalledWith({ offerId: detail.offer.id, seats: 1, fareClass: c.get().fareClass });
    const other = boarding.offer.fare_classes.find((f) => f.name !== c.get().fareClass)!.name;
    c.get().chooseFareClass(other);
    expect(c.api.releaseHold).toHaveBeenCalledWith({ holdId: 'PH-1' });
    expect(c.get().hold.status).toBe('none');
  });
});
