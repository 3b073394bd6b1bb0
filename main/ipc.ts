import type { IpcMain, WebFrameMain } from 'electron';
import { callNames } from '../contract/calls.ts';
import { ipcChannel } from '../contract/api.ts';
import { fail } from '../contract/errors.ts';
import type { Dispatch } from './dispatch.ts';

export type FrameCheck = (frame: Pick<WebFrameMain, 'url'> | null) => boolean;

/** Our renderer, and nothing else (no navigated-away page, no iframe of another origin). */
export const isAppFrame: FrameCheck = (frame) => frame !== null && frame.url.startsWith('app://shubbak/');

/** Registers one `ipcMain.handle` per contract call; arguments are validated by `dispatch`. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, dispatch: Dispatch, isTrusted: FrameCheck = isAppFrame) {
  for (const name of callNames) {
    ipcMain.handle(ipcChannel(name), (event, arg: unknown) =>
      isTrusted(event.senderFrame)
        ? dispatch(name, arg)
        : fail({ code: 'forbidden_sender', message: 'Call from a frame that is not the Shubbak renderer' }),
    );
  }
}
