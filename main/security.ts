import type { BrowserWindowConstructorOptions, HandlerDetails, MenuItemConstructorOptions, WindowOpenHandlerResponse } from 'electron';

// What the renderer is allowed, in one place: the window it runs in, what its page may navigate
// to or open, and the CSP of every response it gets. Plain functions and data (only electron's
// types), so they are tested without the Electron runtime (test/unit/main/security.test.ts).

/**
 * The counter's one window. The renderer is untrusted: no Node in the page, in its workers or in
 * frames; its own JavaScript world apart from the preload's (contextIsolation); the OS sandbox;
 * no <webview>; the same-origin policy on. The preload exposes `window.shubbak` and nothing else.
 */
export function mainWindowOptions(preload: string, development = false): BrowserWindowConstructorOptions {
  return {
    width: 1366,
    height: 860,
    minWidth: 1024,
    minHeight: 700,
    title: 'Shubbak',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
      // In a packaged app nobody at the counter opens DevTools (a console in main's trust).
      devTools: development,
    },
  };
}

/**
 * The application menu: the editing roles the text fields need (copy, paste, undo), quit and
 * full screen. Reload and DevTools only in development: a reload in production would drop a sale
 * on screen, and DevTools would hand the page's world to whoever sits at the counter.
 */
export function applicationMenuTemplate(development: boolean): MenuItemConstructorOptions[] {
  const app: MenuItemConstructorOptions = { label: 'Shubbak', submenu: [{ role: 'quit' }] };
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: development
      ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }, { role: 'togglefullscreen' }]
      : [{ role: 'togglefullscreen' }],
  };
  return [app, edit, view];
}

/** The events of a page's WebContents that `lockDownContents` answers. */
export interface LockableContents {
  on(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
}

/** Every page stays where it is: no navigation, no redirect, no <webview>, no new window. */
export function lockDownContents(contents: LockableContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** The permission side of the Electron session that `lockDownSession` answers. */
export interface LockableSession {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
}

/** No camera, microphone, notifications, geolocation or anything else: every permission is refused. */
export function lockDownSession(session: LockableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * The renderer's Content-Security-Policy, sent as a header by both transports (Electron's
 * app:// protocol and the web harness). Nothing remote, no inline script, no eval.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Headers every renderer response carries, whatever the transport. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

export function contentType(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 && TYPES[path.slice(dot).toLowerCase()]) || 'application/octet-stream';
}
