// Electron's main-process API as far as Shubbak's shell (main/index.ts) and electron-updater use
// it, for starting the packaged app's real main bundle under Node. What the installed app would
// take from Electron is answered as Electron answers it: app.isPackaged is true, the app's name
// comes from its package.json productName, userData is <appData>/<name>. The test drives it over
// the child-process channel: calls go through the ipcMain handlers main registered (with the
// renderer's frame URL), pages through the app:// protocol handler it installed.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const resourcesPath = (process as unknown as { resourcesPath: string }).resourcesPath;
const appPath = join(resourcesPath, 'app.asar');
const pkg = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as { name: string; productName?: string; version: string };
const appData = process.platform === 'win32' ? process.env.APPDATA! : process.platform === 'darwin' ? join(homedir(), 'Library', 'Application Support') : (process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'));
const name = pkg.productName ?? pkg.name;

const handlers = new Map<string, (event: unknown, arg: unknown) => unknown>();
const protocols = new Map<string, (request: Request) => Promise<Response>>();
const loadedUrls: string[] = [];
let ready!: () => void;
const whenReady = new Promise<void>((r) => (ready = r));

class App extends EventEmitter {
  readonly isPackaged = true;
  getName = () => name;
  getVersion = () => pkg.version;
  getAppPath = () => appPath;
  getLocale = () => 'en-GB';
  getPath = (which: string): string => {
    const paths: Record<string, string> = { appData, userData: join(appData, name), logs: join(appData, name, 'logs'), temp: process.env.TMPDIR ?? '/tmp', home: homedir(), exe: join(resourcesPath, '..', 'shubbak') };
    if (!paths[which]) throw new Error(`fake electron: app.getPath('${which}') is not modelled`);
    return paths[which];
  };
  whenReady = () => whenReady;
  isReady = () => true;
  quit = () => {
    this.emit('before-quit');
    this.emit('will-quit');
    process.exit(0);
  };
  exit = (code = 0) => process.exit(code);
  setAppUserModelId = () => {};
  requestSingleInstanceLock = () => true;
}
export const app = new App();

const noop = () => {};
const webContents = Object.assign(new EventEmitter(), { setWindowOpenHandler: noop, openDevTools: noop, closeDevTools: noop, session: null, id: 1 });

export class BrowserWindow extends EventEmitter {
  webContents = webContents;
  readonly options: unknown;
  constructor(options: unknown) {
    super();
    this.options = options;
  }
  loadURL = async (url: string) => void loadedUrls.push(url);
  setMenu = noop;
  setMenuBarVisibility = noop;
  removeMenu = noop;
  show = noop;
  close = () => app.emit('window-all-closed');
  static getAllWindows = () => [];
}

export const ipcMain = {
  handle: (channel: string, fn: (event: unknown, arg: unknown) => unknown) => void handlers.set(channel, fn),
  on: noop,
  removeHandler: (channel: string) => void handlers.delete(channel),
};

export const protocol = {
  registerSchemesAsPrivileged: noop,
  handle: (scheme: string, fn: (request: Request) => Promise<Response>) => void protocols.set(scheme, fn),
};

const fakeSession = { setPermissionRequestHandler: noop, setPermissionCheckHandler: noop, webRequest: { onHeadersReceived: noop, onBeforeRequest: noop }, on: noop };
export const session = { defaultSession: fakeSession };
export const Menu = { setApplicationMenu: noop, buildFromTemplate: (t: unknown) => t };
export const shell = { openExternal: async () => {}, openPath: async () => '' };
export const dialog = { showErrorBox: noop, showMessageBox: async () => ({ response: 0 }) };
export const autoUpdater = new EventEmitter();
export const net = { fetch: globalThis.fetch };
export default { app, BrowserWindow, ipcMain, protocol, session, Menu, shell, dialog, autoUpdater, net };

/** The channel to the test: ipc calls, app:// pages, and what the shell did. */
type Ask = { id: number; op: 'invoke'; channel: string; arg: unknown } | { id: number; op: 'fetch'; url: string } | { id: number; op: 'state' } | { id: number; op: 'quit' };

process.on('message', (ask: Ask) => {
  const answer = async (): Promise<unknown> => {
    if (ask.op === 'invoke') {
      const fn = handlers.get(ask.channel);
      if (!fn) throw new Error(`no ipcMain handler for ${ask.channel}`);
      return fn({ senderFrame: { url: 'app://shubbak/index.html' } }, ask.arg);
    }
    if (ask.op === 'fetch') {
      const fn = protocols.get(new URL(ask.url).protocol.replace(':', ''));
      if (!fn) throw new Error(`no protocol handler for ${ask.url}`);
      const res = await fn(new Request(ask.url));
      const body = Buffer.from(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy'), text: body.toString('utf8', 0, Math.min(body.length, 4000)) };
    }
    if (ask.op === 'state') {
      const nativeModules = (globalThis as { __shubbakNativeModules?: string[] }).__shubbakNativeModules ?? [];
      return { loadedUrls, channels: [...handlers.keys()], userData: app.getPath('userData'), nativeModules };
    }
    app.emit('window-all-closed');
    return null;
  };
  answer().then(
    (value) => process.send!({ id: ask.id, ok: true, value }),
    (err: unknown) => process.send!({ id: ask.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

setImmediate(ready);
