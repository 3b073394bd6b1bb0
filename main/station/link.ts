// This counter's link to its station's PostgreSQL: the connection kept in a settings file (the
// password in the OS keychain, bound to that server), the schema's version and this counter's
// enrolment checked when a supervisor connects (connecting never migrates: the administrator
// does, with `npm run station -- migrate`), and the journal of the station's environment shipped
// in the background. Without it the counter
// keeps its journal alone, as it always has.
import { z } from 'zod';
import { CounterEnvironment } from '../../contract/counter.ts';
import { StationConnectionInput, type StationStatus } from '../../contract/station.ts';
import { AppFailure } from '../failure.ts';
import { SettingsFile } from '../settings/file.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';
import { KeychainUnavailable, type Keychain } from '../vault/keychain.ts';
import { checkStationSchema, isLoopback, registerCounter, stationPool } from './database.ts';
import { connectionFailure } from './connection-errors.ts';
import { forgetPassword, keepPassword, passwordFor } from './password.ts';
import { counterSigner, type CounterSigner } from './counter-key.ts';
import type { StationReport } from '../../contract/reports.ts';
import { stationReport, type StationReportDeps } from './report.ts';
import { JournalShipper, type ShippableJournal, type ShipperDeps } from './shipper.ts';
import { StationSettingsSync, type SettingsTarget } from './settings-sync.ts';
import type { AgentRef } from '../journal/entries.ts';
import { SupervisorProofs } from './supervisor-proof.ts';
import type { StationDatabase } from '../refunds/station-gate.ts';
import { counterToRestore, loginCounter } from './restore-link.ts';

export const STATION_SETTINGS_FILE = 'station-settings.json';
export { STATION_PASSWORD_ACCOUNT } from './password.ts';

const Stored = StationConnectionInput.omit({ password: true }).extend({
  version: z.literal(1),
  environment: CounterEnvironment,
  savedAt: z.string(),
  /** Linked with another counter's login, to restore that counter here (main/station/restore-link.ts). */
  restoring: z.string().optional(),
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
  /** Seals the link's file (main/settings/file.ts): changed outside the app, it is not linked until a supervisor connects again. */
  seal?: SettingSeal | null;
  /** Pause between shipping rounds (default 5 s). */
  shipEveryMs?: number;
  /** This PC's holder id of its counter's lease at the station (main/station/lease.ts). */
  holder?: () => string;
  /** No journal of this PC holds work of its own (it may link with a dead counter's login, to restore it). */
  fresh?: () => boolean;
  /** Before each shipping round: entries written outside the app found now, so their finding ships with them. */
  beforeShipping?: () => void;
  /** Before each batch shipped: what the station must hold ahead of it (JournalShipper's beforeBatch). */
  beforeBatch?: ShipperDeps['beforeBatch'];
  /** Entries per shipped batch (default 500). */
  shipBatchSize?: number;
  /**
   * A supervisor linked the journal of this environment (true) or took it off its station (false):
   * noted in that journal, so that a refund later tells the sales that never went there (refunds/station-gate.ts).
   */
  linkChanged?: (linked: boolean) => void;
}

const tlsOf = (c: { tls: boolean; tlsVerify?: boolean | undefined; tlsCa?: string | undefined }) => c.tls && { rejectUnauthorized: c.tlsVerify ?? true, ca: c.tlsCa };


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
  #signer: CounterSigner | null = null;
  /** The PIN proof keys of the supervisors who typed their PIN here (in memory only). */
  readonly #proofs = new SupervisorProofs();

  constructor(deps: StationLinkDeps) {
    this.#d = deps;
    this.#file = new SettingsFile({ dir: deps.dataDir, file: STATION_SETTINGS_FILE, what: 'station settings', schema: Stored, log: deps.log, seal: deps.seal });
  }

  /** At start-up: ship to the saved station, if any (an unreachable one only means a backlog). */
  async start(): Promise<void> {
    await this.#key().catch((err: unknown) => {
      // a keychain that cannot be read at all was said once already, at start-up
      if (!(err instanceof KeychainUnavailable)) this.#d.log('the counter key cannot be read from the keychain', err);
    });
    const saved = this.#file.load();
    if (!saved || !this.#signer) return;
    if (this.#file.changedOutside()) return this.#d.log(`station link: ${this.#file.path} was changed outside the app: not linked until a supervisor connects again`);
    const password = await passwordFor(this.#d.keychain, saved).catch((err: unknown) => {
      this.#d.log('the station database password cannot be read from the keychain', err);
      return null;
    });
    this.#open(saved, password, this.#signer);
  }

  /** This counter's key (made in the keychain the first time). */
  async #key(): Promise<CounterSigner> {
    this.#signer ??= await counterSigner(this.#d.keychain);
    return this.#signer;
  }

  /**
   * A supervisor connects the counter: the connection is tried, the schema made, then it is kept;
   * the station's settings and this counter's are brought together (StationSettingsSync.seed).
   */
  async connect(given: StationConnectionInput, by: AgentRef | null = null): Promise<StationStatus> {
    // The station's own certificate authority stays chosen for the same server until another is given
    // (not one found in a file changed outside the app).
    const kept = this.#file.changedOutside() ? null : this.#file.load();
    const tlsCa = given.tlsCa ?? (kept?.host === given.host ? kept.tlsCa : undefined);
    const input = { ...given, ...(tlsCa === undefined ? {} : { tlsCa }) };
    if (!input.tls && !isLoopback(input.host)) {
      throw new AppFailure('station_tls_required', `The station database at ${input.host} is off this machine: this counter connects to it only with TLS`);
    }
    // A kept password goes only to the server it was typed for.
    const password = input.password ?? (await passwordFor(this.#d.keychain, input).catch(() => null)) ?? undefined;
    const signer = await this.#key();
    const pool = stationPool({ ...input, password, tls: tlsOf(input) });
    let restoring: string | null;
    let environment = this.#d.environment();
    try {
      await checkStationSchema(pool);
      const bound = await loginCounter(pool);
      restoring = counterToRestore(bound, { counterId: this.#d.journal().counterId, stationId: input.stationId, fresh: this.#d.fresh?.() ?? false, login: input.user });
      if (bound && restoring) environment = bound.environment;
      else await registerCounter(pool, { id: input.stationId, name: input.stationName }, this.#d.journal().counterId, environment, signer.publicKey);
    } catch (err) {
      throw connectionFailure(err, 'The station database cannot be used');
    } finally {
      await pool.end().catch(() => undefined);
    }
    if (input.password !== undefined) await keepPassword(this.#d.keychain, input, input.password);
    const { password: _secret, ...connection } = input;
    const saved = this.#file.save({ ...connection, version: 1, environment, ...(restoring ? { restoring } : {}), savedAt: this.#d.now().toISOString() });
    if (environment === this.#d.environment()) this.#d.linkChanged?.(true);
    await this.#close();
    this.#open(saved, password ?? null, signer);
    // Linked to restore: nothing is registered, published or shipped before the restore.
    if (restoring) return this.status();
    await this.#live?.settings.seed(by).catch((err: unknown) => this.#d.log('station settings could not be brought together yet', err));
    await this.#live?.shipper.shipNow();
    return this.status();
  }

  /** `retiring`: the counter's identity is being retired, its journals closed and sealed (nothing is noted in them). */
  async disconnect({ retiring = false } = {}): Promise<StationStatus> {
    if (!retiring && this.#file.load()?.environment === this.#d.environment()) this.#d.linkChanged?.(false);
    await this.#close();
    this.#file.clear();
    await forgetPassword(this.#d.keychain).catch(() => undefined);
    return this.status();
  }

  status(): StationStatus {
    const saved = this.#file.load();
    if (!saved || !this.#live) {
      const changedOutside = saved !== null && this.#file.changedOutside() ? { changedOutside: true as const } : {};
      return { configured: false, counterId: this.#d.journal().counterId, ...this.#keyStatus(), station: null, connection: null, environment: null, shipping: 'off', backlog: 0, lastShippedAt: null, lastError: null, stoppedCounters: [], settings: null, ...changedOutside };
    }
    const s = this.#live.shipper.state();
    const restoring = this.#restoring(saved);
    const sameEnvironment = saved.environment === this.#d.environment() && !restoring;
    return {
      configured: true,
      counterId: this.#d.journal().counterId,
      ...this.#keyStatus(),
      station: { id: saved.stationId, name: saved.stationName },
      connection: {
        host: saved.host,
        port: saved.port,
        database: saved.database,
        user: saved.user,
        tls: saved.tls,
        tlsVerify: saved.tlsVerify ?? true,
        hasPassword: this.#live.hasPassword,
        hasCa: saved.tlsCa !== undefined,
      },
      environment: saved.environment,
      restoring,
      shipping: restoring ? 'off' : sameEnvironment ? s.status : 'other_environment',
      backlog: sameEnvironment ? s.backlog : 0,
      lastShippedAt: s.lastShippedAt,
      lastError: s.lastError,
      stoppedCounters: sameEnvironment ? s.stoppedCounters : [],
      settings: this.#live.settings.state(),
    };
  }

  #keyStatus(): Pick<StationStatus, 'keyFingerprint' | 'publicKey'> {
    return { keyFingerprint: this.#signer?.fingerprint ?? null, publicKey: this.#signer?.publicKey ?? null };
  }

  /** The station's settings stream, while this counter is linked and in the station's environment. */
  settings(): StationSettingsSync | null {
    const saved = this.#file.load();
    return this.#live && saved?.environment === this.#d.environment() && !this.#restoring(saved) ? this.#live.settings : null;
  }

  /** The environment whose journal the linked station database takes (read from the link alone), or null when not linked. */
  linkedEnvironment(): CounterEnvironment | null {
    return this.#live ? (this.#file.load()?.environment ?? null) : null;
  }

  /** The counter this PC is linked to restore (with that counter's login), until its journal is that counter's. */
  restoringFor(): string | null {
    const saved = this.#file.load();
    return this.#live && saved ? this.#restoring(saved) : null;
  }

  #restoring(saved: Stored): string | null {
    return saved.restoring !== undefined && saved.restoring !== this.#d.journal().counterId ? saved.restoring : null;
  }

  /** The station database, while this counter is linked and in the station's environment (refunds: the station decides). */
  database(): StationDatabase | null {
    const saved = this.#file.load();
    const live = this.#live;
    if (!live || saved?.environment !== this.#d.environment() || this.#restoring(saved)) return null;
    return {
      pool: live.pool,
      stationId: saved.stationId,
      counterId: this.#d.journal().counterId,
      environment: saved.environment,
      acknowledged: () => live.shipper.acknowledged(),
      holder: this.#d.holder?.() ?? null,
    };
  }

  /**
   * A supervisor typed their PIN at this counter: their PIN proof key for the station's settings
   * stream is derived now (in the background), for the rows they author here.
   */
  supervisorPinChecked(supervisor: { id: string }, pin: string): void {
    // Only on a linked counter (scrypt's 128 MiB and half a second serve nothing elsewhere): a
    // supervisor signed in before connecting types their PIN once more before changing the station.
    if (!this.#file.load()) return;
    this.#proofs.remember(supervisor.id, pin);
  }

  /** The screen locked or its agent left: the proof keys are forgotten. */
  supervisorsGone(): void {
    this.#proofs.forgetAll();
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

  #open(stored: Stored, password: string | null, signer: CounterSigner): void {
    let saved = stored;
    if (saved.restoring !== undefined && !this.#restoring(saved)) {
      // restored: this PC is that counter now, and links as it
      const { restoring: _restored, ...linked } = saved;
      saved = this.#file.save(linked);
    }
    const pool = stationPool({ host: saved.host, port: saved.port, database: saved.database, user: saved.user, password: password ?? undefined, tls: tlsOf(saved) });
    const environment = saved.environment;
    // Only the journal of the station's environment goes there (a LIVE station takes no training
    // sale), and nothing while linked to restore another counter.
    const active = () => this.#d.environment() === environment && !this.#restoring(saved);
    const shipper = new JournalShipper({
      journal: this.#d.journal,
      active,
      pool,
      station: { id: saved.stationId, name: saved.stationName },
      environment,
      signer,
      idleMs: this.#d.shipEveryMs ?? 5_000,
      log: this.#d.log,
      now: this.#d.now,
      holder: this.#d.holder,
      beforeRound: this.#d.beforeShipping,
      beforeBatch: this.#d.beforeBatch,
      batchSize: this.#d.shipBatchSize,
    });
    const settings = new StationSettingsSync({
      pool,
      place: { stationId: saved.stationId, stationName: saved.stationName, environment, counterId: this.#d.journal().counterId },
      target: this.#d.settingsTarget,
      active,
      signer,
      proofs: this.#proofs,
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
