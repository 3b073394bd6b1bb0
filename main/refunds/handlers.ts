import type { AppInfo, PrintResult } from '../../contract/counter.ts';
import type { RefundView } from '../../contract/refunds.ts';
import type { Clock } from '../clock.ts';
import type { ActingAgent, Current, HandlerGroup, Log } from '../deps.ts';
import type { Journal } from '../journal/journal.ts';
import type { PrintService } from '../printing/service.ts';
import { arabicNames } from '../reference/arabic-names.ts';
import { saveReportFile } from '../reports/report-file.ts';
import { claimsCsv, renderClaimsStatement } from './claims-statement.ts';
import { renderRefundReceipt } from './receipt-pdf.ts';
import { ClaimsService } from './claims-service.ts';
import { RefundService, type SaleRef } from './service.ts';
import type { StationDatabase } from './station-gate.ts';
import { RefundSettingsStore } from './settings.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';

type RefundCalls = 'refundQuote' | 'refund' | 'printRefundReceipt' | 'refundSettings' | 'saveRefundSettings' | 'claims' | 'matchAdjustment' | 'exportClaims';

/** Claims listed on screen at once (the statement export has every one). */
const SCREEN_CLAIMS = 500;

const saleRef = (a: { saleId?: string | undefined; bookingReference?: string | undefined }): SaleRef =>
  a.saleId !== undefined ? { saleId: a.saleId } : { bookingReference: a.bookingReference! };

export interface RefundHandlerDeps {
  /** The journal, API and agents of the environment in force (main/deps.ts `Current`). */
  current: Current<'journal' | 'client' | 'agents' | 'reference' | 'checkJournal'>;
  printer: Pick<PrintService, 'report'>;
  /**
   * The station database while this counter is linked to it in the current environment
   * (StationLink.database()), or null.
   */
  station?: () => StationDatabase | null;
  /** The environment and the counter's name, printed on receipts and statements. */
  info: () => Pick<AppInfo, 'environment' | 'stationName'>;
  agent: ActingAgent;
  /** The counter's data folder: the refund settings and exported statements live there. */
  dataDir: string;
  /** Seals the refund settings (null: no PIN key, nothing is sealed or checked). */
  seal?: SettingSeal | null;
  clock: Clock;
  log: Log;
}

export type MoneyBack = ReturnType<typeof moneyBack>;

/** One RefundService and one ClaimsService per journal (an environment's), made when first asked. */
export function moneyBack(d: Pick<RefundHandlerDeps, 'current' | 'station' | 'dataDir' | 'seal' | 'clock' | 'log'>) {
  const { station = () => null } = d;
  const settings = new RefundSettingsStore(d.dataDir, d.log, d.seal ?? null);
  const services = new WeakMap<Journal, { refunds: RefundService; claims: ClaimsService }>();
  const of = () => {
    const s = d.current();
    let service = services.get(s.journal);
    if (!service) {
      const deps = { journal: s.journal, client: s.client, settings: () => settings.load(), clock: d.clock, log: d.log, station, checkJournal: () => s.checkJournal() };
      service = { refunds: new RefundService({ ...deps, agents: s.agents }), claims: new ClaimsService(deps) };
      services.set(s.journal, service);
    }
    return service;
  };
  return {
    of,
    settings,
    /**
     * At start (and when another journal is opened): what this counter left claimed at the station
     * when it stopped between a claim and its entry, given back, so another window can pay those
     * tickets back without waiting for a refund or claims look here. An unreachable station keeps
     * them for that look.
     */
    giveBackLeftOut: async (): Promise<void> => {
      if (!station()) return;
      const { refunds, claims } = of();
      await refunds.giveBackLeftOut();
      await claims.giveBackLeftOut();
    },
  };
}

/** The money-back calls. */
export function refundHandlers(d: RefundHandlerDeps, services: MoneyBack = moneyBack(d)): HandlerGroup<RefundCalls> {
  const { printer } = d;
  const { of, settings } = services;
  const refunds = () => of().refunds;
  const claims = () => of().claims;

  /** The refund receipt on the receipt printer, from the refund's entry alone; a second print of it is a COPY. */
  const printReceipt = (refund: RefundView, language: 'ar' | 'en'): Promise<PrintResult> =>
    printer.report({
      document: `refund:${refund.refundId}`,
      title: `Shubbak refund ${refund.bookingReference}`,
      language,
      render: (paper, copy) => {
        const cityName = language === 'ar' ? arabicNames(d.current().reference).city : undefined;
        return renderRefundReceipt({ refund, environment: d.info().environment, station: d.info().stationName, cityName }, { paper, lang: language, copy });
      },
    });

  return {
    refundQuote: (ref) => refunds().quote(saleRef(ref)),
    refund: async ({ saleId, bookingReference, passengerIndexes, approval, language }) => {
      const refund = await refunds().refund(d.agent(), { ...saleRef({ saleId, bookingReference }), passengerIndexes, approval });
      // The cash is out and the entry written: a printer failure is answered, not thrown (print again later).
      const print = await printReceipt(refund, language).catch((err: unknown) => {
        d.log(`printing the refund receipt of ${refund.bookingReference} failed`, err);
        return null;
      });
      return { refund, print };
    },
    printRefundReceipt: ({ refundId, language }) => printReceipt(refunds().view(refundId), language),
    refundSettings: () => settings.load(),
    saveRefundSettings: (s) => settings.save(s, d.agent().name, d.clock.now()),
    // A screen lists the newest claims of a state; the totals count them all.
    claims: (arg) => claims().claims({ status: arg?.status, limit: arg?.limit ?? SCREEN_CLAIMS }),
    matchAdjustment: ({ transactionId, bookingReference, note }) => claims().matchByHand(d.agent(), transactionId, bookingReference, note, SCREEN_CLAIMS),
    exportClaims: async ({ format, language }) => {
      const view = await claims().claims();
      const now = d.clock.now();
      const info = d.info();
      const bytes =
        format === 'csv'
          ? Buffer.from(claimsCsv(view, language, info.stationName, now), 'utf8')
          : (await renderClaimsStatement(view, { lang: language, environment: info.environment, stationName: info.stationName, madeAt: now })).pdf;
      return saveReportFile(d, { name: `claims-${language}`, madeAt: now.toISOString(), format, bytes });
    },
  };
}
