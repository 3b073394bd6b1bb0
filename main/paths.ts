import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where `npm start` keeps its data when it serves the app through the web harness (no Electron).
 * The installed app uses Electron's app.getPath('userData') instead (main/packaged.ts):
 * %APPDATA%\Shubbak on Windows (the same folder as here) and ~/.config/Shubbak on Linux, where
 * this development folder ($XDG_DATA_HOME/shubbak) is deliberately another one, so a developer's
 * harness never opens an installed counter's journal. Nothing moves data between the two.
 */
export function userDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Shubbak');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Shubbak');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'shubbak');
}
