import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../../../scripts/generate-call-names.ts';
import { callNames, calls } from '../../../contract/calls.ts';
import { buildApi, ipcChannel } from '../../../contract/api.ts';
import { createDispatcher, type Handlers } from '../../../main/dispatch.ts';
import { AppFailure } from '../../../main/failure.ts';
import { registerIpc, isAppFrame } from '../../../main/ipc.ts';

// Handlers that record what they were given; every call answers its own name.
function recordingHandlers(seen: unknown[]): Handlers {
  const h: Record<string, (arg: unknown) => unknown> = {};
  for (const name of callNames) h[name] = (arg) => (seen.push([name, arg]), name);
  return h as unknown as Handlers;
}

const asSupervisor = { role: () => 'supervisor' as const };

describe('the one validation both transports use', () => {
  it('refuses an invalid argument with a clear, per-field error and never runs the handler', async () => {
    const seen: unknown[] = [];
    const dispatch = createDispatcher(recordingHandlers(seen), asSupervisor);
    const res = await dispatch('search', { origin: 'cty_x', destination: '', departureDate: '2026-13-01', passengers: 11, extra: 1 });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe('invalid_argument');
    expect(res.error.message).toContain('search');
    const fields = res.error.fields?.map((f) => f.field).sort();
    expect(fields).toEqual(['departureDate', 'destination', 'extra', 'passengers']);
    expect(seen).toEqual([]);
  });

  it('refuses an unknown call name, including inherited object keys', async () => {
    const dispatch = createDispatcher(recordingHandlers([]), asSupervisor);
    for (const name of ['nope', 'constructor', '__proto__', 42]) {
      const res = await dispatch(name, undefined);
      expect(res).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    }
  });

  it('passes the parsed argument and answers ok with the value', async () => {
    const seen: unknown[] = [];
    const dispatch = createDispatcher(recordingHandlers(seen), asSupervisor);
    const arg = { origin: 'cty_a', destination: 'cty_b', departureDate: '2026-12-01', passengers: 2 };
    expect(await dispatch('search', arg)).toEqual({ ok: true, value: 'search' });
    expect(seen).toEqual([['search', arg]]);
  });

  it('turns an AppFailure into its stable code and anything else into internal, without leaking it', async () => {
    const handlers = recordingHandlers([]);
    const logged: unknown[] = [];
    (handlers as Record<string, unknown>).appInfo = () => {
      throw new AppFailure('offer_expired', 'gone', { retryable: false });
    };
    (handlers as Record<string, unknown>).wallet = () => {
      throw new Error('secret sk_live_123 in a stack');
    };
    const dispatch = createDispatcher(handlers, { ...asSupervisor, onInternalError: (e) => logged.push(e) });
    expect(await dispatch('appInfo', undefined)).toEqual({
      ok: false,
      error: { code: 'offer_expired', message: 'gone', retryable: false },
    });
    const internal = await dispatch('wallet', undefined);
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('sk_live_123');
    expect(logged).toHaveLength(1);
  });
});

describe('roles: each call declares the one it needs, and dispatch enforces it', () => {
  // What only a supervisor may do (issue 10): credentials, prices, printers, the counter, agents,
  // corrections, backups and the station's reports. Changing this list is a decision, not an accident.
  const SUPERVISOR_ONLY = [
    'saveCredential',
    'removeCredential',
    'saveMarkupRule',
    'deleteMarkupRule',
    'saveStationName',
    'saveArabicDigits',
    'savePrintSettings',
    'listAgents',
    'saveAgent',
    'saveIdleLock',
    'correctShift',
    'listShifts',
    'backupJournal',
    'saveBackupSettings',
    'restoreCounter',
    'retireCounter',
    // a retired journal's reports (issue 24, Replace)
    'retiredJournals',
    'retiredDayReport',
    'printRetiredDayReport',
    'exportRetiredDayReport',
    'retiredZReport',
    'printRetiredZReport',
    'dayReport',
    'stationDayReport',
    'printDayReport',
    'exportDayReport',
    'connectStation',
    'disconnectStation',
    'renameStation',
    'stationReport',
    'printStationReport',
    'exportStationReport',
    'openSales',
    'resolveSale',
    'updateStatus',
    'saveUpdateSettings',
    'trainingAction',
    // money back (issue 23): the station's refund policy and its claims
    'saveRefundSettings',
    'claims',
    'matchAdjustment',
    'exportClaims',
    'exportStationSecret',
    'confirmSupervisorPin',
  ];
  /** Before anyone signs in: what the sign-in screen needs, nothing more. */
  const ANYONE = ['appInfo', 'desk', 'createFirstSupervisor', 'signIn', 'unlockAgent', 'importStationSecret'];

  it('declares a role on every call', () => {
    for (const name of callNames) expect(['anyone', 'agent', 'supervisor'], name).toContain(calls[name].role);
    expect(callNames.filter((n) => calls[n].role === 'supervisor').sort()).toEqual([...SUPERVISOR_ONLY].sort());
    expect(callNames.filter((n) => calls[n].role === 'anyone').sort()).toEqual([...ANYONE].sort());
  });

  it('walks every call as nobody, an agent and a supervisor: a refused call never reaches its handler', async () => {
    for (const held of [null, 'agent', 'supervisor'] as const) {
      const seen: unknown[] = [];
      const dispatch = createDispatcher(recordingHandlers(seen), { role: () => held });
      for (const name of callNames) {
        const needed = calls[name].role;
        const allowed = needed === 'anyone' || (held !== null && (needed === 'agent' || held === 'supervisor'));
        const res = await dispatch(name, undefined);
        if (allowed) {
          // Past the role check: the handler ran, or the argument was refused.
          expect(res.ok || res.error.code === 'invalid_argument', `${name} as ${held}`).toBe(true);
        } else {
          expect(res, `${name} as ${held}`).toMatchObject({ ok: false, error: { code: held === null ? 'not_signed_in' : 'forbidden_role' } });
          expect(seen.filter((s) => (s as unknown[])[0] === name), `${name} as ${held} never runs`).toEqual([]);
        }
      }
    }
  });

  it('asks for the role each time: a screen locked mid-session refuses the next call', async () => {
    let held: 'agent' | null = 'agent';
    const dispatch = createDispatcher(recordingHandlers([]), { role: () => held });
    expect(await dispatch('wallet', undefined)).toEqual({ ok: true, value: 'wallet' });
    held = null;
    expect(await dispatch('wallet', undefined)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await dispatch('desk', undefined)).toEqual({ ok: true, value: 'desk' });
  });
});

describe('window.shubbak is built from the contract alone', () => {
  it('has exactly one function per call and nothing else', () => {
    const api = buildApi(async () => ({ ok: true, value: null }));
    expect(Object.keys(api).sort()).toEqual([...callNames].sort());
    expect(Object.isFrozen(api)).toBe(true);
    expect(callNames.length).toBe(Object.keys(calls).length);
  });

  it('names the calls from call-names.generated.ts, as calls.ts lists them (run generate-call-names.ts after adding one)', () => {
    expect(readFileSync(join(import.meta.dirname, '../../../contract/call-names.generated.ts'), 'utf8')).toBe(render(Object.keys(calls)));
  });
});

describe('IPC transport', () => {
  type Listener = (event: { senderFrame: { url: string } | null }, arg: unknown) => unknown;

  function fakeIpcMain() {
    const handlers = new Map<string, Listener>();
    return { handlers, handle: (channel: string, fn: Listener) => void handlers.set(channel, fn) };
  }

  it('registers one handler per call and validates through the dispatcher', async () => {
    const ipc = fakeIpcMain();
    registerIpc(ipc as never, createDispatcher(recordingHandlers([]), asSupervisor));
    expect([...ipc.handlers.keys()].sort()).toEqual(callNames.map(ipcChannel).sort());
    const search = ipc.handlers.get(ipcChannel('search'))!;
    const res = await search({ senderFrame: { url: 'app://shubbak/index.html' } }, { bad: true });
    expect(res).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('refuses a call from any frame that is not the app renderer', async () => {
    const ipc = fakeIpcMain();
    const seen: unknown[] = [];
    registerIpc(ipc as never, createDispatcher(recordingHandlers(seen), asSupervisor));
    const info = ipc.handlers.get(ipcChannel('appInfo'))!;
    for (const frame of [null, { url: 'https://evil.example/' }, { url: 'file:///etc/passwd' }, { url: 'app://other/' }]) {
      expect(await info({ senderFrame: frame }, undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
    expect(seen).toEqual([]);
    expect(isAppFrame({ url: 'app://shubbak/index.html' })).toBe(true);
  });
});
