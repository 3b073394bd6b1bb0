import type { UpdateSettingsInput, UpdateStatus } from '../../contract/updates.ts';
import type { Clock } from '../clock.ts';
import type { UpdateEngine } from './engine.ts';
import { mayInstallNow, type CounterActivity } from './policy.ts';
import type { UpdateSettingsStore } from './settings.ts';

export interface UpdateServiceOptions {
  engine: UpdateEngine;
  settings: UpdateSettingsStore;
  /** The counter's activity now (the current session's journal). */
  activity: () => CounterActivity;
  clock: Clock;
  version: string;
  log: (message: string, err?: unknown) => void;
  /** How often the feed is asked (default 4 h) and a downloaded update tries to install (1 min). */
  checkEveryMs?: number;
  installEveryMs?: number;
}

/**
 * Updates of the installed app: asks the supervisor's feed now and then, lets the engine download
 * in the background, and installs a downloaded version only when mayInstallNow says the counter
 * is between shifts. The journal's migrations then run on the new version's first start, after
 * a copy of the journal is taken (main/journal/migration-backup.ts).
 */
export class UpdateService {
  readonly #o: UpdateServiceOptions;
  #phase: UpdateStatus['phase'] = 'idle';
  #available: string | null = null;
  #waitingFor: UpdateStatus['waitingFor'] = null;
  #lastCheckedAt: string | null = null;
  #lastError: string | null = null;
  #timers: NodeJS.Timeout[] = [];

  constructor(o: UpdateServiceOptions) {
    this.#o = o;
    o.engine.onDownloading((v) => {
      this.#phase = 'downloading';
      this.#available = v;
    });
    o.engine.onDownloaded((v) => {
      this.#phase = 'downloaded';
      this.#available = v;
      o.log(`update ${v} downloaded; it installs when no shift is open`);
      void this.tryInstall();
    });
    o.engine.onError((message) => {
      this.#phase = 'failed';
      this.#lastError = message;
      o.log(`update failed: ${message}`);
    });
  }

  status(): UpdateStatus {
    const s = this.#o.settings.get();
    const phase = this.#o.settings.held() ? 'held' : !this.#o.engine.available ? 'unavailable' : !s.enabled ? 'off' : this.#phase;
    return {
      enabled: s.enabled,
      feedUrl: s.feedUrl,
      phase,
      currentVersion: this.#o.version,
      availableVersion: this.#available,
      waitingFor: phase === 'downloaded' ? this.#waitingFor : null,
      lastCheckedAt: this.#lastCheckedAt,
      lastError: this.#lastError,
    };
  }

  /** Starts the periodic check and install attempts (timers that do not keep the process alive). */
  start(): void {
    this.close();
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn(), ms);
      t.unref();
      this.#timers.push(t);
    };
    every(this.#o.checkEveryMs ?? 4 * 3600_000, () => this.check());
    every(this.#o.installEveryMs ?? 60_000, () => this.tryInstall());
    void this.check();
  }

  async save(input: UpdateSettingsInput): Promise<UpdateStatus> {
    this.#o.settings.save(input, this.#o.clock.now());
    this.#o.log(input.enabled ? `updates on, feed ${input.feedUrl}` : 'updates off');
    await this.check();
    return this.status();
  }

  /** Asks the feed when updates are on (a failure is kept for the screen and logged, never thrown). */
  async check(): Promise<void> {
    const s = this.#o.settings.get();
    if (!this.#o.engine.available || !s.enabled || s.feedUrl === null) return;
    if (this.#phase === 'downloading' || this.#phase === 'downloaded' || this.#phase === 'installing') return;
    this.#phase = 'checking';
    this.#lastCheckedAt = this.#o.clock.now().toISOString();
    try {
      this.#o.engine.setFeed(s.feedUrl);
      const { newerVersion } = await this.#o.engine.check();
      if (this.#phase === 'checking') this.#phase = newerVersion ? 'downloading' : 'idle';
      if (newerVersion) this.#available = newerVersion;
      this.#lastError = null;
    } catch (err) {
      this.#phase = 'failed';
      this.#lastError = err instanceof Error ? err.message : String(err);
      this.#o.log('update check failed', err);
    }
  }

  /** Installs a downloaded update if the counter is between shifts; answers whether it did. */
  async tryInstall(): Promise<boolean> {
    if (this.#phase !== 'downloaded' || !this.#o.settings.get().enabled) return false;
    const decision = mayInstallNow(this.#o.activity(), this.#o.clock.now());
    if (!decision.install) {
      this.#waitingFor = decision.waitingFor;
      return false;
    }
    this.#phase = 'installing';
    this.#waitingFor = null;
    this.#o.log(`installing update ${this.#available}`);
    await this.#o.engine.install();
    return true;
  }

  close(): void {
    for (const t of this.#timers) clearInterval(t);
    this.#timers = [];
  }
}
