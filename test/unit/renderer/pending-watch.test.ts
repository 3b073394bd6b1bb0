import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleOutcome } from '../../../contract/counter.ts';

// The background watcher of sales left pending: polls main, prints once on confirmation (tickets
// then receipt), keeps a failure for the agent to read; main's calls are stubbed.

const api = vi.hoisted(() => ({
  getSale: vi.fn(),
  printTickets: vi.fn(),
  printReceipt: vi.fn(),
  listSales: vi.fn(),
  wallet: vi.fn(),
}));
vi.mock('../../../renderer/src/api.ts', () => ({ api }));

const { usePendingWatch, WATCH_POLL_MS, watchingCount } = await import('../../../renderer/src/sale/pending-watch.ts');

const outcome = (status: SaleOutcome['status'], extra: Partial<SaleOutcome> = {}): SaleOutcome => ({
  saleId: 's1',
  status,
  booking: null,
  error: null,
  charged: status !== 'failed',
  retailTotalMinor: 48_400,
  netTotalMinor: 44_000,
  cashTenderedMinor: 50_000,
  changeMinor: 1_600,
  cashRecorded: status === 'confirmed',
  language: 'en',
  createdAt: '2026-11-22T00:00:00Z',
  prints: { tickets: { status: 'none', result: null }, receipt: { status: 'none', result: null } },
  ...extra,
});
const sent = (kind: string) => ({ ok: true, value: { printId: 'p', printer: kind === 'tickets' ? 'TicketPDF' : 'ReceiptPDF', kind, status: 'sent', error: null, jobId: 'X-1' } });

beforeEach(() => {
  vi.useFakeTimers();
  usePendingWatch.setState({ sales: [] });
  api.wallet.mockResolvedValue({ ok: false, error: { code: 'network', message: '' } });
  api.printTickets.mockImplementation(async () => sent('tickets'));
  api.printReceipt.mockImplementation(async () => sent('receipt'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('pending watch', () => {
  it('prints tickets then receipt exactly once when the sale turns confirmed', async () => {
    const order: string[] = [];
    api.printTickets.mockImplementation(async () => (order.push('tickets'), sent('tickets')));
    api.printReceipt.mockImplementation(async () => (order.push('receipt'), sent('receipt')));
    api.getSale.mockResolvedValueOnce({ ok: true, value: outcome('pending') }).mockResolvedValue({ ok: true, value: outcome('confirmed') });
    usePendingWatch.getState().adopt('s1', outcome('pending'), 50_000);
    usePendingWatch.getState().adopt('s1', outcome('pending'), 50_000); // a second hand-over is ignored
    expect(watchingCount(usePendingWatch.getState())).toBe(1);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(api.printTickets).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS * 5);
    expect(order).toEqual(['tickets', 'receipt']);
    const [w] = usePendingWatch.getState().sales;
    expect(w).toMatchObject({ status: 'confirmed', prints: { tickets: { status: 'sent' }, receipt: { status: 'sent' } } });
    expect(api.getSale).toHaveBeenCalledTimes(2); // polling stopped once settled
    usePendingWatch.getState().dismiss('s1');
    expect(usePendingWatch.getState().sales).toEqual([]);
  });

  it('keeps a failed sale for the agent: nothing charged, and a failed print can be retried', async () => {
    api.getSale.mockResolvedValue({ ok: true, value: outcome('failed', { error: { code: 'provider_rejected', message: '' } }) });
    usePendingWatch.getState().adopt('s1', outcome('pending'), 50_000);
    usePendingWatch.getState().dismiss('s1'); // still being confirmed: stays
    expect(usePendingWatch.getState().sales).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(usePendingWatch.getState().sales[0]).toMatchObject({ status: 'failed', outcome: { charged: false } });
    expect(api.printTickets).not.toHaveBeenCalled();
  });

  it('a sale main never recorded is reported as not charged', async () => {
    api.getSale.mockResolvedValue({ ok: false, error: { code: 'not_found', message: '' } });
    usePendingWatch.getState().adopt('s2', null, 20_000);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(usePendingWatch.getState().sales[0]).toMatchObject({ saleId: 's2', status: 'failed', outcome: null, cashTenderedMinor: 20_000 });
  });

  it('a failed print on confirmation is retried on request, once it succeeds it is not printed again', async () => {
    api.getSale.mockResolvedValue({ ok: true, value: outcome('confirmed') });
    api.printTickets.mockResolvedValueOnce({ ok: false, error: { code: 'print_failed', message: '' } });
    usePendingWatch.getState().adopt('s1', outcome('pending'), 50_000);
    await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
    expect(usePendingWatch.getState().sales[0]?.prints.tickets.status).toBe('failed');
    expect(usePendingWatch.getState().sales[0]?.prints.receipt.status).toBe('sent');
    await usePendingWatch.getState().retryPrint('s1', 'tickets');
    await usePendingWatch.getState().retryPrint('s1', 'tickets');
    expect(api.printTickets).toHaveBeenCalledTimes(2);
    expect(api.printReceipt).toHaveBeenCalledTimes(1);
  });
});
