import { describe, expect, it, vi } from 'vitest';
import type { SaleOutcome } from '../../../../contract/counter.ts';
import { PRINT_POLL_MS, printView } from '../../../../renderer/src/sale/prints.ts';
import type { SaleState } from '../../../../renderer/src/sale/store/types.ts';
import { atPayment, fail, counterPerTest, ok, outcomeOf, printState, printed, type FakeCounter } from './fake-counter.ts';

// The printing slice: main prints a confirmed sale by itself; the screen shows where that stands,
// asks main again while a print is under way, and prints only when the agent asks.

let c: FakeCounter;
counterPerTest((opened) => {
  c = opened;
});

const confirmedWith = (tickets: Parameters<typeof printState>[0], receipt: Parameters<typeof printState>[0]): SaleOutcome =>
  outcomeOf('confirmed', { prints: { tickets: printState(tickets, 'tickets'), receipt: printState(receipt, 'receipt') } });
const view = (s: SaleState, kind: 'tickets' | 'receipt') => printView(s.outcome?.prints[kind], s.manualPrints[kind]);

describe('printing slice', () => {
  it('never prints on a confirmation: it follows main until both prints are final', async () => {
    c.api.sell.mockResolvedValue(ok(confirmedWith('waiting', 'waiting')));
    c.api.getSale
      .mockResolvedValueOnce(ok(confirmedWith('printing', 'waiting')))
      .mockResolvedValueOnce(ok(confirmedWith('sent', 'printing')))
      .mockResolvedValue(ok(confirmedWith('sent', 'sent')));
    await atPayment(c);
    await c.get().confirm();
    expect(view(c.get(), 'tickets').status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS);
    expect(view(c.get(), 'tickets').status).toBe('printing');
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS);
    expect(view(c.get(), 'tickets')).toEqual({ status: 'sent', printer: 'TicketPDF', jobId: 'TicketPDF-7' });
    expect(view(c.get(), 'receipt').status).toBe('printing');
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS);
    expect(view(c.get(), 'receipt').status).toBe('sent');
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS * 10);
    expect(c.api.getSale).toHaveBeenCalledTimes(3);
    expect(c.api.printTickets).not.toHaveBeenCalled();
    expect(c.api.printReceipt).not.toHaveBeenCalled();
    expect(c.get().focus.target).toBe('outcome'); // updates of the prints do not move the focus
  });

  it('shows a failed print with main\'s error; Retry prints that kind once and shows main\'s new state', async () => {
    c.api.sell.mockResolvedValue(ok(confirmedWith('failed', 'sent')));
    await atPayment(c);
    await c.get().confirm();
    expect(view(c.get(), 'tickets')).toMatchObject({ status: 'failed', error: { code: 'print_failed' } });
    let answer: (v: Awaited<ReturnType<typeof c.api.printTickets>>) => void = () => {};
    c.api.printTickets.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const retry = c.get().print('tickets');
    expect(view(c.get(), 'tickets').status).toBe('printing');
    await c.get().print('tickets'); // a second press while it prints
    answer(ok(printed('tickets')));
    await retry;
    expect(c.api.printTickets).toHaveBeenCalledOnce();
    expect(c.api.printTickets).toHaveBeenCalledWith({ saleId: 'sale-1' });
    expect(view(c.get(), 'tickets')).toMatchObject({ status: 'sent', printer: 'TicketPDF' });
    expect(c.api.printReceipt).not.toHaveBeenCalled();
  });

  it('says why when the print call itself fails (no printer chosen)', async () => {
    c.api.sell.mockResolvedValue(ok(confirmedWith('failed', 'sent')));
    c.api.printTickets.mockResolvedValue(fail('not_configured'));
    await atPayment(c);
    await c.get().confirm();
    await c.get().print('tickets');
    expect(view(c.get(), 'tickets')).toMatchObject({ status: 'failed', error: { code: 'not_configured' } });
  });

  it('keeps the agent\'s print over an older answer of main that was on its way', async () => {
    c.api.sell.mockResolvedValue(ok(confirmedWith('failed', 'waiting')));
    let answer: (v: Awaited<ReturnType<typeof c.api.getSale>>) => void = () => {};
    c.api.getSale.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    await atPayment(c);
    await c.get().confirm();
    await vi.advanceTimersByTimeAsync(PRINT_POLL_MS); // main is asked about the receipt…
    await c.get().print('tickets'); // …while the agent prints the tickets again
    answer(ok(confirmedWith('failed', 'sent'))); // an answer from before that print
    await vi.advanceTimersByTimeAsync(0);
    expect(view(c.get(), 'tickets').status).toBe('sent');
    expect(c.get().outcome?.status).toBe('confirmed');
  });

  it('prints nothing for a sale that is not confirmed', async () => {
    c.api.sell.mockResolvedValue(ok(outcomeOf('pending')));
    await atPayment(c);
    await c.get().confirm();
    await c.get().print('tickets');
    expect(c.api.printTickets).not.toHaveBeenCalled();
  });
});
