import { AppFailure } from '../failure.ts';

/** The app's entry in the OS keychain (Keychain on macOS, Credential Manager, Secret Service). */
export const KEYCHAIN_SERVICE = 'Shubbak Partner API';

/** The OS keychain as the vault needs it; injected so unit tests can pass a fake. */
export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /** Resolves when a keychain answers; rejects with keychain_unavailable otherwise. */
  probe(): Promise<void>;
}

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

const unavailable = (why: string) =>
  new AppFailure(
    'keychain_unavailable',
    `The system keychain cannot be used (${why}). Credentials are never stored anywhere else.`,
  );

/**
 * keytar is an optional dependency: its native build needs libsecret, and a machine without it
 * still installs and runs the counter (TRAINING). The specifier is a variable so neither tsc nor
 * the bundler insists on finding the package.
 */
const KEYTAR = 'keytar';
const loadKeytar = async (): Promise<Keytar> => ((await import(/* @vite-ignore */ KEYTAR)) as { default: Keytar }).default;

/**
 * The real keychain through keytar. Loaded lazily so a machine without libsecret (or without
 * a Secret Service on D-Bus) gets keychain_unavailable instead of a crash, and bounded in time
 * because a keychain that never answers must not hang the counter.
 */
export function keytarKeychain(opts: { service?: string; timeoutMs?: number; load?: () => Promise<Keytar> } = {}): Keychain {
  const service = opts.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const load = opts.load ?? loadKeytar;

  async function use<T>(what: (k: Keytar) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const keytar = await load();
      return await Promise.race([
        what(keytar),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      // keytar's messages name the D-Bus or OS problem, never the stored value.
      throw unavailable(err instanceof Error ? err.message : 'unknown error');
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    get: (account) => use((k) => k.getPassword(service, account)),
    set: (account, value) => use((k) => k.setPassword(service, account, value)),
    delete: (account) => use((k) => k.deletePassword(service, account)),
    probe: () => use(async (k) => void (await k.findCredentials(service))),
  };
}

/** An in-memory keychain (tests, fixtures). `broken` makes every call fail like a missing one. */
export function memoryKeychain(initial: Record<string, string> = {}, broken = false): Keychain & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  const check = () => {
    if (broken) throw unavailable('no keychain in this test');
  };
  return {
    entries,
    get: async (a) => (check(), entries.get(a) ?? null),
    set: async (a, v) => void (check(), entries.set(a, v)),
    delete: async (a) => (check(), entries.delete(a)),
    probe: async () => check(),
  };
}
