/** What the update service needs of an updater (electron-updater in the installed app: ./electron-engine.ts). */
export interface UpdateEngine {
  /** False where the app cannot replace itself (run from the repository, the web harness). */
  readonly available: boolean;
  setFeed(url: string): void;
  /** Asks the feed; a newer version starts downloading in the background. */
  check(): Promise<{ newerVersion: string | null }>;
  onDownloading(listener: (version: string) => void): void;
  onDownloaded(listener: (version: string) => void): void;
  onError(listener: (message: string) => void): void;
  /** Closes the app, runs the downloaded installer silently and starts the new version. */
  install(): Promise<void>;
}

/** The engine of a build that cannot update itself: settings are kept, nothing is fetched. */
export const unavailableEngine: UpdateEngine = {
  available: false,
  setFeed: () => {},
  check: async () => ({ newerVersion: null }),
  onDownloading: () => {},
  onDownloaded: () => {},
  onError: () => {},
  install: async () => {},
};
