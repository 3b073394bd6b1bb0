import type { TicketLanguage } from '../../contract/counter.ts';
import type { RetiredMark } from '../../contract/backup.ts';
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
import { stationDayReport, statementOf, type StationDayDeps } from './station-day.ts';

type ReportCalls = 'stationDayReport' | 'printDayReport' | 'exportDayReport';

/** The journal a day report reads: this counter's, or a retired one of this PC (retired.ts). */
export type DaySource = Omit<StationDayDeps, 'now' | 'log'> & {
  /** A retired counter's journal: the report says so, on screen and on paper. */
  retired?: RetiredMark;
  /** The day reported when none is asked for (default: today in Cairo). */
  defaultDate?: string | null;
};

/** What making, printing and saving a day report needs beside its source. */
export interface DayReportDeps {
  /** The counter's data folder: exported files go to its reports folder. */
  dataDir: string;
  clock: Clock;
  log: Log;
}

/** Runs `fn` with a day source (a retired journal is opened for the call and closed after). */
export type WithDaySource = <T>(fn: (source: DaySource) => Promise<T>) => Promise<T>;

/** The day report of a source: made, printed, saved as a file. Written once for this counter's journal and a retired one. */
export function dayReportOf(d: DayReportDeps, printer: Pick<PrintService, 'report'>, withSource: WithDaySource) {
  const build = async (s: DaySource, date: string): Promise<StationDayReport> => {
    const report = await stationDayReport({ ...s, now: d.clock.now(), log: d.log }, date);
    return s.retired ? { ...report, retired: s.retired } : report;
  };
  /** Which paper a print is (its second print a COPY) and which file an export is: a retired journal's are its own. */
  const named = (s: DaySource, name: string) => (s.retired ? `retired-${s.retired.counterId}-${name}` : name);
  const dateOf = (s: DaySource, date: string | undefined) => date ?? s.defaultDate ?? cairoDate(d.clock.now());
  return {
    report: (date: string | undefined) => withSource((s) => build(s, dateOf(s, date))),
    print: ({ date, language }: { date?: string | undefined; language: TicketLanguage }) =>
      withSource(async (s) => {
        const report = await build(s, dateOf(s, date));
        return printer.report({
          document: named(s, `day:${report.date}`),
          version: report,
          title: `Shubbak day report ${report.date}${s.retired ? ` (retired counter ${s.retired.counterId})` : ''}`,
          language,
          render: (paper, copy, revises) => renderDayReport(report, { paper, lang: language, copy, revises }),
        });
      }),
    export: ({ date, language, format }: { date?: string | undefined; language: TicketLanguage; format: 'csv' | 'pdf' | 'sales-csv' }) =>
      withSource(async (s) => {
        if (format === 'sales-csv') {
          const day = dateOf(s, date);
          const bytes = Buffer.from(daySalesCsv(saleLinesOfDay(s.journal, day), language), 'utf8');
          return saveReportFile(d, { name: named(s, `day-sales-${day}-${language}`), madeAt: d.clock.now().toISOString(), format: 'csv', bytes });
        }
        const report = await build(s, dateOf(s, date));
        const bytes =
          format === 'csv' ? Buffer.from(dayReportCsv(report, language), 'utf8') : (await renderDayReport(report, { paper: 'A4', lang: language, copy: false })).pdf;
        return saveReportFile(d, { name: named(s, `station-day-${report.date}-${language}`), madeAt: report.madeAt, format, bytes });
      }),
  };
}

export interface ReportHandlerDeps extends DayReportDeps {
  /** The journal, shifts, API and reference data of the environment in force (main/deps.ts `Current`). */
  current: Current<'journal' | 'environment' | 'shifts' | 'client' | 'reference'>;
  printer: Pick<PrintService, 'report'>;
  /** The counter's name as it is now, for the report's heading. */
  info: () => Pick<AppInfo, 'stationName'>;
}

export function reportHandlers(d: ReportHandlerDeps): HandlerGroup<ReportCalls> {
  const day = dayReportOf(d, d.printer, (fn) => {
    const s = d.current();
    return fn({
      journal: s.journal,
      environment: s.environment,
      shifts: s.shifts,
      operatorName: (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null,
      statement: (date) => statementOf(s.client, date),
      stationName: d.info().stationName,
    });
  });
  return {
    stationDayReport: (arg) => day.report(arg?.date),
    printDayReport: day.print,
    exportDayReport: day.export,
  };
}
