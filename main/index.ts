import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, session } from 'electron';
import { startCounter } from './counter.ts';
import { registerIpc } from './ipc.ts';
import { applicationMenuTemplate, lockDownContents, lockDownSession, mainWindowOptions, RENDERER_HEADERS } from './security.ts';
import { readRendererFile } from './renderer-files.ts';

// The thin Electron shell: a locked-down window over the built renderer, IPC to the counter
// services. Everything it calls runs (and is tested) under plain Node.

const RENDERER_DIR = join(import.meta.dirname, '../renderer');
const PRELOAD = join(import.meta.dirname, '../preload/index.cjs');

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

app.on('web-contents-created', (_event, contents) => lockDownContents(contents));

async function main() {
  await app.whenReady();
  const counter = await startCounter({
    dataDir: app.getPath('userData'),
    version: app.getVersion(),
    log: (message, err) => (err === undefined ? console.error(message) : console.error(message, err)),
  });

  lockDownSession(session.defaultSession);
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'shubbak' ? await readRendererFile(RENDERER_DIR, url.pathname) : null;
    if (!file) return new Response('not found', { status: 404 });
    return new Response(new Uint8Array(file.body), { headers: { ...RENDERER_HEADERS, 'Content-Type': file.type } });
  });
  registerIpc(ipcMain, counter.dispatch);

  // Development is an unpackaged run (electron-vite dev, `npm start`); an installed app is packaged.
  const development = !app.isPackaged;
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(development)));
  const win = new BrowserWindow(mainWindowOptions(PRELOAD, development));
  await win.loadURL('app://shubbak/index.html');

  app.on('window-all-closed', () => {
    counter.close().finally(() => app.quit());
  });
}

main().catch((err: unknown) => {
  console.error('Shubbak failed to start', err);
  app.exit(1);
});
