import { z } from 'zod';
import type { Meta } from './store/db.ts';

// Runtime knobs of the simulator, changed through PUT /_sandbox/config and persisted with the
// database; `/_sandbox/reset` restores the defaults.

export type Bucket = 'search' | 'reference' | 'default';

export interface RateLimit {
  limit: number;
  window_s: number;
}

export interface SandboxConfig {
  rate_limits: Record<Bucket, RateLimit>;
  /** Delay added to every /v1 answer. */
  latency_ms: number;
  /** Share (0..1) of /v1 calls answered 503 before doing anything. */
  fault_rate: number;
  /**
   * Simulated round trip to the operator while a booking is fulfilled (our extension). The
   * booking's Idempotency-Key is "in flight" during it, so a concurrent twin gets 409.
   */
  operator_latency_ms: number;
}

export const DEFAULT_CONFIG: SandboxConfig = {
  rate_limits: {
    search: { limit: 60, window_s: 60 },
    reference: { limit: 600, window_s: 60 },
    default: { limit: 300, window_s: 60 },
  },
  latency_ms: 0,
  fault_rate: 0,
  operator_latency_ms: 3,
};

const RateLimitPatch = z.strictObject({
  limit: z.int().min(1).max(1_000_000_000).optional(),
  window_s: z.int().min(1).max(86_400).optional(),
});

export const ConfigPatch = z.strictObject({
  rate_limits: z
    .strictObject({ search: RateLimitPatch.optional(), reference: RateLimitPatch.optional(), default: RateLimitPatch.optional() })
    .optional(),
  latency_ms: z.int().min(0).max(60_000).optional(),
  fault_rate: z.number().min(0).max(1).optional(),
  operator_latency_ms: z.int().min(0).max(60_000).optional(),
});
export type ConfigPatch = z.infer<typeof ConfigPatch>;

const CONFIG_KEY = 'config';

export class ConfigStore {
  readonly #meta: Meta;
  #config: SandboxConfig;

  constructor(meta: Meta) {
    this.#meta = meta;
    const stored = meta.get(CONFIG_KEY);
    this.#config = stored ? merge(structuredClone(DEFAULT_CONFIG), JSON.parse(stored) as ConfigPatch) : structuredClone(DEFAULT_CONFIG);
  }

  get current(): SandboxConfig {
    return this.#config;
  }

  apply(patch: ConfigPatch): SandboxConfig {
    this.#config = merge(this.#config, patch);
    this.#meta.set(CONFIG_KEY, JSON.stringify(this.#config));
    return this.#config;
  }

  reset(): void {
    this.#config = structuredClone(DEFAULT_CONFIG);
    this.#meta.set(CONFIG_KEY, JSON.stringify(this.#config));
  }
}

function merge(base: SandboxConfig, patch: ConfigPatch): SandboxConfig {
  const rate_limits = { ...base.rate_limits };
  for (const bucket of ['search', 'reference', 'default'] as const) {
    const change = patch.rate_limits?.[bucket];
    if (change) rate_limits[bucket] = { ...rate_limits[bucket], ...definedOnly(change) };
  }
  return {
    rate_limits,
    latency_ms: patch.latency_ms ?? base.latency_ms,
    fault_rate: patch.fault_rate ?? base.fault_rate,
    operator_latency_ms: patch.operator_latency_ms ?? base.operator_latency_ms,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
