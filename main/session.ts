import { dirname, join } from 'node:path';
import { ensurePrivateFile, privateDir } from './files/private.ts';
import type { CounterEnvironment } from '../contract/counter.ts';
import type { Clock, Sleep } from './clock.ts';
import type { Current } from './deps.ts';
import { AgentDirectory } from './agents/directory.ts';
import type { PinTurns } from './agents/pin-lockout.ts';
import type { PinKeys } from './vault/pin-key.ts';
import { DEFAULT_AGENT, type Agent } from './journal/agents.ts';
import { Journal } from './journal/journal.ts';
import { tagEntriesWith } from './journal/entry-tags.ts';
import { HeadAnchor, type AnchorStore } from './journal/head-anchor.ts';
import { PartnerClient } from './partner/client.ts';
import type { ClientCredential } from './partner/tokens.ts';
import { MarkupRules } from './pricing/rules.ts';
import { ReferenceService } from './reference/service.ts';
import { OfferBook } from './selling/offers.ts';
import { SaleService, type FaultPoint } from './selling/sales.ts';
import { SalesStore } from './selling/store.ts';
import { ShiftService } from './shifts/service.ts';
import { TripWatcher } from './worklist/watcher.ts';

/** The embedded sandbox's seeded demo credential (sandbox-interface.md), used only in TRAINING. */
export const TRAINING_CREDENTIAL: ClientCredential = { clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo' };

export interface EmbeddedSandbox {
  baseUrl: string;
  close(): Promise<void>;
}

export type StartSandbox = (opts: { port: number; host: string; dbPath: string; quiet: boolean; pdfCacheBytes?: number }) => Promise<EmbeddedSandbox>;

/**
 * The embedded TRAINING sandbox keeps 4 MB of rendered ticket PDFs (the standalone one 64 MB):
 * the counter keeps its own copies on disk (main/printing/ticket-cache.ts), so the sandbox's
 * memory only saves a re-render of a ticket printed twice in a row.
 */
export const EMBEDDED_TICKET_PDF_CACHE_BYTES = 4 * 1024 * 1024;

export type SessionTarget =
  | { kind: 'training' }
  | { kind: 'api'; environment: 'SANDBOX' | 'LIVE'; baseUrl: string; credentials: ClientCredential[] };

export interface SessionDeps {
  dataDir: string;
  /** This installation's counter id (main/settings/installation.ts). */
  counterId: string;
  version: string;
  /** The counter's name as it is now (a supervisor setting): recorded with each sale. */
  station: () => string;
  clock: Clock;
  sleep: Sleep;
  fetch?: typeof fetch | undefined;
  log: (message: string, err?: unknown) => void;
  agent: () => Agent;
  startSandbox: StartSandbox;
  faults?: ((point: FaultPoint) => void) | undefined;
  timeoutMs?: number | undefined;
  resumeEveryMs: number;
  /** How often upcoming trips sold here are checked for changes (default a minute). */
  tripCheckEveryMs?: number | undefined;
  /** Told of every sale the API confirms, whichever way the answer came. */
  onSaleConfirmed?: ((saleId: string) => void) | undefined;
  /** The PIN keys from the keychain (null: it cannot be read). */
  pinKeys: () => PinKeys | null;
  /** The station's count of an agent's wrong PINs, for one check (main/station/pin-turns.ts); none: this counter's alone. */
  pinTurns?: PinTurns | undefined;
  /** Where the journal's head is kept between starts (the keychain; null: it cannot be read). */
  anchors?: AnchorStore | null | undefined;
  /** How often the head is kept again while the journal is open (default 30 s). */
  anchorEveryMs?: number | undefined;
}

/** Everything that belongs to one environment: its API, its journal, its services. */
export interface Session {
  environment: CounterEnvironment;
  baseUrl: string;
  journal: Journal;
  client: PartnerClient;
  reference: ReferenceService;
  rules: MarkupRules;
  offers: OfferBook;
  sales: SaleService;
  /** The agents of this journal (TRAINING's are not LIVE's) and their shifts. */
  agents: AgentDirectory;
  shifts: ShiftService;
  /** Moved and cancelled trips of sales made here, found by asking the API. */
  trips: TripWatcher;
  /** Finds now what was appended to the journal outside the app (head-anchor.ts): before its entries leave for the station. */
  checkJournal(): void;
  /** Keeps the journal's head in the keychain now (after a change to the agents: not 30 s later, when a crash would have lost it). */
  keepJournalHead(): Promise<void>;
  /** Starts the background work: resuming open sales, the daily reference refresh. */
  start(): void;
  close(): Promise<void>;
}

/**
 * A getter of the named services of the session in force, and of nothing else of it: what a
 * handler group is given (main/deps.ts `Current`).
 */
export function currentServices<K extends keyof Session>(session: () => Session, ...names: K[]): Current<K> {
  return () => {
    const s = session();
    return Object.fromEntries(names.map((n) => [n, s[n]])) as Pick<Session, K>;
  };
}

export function journalPath(dataDir: string, environment: CounterEnvironment): string {
  return environment === 'TRAINING' ? join(dataDir, 'training', 'journal.db') : join(dataDir, `journal-${environment.toLowerCase()}.db`);
}

export async function openSession(deps: SessionDeps, target: SessionTarget): Promise<Session> {
  let sandbox: EmbeddedSandbox | null = null;
  let environment: CounterEnvironment;
  let baseUrl: string;
  let credentials: ClientCredential[];
  if (target.kind === 'training') {
    // The simulator's database is made here first, so it (and its WAL) is the user's alone.
    const sandboxDb = join(deps.dataDir, 'training', 'sandbox.db');
    privateDir(dirname(sandboxDb));
    ensurePrivateFile(sandboxDb);
    sandbox = await deps.startSandbox({
      port: 0,
      host: '127.0.0.1',
      dbPath: sandboxDb,
      quiet: true,
      pdfCacheBytes: EMBEDDED_TICKET_PDF_CACHE_BYTES,
    });
    environment = 'TRAINING';
    baseUrl = sandbox.baseUrl;
    credentials = [TRAINING_CREDENTIAL];
  } else {
    environment = target.environment;
    baseUrl = target.baseUrl;
    credentials = target.credentials;
  }

  let journal: Journal;
  try {
    journal = Journal.open({ path: journalPath(deps.dataDir, environment), clock: deps.clock, environment, counterId: deps.counterId });
  } catch (err) {
    await sandbox?.close();
    throw err;
  }
  // every entry from here on carries a tag of the PIN key (main/journal/entry-tags.ts)
  tagEntriesWith(journal, deps.pinKeys);
  const client = new PartnerClient({
    baseUrl,
    credentials,
    version: deps.version,
    clock: deps.clock,
    sleep: deps.sleep,
    fetch: deps.fetch,
    timeoutMs: deps.timeoutMs,
  });
  const reference = new ReferenceService({ journal, client, clock: deps.clock, log: deps.log });
  const rules = new MarkupRules(journal);
  // The counter itself sets up its default rule on a new journal, before anybody signs in.
  rules.ensureDefault(DEFAULT_AGENT);
  const offers = new OfferBook(rules, reference);
  const sales = new SaleService({
    store: new SalesStore(journal),
    client,
    offers,
    clock: deps.clock,
    sleep: deps.sleep,
    agent: deps.agent,
    environment,
    station: deps.station,
    log: deps.log,
    faults: deps.faults,
    onConfirmed: deps.onSaleConfirmed,
  });

  const anchor = deps.anchors ? new HeadAnchor(journal, deps.anchors, deps.log) : null;
  await anchor?.open(deps.anchorEveryMs ?? 30_000);
  const agents = new AgentDirectory(journal, deps.clock, deps.pinKeys, deps.pinTurns);
  const { changed, refused } = agents.refold();
  if (changed.length > 0) deps.log(`agents: the rows of ${changed.join(', ')} differed from their entries (changed outside the app): folded again`);
  if (refused.length > 0) {
    const more = refused.length > 100 ? ` and ${refused.length - 100} more` : '';
    deps.log(`agents: entries ${refused.slice(0, 100).join(', ')}${more} carry no tag this counter's key opens (appended outside the app): not counted`);
  }
  const keys = deps.pinKeys();
  // Hashes of earlier versions, or of the key held before the station's was adopted, sealed now.
  if (keys) agents.resealUnder(keys);
  const shifts = new ShiftService(journal, deps.clock, { counterId: deps.counterId, stationName: deps.station, environment, checkJournal: () => anchor?.checkNow() });
  const trips = new TripWatcher(journal, client, deps.log);

  let closing: Promise<void> | null = null;
  return {
    environment,
    baseUrl,
    journal,
    client,
    reference,
    rules,
    offers,
    sales,
    agents,
    shifts,
    trips,
    checkJournal: () => anchor?.checkNow(),
    keepJournalHead: async () => anchor?.save(),
    start() {
      sales.startResuming(deps.resumeEveryMs);
      trips.start(deps.tripCheckEveryMs ?? 60_000);
      reference.startBackground();
    },
    close() {
      closing ??= (async () => {
        reference.stop();
        trips.stop();
        await sales.close();
        await anchor?.close();
        journal.close();
        await sandbox?.close();
      })();
      return closing;
    },
  };
}
