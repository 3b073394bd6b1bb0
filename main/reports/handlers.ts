import type { StationDayReport } from '../../contract/reports.ts';
import { cairoDate } from '../../core/cairo-time.ts';
import type { AppInfo } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import type { Current, HandlerGroup, Log } from '../deps.ts';
import type { PrintService } from '../printing/service.ts';
import { dayReportCsv, daySalesCsv } from './day-report-csv.ts';
import { saleLinesOfDay } from '../journal/report.ts';
import { renderDayReport } from './day-report-pdf.ts';
import { saveReportFile } from './report-file.ts';
import { stationDayReport, statementOf } from './station-day.ts';

type ReportCalls = 'stationDayReport' | 'printDayReport' | 'exportDayReport';

export interface ReportHandlerDeps {
  /** The journal, shifts, API and reference data of the environment in force (main/deps.ts `Current`). */
  current: Current<'journal' | 'environment' | 'shifts' | 'client' | 'reference'>;
  printer: Pick<PrintService, 'report'>;
  /** The counter's name as it is now, for the report's heading. */
  info: () => Pick<AppInfo, 'stationName'>;
  /** The counter's data folder: exported files go to its reports folder. */
  dataDir: string;
  clock: Clock;
  log: Log;
}

export function reportHandlers(d: ReportHandlerDeps): HandlerGroup<ReportCalls> {
  const { printer } = d;
  const build = (date: string | undefined): Promise<StationDayReport> => {
    const now = d.clock.now();
    const s = d.current();
    return stationDayReport(
      {
        journal: s.journal,
        environment: s.environment,
        shifts: s.shifts,
        operatorName: (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null,
        statement: (day) => statementOf(s.client, day),
        stationName: d.info().stationName,
        now,
        log: d.log,
      },
      date ?? cairoDate(now),
    );
  };
  return {
    stationDayReport: (arg) => build(arg?.date),
    printDayReport: async ({ date, language }) => {
      const report = await build(date);
      return printer.report({
        document: `day:${report.date}`,
        title: `Shubbak day report ${report.date}`,
        language,
        render: (paper, copy) => renderDayReport(report, { paper, lang: language, copy }),
      });
    },
    exportDayReport: async ({ date, language, format }) => {
      if (format === 'sales-csv') {
        const day = date ?? cairoDate(d.clock.now());
        const bytes = Buffer.from(daySalesCsv(saleLinesOfDay(d.current().journal, day), language), 'utf8');
        return saveReportFile(d, { name: `day-sales-${day}-${language}`, madeAt: d.clock.now().toISOString(), format: 'csv', bytes });
      }
      const report = await build(date);
      const bytes =
        format === 'csv' ? Buffer.from(dayReportCsv(report, language), 'utf8') : (await renderDayReport(report, { paper: 'A4', lang: language, copy: false })).pdf;
      return saveReportFile(d, { name: `station-day-${report.date}-${language}`, madeAt: report.madeAt, format, bytes });
    },
  };
}
