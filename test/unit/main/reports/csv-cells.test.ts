import { describe, expect, it } from 'vitest';
import type { ClaimsView } from '../../../../contract/refunds.ts';
import { claimsCsv } from '../../../../main/refunds/claims-statement.ts';
import { cairoCell } from '../../../../main/reports/day-report-csv.ts';

// Every CSV file the counter writes (the day report, the day's sales, the station report, the
// claims statement) writes an instant and an amount one way: the Cairo wall clock, sortable,
// and pounds with two decimals (core/money.ts plainPounds).

describe('an instant in a CSV cell', () => {
  it.each([
    ['2026-07-01T20:12:33.000Z', '2026-07-01 23:12:33'], // summer time, +03:00
    ['2026-01-15T07:05:00Z', '2026-01-15 09:05:00'], // winter, +02:00
    ['2026-10-29T21:30:00Z', '2026-10-29 23:30:00'], // the hour that happens twice: its second time
    ['2026-12-31T22:00:00Z', '2027-01-01 00:00:00'], // the Cairo day, not the UTC one
  ])('%s → %s', (at, cell) => {
    expect(cairoCell(at)).toBe(cell);
    expect(cairoCell(new Date(at))).toBe(cell);
  });
});

describe('the claims statement CSV', () => {
  const view: ClaimsView = {
    claims: [{ bookingReference: 'PB-7F3A21', openedAt: '2026-07-01T20:12:33.000Z', claimedMinor: 125_005, settledMinor: 5, status: 'short', overdue: false, settlements: [] }],
    unmatched: [],
    totals: { open: 0, short: 1, settled: 0, over: 0, overdue: 0, claimedMinor: 125_005, settledMinor: 5, owedMinor: 125_000 },
    overdueDays: 14,
    statementReadAt: null,
    statementError: null,
    station: null,
  };

  it('writes its times and amounts as the day report CSV does', () => {
    const lines = claimsCsv(view, 'en', 'Cairo Gateway', new Date('2026-07-02T06:00:00Z')).split('\r\n');
    expect(lines[0]).toBe('\uFEFFClaims statement,Cairo Gateway');
    expect(lines[1]).toBe('2026-07-02 09:00:00');
    expect(lines[4]).toBe('PB-7F3A21,2026-07-01 23:12:33,1250.05,0.05,1250.00,short');
    expect(lines.at(-2)).toBe('Total owed,1250.00');
  });
});
