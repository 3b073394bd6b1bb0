import { contextBridge, ipcRenderer } from 'electron';
import { buildApi, ipcChannel } from '../contract/api.ts';

// The renderer's only door to main: one function per contract call, nothing else.
contextBridge.exposeInMainWorld(
  'shubbak',
  buildApi((name, arg) => ipcRenderer.invoke(ipcChannel(name), arg)),
);
