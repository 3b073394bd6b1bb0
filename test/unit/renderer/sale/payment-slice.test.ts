import { describe, expect, it } from 'vitest';
import { CASH_CHECK_OVER_MINOR, cashNeedsCheck } from '../../../../renderer/src/sale/money.ts';
import { SEAT_RETAIL, atPayment, counterPerTest, type FakeCounter } from './fake-counter.ts';

// The payment slice: the cash against the total, and the read-back of cash far over the total.

let c: FakeCounter;
counterPerTest((opened) => {
  c = opened;
});

const pounds = (minor: number) => String(minor / 100);

describe('the cash sanity rule', () => {
  it('asks when the cash is more than EGP 200 over the total, not at 200', () => {
    expect(CASH_CHECK_OVER_MINOR).toBe(20_000);
    expect(cashNeedsCheck(34_000, 34_000)).toBe(false);
    expect(cashNeedsCheck(34_000, 54_000)).toBe(false);
    expect(cashNeedsCheck(34_000, 54_001)).toBe(true);
    expect(cashNeedsCheck(34_000, 100_000)).toBe(true);
  });
});

describe('payment slice', () => {
  it('sends at once when the cash is close to the total', async () => {
    await atPayment(c, pounds(SEAT_RETAIL + CASH_CHECK_OVER_MINOR));
    await c.get().confirm();
    expect(c.get().cashCheck).toBeNull();
    expect(c.api.sell).toHaveBeenCalledOnce();
    expect(c.api.sell.mock.calls[0]![0].cashTenderedMinor).toBe(SEAT_RETAIL + CASH_CHECK_OVER_MINOR);
  });

  it('does nothing while the cash does not cover the total', async () => {
    await atPayment(c, pounds(SEAT_RETAIL - 100));
    await c.get().confirm();
    expect(c.api.sell).not.toHaveBeenCalled();
    expect(c.get().cashCheck).toBeNull();
  });

  it('reads large cash back first: Esc goes back to the amount, Enter on "correct" sends once', async () => {
    const cash = SEAT_RETAIL + CASH_CHECK_OVER_MINOR + 100;
    await atPayment(c, pounds(cash));
    await c.get().confirm();
    expect(c.get().cashCheck).toEqual({ totalMinor: SEAT_RETAIL, cashMinor: cash, changeMinor: cash - SEAT_RETAIL });
    expect(c.get().focus.target).toBe('cash-check');
    await c.get().confirm(); // F10 again does not answer the question
    expect(c.api.sell).not.toHaveBeenCalled();

    c.get().back(); // Esc
    expect(c.get()).toMatchObject({ step: 'payment', cashCheck: null });
    expect(c.get().focus.target).toBe('cash');

    await c.get().confirm();
    expect(c.get().cashCheck).not.toBeNull();
    c.get().setCash(pounds(cash + 100)); // typing again: a new amount, the question is gone
    expect(c.get().cashCheck).toBeNull();

    await c.get().confirm();
    await Promise.all([c.get().confirmCash(), c.get().confirmCash()]);
    expect(c.api.sell).toHaveBeenCalledOnce();
    expect(c.api.sell.mock.calls[0]![0].cashTenderedMinor).toBe(cash + 100);
    expect(c.get().step).toBe('outcome');
  });

  it('cancel is the mouse way of Esc', async () => {
    await atPayment(c, pounds(SEAT_RETAIL * 10));
    await c.get().confirm();
    c.get().cancelCashCheck();
    expect(c.get().cashCheck).toBeNull();
    expect(c.get().focus.target).toBe('cash');
    expect(c.api.sell).not.toHaveBeenCalled();
  });
});
