import { describe, expect, it } from 'vitest';
import { CAIRO, SEAT, atPayment, counterPerTest, fakeCounter, offer, ok, outcomeOf, printState, type FakeCounter } from './fake-counter.ts';

// The flow slice: Esc and the step header move between the steps; leaving a sale lets its hold go
// and hands a sale main has not finished with to the background watcher.

let c: FakeCounter;
counterPerTest((opened) => {
  c = opened;
});

describe('flow slice', () => {
  it('goes back step by step with Esc; out of the seats the hold is let go', async () => {
    await atPayment(c);
    c.get().back();
    expect(c.get().step).toBe('passengers');
    c.get().back();
    expect(c.get().step).toBe('seats');
    expect(c.get().focus.target).toBe('seat-input');
    c.get().back();
    expect(c.get()).toMatchObject({ step: 'search', offer: null, hold: { status: 'none' } });
    expect(c.api.releaseHold).toHaveBeenCalledWith({ holdId: 'PH-1' });
  });

  it('jumps forward only as far as the sale allows', async () => {
    await c.get().chooseOffer(offer);
    c.get().goTo('payment');
    expect(c.get().step).toBe('seats'); // nothing held yet
    await c.get().pickSeats([SEAT.number]);
    c.get().goTo('payment');
    expect(c.get().step).toBe('passengers'); // the names are missing
    c.get().setName(0, 'Mona');
    c.get().setContact({ phone: '01012345678' });
    c.get().goTo('payment');
    expect(c.get().step).toBe('payment');
    c.get().goTo('seats');
    expect(c.get().step).toBe('seats');
  });

  it('next customer: a fresh sale from the usual origin, the unbooked hold let go', async () => {
    c.get().setOrigin(CAIRO);
    await atPayment(c);
    c.get().newCustomer();
    expect(c.get()).toMatchObject({ step: 'search', origin: CAIRO, destination: null, offer: null, cash: '', saleId: null, hold: { status: 'none' } });
    expect(c.get().focus.target).toBe('from');
    expect(c.api.releaseHold).toHaveBeenCalledWith({ holdId: 'PH-1' });
    expect(c.deps.handOver).not.toHaveBeenCalled();
  });

  it('asks before F12 drops seats held or cash typed; Esc stays with everything kept, leaving lets the seats go', async () => {
    await atPayment(c);
    c.get().setCash('500');
    c.get().askNewCustomer();
    expect(c.get()).toMatchObject({ leaveAsked: true, step: 'payment', cash: '500', hold: { status: 'held' } });
    expect(c.api.releaseHold).not.toHaveBeenCalled();
    c.get().stayInSale();
    expect(c.get()).toMatchObject({ leaveAsked: false, step: 'payment', cash: '500' });
    c.get().askNewCustomer();
    c.get().newCustomer();
    expect(c.get()).toMatchObject({ leaveAsked: false, step: 'search', cash: '', hold: { status: 'none' } });
    expect(c.api.releaseHold).toHaveBeenCalledWith({ holdId: 'PH-1' });
  });

  it('does not ask when nothing is at stake: no hold and no cash, or the sale already sent', async () => {
    c.get().askNewCustomer();
    expect(c.get().leaveAsked).toBe(false);
    c.api.sell.mockResolvedValue(ok(outcomeOf('confirmed', { prints: { tickets: printState('sent'), receipt: printState('sent', 'receipt') } })));
    await atPayment(c);
    await c.get().confirm();
    c.get().askNewCustomer();
    expect(c.get()).toMatchObject({ leaveAsked: false, step: 'search' });
  });

  it('hands a sale still being confirmed to the watcher, and one still printing', async () => {
    c.api.sell.mockResolvedValue(ok(outcomeOf('pending')));
    await atPayment(c);
    await c.get().confirm();
    c.get().back(); // Esc does not leave a sale being confirmed
    expect(c.get().step).toBe('outcome');
    c.get().newCustomer();
    expect(c.deps.handOver).toHaveBeenCalledWith('sale-1', expect.objectContaining({ status: 'pending' }), c.api.sell.mock.calls[0]![0].cashTenderedMinor);

    const d = fakeCounter();
    d.api.sell.mockResolvedValue(ok(outcomeOf('confirmed', { prints: { tickets: printState('printing'), receipt: printState('waiting', 'receipt') } })));
    await atPayment(d);
    await d.get().confirm();
    d.get().newCustomer();
    expect(d.deps.handOver).toHaveBeenCalledWith('sale-1', expect.objectContaining({ status: 'confirmed' }), expect.any(Number));
    expect(d.api.releaseHold).not.toHaveBeenCalled(); // a booked hold is consumed
  });

  it('keeps nothing of a sale that is printed: Esc on its outcome is the next customer', async () => {
    c.api.sell.mockResolvedValue(ok(outcomeOf('confirmed', { prints: { tickets: printState('sent'), receipt: printState('sent', 'receipt') } })));
    await atPayment(c);
    await c.get().confirm();
    c.get().back();
    expect(c.get().step).toBe('search');
    expect(c.deps.handOver).not.toHaveBeenCalled();
  });

  it('picks seats again on the same departure after the hold lapsed, keeping the names', async () => {
    await atPayment(c);
    await c.get().repick();
    expect(c.get()).toMatchObject({ step: 'seats', seats: [], saleId: null, names: ['Mona Ahmed'] });
    expect(c.api.readOffer).toHaveBeenCalledTimes(2);
  });
});
