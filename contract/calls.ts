import { z } from 'zod';
import { call } from './define.ts';
import { BookingRequest, PassengerInput } from './partner/requests.ts';
import type { HoldRelease } from './partner/resources.ts';
import type {
  AppInfo,
  CredentialsStatus,
  DayReport,
  Hold,
  JournalCheck,
  MarkupRule,
  PricedOfferDetail,
  PrintResult,
  PrinterInfo,
  PrintSettings,
  ReferenceData,
  SaleOutcome,
  SaleSummary,
  SearchResult,
  TransactionsPage,
  WalletView,
} from './counter.ts';
import { TicketLanguage } from './counter.ts';
import type { City, TicketList } from './partner/resources.ts';

export { CounterEnvironment } from './counter.ts';
export type { AppInfo } from './counter.ts';

// Every call the renderer may make, declared once. The preload (IPC) and the web harness
// (HTTP) both build `window.shubbak` from this object; main validates every argument with
// the schema here before its handler runs.

const NoArg = z.undefined();
const Id = z.string().min(1).max(512);
const Minor = z.int().min(0).max(100_000_000_00);
const Page = z.strictObject({ limit: z.int().min(1).max(200).optional(), before: z.int().min(1).optional() });
const SaleId = z.uuid();
const PrinterName = z.string().min(1).max(200);
/** The counter's name in the top bar and on receipts (a supervisor setting). */
export const StationName = z.string().trim().min(1).max(80);

export const calls = {
  appInfo: call(NoArg).returns<AppInfo>(),

  // reference data (cached in the journal database, refreshed daily and on demand)
  listCities: call(NoArg).returns<City[]>(),
  referenceData: call(NoArg).returns<ReferenceData>(),
  refreshReference: call(NoArg).returns<ReferenceData>(),

  // selling
  search: call(
    z.strictObject({
      origin: Id,
      destination: Id,
      departureDate: z.iso.date(),
      passengers: z.int().min(1).max(10),
    }),
  ).returns<SearchResult>(),
  readOffer: call(z.strictObject({ offerId: Id })).returns<PricedOfferDetail>(),
  createHold: call(
    z.strictObject({
      offerId: Id,
      seats: z.int().min(1).max(10),
      seatsRequested: z.array(z.string().min(1).max(10)).min(1).max(10).optional(),
      fareClass: z.string().min(1).max(50).optional(),
    }),
  ).returns<Hold>(),
  releaseHold: call(z.strictObject({ holdId: Id })).returns<z.infer<typeof HoldRelease>>(),
  /**
   * One sale: the renderer mints `saleId` once per sale, so a double press, an Enter-repeat
   * or a retry after a lost answer all land on the same journal entry and Idempotency-Key.
   */
  sell: call(
    z.strictObject({
      saleId: SaleId,
      offerId: Id,
      passengers: z.array(PassengerInput).min(1).max(10),
      contact: BookingRequest.shape.contact.required({ phone: true }),
      fareClass: z.string().min(1).max(50).optional(),
      language: TicketLanguage,
      cashTenderedMinor: Minor,
    }),
  ).returns<SaleOutcome>(),
  getSale: call(z.strictObject({ saleId: SaleId })).returns<SaleOutcome>(),
  listSales: call(Page.optional()).returns<SaleSummary[]>(),
  ticketList: call(z.strictObject({ bookingReference: Id })).returns<TicketList>(),

  // wallet
  wallet: call(NoArg).returns<WalletView>(),
  walletTransactions: call(Page.optional()).returns<TransactionsPage>(),

  // credentials (supervisor)
  credentialsStatus: call(NoArg).returns<CredentialsStatus>(),
  saveCredential: call(
    z.strictObject({
      clientId: z.string().trim().min(1).max(200),
      clientSecret: z.string().trim().min(1).max(200),
      baseUrl: z.string().trim().min(1).max(500),
      slot: z.enum(['primary', 'secondary']).optional(),
    }),
  ).returns<CredentialsStatus>(),
  removeCredential: call(z.strictObject({ slot: z.enum(['primary', 'secondary']) })).returns<CredentialsStatus>(),

  // retail pricing (station markup rules; every change kept with who and when)
  listMarkupRules: call(NoArg).returns<MarkupRule[]>(),
  saveMarkupRule: call(
    z.strictObject({
      id: Id.optional(),
      operatorId: Id.nullable(),
      originId: Id.nullable(),
      destinationId: Id.nullable(),
      fareClass: z.string().min(1).max(50).nullable(),
      percent: z.number().min(0).max(100),
      fixedMinor: Minor,
    }),
  ).returns<MarkupRule[]>(),
  deleteMarkupRule: call(z.strictObject({ id: Id })).returns<MarkupRule[]>(),

  // the counter itself (supervisor): its name, from then on in the top bar and on new receipts
  saveStationName: call(z.strictObject({ stationName: StationName })).returns<AppInfo>(),

  // printing
  listPrinters: call(NoArg).returns<PrinterInfo[]>(),
  printSettings: call(NoArg).returns<PrintSettings>(),
  savePrintSettings: call(
    z.strictObject({
      ticketPrinter: PrinterName.nullable(),
      receiptPrinter: PrinterName.nullable(),
      receiptPaper: z.enum(['80mm', 'A4']),
    }),
  ).returns<PrintSettings>(),
  printTestPage: call(z.strictObject({ printer: PrinterName })).returns<PrintResult>(),
  printTickets: call(z.strictObject({ saleId: SaleId })).returns<PrintResult>(),
  printReceipt: call(z.strictObject({ saleId: SaleId })).returns<PrintResult>(),

  // journal
  verifyJournal: call(NoArg).returns<JournalCheck>(),
  backupJournal: call(NoArg).returns<{ path: string; bytes: number }>(),
  /** The figures of one Cairo calendar date (default: today in Cairo). */
  dayReport: call(z.strictObject({ date: z.iso.date().optional() }).optional()).returns<DayReport>(),
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
export const callNames = Object.freeze(Object.keys(calls) as CallName[]);

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}
