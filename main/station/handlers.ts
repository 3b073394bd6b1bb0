import type { StationReport } from '../../contract/reports.ts';
import { cairoDate } from '../../core/cairo-time.ts';
import type { Clock } from '../clock.ts';
import type { ActingAgent, HandlerGroup, Log } from '../deps.ts';
import type { PartnerClient } from '../partner/client.ts';
import type { PrintService } from '../printing/service.ts';
import { saveReportFile } from '../reports/report-file.ts';
import { statementOf } from '../reports/station-day.ts';
import type { StationLink } from './link.ts';
import { stationReportCsv } from './report-csv.ts';
import { renderStationReport } from './report-pdf.ts';
import type { StationWideSettings } from './station-wide.ts';

type StationCalls =
  | 'stationStatus'
  | 'connectStation'
  | 'disconnectStation'
  | 'renameStation'
  | 'stationReport'
  | 'printStationReport'
  | 'exportStationReport';

export interface StationHandlerDeps {
  link: StationLink;
  /** The station's name is a station-wide setting. */
  stationWide: Pick<StationWideSettings, 'renameStation'>;
  printer: Pick<PrintService, 'report'>;
  /** The API client of the environment in force, for the wallet statement (main/deps.ts `Current`: why a getter). */
  client: () => PartnerClient;
  agent: ActingAgent;
  /** The counter's data folder: exported files go to its reports folder. */
  dataDir: string;
  clock: Clock;
  log: Log;
}

export function stationHandlers(d: StationHandlerDeps): HandlerGroup<StationCalls> {
  const { link, stationWide, printer } = d;
  const build = (date: string | undefined): Promise<StationReport> =>
    link.report(date ?? cairoDate(d.clock.now()), (day) => statementOf(d.client(), day));
  return {
    stationStatus: () => link.status(),
    connectStation: (input) => {
      const by = d.agent();
      return link.connect(input, { agentId: by.id, agentName: by.name });
    },
    disconnectStation: () => link.disconnect(),
    renameStation: async ({ stationName }) => {
      await stationWide.renameStation(stationName, d.agent());
      return link.status();
    },
    stationReport: (arg) => build(arg?.date),
    printStationReport: async ({ date, language }) => {
      const report = await build(date);
      return printer.report({
        document: `station:${report.station.id}:${report.date}`,
        version: report,
        title: `Shubbak station day report ${report.station.id} ${report.date}`,
        language,
        render: (paper, copy, revises) => renderStationReport(report, { paper, lang: language, copy, revises }),
      });
    },
    exportStationReport: async ({ date, language, format }) => {
      const report = await build(date);
      const bytes =
        format === 'csv' ? Buffer.from(stationReportCsv(report), 'utf8') : (await renderStationReport(report, { paper: 'A4', lang: language, copy: false })).pdf;
      const name = format === 'csv' ? `station-${report.station.id}-${report.date}` : `station-${report.station.id}-${report.date}-${language}`;
      return saveReportFile(d, { name, madeAt: report.madeAt, format, bytes });
    },
  };
}
