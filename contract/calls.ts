import { CALL_NAMES } from './call-names.generated.ts';
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
import { AgentName, AgentRole, CashCount, CashMoveKind, Pin, type AgentView, type CountResult, type DeskState, type OverrideGrant, type ZReportView } from './shifts.ts';
import type { City, TicketList } from './partner/resources.ts';
import type { StationDayReport, StationReport } from './reports.ts';
import { StationConnectionInput, type StationStatus } from './station.ts';
import type { BookingHit, BookingView } from './lookup.ts';
import type { TripChange } from './worklist.ts';
import { TrainingAction, type TrainingDone } from './training.ts';
import { UpdateSettingsInput, type UpdateStatus } from './updates.ts';
import { RefundPolicy, type ClaimsView, type RefundQuote, type RefundSettings, type RefundView } from './refunds.ts';
import { BackupSettingsInput, RestoreInput, RetireInput, type BackupStatus, type RestoreResult, type RetireResult } from './backup.ts';
import { RetiredJournalId, type RetiredJournal } from './backup.ts';

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
/** The day report saved as a file, or `sales-csv`: the accountant's file with one line per sale of the day. */
const DayReportExport = ReportPrint.extend({ format: z.enum(['csv', 'pdf', 'sales-csv']) });
/** A sale made here by its id, or a sale of any counter of the station by its booking reference. */
const SaleOrBooking = z
  .strictObject({ saleId: SaleId.optional(), bookingReference: Id.optional() })
  .refine((a) => (a.saleId === undefined) !== (a.bookingReference === undefined), 'exactly one of saleId, bookingReference');

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
  /** The digits of Arabic screens and paper on this counter: Arabic-Indic or Latin. */
  saveArabicDigits: call('supervisor', z.strictObject({ digits: z.enum(['arab', 'latn']) })).returns<AppInfo>(),

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
  /** The first supervisor of a counter that has no agent yet; signs them in. Over a lost journal, with the station secret. */
  createFirstSupervisor: call('anyone', z.strictObject({ name: AgentName, pin: Pin, stationSecret: z.string().max(200).optional() })).returns<DeskState>(),
  /** Signs an agent in, or unlocks the locked screen (another agent's PIN takes the counter over). */
  signIn: call('anyone', z.strictObject({ agentId: Id, pin: z.string().max(64) })).returns<DeskState>(),
  /** A supervisor lifts an agent's lock after wrong PINs, with their own PIN (checked like a sign-in). */
  unlockAgent: call('anyone', z.strictObject({ agentId: Id, supervisorId: Id, pin: z.string().max(64) })).returns<DeskState>(),
  /** The station secret (the PIN key) a supervisor writes down to link the station's next counter; their PIN again. */
  exportStationSecret: call('supervisor', z.strictObject({ pin: z.string().max(64) })).returns<{ secret: string }>(),
  /**
   * The supervisor signed in types their PIN again at this counter (checked like a sign-in, wrong
   * PINs counting toward its lockout): their PIN proof for the station's settings stream is kept
   * from it, for a change refused with supervisor_proof_needed (signed in before the link).
   */
  confirmSupervisorPin: call('supervisor', z.strictObject({ pin: z.string().max(64) })).returns<DeskState>(),
  /**
   * Adopts the station secret typed in (before linking this counter, or after its PIN key was
   * lost): a supervisor's PIN, checked with this counter's key or with the secret's; none on a
   * counter with no agent yet (it acts as its own supervisor).
   */
  importStationSecret: call(
    'anyone',
    z.strictObject({ secret: z.string().max(200), supervisorId: Id.optional(), pin: z.string().max(64).optional() }),
  ).returns<DeskState>(),
  lockScreen: call('agent', NoArg).returns<DeskState>(),
  /**
   * The agent signed in pressed a key or touched the screen (at most every ACTIVITY_REPORT_MS):
   * main's idle lock counts from it. Answers when main locks the screen without another (null: never).
   */
  reportActivity: call('agent', NoArg).returns<{ locksAt: string | null }>(),
  signOut: call('agent', NoArg).returns<DeskState>(),
  /**
   * The POS override: a supervisor's PIN approves one action (its supervisor-only calls) for the
   * agent signed in, for a couple of minutes (journalled with both names).
   */
  approveOverride: call(
    'agent',
    z.strictObject({ supervisorId: Id, pin: z.string().max(64), action: z.string().min(1).max(60), calls: z.array(z.string().min(1).max(60)).min(1).max(20) }),
  ).returns<OverrideGrant>(),
  /** TRAINING only: what a trainer stages on the embedded sandbox (a moved or cancelled trip, the wallet, an adjustment, time). */
  trainingAction: call('supervisor', TrainingAction).returns<TrainingDone>(),
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
  /** The journals of identities retired on this PC, for their reports (Reports → Journal). */
  retiredJournals: call('supervisor', NoArg).returns<RetiredJournal[]>(),
  /** A retired journal's day report (default: its last business day), read-only, marked with its counter id. */
  retiredDayReport: call('supervisor', z.strictObject({ journal: RetiredJournalId, date: z.iso.date().optional() })).returns<StationDayReport>(),
  printRetiredDayReport: call('supervisor', ReportPrint.extend({ journal: RetiredJournalId })).returns<PrintResult>(),
  exportRetiredDayReport: call('supervisor', DayReportExport.extend({ journal: RetiredJournalId })).returns<{ path: string; bytes: number }>(),
  /** A frozen Z-report of a retired journal. */
  retiredZReport: call('supervisor', z.strictObject({ journal: RetiredJournalId, zNumber: z.int().min(1) })).returns<ZReportView>(),
  printRetiredZReport: call('supervisor', z.strictObject({ journal: RetiredJournalId, zNumber: z.int().min(1), language: TicketLanguage })).returns<PrintResult>(),
  /** The station day report of a Cairo date (default: today): shifts, figures, sales by hour, the wallet reconciled. */
  stationDayReport: call('supervisor', z.strictObject({ date: z.iso.date().optional() }).optional()).returns<StationDayReport>(),
  /** The station day report on the receipt printer (its paper), in a language; a second print of a day is a COPY. */
  printDayReport: call('supervisor', ReportPrint).returns<PrintResult>(),
  /** The station day report as a file in the counter's reports folder: CSV (UTF-8 with BOM, for Excel) or PDF (A4). */
  exportDayReport: call('supervisor', DayReportExport).returns<{ path: string; bytes: number }>(),
  /** The figures of one Cairo calendar date (default: today in Cairo). */
  dayReport: call('supervisor', z.strictObject({ date: z.iso.date().optional() }).optional()).returns<DayReport>(),

  // updates of the app (supervisor): the feed, off by default; installed only between shifts
  updateStatus: call('supervisor', NoArg).returns<UpdateStatus>(),
  saveUpdateSettings: call('supervisor', UpdateSettingsInput).returns<UpdateStatus>(),
  // money back (issue 23): refunds at the counter, the claims they open, settled against the wallet
  /** What a refund of a sale made here would pay per ticket, and whether its departure was cancelled. */
  refundQuote: call('agent', SaleOrBooking).returns<RefundQuote>(),
  /**
   * Pays a refund in cash from the agent's shift (tickets by passenger_index, absent: the whole
   * booking) and prints its receipt. A trip not cancelled needs a supervisor's id, PIN and reason.
   */
  refund: call(
    'agent',
    z
      .strictObject({
        saleId: SaleId.optional(),
        bookingReference: Id.optional(),
        passengerIndexes: z.array(z.int().min(0).max(9)).min(1).max(10).optional(),
        approval: z.strictObject({ supervisorId: Id, pin: z.string().max(64), reason: z.string().trim().min(1).max(200) }).optional(),
        language: TicketLanguage,
      })
      .refine((a) => (a.saleId === undefined) !== (a.bookingReference === undefined), 'exactly one of saleId, bookingReference'),
  ).returns<{ refund: RefundView; print: PrintResult | null }>(),
  /** The refund receipt again (a COPY). */
  printRefundReceipt: call('agent', z.strictObject({ refundId: z.uuid(), language: TicketLanguage })).returns<PrintResult>(),
  refundSettings: call('agent', NoArg).returns<RefundSettings>(),
  saveRefundSettings: call('supervisor', z.strictObject({ policy: RefundPolicy, overdueDays: z.int().min(1).max(365) })).returns<RefundSettings>(),
  /** The claims of this counter: the wallet statement is read first. */
  claims: call(
    'supervisor',
    z
      .strictObject({ status: z.enum(['all', 'open', 'short', 'settled', 'over', 'overdue']).optional(), limit: z.int().min(1).max(100_000).optional() })
      .optional(),
  ).returns<ClaimsView>(),
  /** A supervisor matches an ADJUSTMENT listed apart to a claim (a journal entry). */
  matchAdjustment: call(
    'supervisor',
    z.strictObject({ transactionId: Id, bookingReference: Id, note: z.string().trim().max(200).nullable() }),
  ).returns<ClaimsView>(),
  /** The claims statement for the account manager, one line per booking: CSV or PDF (A4) in the reports folder. */
  exportClaims: call('supervisor', z.strictObject({ format: z.enum(['csv', 'pdf']), language: TicketLanguage })).returns<{ path: string; bytes: number }>(),
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
export const callNames: readonly CallName[] = Object.freeze(Object.keys(calls) as CallName[]);

// call-names.generated.ts names exactly these calls (both ways checked here; their order by a unit test).
const _listed: readonly CallName[] = CALL_NAMES;
const _everyListed: Exclude<CallName, (typeof CALL_NAMES)[number]> extends never ? true : never = true;
void _listed;
void _everyListed;

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}
