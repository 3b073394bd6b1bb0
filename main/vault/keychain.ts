import type { KeychainProblem } from '../../contract/counter.ts';
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

const platformOf = (p: string): KeychainProblem['platform'] => (p === 'linux' || p === 'darwin' || p === 'win32' ? p : 'other');

/** What to install or do, per platform and reason: the one English text of the start-up line and the logs. */
export function keychainRemedy(problem: KeychainProblem): string {
  const rebuild = 'then run npm install again so the keychain module is built';
  if (problem.platform === 'linux') {
    return problem.reason === 'no_service'
      ? 'install and start a Secret Service such as gnome-keyring (Debian/Ubuntu: apt install gnome-keyring) and unlock it'
      : `install libsecret-1-0 and a Secret Service such as gnome-keyring (Debian/Ubuntu: apt install libsecret-1-0 gnome-keyring; to build from source also libsecret-1-dev), ${rebuild}`;
  }
  if (problem.platform === 'darwin') return problem.reason === 'no_service' ? 'unlock the login Keychain' : `install the Xcode command line tools, ${rebuild}`;
  if (problem.platform === 'win32') return problem.reason === 'no_service' ? 'sign in to Windows with a profile that has Credential Manager' : `install the Visual Studio Build Tools (C++), ${rebuild}`;
  return 'use Linux, macOS or Windows, where a system keychain exists';
}

/** keychain_unavailable, carrying why (the credentials screen says what to install from it). */
export class KeychainUnavailable extends AppFailure {
  readonly problem: KeychainProblem;

  constructor(reason: KeychainProblem['reason'], detail: string, platform: string = process.platform) {
    const problem: KeychainProblem = { reason, platform: platformOf(platform) };
    super(
      'keychain_unavailable',
      `The system keychain cannot be used (${detail}): ${keychainRemedy(problem)}. Credentials are never stored anywhere else.`,
    );
    this.problem = problem;
  }
}

const isModuleMissing = (err: unknown) =>
  typeof err === 'object' && err !== null && ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'].includes((err as { code?: string }).code ?? '');
const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'unknown error');

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
    let keytar: Keytar;
    try {
      keytar = await load();
    } catch (err) {
      if (isModuleMissing(err)) throw new KeychainUnavailable('not_installed', 'the keychain module keytar was not built on this machine');
      throw new KeychainUnavailable('cannot_load', messageOf(err));
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        what(keytar),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      // keytar's messages name the D-Bus or OS problem, never the stored value.
      throw new KeychainUnavailable('no_service', messageOf(err));
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
    if (broken) throw new KeychainUnavailable('no_service', 'no keychain in this test');
  };
  return {
    entries,
    get: async (a) => (check(), entries.get(a) ?? null),
    set: async (a, v) => void (check(), entries.set(a, v)),
    delete: async (a) => (check(), entries.delete(a)),
    probe: async () => check(),
  };
}
