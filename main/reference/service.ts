import type { ReferenceData } from '../../contract/counter.ts';
import { putReferenceCache, referenceCacheRows } from '../journal/settings-rows.ts';
import type { City, Operator, Route } from '../../contract/partner/resources.ts';
import type { Clock } from '../clock.ts';
import type { Journal } from '../journal/journal.ts';
import type { PartnerClient } from '../partner/client.ts';

type Kind = 'cities' | 'operators' | 'routes';

export const REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ReferenceDeps {
  journal: Journal;
  client: Pick<PartnerClient, 'cities' | 'operators' | 'routes'>;
  clock: Clock;
  log: (message: string, err?: unknown) => void;
}

const norm = (s: string) => s.trim().toLocaleLowerCase('en');

/**
 * Cities, operators and routes: answered from the SQLite cache, fetched only when the cache
 * is empty, refreshed on demand and in the background once a day.
 */
export class ReferenceService {
  readonly #deps: ReferenceDeps;
  #data: ReferenceData | null = null;
  #refreshing: Promise<ReferenceData> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(deps: ReferenceDeps) {
    this.#deps = deps;
  }

  /** What the cache holds now (possibly empty), without touching the network. */
  cached(): ReferenceData {
    if (!this.#data) {
      const rows = referenceCacheRows(this.#deps.journal) as { kind: Kind; json: string; refreshed_at: string }[];
      const byKind = new Map(rows.map((r) => [r.kind, r]));
      const parse = <T>(k: Kind): T[] => JSON.parse(byKind.get(k)?.json ?? '[]') as T[];
      const complete = byKind.size === 3;
      this.#data = {
        cities: parse<City>('cities'),
        operators: parse<Operator>('operators'),
        routes: parse<Route>('routes'),
        refreshedAt: complete ? rows.map((r) => r.refreshed_at).sort()[0]! : null,
      };
    }
    return this.#data;
  }

  /** The cached data; fetched first when the cache has never been filled. */
  async data(): Promise<ReferenceData> {
    const cached = this.cached();
    return cached.refreshedAt === null ? this.refresh() : cached;
  }

  /** Fetches all three lists now (one fetch at a time) and stores them together. */
  refresh(): Promise<ReferenceData> {
    this.#refreshing ??= this.#fetch().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /** Checks hourly whether a day has passed since the last refresh; also once right away. */
  startBackground(checkEveryMs = 60 * 60 * 1000): void {
    const tick = () => {
      const at = this.cached().refreshedAt;
      if (at !== null && this.#deps.clock.now().getTime() - Date.parse(at) < REFRESH_EVERY_MS) return;
      this.refresh().catch((err: unknown) => this.#deps.log('reference data refresh failed', err));
    };
    tick();
    this.#timer = setInterval(tick, checkEveryMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  operatorIdByName(name: string | null | undefined): string | null {
    if (!name) return null;
    const n = norm(name);
    return this.cached().operators.find((o) => norm(o.name) === n || (o.name_ar !== null && o.name_ar === name))?.id ?? null;
  }

  cityIdByName(name: string | null | undefined): string | null {
    if (!name) return null;
    const n = norm(name);
    return this.cached().cities.find((c) => norm(c.name) === n || (c.name_ar !== null && c.name_ar === name))?.id ?? null;
  }

  async #fetch(): Promise<ReferenceData> {
    const cities = await this.#deps.client.cities();
    const operators = await this.#deps.client.operators();
    const routes = await this.#deps.client.routes();
    const at = this.#deps.clock.now().toISOString();
    this.#deps.journal.transaction(() => {
      putReferenceCache(this.#deps.journal, 'cities', JSON.stringify(cities), at);
      putReferenceCache(this.#deps.journal, 'operators', JSON.stringify(operators), at);
      putReferenceCache(this.#deps.journal, 'routes', JSON.stringify(routes), at);
    });
    this.#data = { cities, operators, routes, refreshedAt: at };
    return this.#data;
  }
}
