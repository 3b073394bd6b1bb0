// The station day report as CSV (UTF-8 with BOM, so Excel opens the Arabic): totals, per counter,
// per agent, and the wallet lines that did not match.
import type { SalesLine, StationReport } from '../../contract/reports.ts';
import { cairoCell, csvFile, pounds } from '../reports/day-report-csv.ts';

const HEAD = ['sales', 'passengers', 'retail', 'net', 'cash', 'change', 'failed', 'open'];
const figures = (l: SalesLine) => [l.sales, l.passengers, pounds(l.retailMinor), pounds(l.netMinor), pounds(l.cashMinor), pounds(l.changeMinor), l.failed, l.open];

export function stationReportCsv(r: StationReport): string {
  const rec = r.reconciliation;
  const rows: (string | number | null)[][] = [
    ['station', r.station.id, r.station.name],
    ['date', r.date],
    ['environment', r.environment],
    ['made', cairoCell(r.madeAt)],
    ['verified', r.integrity ? (r.integrity.verified ? 'yes' : `NO (${r.integrity.problems.length} problems)`) : ''],
    ...(r.integrity?.problems ?? []).map((p) => ['not verified', p.counterId, p.kind, p.seq, p.detail]),
    [],
    ['', ...HEAD],
    ['station', ...figures(r.totals)],
    ...r.counters.map((c) => [`counter ${c.counterId}`, ...figures(c)]),
    ...r.agents.map((a) => [`agent ${a.agentName}`, ...figures(a)]),
    [],
    ['wallet statement read', rec.statementRead ? 'yes' : `no (${rec.error?.code ?? ''})`],
    ['opening balance', pounds(rec.openingBalanceMinor)],
    ['closing balance', pounds(rec.closingBalanceMinor)],
    ['debits matched', rec.matchedDebits.length],
    ['reversals matched', rec.matchedReversals.length],
    [],
    ['unmatched', 'side', 'booking', 'amount', 'counter'],
    ...rec.unmatched.map((u) => [u.reason, u.side, u.bookingReference, pounds(u.amountMinor), u.counterId]),
  ];
  return csvFile(rows);
}
