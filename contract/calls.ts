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
import type { ShiftView } from './counter.ts';
import { AgentName, AgentRole, CashCount, CashMoveKind, Pin, type AgentView, type CountResult, type DeskState, type ZReportView } from './shifts.ts';
import type { City, TicketList } from './partner/resources.ts';
import type { StationDayReport, StationReport } from './reports.ts';
import { StationConnectionInput, type StationStatus } from './station.ts';
import type { BookingHit, BookingView } from './lookup.ts';
import type { TripChange } from './worklist.ts';
import { BackupSettingsInput, RestoreInput, RetireInput, type BackupStatus, type RestoreResult, type RetireResult } from './backup.ts';

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

/** A day report (a Cairo date, default today) on the receipt printer, in a language. */
const ReportPrint = z.strictObject({ date: z.iso.date().optional(), language: TicketLanguage });
/** A day report saved as a file: CSV (UTF-8 with BOM, for Excel) or PDF (A4, in the language). */
const ReportExport = ReportPrint.extend({ format: z.enum(['csv', 'pdf']) });

export const calls = {
  appInfo: call('anyone', NoArg).returns<AppInfo>(),

  // reference data (cached in the journal database, refreshed daily and on demand)
  listCities: call('agent', NoArg).returns<City[]>(),
  referenceData: call('agent', NoArg).returns<ReferenceData>(),
  refreshReference: call('agent', NoArg).returns<ReferenceData>(),

  // selling
  search: call(
    'agent',
    z.strictObject({
      origin: Id,
      destination: Id,
      departureDate: z.iso.date(),
      passengers: z.int().min(1).max(10),
    }),
  ).returns<SearchResult>(),
  readOffer: call('agent', z.strictObject({ offerId: Id })).returns<PricedOfferDetail>(),
  createHold: call(
    'agent',
    z.strictObject({
      offerId: Id,
      seats: z.int().min(1).max(10),
      seatsRequested: z.array(z.string().min(1).max(10)).min(1).max(10).optional(),
      fareClass: z.string().min(1).max(50).optional(),
    }),
  ).returns<Hold>(),
  releaseHold: call('agent', z.strictObject({ holdId: Id })).returns<z.infer<typeof HoldRelease>>(),
  /**
   * One sale: the renderer mints `saleId` once per sale, so a double press, an Enter-repeat
   * or a retry after a lost answer all land on the same journal entry and Idempotency-Key.
   */
  sell: call(
    'agent',
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
  getSale: call('agent', z.strictObject({ saleId: SaleId })).returns<SaleOutcome>(),
  /** Sales still without a final answer (a supervisor's worklist of stuck sales). */
  openSales: call('supervisor', NoArg).returns<SaleSummary[]>(),
  /** Ask the API about a stuck sale again now, or abandon one the API never received (with why). */
  resolveSale: call(
    'supervisor',
    z.strictObject({ saleId: SaleId, action: z.enum(['ask', 'abandon']), reason: z.string().trim().min(1).max(200) }),
  ).returns<SaleOutcome>(),
  listSales: call('agent', Page.optional()).returns<SaleSummary[]>(),
  ticketList: call('agent', z.strictObject({ bookingReference: Id })).returns<TicketList>(),

  // finding a booking after the sale: this counter's journal as the agent types, then the account's bookings
  findBookings: call('agent', z.strictObject({ query: z.string().max(100), limit: z.int().min(1).max(50).optional() })).returns<BookingHit[]>(),
  findAccountBookings: call('agent', z.strictObject({ query: z.string().max(100) })).returns<BookingHit[]>(),
  readBooking: call(
    'agent',
    z
      .strictObject({ saleId: SaleId.optional(), bookingReference: Id.optional() })
      .refine((a) => (a.saleId === undefined) !== (a.bookingReference === undefined), 'exactly one of saleId, bookingReference'),
  ).returns<BookingView>(),

  // wallet
  wallet: call('agent', NoArg).returns<WalletView>(),
  walletTransactions: call('agent', Page.optional()).returns<TransactionsPage>(),

  // credentials (supervisor)
  credentialsStatus: call('agent', NoArg).returns<CredentialsStatus>(),
  saveCredential: call(
    'supervisor',
    z.strictObject({
      clientId: z.string().trim().min(1).max(200),
      clientSecret: z.string().trim().min(1).max(200),
      baseUrl: z.string().trim().min(1).max(500),
      slot: z.enum(['primary', 'secondary']).optional(),
    }),
  ).returns<CredentialsStatus>(),
  removeCredential: call('supervisor', z.strictObject({ slot: z.enum(['primary', 'secondary']) })).returns<CredentialsStatus>(),

  // retail pricing (station markup rules; every change kept with who and when)
  listMarkupRules: call('agent', NoArg).returns<MarkupRule[]>(),
  saveMarkupRule: call(
    'supervisor',
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
  deleteMarkupRule: call('supervisor', z.strictObject({ id: Id })).returns<MarkupRule[]>(),

  // the counter itself (supervisor): its name, from then on in the top bar and on new receipts
  saveStationName: call('supervisor', z.strictObject({ stationName: StationName })).returns<AppInfo>(),

  // printing
  listPrinters: call('agent', NoArg).returns<PrinterInfo[]>(),
  printSettings: call('agent', NoArg).returns<PrintSettings>(),
  savePrintSettings: call(
    'supervisor',
    z.strictObject({
      ticketPrinter: PrinterName.nullable(),
      receiptPrinter: PrinterName.nullable(),
      receiptPaper: z.enum(['80mm', 'A4']),
      ticketFormat: z.enum(['pdf', 'thermal80']).optional(),
    }),
  ).returns<PrintSettings>(),
  printTestPage: call('agent', z.strictObject({ printer: PrinterName })).returns<PrintResult>(),
  /**
   * A sale's tickets (`saleId`), or a booking's not sold here (`bookingReference`): all travellers
   * or one (`passengerIndex`, from 0), in the sale's language or the one asked. A repeat is a COPY in the journal.
   */
  printTickets: call(
    'agent',
    z
      .strictObject({
        saleId: SaleId.optional(),
        bookingReference: Id.optional(),
        passengerIndex: z.int().min(0).max(9).optional(),
        language: TicketLanguage.optional(),
      })
      .refine((a) => (a.saleId === undefined) !== (a.bookingReference === undefined), 'exactly one of saleId, bookingReference'),
  ).returns<PrintResult>(),
  printReceipt: call('agent', z.strictObject({ saleId: SaleId })).returns<PrintResult>(),

  // agents at the counter: sign in with a PIN, lock the screen, sign out
  desk: call('anyone', NoArg).returns<DeskState>(),
  /** The first supervisor of a counter that has no agent yet; signs them in. */
  createFirstSupervisor: call('anyone', z.strictObject({ name: AgentName, pin: Pin })).returns<DeskState>(),
  /** Signs an agent in, or unlocks the locked screen (another agent's PIN takes the counter over). */
  signIn: call('anyone', z.strictObject({ agentId: Id, pin: z.string().max(64) })).returns<DeskState>(),
  lockScreen: call('agent', NoArg).returns<DeskState>(),
  signOut: call('agent', NoArg).returns<DeskState>(),
  listAgents: call('supervisor', NoArg).returns<AgentView[]>(),
  /** Creates (no id) or changes an agent; `pin` absent keeps the current PIN. */
  saveAgent: call(
    'supervisor',
    z.strictObject({ id: Id.optional(), name: AgentName, role: AgentRole, pin: Pin.optional(), active: z.boolean() }),
  ).returns<AgentView[]>(),
  saveIdleLock: call('supervisor', z.strictObject({ minutes: z.int().min(0).max(240) })).returns<DeskState>(),

  // the agent's shift: a counted float, cash moved with a reason, a blind count, the Z-report
  openShift: call('agent', z.strictObject({ float: CashCount })).returns<DeskState>(),
  moveCash: call(
    'agent',
    z.strictObject({ kind: CashMoveKind, amountMinor: Minor.min(1), reason: z.string().trim().min(1).max(200) }),
  ).returns<DeskState>(),
  /** The blind count: recorded before the expected amount is answered, once per shift. */
  countDrawer: call('agent', z.strictObject({ count: CashCount })).returns<CountResult>(),
  closeShift: call('agent', z.strictObject({ comment: z.string().max(200).nullable() })).returns<ZReportView>(),
  /** A frozen Z-report of this counter; a supervisor reopens anyone's, an agent their own. */
  zReport: call('agent', z.strictObject({ zNumber: z.int().min(1) })).returns<ZReportView>(),
  printZReport: call('agent', z.strictObject({ zNumber: z.int().min(1), language: TicketLanguage })).returns<PrintResult>(),
  /** A supervisor's correction of a closed shift, approved by re-entering their PIN; a new entry, never an edit. */
  correctShift: call(
    'supervisor',
    z.strictObject({
      zNumber: z.int().min(1),
      amountMinor: z.int().min(-100_000_000_00).max(100_000_000_00).refine((n) => n !== 0, 'non-zero'),
      reason: z.string().trim().min(1).max(200),
      pin: z.string().max(64),
    }),
  ).returns<ZReportView>(),
  /** The shifts of a Cairo business day (default: today). */
  listShifts: call('supervisor', z.strictObject({ date: z.iso.date().optional() }).optional()).returns<ShiftView[]>(),

  // moved and cancelled trips of sales made here: who to call
  worklist: call('agent', NoArg).returns<TripChange[]>(),
  /** Checks the upcoming trips sold here now (the counter also does it every minute). */
  checkTrips: call('agent', NoArg).returns<TripChange[]>(),
  markCalled: call('agent', z.strictObject({ saleId: SaleId, version: z.string().min(1).max(100) })).returns<TripChange[]>(),

  // the station's PostgreSQL (optional): where this counter ships its journal
  stationStatus: call('agent', NoArg).returns<StationStatus>(),
  /** Tries the connection, creates or migrates the station schema, then keeps it (the password in the keychain). */
  connectStation: call('supervisor', StationConnectionInput).returns<StationStatus>(),
  disconnectStation: call('supervisor', NoArg).returns<StationStatus>(),
  /** The station's name, for every counter of the station (its settings stream). */
  renameStation: call('supervisor', z.strictObject({ stationName: StationName })).returns<StationStatus>(),
  /** The station day report over every counter shipping to the station database, the wallet reconciled once. */
  stationReport: call('supervisor', z.strictObject({ date: z.iso.date().optional() }).optional()).returns<StationReport>(),
  /** The whole station's day report on the receipt printer (its paper); a second print of a station's day is a COPY. */
  printStationReport: call('supervisor', ReportPrint).returns<PrintResult>(),
  /** The whole station's day report as a file in the counter's reports folder: PDF (A4, in the language) or CSV. */
  exportStationReport: call('supervisor', ReportExport).returns<{ path: string; bytes: number }>(),

  // journal
  verifyJournal: call('agent', NoArg).returns<JournalCheck>(),
  /** A verified backup now, to the backup folder (Settings → Journal), then the rotation. */
  backupJournal: call('supervisor', NoArg).returns<{ path: string; bytes: number }>(),
  /** The automatic backups: where, the last good one, and the warning the top bar shows. */
  backupStatus: call('agent', NoArg).returns<BackupStatus>(),
  saveBackupSettings: call('supervisor', BackupSettingsInput).returns<BackupStatus>(),
  /** A new or emptied PC becomes a counter again: from a backup file and/or the station database's copy. */
  restoreCounter: call('supervisor', RestoreInput).returns<RestoreResult>(),
  /** This PC's counter identity retired (old journals kept read-only), a new one started. */
  retireCounter: call('supervisor', RetireInput).returns<RetireResult>(),
  /** The station day report of a Cairo date (default: today): shifts, figures, sales by hour, the wallet reconciled. */
  stationDayReport: call('supervisor', z.strictObject({ date: z.iso.date().optional() }).optional()).returns<StationDayReport>(),
  /** The station day report on the receipt printer (its paper), in a language; a second print of a day is a COPY. */
  printDayReport: call('supervisor', ReportPrint).returns<PrintResult>(),
  /** The station day report as a file in the counter's reports folder: CSV (UTF-8 with BOM, for Excel) or PDF (A4). */
  exportDayReport: call('supervisor', ReportExport).returns<{ path: string; bytes: number }>(),
  /** The figures of one Cairo calendar date (default: today in Cairo). */
  dayReport: call('supervisor', z.strictObject({ date: z.iso.date().optional() }).optional()).returns<DayReport>(),
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
export const callNames = Object.freeze(Object.keys(calls) as CallName[]);

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}
