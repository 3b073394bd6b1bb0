import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, RENDERER_HEADERS, applicationMenuTemplate, lockDownContents, lockDownSession, mainWindowOptions, type LockableContents } from '../../../main/security.ts';

// The Electron runtime cannot run here: these are the options and handlers main/index.ts hands to
// it, checked as data. The harness serves the same CSP (test/e2e/shell.test.ts checks it in force).

describe('the window', () => {
  const prefs = mainWindowOptions('/app/out/preload/index.cjs').webPreferences!;

  it('gives the page no Node, in the page, its workers or its frames', () => {
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it("isolates the page's world from the preload's, in the OS sandbox, with no <webview>", () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('turns on nothing experimental or risky', () => {
    const risky = ['experimentalFeatures', 'enableBlinkFeatures', 'enableWebSQL', 'plugins'] as const;
    for (const key of risky) expect(prefs[key] ?? false, key).toBe(false);
  });
});

describe('production shell', () => {
  type Item = { role?: string; submenu?: Item[]; label?: string; type?: string; click?: unknown; accelerator?: string };
  const roles = (items: Item[]): string[] => items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);
  const DEV_ONLY = ['reload', 'forceReload', 'toggleDevTools'];

  it('packaged: no DevTools in the window, no reload or DevTools in the menu', () => {
    expect(mainWindowOptions('/p').webPreferences!.devTools).toBe(false);
    expect(mainWindowOptions('/p', false).webPreferences!.devTools).toBe(false);
    const menu = roles(applicationMenuTemplate(false) as Item[]);
    for (const role of DEV_ONLY) expect(menu).not.toContain(role);
  });

  it('a minimal menu: quit, the editing roles and full screen, no item of its own (no click, no accelerator)', () => {
    const template = applicationMenuTemplate(false) as Item[];
    expect(roles(template).sort()).toEqual(['copy', 'cut', 'paste', 'quit', 'redo', 'selectAll', 'togglefullscreen', 'undo'].sort());
    const all = (items: Item[]): Item[] => items.flatMap((i) => [i, ...all(i.submenu ?? [])]);
    for (const item of all(template)) {
      expect(item.click).toBeUndefined();
      expect(item.accelerator).toBeUndefined();
    }
  });

  it('development: DevTools and reload are there', () => {
    expect(mainWindowOptions('/p', true).webPreferences!.devTools).toBe(true);
    expect(roles(applicationMenuTemplate(true) as Item[])).toEqual(expect.arrayContaining(DEV_ONLY));
  });
});

describe('every page', () => {
  function lockedDown() {
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: (() => { action: string }) | null = null;
    const contents: LockableContents = {
      on(event, listener) {
        listeners.set(event, listener);
      },
      setWindowOpenHandler(handler) {
        openHandler = handler as unknown as () => { action: string };
      },
    };
    lockDownContents(contents);
    const prevented = (event: string) => {
      let stopped = false;
      listeners.get(event)?.({ preventDefault: () => (stopped = true) });
      return stopped;
    };
    return { prevented, open: () => openHandler?.() };
  }

  it('refuses every permission a page asks for, and every permission check', () => {
    let request: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | null = null;
    let check: ((c: unknown, p: string) => boolean) | null = null;
    lockDownSession({ setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h) });
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'fullscreen', 'openExternal']) {
      let granted: boolean | null = null;
      request!(null, permission, (g) => (granted = g));
      expect(granted, permission).toBe(false);
      expect(check!(null, permission), permission).toBe(false);
    }
  });

  it('navigates nowhere, follows no redirect, attaches no <webview> and opens no window', () => {
    const page = lockedDown();
    expect(['will-navigate', 'will-redirect', 'will-attach-webview'].map(page.prevented)).toEqual([true, true, true]);
    expect(page.open()).toEqual({ action: 'deny' });
  });
});

describe('the content security policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

  it('allows nothing by default and only our own scripts, styles, fonts and calls', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    for (const d of ['script-src', 'style-src', 'font-src', 'connect-src']) expect(directives.get(d), d).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('forbids inline script, eval, plugins, framing, a changed base and form posts', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|\*|https?:|blob:/);
    for (const d of ['object-src', 'frame-ancestors', 'base-uri', 'form-action']) expect(directives.get(d), d).toEqual(["'none'"]);
  });

  it('is sent with every renderer response, whatever the transport', () => {
    expect(RENDERER_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(RENDERER_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });
});
