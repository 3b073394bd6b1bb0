import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { UpdateEngine } from './engine.ts';

/**
 * electron-updater behind the UpdateEngine interface: downloads in the background, never installs
 * by itself (not on quit either): the update service decides when. Loaded only by main/index.ts,
 * since electron-updater needs Electron's runtime.
 */
export function electronUpdateEngine(opts: { isPackaged: boolean; beforeInstall: () => Promise<void> }, updater: AppUpdater = electronUpdater.autoUpdater): UpdateEngine {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
  return {
    available: opts.isPackaged,
    setFeed: (url) => updater.setFeedURL({ provider: 'generic', url, channel: 'latest' }),
    check: async () => {
      const result = await updater.checkForUpdates();
      return { newerVersion: result?.isUpdateAvailable ? result.updateInfo.version : null };
    },
    onDownloading: (listener) => void updater.on('update-available', (info) => listener(info.version)),
    onDownloaded: (listener) => void updater.on('update-downloaded', (info) => listener(info.version)),
    onError: (listener) => void updater.on('error', (err) => listener(err.message)),
    install: async () => {
      await opts.beforeInstall();
      updater.quitAndInstall(true, true);
    },
  };
}
