import { describe, expect, it, vi } from 'vitest';
import { POLL_MS } from '../../../../renderer/src/sale/store/sending.ts';
import { SEAT, SEAT_RETAIL, atPayment, fail, counterPerTest, fakeCounter, ok, outcomeOf, type FakeCounter } from './fake-counter.ts';

// The sending slice: one sale sent once, main's answer followed until it is final, and the sale
// on screen found again after a reload of the window.

let c: FakeCounter;
counterPerTest((opened) => {
  c = opened;
});

describe('sending slice', () => {
  it('sends the sale as the agent typed it, once however often it is confirmed', async () => {
    await atPayment(c);
    await Promise.all([c.get().confirm(), c.get().confirm()]);
    expect(c.api.sell).toHaveBeenCalledOnce();
    expect(c.api.sell).toHaveBeenCalledWith({
      saleId: 'sale-1',
      offerId: 'PH-1',
      passengers: [{ full_name: 'Mona Ahmed', seat: SEAT.number }],
      contact: { name: 'Mona Ahmed', phone: '01012345678' },
      language: 'en',
      cashTenderedMinor: SEAT_RETAIL,
    });
    expect(c.get()).toMatchObject({ step: 'outcome', sending: false, outcome: { status: 'confirmed' }, hold: { status: 'none' } });
    expect(c.get().focus.target).toBe('outcome');
    expect(c.deps.refreshWallet).toHaveBeenCalledOnce();
  });

  it('asks main again while the operator confirms, then stops', async () => {
    c.api.sell.mockResolvedValue(ok(outcomeOf('pending')));
    c.api.getSale.mockResolvedValueOnce(ok(outcomeOf('pending'))).mockResolvedValue(ok(outcomeOf('confirmed', { prints: outcomeOf('failed').prints })));
    await atPayment(c);
    await c.get().confirm();
    expect(c.get().outcome?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(c.get().outcome?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(c.get().outcome?.status).toBe('confirmed');
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(c.api.getSale).toHaveBeenCalledTimes(2);
  });

  it('asks main about a sale whose answer was lost, and lets the agent send it again when main never had it', async () => {
    c.api.sell.mockResolvedValueOnce(fail('network'));
    c.api.getSale.mockResolvedValue(fail('not_found'));
    await atPayment(c);
    await c.get().confirm();
    expect(c.get().sendError?.code).toBe('network');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(c.api.getSale).toHaveBeenCalledWith({ saleId: 'sale-1' });
    expect(c.get().sendError?.code).toBe('not_found');
    await c.get().retrySend();
    expect(c.api.sell).toHaveBeenLastCalledWith(expect.objectContaining({ saleId: 'sale-1' }));
    expect(c.get().outcome?.status).toBe('confirmed');
  });

  it('sends the agent back to the seats when the hold lapsed before the sale went', async () => {
    c.api.sell.mockResolvedValue(fail('offer_expired'));
    await atPayment(c);
    await c.get().confirm();
    expect(c.get()).toMatchObject({ hold: { status: 'expired', seats: [SEAT.number] }, saleId: null, outcome: null });
    expect(c.get().focus.target).toBe('repick');
  });

  it('tries a refused sale again under the same id, a rejected one under a new id', async () => {
    c.api.sell.mockResolvedValueOnce(ok(outcomeOf('failed', { error: { code: 'service_unavailable', message: '' } })));
    await atPayment(c);
    await c.get().confirm();
    await c.get().tryAgain();
    expect(c.api.sell.mock.calls.map((x) => x[0].saleId)).toEqual(['sale-1', 'sale-1']);

    const d = fakeCounter();
    d.api.sell.mockResolvedValueOnce(ok(outcomeOf('failed')));
    await atPayment(d);
    await d.get().confirm();
    await d.get().tryAgain();
    expect(d.api.sell.mock.calls.map((x) => x[0].saleId)).toEqual(['sale-1', 'sale-2']);
  });

  it('finds the sale on screen again after a reload, as main knows it now', async () => {
    c.api.sell.mockResolvedValue(ok(outcomeOf('pending')));
    await atPayment(c);
    await c.get().confirm();
    // the window reloads: a new store, the same session
    const after = fakeCounter({ session: c.session });
    after.api.getSale.mockResolvedValue(ok(outcomeOf('confirmed', { cashTenderedMinor: SEAT_RETAIL })));
    await after.get().resumeSale();
    expect(after.api.getSale).toHaveBeenCalledWith({ saleId: 'sale-1' });
    expect(after.get()).toMatchObject({ step: 'outcome', saleId: 'sale-1', outcome: { status: 'confirmed' } });
    // the next customer: nothing to find after another reload
    after.get().newCustomer();
    const again = fakeCounter({ session: c.session });
    await again.get().resumeSale();
    expect(again.api.getSale).not.toHaveBeenCalled();
    expect(again.get().step).toBe('search');
  });

  it('forgets a sale main never recorded', async () => {
    c.session.setItem('shubbak.saleOnScreen', 'sale-9');
    c.api.getSale.mockResolvedValue(fail('not_found'));
    await c.get().resumeSale();
    expect(c.get()).toMatchObject({ step: 'search', saleId: null });
    expect(c.session.items.size).toBe(0);
  });
});
