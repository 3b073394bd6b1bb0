import type { AppInfo } from '../contract/counter.ts';
import { createDispatcher, type Dispatch, type Handlers } from './dispatch.ts';
import { AppFailure } from './failure.ts';

export interface CounterOptions {
  /** Folder for the journal and settings (Electron's userData, or a temp dir in tests). */
  dataDir: string;
  version: string;
  log?: (message: string, err?: unknown) => void;
}

export interface Counter {
  dispatch: Dispatch;
  info: AppInfo;
  close(): Promise<void>;
}

/**
 * The composition root of the main process: builds every service with its dependencies and
 * answers contract calls through one dispatcher. Used by the Electron shell and the web harness.
 */
export async function startCounter(opts: CounterOptions): Promise<Counter> {
  const log = opts.log ?? (() => {});
  const info: AppInfo = { name: 'Shubbak', version: opts.version, environment: 'TRAINING', apiBaseUrl: '' };
  const handlers: Handlers = {
    appInfo: () => info,
    listCities: () => {
      throw new AppFailure('not_configured', 'The Partner API client is not wired yet');
    },
  };
  return {
    info,
    dispatch: createDispatcher(handlers, (err) => log('internal error in a contract call', err)),
    close: async () => {},
  };
}
