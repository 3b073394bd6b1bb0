import { CounterEnvironment, type AppInfo } from '../contract/counter.ts';
import { startSandbox } from '../sandbox/server.ts';
import { sleep as realSleep, systemClock, type Clock, type Sleep } from './clock.ts';
import { agentsHeadToRestore, journalLost } from './agents/journal-lost.ts';
import { AgentDesk } from './agents/desk.ts';
import { backupHandlers } from './backup/handlers.ts';
import { BackupService } from './backup/service.ts';
import { retiredReportHandlers } from './reports/retired.ts';
import { restoreHandlers } from './backup/restore-handlers.ts';
import { journalWithWork } from './backup/restore.ts';
import { agentHandlers } from './agents/handlers.ts';
import { credentialHandlers } from './credentials/handlers.ts';
import { CredentialService, targetOf } from './credentials/service.ts';
import type { Current } from './deps.ts';
import { setArabicDigits } from '../core/format.ts';
import { TrainingControl } from './training/control.ts';
import { trainingHandlers } from './training/handlers.ts';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch.ts';
import { AppFailure, toAppError } from './failure.ts';
import { journalHandlers } from './journal/handlers.ts';
import { lookupHandlers } from './lookup/handlers.ts';
import { recordPrint, type PrintRecord } from './journal/prints.ts';
import { httpDeps } from './partner/client.ts';
import { pricingHandlers } from './pricing/handlers.ts';
import { PrintFollower } from './printing/follower.ts';
import { printingHandlers } from './printing/handlers.ts';
import { createPrintService } from './printing/service.ts';
import type { Spooler } from './printing/spooler.ts';
import { referenceHandlers } from './reference/handlers.ts';
import { sellingHandlers } from './selling/handlers.ts';
import { receiptData } from './selling/receipt.ts';
import { reportHandlers } from './reports/handlers.ts';
import { shiftHandlers } from './shifts/handlers.ts';
import { stationHandlers } from './station/handlers.ts';
import { StationLink } from './station/link.ts';
import { sessionSettingsTarget, StationWideSettings } from './station/station-wide.ts';
import { INSTALLATION_CALLS } from '../contract/installation.ts';
import { installationRefusal, type WorldOfRecordDeps } from './agents/world-of-record.ts';
import { arabicNames } from './reference/arabic-names.ts';
import { worklistHandlers } from './worklist/handlers.ts';
import { moneyBack, refundHandlers } from './refunds/handlers.ts';
import { claimRefundsAhead } from './refunds/claim-ahead.ts';
import type { PinTurns } from './agents/pin-lockout.ts';
import { stationPinTurns } from './station/pin-turns.ts';
import type { FaultPoint } from './selling/sales.ts';
import { CounterSettingsStore } from './settings/counter.ts';
import { settingSeal } from './vault/settings-seal.ts';
import { SEALED_SETTINGS, sealEarlierSettings } from './settings/seal-earlier.ts';
import { installationCounterId, installationHolderId } from './settings/installation.ts';
import { anchorAccount } from './journal/head-anchor.ts';
import { forgetStationLeft, noteStationLeft } from './journal/settings-rows.ts';
import { currentServices, journalPath, openSession, type Session, type SessionDeps, type SessionTarget, type StartSandbox } from './session.ts';
import { CounterPinKeys } from './agents/station-secret.ts';
import { KeychainUnavailable, keytarKeychain, type Keychain } from './vault/keychain.ts';
import { PinKeyStore } from './vault/pin-key.ts';
import { privateDir, tightenTree } from './files/private.ts';
import { join } from 'node:path';
import { Vault } from './vault/vault.ts';
import { walletHandlers } from './wallet/handlers.ts';
import { activityOf } from './updates/activity.ts';
import { unavailableEngine, type UpdateEngine } from './updates/engine.ts';
import { updateHandlers } from './updates/handlers.ts';
import { UpdateService } from './updates/service.ts';
import { UpdateSettingsStore } from './updates/settings.ts';

export const DEFAULT_STATION_NAME = 'Cairo Gateway counter 1';
/** The TRAINING-only data folder of a counter whose keychain cannot be read (inside the real one). */
export const NO_KEYCHAIN_DIR = 'training-no-keychain';

export interface CounterOptions {
  /** Folder for the journal and settings (Electron's userData, or a temp dir in tests). */
  dataDir: string;
  version: string;
  log?: (message: string, err?: unknown) => void;
  /** The counter's name until the supervisor saves one in Settings (DEFAULT_STATION_NAME when absent). */
  stationName?: string;
  /** The OS keychain by default; tests and fixtures pass another. */
  keychain?: Keychain;
  clock?: Clock;
  sleep?: Sleep;
  fetch?: typeof fetch;
  /** The embedded TRAINING sandbox; the project's sandbox by default. */
  startSandbox?: StartSandbox;
  /** Per-attempt timeout of Partner API calls. */
  timeoutMs?: number;
  /** How often open sales are resumed (default 15 s). */
  resumeEveryMs?: number;
  /** Crash-test hook: called at named moments of a sale. */
  faults?: (point: FaultPoint) => void;
  /** Where print jobs go: the operating system's spooler by default (benches pass a fake). */
  spooler?: Spooler;
  /** Pause between journal shipping rounds to the station database (default 5 s). */
  shipEveryMs?: number;
  /** Entries per batch shipped to the station database (default 500). */
  shipBatchSize?: number;
  /** How the app updates itself (electron-updater in the installed app); none by default. */
  updateEngine?: UpdateEngine;
  /** How often the automatic backups look whether one is due (default a minute). */
  backupCheckEveryMs?: number;
}

export interface Counter {
  dispatch: Dispatch;
  /** Always the current state (the environment follows the credential). */
  readonly info: AppInfo;
  /** Resumes every open sale once and waits for it (start-up does this in the background). */
  resume(): Promise<void>;
  /** Resolves when main has no confirmed sale left to print (tests). */
  printed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The composition root of the main process: builds every service with its dependencies and
 * answers contract calls through one dispatcher. Used by the Electron shell and the web harness.
 */
export async function startCounter(opts: CounterOptions): Promise<Counter> {
  const log = opts.log ?? (() => {});
  const clock = opts.clock ?? systemClock;
  const sleep = opts.sleep ?? realSleep;
  const keychain = opts.keychain ?? keytarKeychain();
  const vault = new Vault(keychain);

  // The keychain holds the PIN key and the credentials. Where it cannot be read the counter runs
  // TRAINING only, in a data folder of its own (its own agents, settings and journal), never
  // touching the installation's; and nobody there is a supervisor (see AgentDesk.role).
  let pinKeys = new CounterPinKeys(null, null);
  let initial: SessionTarget = { kind: 'training' };
  let keychainFailed: KeychainUnavailable | null = null;
  try {
    const store = new PinKeyStore(keychain);
    pinKeys = new CounterPinKeys(store, await store.load());
    initial = targetOf(await vault.read());
  } catch (err) {
    if (err instanceof KeychainUnavailable) {
      keychainFailed = err;
      // The no-keychain world holds no PIN key, even one read before the keychain failed: nothing
      // done there can adopt, export or seal with the installation's.
      pinKeys = new CounterPinKeys(null, null);
    }
    // Expected on a desktop without a Secret Service: one line, not a stack trace.
    log(`No credential can be read, starting in TRAINING: ${toAppError(err).message}`);
  }
  // Folders 0700 and files 0600, those of earlier versions included (main/files/private.ts).
  tightenTree(opts.dataDir, log);
  const dataDir = keychainFailed ? join(opts.dataDir, NO_KEYCHAIN_DIR) : opts.dataDir;
  privateDir(dataDir);
  // the settings that guard the counter are sealed with the PIN key (main/settings/file.ts); none in the no-keychain world
  const seal = keychainFailed ? null : settingSeal(() => pinKeys.get());
  if (seal) await sealEarlierSettings({ dataDir, files: SEALED_SETTINGS, seal, keychain, log });
  const counterSettings = new CounterSettingsStore(dataDir, log, seal);
  // Paper made here (receipts, reports) writes Arabic numbers in the digits the counter chose.
  setArabicDigits(counterSettings.arabicDigits());
  const station = () => counterSettings.stationName() ?? opts.stationName ?? DEFAULT_STATION_NAME;
  // Bound below, once the session exists: the desk reads the agents of the session's journal.
  const agent = () => desk.agent();
  const sessionDeps: SessionDeps = {
    dataDir,
    counterId: installationCounterId(dataDir, log),
    version: opts.version,
    station,
    clock,
    sleep,
    fetch: opts.fetch,
    log,
    agent,
    startSandbox: opts.startSandbox ?? startSandbox,
    faults: opts.faults,
    timeoutMs: opts.timeoutMs,
    resumeEveryMs: opts.resumeEveryMs ?? 15_000,
    // Bound below, once the print service exists: sessions are opened before it.
    onSaleConfirmed: (saleId) => follower?.follow(saleId),
    pinKeys: () => pinKeys.get(),
    // Bound below, once the station link exists: linked, an agent's wrong PINs count at every window.
    pinTurns: (agentId) => pinTurns(agentId),
    // the journal's head is kept where its PIN key is (not in the no-keychain world's)
    anchors: keychainFailed ? null : keychain,
  };
  let follower: PrintFollower | null = null;
  let pinTurns: PinTurns = async () => null;

  let target: SessionTarget = initial;
  let session: Session = await openSession(sessionDeps, initial);
  const lostJournal = () => journalLost(session.journal, session.environment);
  const desk = new AgentDesk({
    journal: () => session.journal,
    directory: () => session.agents,
    shifts: () => session.shifts,
    idleLockMinutes: () => counterSettings.idleLockMinutes(),
    now: () => clock.now().getTime(),
    keychainFailed: () => keychainFailed !== null,
    journalLost: () => lostJournal(),
    isStationSecret: (text) => pinKeys.isSecretOfKey(text),
    // the station's settings stream: a supervisor's PIN proof key (stationLink is made below, before any sign-in)
    supervisorPinChecked: (supervisor, pin) => stationLink.supervisorPinChecked(supervisor, pin),
    supervisorsGone: () => stationLink.supervisorsGone(),
  });
  session.start();
  let closed = false;

  // One re-wiring at a time; the old environment's work is finished before the new one starts.
  let rewiring: Promise<void> = Promise.resolve();
  const rewire = (to: SessionTarget) => {
    const run = rewiring.then(async () => {
      if (closed) throw new AppFailure('not_configured', 'The counter is closing');
      const next = await openSession(sessionDeps, to);
      target = to;
      const prev = session;
      session = next;
      desk.reset();
      await prev.close();
      next.start();
      follower?.resume();
      giveBackLeftOut();
      log(`counter now in ${next.environment} (${next.baseUrl})`);
    });
    rewiring = run.catch(() => undefined);
    return run;
  };

  // The journals closed while `change` replaces them (a restore, a new identity), then opened again
  // with the installation's counter id as it is now.
  const reopenAfter = <T>(change: () => Promise<T>): Promise<T> => {
    // the backups paused until the journals are open again (they would read a closed one)
    const run = rewiring.then(() => backups.pause(async () => {
      if (closed) throw new AppFailure('not_configured', 'The counter is closing');
      await session.close();
      try {
        const changed = await change();
        // another journal is in place: the heads this PC kept of the ones before say nothing of it
        if (!keychainFailed) for (const environment of CounterEnvironment.options) await keychain.delete(anchorAccount(journalPath(dataDir, environment))).catch(() => false);
        return changed;
      } finally {
        const was = sessionDeps.counterId;
        sessionDeps.counterId = installationCounterId(dataDir, log);
        session = await openSession(sessionDeps, target);
        // Another counter's journal: nobody is signed in to it yet.
        if (sessionDeps.counterId !== was) desk.reset();
        session.start();
        follower?.resume();
        await stationLink.close();
        await stationLink.start();
        giveBackLeftOut();
      }
    }));
    rewiring = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  const info = (): AppInfo => ({
    name: 'Shubbak',
    version: opts.version,
    environment: session.environment,
    apiBaseUrl: session.baseUrl,
    stationName: station(),
    arabicDigits: counterSettings.arabicDigits(),
    agent: actingAgent(),
  });
  const actingAgent = (): AppInfo['agent'] => {
    const a = desk.state().signedIn ?? (session.agents.inUse() ? null : agent());
    return a ? { id: a.id, name: a.name } : null;
  };

  // Every service below gets what it uses by name. What belongs to an environment is reached
  // through a getter (`() => session.x`, or `current(...)` for several used together): saving a
  // credential replaces the whole session (main/deps.ts `Current`).
  const current = <K extends keyof Session>(...names: K[]): Current<K> => currentServices(() => session, ...names);
  const credentials = new CredentialService({
    vault,
    http: httpDeps({ version: opts.version, sleep, fetch: opts.fetch, timeoutMs: opts.timeoutMs }),
    clock,
    environment: () => session.environment,
    rewire,
  });
  const journalPrint = (p: PrintRecord) => recordPrint(session.journal, agent(), p);
  const printService = createPrintService({
    current: current('journal', 'client', 'environment', 'reference'),
    info,
    receipt: (saleId) => receiptData(session.journal, saleId),
    recordPrint: journalPrint,
    spooler: opts.spooler,
    dataDir,
    clock,
    log,
  });
  const printer = new PrintFollower({
    journal: () => session.journal,
    service: printService,
    recordPrint: (p) => void journalPrint(p),
    printerFor: async (kind) => {
      const s = await printService.settings();
      return kind === 'tickets' ? s.ticketPrinter : s.receiptPrinter;
    },
    sleep,
    log,
  });
  follower = printer;
  printer.resume();

  const stationLink: StationLink = new StationLink({
    dataDir,
    keychain,
    journal: () => session.journal,
    environment: () => session.environment,
    settingsTarget: () => sessionSettingsTarget(current('journal', 'agents', 'rules'), (name) => stationLink.renamed(name)),
    log,
    now: () => clock.now(),
    seal,
    shipEveryMs: opts.shipEveryMs,
    holder: () => installationHolderId(dataDir, log),
    fresh: () => journalWithWork(dataDir) === null,
    beforeShipping: () => session.checkJournal(),
    beforeBatch: (pool, afterSeq) => claimRefundsAhead(pool, session.journal, afterSeq, log),
    shipBatchSize: opts.shipBatchSize,
    linkChanged: (linked) => (linked ? forgetStationLeft : noteStationLeft)(session.journal),
  });
  await stationLink.start();
  // a station the shipper found offline is not waited for at each sign-in
  pinTurns = stationPinTurns(() => (stationLink.status().shipping === 'offline' ? null : stationLink.database()), log);
  const money = moneyBack({ current: current('journal', 'client', 'agents', 'reference', 'checkJournal'), station: () => stationLink.database(), dataDir, seal, clock, log });
  // In the background: a station that does not answer must not hold the counter's start.
  let givingBack: Promise<void> = Promise.resolve();
  const giveBackLeftOut = () => {
    givingBack = givingBack.then(() => money.giveBackLeftOut()).catch((err: unknown) => log('the station claims left by an earlier run could not be given back', err));
  };
  giveBackLeftOut();
  const backups = new BackupService({ dataDir, journal: () => session.journal, clock, log, checkEveryMs: opts.backupCheckEveryMs, seal });
  backups.start();
  const stationWide = new StationWideSettings({ current: current('agents', 'rules'), sync: () => stationLink.settings(), approvedBy: () => desk.approver() });
  const updates = new UpdateService({
    engine: opts.updateEngine ?? unavailableEngine,
    // the installation's, also in the no-keychain world, where a feed saved on is held (no seal can be checked)
    settings: new UpdateSettingsStore(opts.dataDir, log, seal),
    activity: () => activityOf(session.journal),
    clock,
    version: opts.version,
    log,
  });
  updates.start();

  const handlers: Handlers = {
    appInfo: () => info(),
    // Per counter, not per environment; new sales (and so their receipts) carry it from now on.
    saveStationName: ({ stationName }) => {
      counterSettings.saveStationName(stationName, clock.now());
      log(`counter renamed to "${station()}"`);
      return info();
    },
    saveArabicDigits: ({ digits }) => {
      setArabicDigits(counterSettings.saveArabicDigits(digits, clock.now()));
      return info();
    },
    ...referenceHandlers({ reference: () => session.reference }),
    ...sellingHandlers({ current: current('client', 'offers', 'sales', 'reference', 'journal'), printer, agent, log }),
    ...walletHandlers({ client: () => session.client }),
    ...credentialHandlers(credentials),
    ...pricingHandlers({ rules: () => session.rules, stationWide, agent }),
    ...journalHandlers({ current: current('journal', 'environment', 'reference'), clock }),
    ...printingHandlers(printService),
    ...agentHandlers({ agents: () => session.agents, desk, settings: counterSettings, stationWide, pinKeys, agent, clock, keepJournalHead: () => session.keepJournalHead() }),
    ...shiftHandlers({ shifts: () => session.shifts, desk, printer: printService, agent, clock, names: () => arabicNames(session.reference) }),
    ...reportHandlers({ current: current('journal', 'environment', 'shifts', 'client', 'reference'), printer: printService, info, dataDir, clock, log }),
    ...stationHandlers({ link: stationLink, stationWide, printer: printService, client: () => session.client, agent, dataDir, clock, log }),
    ...lookupHandlers({ current: current('journal', 'client') }),
    ...worklistHandlers({ trips: () => session.trips, agent }),
    ...trainingHandlers(new TrainingControl(() => ({ environment: session.environment, baseUrl: session.baseUrl, client: session.client }))),
    ...updateHandlers(updates),
    ...refundHandlers({ current: current('journal', 'client', 'agents', 'reference', 'checkJournal'), printer: printService, station: () => stationLink.database(), info, agent, dataDir, clock, log }, money),
    ...backupHandlers(backups),
    ...restoreHandlers({
      dataDir,
      clock,
      log,
      reopenAfter,
      counterId: () => session.journal.counterId,
      station: () => stationLink.pool(),
      restoringFor: () => stationLink.restoringFor(),
      stationEnvironment: () => stationLink.linkedEnvironment(),
      unlinkStation: async () => void (await stationLink.disconnect({ retiring: true })),
      resume: () => session.sales.resumeAll(),
      // open to anyone over a lost journal: only a backup whose agents this PC's key wrote, holding every change to them the keychain saw
      overLostJournal: () => (lostJournal() ? { keys: pinKeys.get(), agentsHead: agentsHeadToRestore(session.journal) } : undefined),
    }),
    ...retiredReportHandlers({ current: current('environment', 'client', 'reference'), printer: printService, info, dataDir, clock, log }),
  };

  const worlds: WorldOfRecordDeps = {
    current: () => session.environment,
    journalPath: (environment) => journalPath(dataDir, environment),
  };
  const dispatch = createDispatcher(handlers, {
    role: () => desk.role(),
    override: (name) => desk.overrideFor(name),
    // a LIVE journal deleted outside the app makes nobody its supervisor: only its restore is open
    openToAnyone: (name) => name === 'restoreCounter' && lostJournal() !== null,
    // Without a keychain no call of a supervisor's runs, whoever asks: the counter says why.
    refuseSupervisor: () => keychainFailed?.error ?? null,
    // The counter's own settings and keys are changed only where its agents are (contract/installation.ts).
    refuseHere: (name) => (INSTALLATION_CALLS.has(name) ? installationRefusal(worlds) : null),
    onInternalError: (err) => log('internal error in a contract call', err),
  });
  return {
    get info() {
      return info();
    },
    // Closing, the counter takes no new work: every call is refused with the same answer.
    dispatch: (name, arg) => (closed ? Promise.resolve({ ok: false, error: { code: 'not_configured', message: 'The counter is closing', retryable: true } }) : dispatch(name, arg)),
    resume: () => session.sales.resumeAll(),
    printed: () => printer.idle(),
    // Shutdown drains in order, the journal last: no new calls (above); the sales being sent get
    // their answer (bounded) and nothing more is resumed; the print in progress finishes and is
    // journalled, the queued ones stay owed (the next start prints them); a backup being written
    // and a shipping round finish; then the journal closes.
    close: async () => {
      closed = true;
      updates.close();
      await rewiring;
      await givingBack;
      await session.sales.close();
      await printer.close();
      await backups.close();
      await stationLink.close();
      await session.close();
    },
  };
}
