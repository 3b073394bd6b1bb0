import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Shubbak keeps its data outside Electron (Electron itself uses app.getPath('userData')). */
export function userDataDir(): string {
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Shubbak');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Shubbak');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'shubbak');
}
