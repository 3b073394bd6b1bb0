import { buildApi, type ShubbakApi } from '../../contract/api.ts';
import type { Result } from '../../contract/errors.ts';

declare global {
  interface Window {
    shubbak?: ShubbakApi;
  }
}

const CALL_PATH = '/__shubbak/call/';
const TOKEN_HEADER = 'x-shubbak-token';
const TOKEN_KEY = 'shubbak.harnessToken';

/**
 * The web harness's side of the contract: the same `window.shubbak` as the Electron preload,
 * carried over HTTP to 127.0.0.1 with the per-run token from the URL fragment.
 */
function webHarnessApi(): ShubbakApi {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const token = sessionStorage.getItem(TOKEN_KEY) ?? '';
  return buildApi(async (name, arg) => {
    try {
      const res = await fetch(CALL_PATH + encodeURIComponent(name), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ arg }),
      });
      return (await res.json()) as Result<unknown>;
    } catch {
      return { ok: false, error: { code: 'network', message: 'The counter service did not answer', retryable: true } };
    }
  });
}

/** In Electron the preload has defined `window.shubbak` (frozen); otherwise we are in the harness. */
export function installApi(): ShubbakApi {
  if (!window.shubbak) Object.defineProperty(window, 'shubbak', { value: webHarnessApi(), writable: false });
  return window.shubbak as ShubbakApi;
}
