import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SaleOutcome } from '../../../../contract/counter.ts';
import { PRINT_POLL_MS, printView } from '../../../../renderer/src/sale/prints.ts';
import { WATCH_POLL_MS, noticeShown, watchStore, watchingCount, type WatchDeps, type WatchState, type WatchedSale } from '../../../../renderer/src/sale/watch-store.ts';
import { fail, ok, outcomeOf, printState, printed } from './fake-counter.ts';

// The background watcher of sales the agent left before main had finished with them: it asks
// main, shows what main did (confirmed or failed, printed or not), and never prints by itself.

const api = {
  getSale: vi.fn<WatchDeps['api']['getSale']>(),
  printTickets: vi.fn<WatchDeps['api']['printTickets']>(),
  printReceipt: vi.fn<WatchDeps['api']['printReceipt']>(),
};
const refreshWallet = vi.fn();
let watch: StoreApi<WatchState>;

const confirmedWith = (tickets: Parameters<typeof printState>[0], receipt: Parameters<typeof printState>[0]): SaleOutcome =>
  outcomeOf('confirmed', { prints: { tickets: printState(tickets, 'tickets'), receipt: printState(receipt, 'receipt') } });
const one = (): WatchedSale => watch.getState().sales[0]!;
const view = (kind: 'tickets' | 'receipt') => printView(one().outcome?.prints[kind], one().manualPrints[kind]).status;

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetAllMocks();
  api.printTickets.mockResolvedValue(ok(printed('tickets')));
  api.printReceipt.mockResolvedValue(ok(printed('receipt')));
  watch = createStore(watchStore({ api, refreshWallet }));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pending watch', () => {
  it('follows a pending sale to its confirmation and main\'s prints, and prints nothing itself', async () => {
    api.getSale
      .mockResolvedValueOnce(ok(outcomeOf('pending')))
      .mockResolvedValueOnce(ok(confirmedWith('printing', 'waiting')))
      .mockResolvedValue(ok(confirmedWith('sent', 'sent')));
    watch.getState().adopt('sale-1', outcomeOf('pending'), 50_000);
    watch.getState().adopt('sale-1', outcomeOf('pending'), 50_000); // a second hand-over is ignored
    expect(watchingCount(watch.getState())).toBe(1);
    expect(noticeShown(one())).toBe(false);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(one().status).toBe('watching');
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(one().status).toBe('confirmed');
    expect(view('tickets')).toBe('printing');
    expect(noticeShown(one())).toBe(true);
    expect(watchingCount(watch.getState())).toBe(0);
    expect(refreshWallet).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS); // prints are followed closer
    expect([view('tickets'), view('receipt')]).toEqual(['sent', 'sent']);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS * 5);
    expect(api.getSale).toHaveBeenCalledTimes(3);
    expect(api.printTickets).not.toHaveBeenCalled();
    expect(api.printReceipt).not.toHaveBeenCalled();
    watch.getState().dismiss('sale-1');
    expect(watch.getState().sales).toEqual([]);
  });

  it('says nothing of a sale the agent saw confirmed once it is printed', async () => {
    api.getSale.mockResolvedValue(ok(confirmedWith('sent', 'sent')));
    watch.getState().adopt('sale-1', confirmedWith('printing', 'waiting'), 50_000);
    expect(watchingCount(watch.getState())).toBe(0);
    expect(noticeShown(one())).toBe(false);
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS);
    expect(watch.getState().sales).toEqual([]);
  });

  it('tells the agent when a print of a sale they left fails, and Try again prints that kind once', async () => {
    api.getSale.mockResolvedValue(ok(confirmedWith('failed', 'sent')));
    watch.getState().adopt('sale-1', confirmedWith('printing', 'waiting'), 50_000);
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS);
    expect(noticeShown(one())).toBe(true);
    expect(view('tickets')).toBe('failed');
    await Promise.all([watch.getState().retryPrint('sale-1', 'tickets'), watch.getState().retryPrint('sale-1', 'tickets')]);
    expect(api.printTickets).toHaveBeenCalledOnce();
    expect(view('tickets')).toBe('sent');
    await watch.getState().retryPrint('sale-1', 'receipt'); // printed already: not again from here
    expect(api.printReceipt).not.toHaveBeenCalled();
  });

  it('keeps a failed sale for the agent: nothing charged, the cash to give back', async () => {
    api.getSale.mockResolvedValue(ok(outcomeOf('failed')));
    watch.getState().adopt('sale-1', outcomeOf('pending'), 50_000);
    watch.getState().dismiss('sale-1'); // still being confirmed: stays
    expect(watch.getState().sales).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(one()).toMatchObject({ status: 'failed', outcome: { charged: false } });
    expect(noticeShown(one())).toBe(true);
  });

  it('a sale main never recorded is reported as not charged; network trouble is asked again', async () => {
    api.getSale.mockResolvedValueOnce(fail('network')).mockResolvedValue(fail('not_found'));
    watch.getState().adopt('sale-2', null, 20_000);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(one().status).toBe('watching');
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(one()).toMatchObject({ saleId: 'sale-2', status: 'failed', outcome: null, cashTenderedMinor: 20_000 });
  });
});
