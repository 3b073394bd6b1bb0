import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callNames } from '../../../contract/calls.ts';

// The preload under a stand-in for electron's contextBridge and ipcRenderer (the Electron runtime
// cannot run here): what it puts in the page's world is exactly window.shubbak, one function per
// contract call, each one ipcRenderer.invoke on that call's channel.

const electron = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  invoked: [] as [string, unknown][],
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.push([key, api]) },
  ipcRenderer: {
    invoke: async (channel: string, arg: unknown) => {
      electron.invoked.push([channel, arg]);
      return { ok: true, value: channel };
    },
  },
}));

beforeAll(async () => {
  await import('../../../preload/index.ts');
});

describe('the preload', () => {
  it('exposes window.shubbak and nothing else', () => {
    expect(electron.exposed.map(([key]) => key)).toEqual(['shubbak']);
  });

  it('puts exactly the contract calls on it, as functions, frozen', () => {
    const api = electron.exposed[0]![1] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...callNames].sort());
    expect(Object.values(api).every((f) => typeof f === 'function')).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends each call over its own IPC channel, argument as given', async () => {
    const api = electron.exposed[0]![1] as Record<string, (arg?: unknown) => Promise<unknown>>;
    expect(await api.appInfo!()).toEqual({ ok: true, value: 'shubbak:appInfo' });
    await api.search!({ origin: 'cty_cai' });
    expect(electron.invoked).toEqual([
      ['shubbak:appInfo', undefined],
      ['shubbak:search', { origin: 'cty_cai' }],
    ]);
  });
});
