import { describe, expect, it } from 'vitest';
import type { RefundView } from '../../../../contract/refunds.ts';
import { renderRefundReceipt } from '../../../../main/refunds/receipt-pdf.ts';
import { pdfText, squash } from '../../pdf/pdf-tools.ts';

// The refund receipt on both papers and in both languages: the booking, the travellers, the
// amount, the agent, the supervisor and reason of a station's refund, the signature line.
const refund: RefundView = {
  refundId: '0f3c9a62-1b2d-4c5e-8f7a-9b0c1d2e3f40',
  saleId: '11111111-2222-4333-8444-555555555555',
  bookingReference: 'PB-7K2M9Q4X1Z',
  passengerIndexes: [0, 2],
  travellers: [
    { passengerIndex: 0, name: 'Hany Fouad', seat: '14' },
    { passengerIndex: 2, name: 'منى عادل', seat: null },
  ],
  route: 'Cairo → Alexandria',
  journey: { originId: 'cty_cai', originName: 'Cairo', destinationId: 'cty_alx', destinationName: 'Alexandria' },
  cause: 'station',
  retailMinor: 72_600,
  keptMinor: 7_260,
  amountMinor: 65_340,
  claimable: false,
  claimNetMinor: 0,
  currency: 'EGP',
  reason: 'Changed plans',
  agentName: 'Mona Agent',
  approvedBy: 'Samir Supervisor',
  at: '2026-07-01T09:15:00.000Z',
};

describe('the refund receipt', () => {
  it.each([
    ['80mm', 'en'],
    ['A4', 'en'],
    ['80mm', 'ar'],
    ['A4', 'ar'],
  ] as const)('on %s in %s', async (paper, lang) => {
    const page = await renderRefundReceipt({ refund, environment: 'TRAINING', station: 'Cairo Gateway 1' }, { paper, lang, copy: false });
    expect(page.widthMm).toBe(paper === 'A4' ? 210 : 80);
    const text = squash(pdfText(page.pdf));
    for (const words of ['PB-7K2M9Q4X1Z', 'Hany Fouad', 'Mona Agent', 'Samir Supervisor', 'Changed plans', 'Cairo Gateway 1']) expect(text).toContain(squash(words));
    if (lang === 'en') {
      for (const words of ['Refund receipt', 'EGP 726.00', 'EGP 72.60', 'EGP 653.40', "Traveller's signature", 'TRAINING']) expect(text).toContain(squash(words));
    } else {
      for (const words of ['إيصال رد قيمة', 'توقيع المسافر', 'منى عادل']) expect(text).toContain(squash(words));
    }
  });

  it('names the journey in the receipt’s language: Arabic city names where the reference data has them', async () => {
    const arabic = new Map([['cty_cai', 'القاهرة'], ['cty_alx', 'الإسكندرية']]);
    const text = async (r: RefundView, cityName?: (id: string) => string | null) =>
      squash(pdfText((await renderRefundReceipt({ refund: r, environment: 'LIVE', station: 'Cairo Gateway 1', cityName }, { paper: '80mm', lang: 'ar', copy: false })).pdf));
    const inArabic = await text(refund, (id) => arabic.get(id) ?? null);
    for (const city of ['القاهرة', 'الإسكندرية']) expect(inArabic).toContain(squash(city));
    expect(inArabic).not.toContain('Alexandria');
    // A city the reference data does not name in Arabic keeps the name recorded at the sale.
    const half = await text(refund, (id) => (id === 'cty_cai' ? 'القاهرة' : null));
    expect(half).toContain(squash('القاهرة'));
    expect(half).toContain('Alexandria');
    // A refund recorded before its journey was: the route as it was written.
    const older = await text({ ...refund, journey: null }, (id) => arabic.get(id) ?? null);
    expect(older).toContain('Alexandria');
    expect(older).not.toContain(squash('الإسكندرية'));
  });

  it('says COPY on a second print', async () => {
    const page = await renderRefundReceipt({ refund, environment: 'LIVE', station: 'Cairo Gateway 1' }, { paper: '80mm', lang: 'en', copy: true });
    const text = squash(pdfText(page.pdf));
    expect(text).toContain('COPY');
    expect(text).not.toContain('TRAINING');
  });
});
