import { join } from 'node:path';
import { setFontDirectory } from '../lib/pdf/fonts.ts';
import { rotatingLog, type Log } from './logging/rotating-log.ts';

/** Where the Electron shell says the app runs from and keeps its data (see main/index.ts). */
export interface Installation {
  /** app.isPackaged: installed from an installer rather than run from the repository. */
  isPackaged: boolean;
  /** process.resourcesPath: the installer's resources folder (fonts; app.asar and its unpacked twin). */
  resourcesPath: string;
  /** app.getPath('userData'): %APPDATA%\Shubbak, ~/.config/Shubbak. */
  userDataDir: string;
}

/** Folder of the PDF fonts: copied by the installer beside app.asar (electron-builder.config.ts extraResources). */
export const fontsDir = (inst: Installation): string | null => (inst.isPackaged ? join(inst.resourcesPath, 'fonts') : null);

export const logsDir = (inst: Installation): string => join(inst.userDataDir, 'logs');

/**
 * Points the services at what the installer laid out, and answers the log they write to.
 * Run from the repository, the fonts stay where lib/pdf finds them (resources/fonts).
 */
export function prepareInstallation(inst: Installation): { dataDir: string; log: Log } {
  const fonts = fontsDir(inst);
  if (fonts) setFontDirectory(fonts);
  const log = rotatingLog({ dir: logsDir(inst) });
  log(`Shubbak starting (${inst.isPackaged ? `installed, resources in ${inst.resourcesPath}` : 'from the repository'}), data in ${inst.userDataDir}`);
  return { dataDir: inst.userDataDir, log };
}
