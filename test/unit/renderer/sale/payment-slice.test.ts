import { describe, expect, it } from 'vitest';
import { SEAT_RETAIL, atPayment, counterPerTest, type FakeCounter } from './fake-counter.ts';

// The payment slice: the cash against the total.

let c: FakeCounter;
counterPerTest((opened) => {
  c = opened;
});

const pounds = (minor: number) => String(minor / 100);

describe('payment slice', () => {
  it('sends the cash typed once it covers the total', async () => {
    await atPayment(c, pounds(SEAT_RETAIL + 5_000));
    await c.get().confirm();
    expect(c.api.sell).toHaveBeenCalledOnce();
    expect(c.api.sell.mock.calls[0]![0].cashTenderedMinor).toBe(SEAT_RETAIL + 5_000);
  });

  it('does nothing while the cash does not cover the total', async () => {
    await atPayment(c, pounds(SEAT_RETAIL - 100));
    await c.get().confirm();
    expect(c.api.sell).not.toHaveBeenCalled();
  });
});
