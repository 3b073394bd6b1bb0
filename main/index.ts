import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, session } from 'electron';
import { startCounter } from './counter.ts';
import { registerIpc } from './ipc.ts';
import { applicationMenuTemplate, lockDownContents, lockDownSession, mainWindowOptions, RENDERER_HEADERS } from './security.ts';
import { readRendererFile } from './renderer-files.ts';
import { prepareInstallation } from './packaged.ts';
import { electronUpdateEngine } from './updates/electron-engine.ts';

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
  // Installed: fonts from the resources folder, data and rotated logs in the user's app data folder.
  const installed = prepareInstallation({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, userDataDir: app.getPath('userData') });
  const counter: Awaited<ReturnType<typeof startCounter>> = await startCounter({
    dataDir: installed.dataDir,
    version: app.getVersion(),
    log: installed.log,
    updateEngine: electronUpdateEngine({ isPackaged: app.isPackaged, beforeInstall: () => counter.close() }),
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
