// This counter's link to its station's PostgreSQL: the connection kept in a settings file (the
// password in the OS keychain), the schema created or migrated when a supervisor connects, and
// the journal of the station's environment shipped in the background. Without it the counter
// keeps its journal alone, as it always has.
import { z } from 'zod';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { StationConnectionInput, type StationStatus } from '../../contract/station.ts';
import { AppFailure } from '../failure.ts';
import { SettingsFile } from '../settings/file.ts';
import type { Keychain } from '../vault/keychain.ts';
import { migrateStation, stationPool } from './database.ts';
import type { StationReport } from '../../contract/reports.ts';
import { stationReport, type StationReportDeps } from './report.ts';
import { JournalShipper, type ShippableJournal } from './shipper.ts';
import { StationSettingsSync, type SettingsTarget } from './settings-sync.ts';
import type { AgentRef } from '../journal/entries.ts';

export const STATION_SETTINGS_FILE = 'station-settings.json';
/** The keychain account of the station database's password (the Partner API's are slots). */
export const STATION_PASSWORD_ACCOUNT = 'station-database';

const Stored = StationConnectionInput.omit({ password: true }).extend({
  version: z.literal(1),
  environment: z.enum(['TRAINING', 'SANDBOX', 'LIVE']),
  savedAt: z.string(),
});
type Stored = z.infer<typeof Stored>;

export interface StationLinkDeps {
  dataDir: string;
  keychain: Keychain;
  journal: () => ShippableJournal;
  environment: () => CounterEnvironment;
  /** Where the station's settings land on this counter. */
  settingsTarget: () => SettingsTarget;
  log: (message: string, err?: unknown) => void;
  now: () => Date;
  /** Pause between shipping rounds (default 5 s). */
  shipEveryMs?: number;
  /** This PC's holder id of its counter's lease at the station (main/station/lease.ts). */
  holder?: () => string;
}

const tlsOf = (c: { tls: boolean; tlsVerify?: boolean | undefined }) => c.tls && { rejectUnauthorized: c.tlsVerify ?? true };

export class StationLink {
  readonly #d: StationLinkDeps;
  readonly #file: SettingsFile<Stored>;
  #live: {
    pool: ReturnType<typeof stationPool>;
    shipper: JournalShipper;
    settings: StationSettingsSync;
    pulling: NodeJS.Timeout;
    hasPassword: boolean;
  } | null = null;

  constructor(deps: StationLinkDeps) {
    this.#d = deps;
    this.#file = new SettingsFile({ dir: deps.dataDir, file: STATION_SETTINGS_FILE, what: 'station settings', schema: Stored, log: deps.log });
  }

  /** At start-up: ship to the saved station, if any (an unreachable one only means a backlog). */
  async start(): Promise<void> {
    const saved = this.#file.load();
    if (!saved) return;
    const password = await this.#d.keychain.get(STATION_PASSWORD_ACCOUNT).catch((err: unknown) => {
      this.#d.log('the station database password cannot be read from the keychain', err);
      return null;
    });
    this.#open(saved, password);
  }

  /**
   * A supervisor connects the counter: the connection is tried, the schema made, then it is kept;
   * the station's settings and this counter's are brought together (StationSettingsSync.seed).
   */
  async connect(input: StationConnectionInput, by: AgentRef | null = null): Promise<StationStatus> {
    const password = input.password ?? (await this.#d.keychain.get(STATION_PASSWORD_ACCOUNT).catch(() => null)) ?? undefined;
    const pool = stationPool({ ...input, password, tls: tlsOf(input) });
    try {
      await migrateStation(pool);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw new AppFailure('station_unreachable', `The station database could not be reached or set up: ${err instanceof Error ? err.message : String(err)}`, {
        retryable: true,
      });
    } finally {
      await pool.end().catch(() => undefined);
    }
    if (input.password !== undefined) await this.#d.keychain.set(STATION_PASSWORD_ACCOUNT, input.password);
    const { password: _secret, ...connection } = input;
    const saved = this.#file.save({ ...connection, version: 1, environment: this.#d.environment(), savedAt: this.#d.now().toISOString() });
    await this.#close();
    this.#open(saved, password ?? null);
    await this.#live?.settings.seed(by).catch((err: unknown) => this.#d.log('station settings could not be brought together yet', err));
    await this.#live?.shipper.shipNow();
    return this.status();
  }

  async disconnect(): Promise<StationStatus> {
    await this.#close();
    this.#file.clear();
    await this.#d.keychain.delete(STATION_PASSWORD_ACCOUNT).catch(() => false);
    return this.status();
  }

  status(): StationStatus {
    const saved = this.#file.load();
    if (!saved || !this.#live) {
      return { configured: false, station: null, connection: null, environment: null, shipping: 'off', backlog: 0, lastShippedAt: null, lastError: null, stoppedCounters: [], settings: null };
    }
    const s = this.#live.shipper.state();
    const sameEnvironment = saved.environment === this.#d.environment();
    return {
      configured: true,
      station: { id: saved.stationId, name: saved.stationName },
      connection: {
        host: saved.host,
        port: saved.port,
        database: saved.database,
        user: saved.user,
        tls: saved.tls,
        tlsVerify: saved.tlsVerify ?? true,
        hasPassword: this.#live.hasPassword,
      },
      environment: saved.environment,
      shipping: sameEnvironment ? s.status : 'other_environment',
      backlog: sameEnvironment ? s.backlog : 0,
      lastShippedAt: s.lastShippedAt,
      lastError: s.lastError,
      stoppedCounters: sameEnvironment ? s.stoppedCounters : [],
      settings: this.#live.settings.state(),
    };
  }

  /** The station's settings stream, while this counter is linked and in the station's environment. */
  settings(): StationSettingsSync | null {
    const saved = this.#file.load();
    return this.#live && saved?.environment === this.#d.environment() ? this.#live.settings : null;
  }

  /** The station renamed (from its settings stream): the link says the new name from now on. */
  renamed(name: string): void {
    const saved = this.#file.load();
    if (saved && saved.stationName !== name) this.#file.save({ ...saved, stationName: name });
  }

  /** The station day report from the station database (what this counter has shipped first). */
  async report(date: string, statement: StationReportDeps['statement']): Promise<StationReport> {
    const saved = this.#file.load();
    if (!saved || !this.#live) throw new AppFailure('not_configured', 'This counter is not linked to a station database: a supervisor connects it in Settings → Station');
    await this.shipNow();
    try {
      return await stationReport(
        { pool: this.#live.pool, station: { id: saved.stationId, name: saved.stationName }, environment: saved.environment, statement, now: this.#d.now(), log: this.#d.log },
        date,
      );
    } catch (err) {
      if (err instanceof AppFailure) throw err;
      throw new AppFailure('station_unreachable', `The station database could not be read: ${err instanceof Error ? err.message : String(err)}`, { retryable: true });
    }
  }

  /** Ships what is there now (tests; and before the Reports screen reads the station). */
  async shipNow(): Promise<StationStatus> {
    if (this.#live && this.#file.load()?.environment === this.#d.environment()) await this.#live.shipper.shipNow();
    return this.status();
  }

  async close(): Promise<void> {
    await this.#close();
  }

  /** The station database's connection pool while linked (restoring a counter reads it). */
  pool(): ReturnType<typeof stationPool> | null {
    return this.#live?.pool ?? null;
  }

  #open(saved: Stored, password: string | null): void {
    const pool = stationPool({ host: saved.host, port: saved.port, database: saved.database, user: saved.user, password: password ?? undefined, tls: tlsOf(saved) });
    const environment = saved.environment;
    const shipper = new JournalShipper({
      journal: this.#d.journal,
      // Only the journal of the station's environment goes there (a LIVE station takes no training sale).
      active: () => this.#d.environment() === environment,
      pool,
      station: { id: saved.stationId, name: saved.stationName },
      environment,
      idleMs: this.#d.shipEveryMs ?? 5_000,
      log: this.#d.log,
      now: this.#d.now,
      holder: this.#d.holder,
    });
    const active = () => this.#d.environment() === environment;
    const settings = new StationSettingsSync({
      pool,
      place: { stationId: saved.stationId, stationName: saved.stationName, environment, counterId: this.#d.journal().counterId },
      target: this.#d.settingsTarget,
      active,
      log: this.#d.log,
      now: this.#d.now,
    });
    const pull = () => void settings.pull();
    const pulling = setInterval(pull, this.#d.shipEveryMs ?? 5_000);
    pulling.unref?.();
    this.#live = { pool, shipper, settings, pulling, hasPassword: password !== null };
    shipper.start();
    pull();
  }

  async #close(): Promise<void> {
    const live = this.#live;
    this.#live = null;
    if (!live) return;
    clearInterval(live.pulling);
    await live.settings.close();
    await live.shipper.close();
    await live.pool.end().catch(() => undefined);
  }
}
