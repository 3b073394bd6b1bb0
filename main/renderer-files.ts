import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { contentType } from './security.ts';

export interface StaticFile {
  body: Buffer;
  type: string;
}

/**
 * Reads a file of the built renderer for a URL path, refusing anything outside its folder.
 * Shared by the Electron protocol handler and the web harness.
 */
export async function readRendererFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (rel === '/' || rel === '') rel = '/index.html';
  const full = normalize(join(root, rel));
  if (!full.startsWith(normalize(root) + sep)) return null;
  try {
    return { body: await readFile(full), type: contentType(full) };
  } catch {
    return null;
  }
}
