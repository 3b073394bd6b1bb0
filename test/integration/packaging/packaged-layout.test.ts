import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcChannel } from '../../../contract/api.ts';
import { callNames, type CallName } from '../../../contract/calls.ts';
import type { Result } from '../../../contract/errors.ts';
import type { Dispatch } from '../../../main/dispatch.ts';
import { pdfText, printedPdf, RECEIPT_PRINTER, TICKET_PRINTER } from '../../support/cups.ts';
import { layOutPackagedApp, snapshot, type PackagedLayout } from '../../support/packaging.ts';
import { caller, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

// The installed app, short of the Electron binary: the app laid out as electron-builder lays it
// out (test/support/packaging.ts), its real main bundle started by Node from there with
// Electron's part played by test/integration/packaging/shell (app.isPackaged true,
// process.resourcesPath the layout's resources folder, native modules only from
// app.asar.unpacked). Everything below goes through what main registered: its ipcMain handlers
// and its app:// protocol.

const tmp = tempDir('shubbak-packaged-');
const home = join(tmp.dir, 'home');
const configHome = join(home, '.config');
let layout: PackagedLayout;
let before: Map<string, string>;
let child: ChildProcess;
let c: Caller;

interface ShellState {
  loadedUrls: string[];
  channels: string[];
  userData: string;
  nativeModules: string[];
}

let next = 0;
const waiting = new Map<number, (m: { ok: boolean; value?: unknown; error?: string }) => void>();
function ask<T>(q: Record<string, unknown>): Promise<T> {
  const id = ++next;
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, (m) => (m.ok ? resolve(m.value as T) : reject(new Error(m.error))));
    child.send({ id, ...q });
  });
}

const dispatch: Dispatch = (name, arg) => ask<Result<unknown>>({ op: 'invoke', channel: ipcChannel(name as CallName), arg }) as ReturnType<Dispatch>;

beforeAll(async () => {
  layout = layOutPackagedApp(join(tmp.dir, 'Shubbak'));
  before = snapshot(layout.installDir);
  child = fork(join(layout.appDir, 'out', 'main', 'index.js'), [], {
    execArgv: ['--import', join(import.meta.dirname, 'shell', 'register.ts')],
    // The station PC's user: their own home; the keychain (dbus) and printers of the test run.
    env: { ...process.env, SHUBBAK_RESOURCES_PATH: layout.resourcesPath, HOME: home, XDG_CONFIG_HOME: configHome, XDG_DATA_HOME: join(home, '.local', 'share') },
    cwd: layout.installDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (m: { id: number }) => waiting.get(m.id)?.(m as never));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the packaged main process exited (${code})`))));
  const deadline = Date.now() + 45_000;
  for (;;) {
    const state = await Promise.race([ask<ShellState>({ op: 'state' }), exited]);
    if (state.loadedUrls.length > 0) break;
    if (Date.now() > deadline) throw new Error('the packaged app never opened its window');
    // A poll of the child's own state over IPC (it answers when its window loaded): the pause only
    // yields to the child process between questions, no race is observed through it.
    await new Promise((r) => setTimeout(r, 100));
  }
  c = caller(dispatch);
});

afterAll(async () => {
  if (child?.connected) {
    const gone = new Promise((r) => child.once('exit', r));
    await ask({ op: 'quit' }).catch(() => undefined);
    await gone;
  }
  tmp.cleanup();
});

describe('the packaged app, started from an installer’s layout', () => {
  it('opens its window on the renderer inside the archive and answers every call over IPC', async () => {
    const state = await ask<ShellState>({ op: 'state' });
    expect(state.loadedUrls).toEqual(['app://shubbak/index.html']);
    expect(state.channels.sort()).toEqual(callNames.map(ipcChannel).sort());
    const page = await ask<{ status: number; type: string; text: string }>({ op: 'fetch', url: 'app://shubbak/index.html' });
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    const script = /<script type="module"[^>]* src="\.?(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const js = await ask<{ status: number; type: string }>({ op: 'fetch', url: `app://shubbak${script}` });
    expect(js).toMatchObject({ status: 200, type: expect.stringMatching(/javascript/) });
  });

  it('loads better-sqlite3 and keytar from app.asar.unpacked, never from inside the archive', async () => {
    const { nativeModules } = await ask<ShellState>({ op: 'state' });
    const unpacked = (p: string) => join(layout.unpackedDir, p);
    expect(nativeModules).toContain(unpacked(`node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`));
    expect(nativeModules).toContain(unpacked('node_modules/keytar/build/Release/keytar.node'));
    for (const m of nativeModules) expect(m.startsWith(layout.unpackedDir)).toBe(true);
  });

  it('keeps its data in the OS app data folder (~/.config/Shubbak): journal, settings, rotated log', async () => {
    const { userData } = await ask<ShellState>({ op: 'state' });
    expect(userData).toBe(join(configHome, 'Shubbak'));
    const info = await c.ok('appInfo');
    expect(info).toMatchObject({ name: 'Shubbak', version: '0.1.0', environment: 'TRAINING' });
    expect((await c.ok('verifyJournal')).ok).toBe(true);
    expect(existsSync(join(userData, 'training', 'journal.db'))).toBe(true);
    expect(statSync(join(userData, 'logs', 'main.log')).mode & 0o777).toBe(0o600);
    // The development folder ($XDG_DATA_HOME/shubbak, `npm start` and the tests) is not used.
    expect(existsSync(join(home, '.local', 'share', 'shubbak'))).toBe(false);
    // The keychain answered: the native keytar module works from the layout.
    expect((await c.ok('credentialsStatus')).keychainAvailable).toBe(true);
  });

  it('finds its fonts in resources, renders an Arabic ticket PDF and prints a receipt to CUPS-PDF', async () => {
    // Only resources/fonts has them: nothing under the archive (where lib/pdf looks from the repository).
    expect(existsSync(join(layout.appDir, 'resources'))).toBe(false);
    expect(existsSync(join(layout.resourcesPath, 'fonts', 'IBMPlexSansArabic-Regular.woff'))).toBe(true);
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    const sale = await sellOneSeat(c, 'منى عبد الله', 5000, 'ar');
    expect(sale.status).toBe('confirmed');

    const tickets = await c.ok('printTickets', { saleId: sale.saleId, language: 'ar' });
    expect(tickets).toMatchObject({ status: 'sent', printer: TICKET_PRINTER });
    const ticketPdf = await printedPdf(tickets.jobId!);
    const ticketText = pdfText(ticketPdf);
    expect(ticketText).toContain(sale.booking!.id);
    expect(ticketText).toMatch(/[\u0621-\u064A]{3,}/);

    const receipt = await c.ok('printReceipt', { saleId: sale.saleId });
    expect(receipt).toMatchObject({ status: 'sent', printer: RECEIPT_PRINTER });
    const receiptPdf = await printedPdf(receipt.jobId!);
    expect(pdfText(receiptPdf)).toMatch(/[\u0621-\u064A]{3,}/);
  });

  it('writes nothing next to the program files', () => {
    expect(snapshot(layout.installDir)).toEqual(before);
  });
});
