import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

// `node scripts/packaging/icons.ts`: every icon the installers need, from the one source image
// resources/icon.svg, rendered by the machine's Chromium (no image tool is needed):
//   resources/icons/NxN.png  the Linux icon set (.deb and AppImage take the folder)
//   resources/icon.ico       Windows (the installer, the .exe, the shortcuts), PNG entries
// The results are committed; run this again after changing the SVG.

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

const root = join(import.meta.dirname, '..', '..');
const resources = join(root, 'resources');

/** An .ico file holding PNG images (Windows Vista and later read PNG entries, 256 px included). */
export function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function render(svg: string, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const out = new Map<number, Buffer>();
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`);
      await page.waitForFunction('document.images[0]?.complete === true');
      out.set(size, await page.screenshot({ omitBackground: true, type: 'png' }));
    }
    return out;
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  const svg = readFileSync(join(resources, 'icon.svg'), 'utf8');
  const pngs = await render(svg, [...new Set([...LINUX_SIZES, ...ICO_SIZES])]);
  mkdirSync(join(resources, 'icons'), { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(join(resources, 'icons', `${size}x${size}.png`), pngs.get(size)!);
  writeFileSync(join(resources, 'icon.ico'), icoOf(ICO_SIZES.map((size) => ({ size, png: pngs.get(size)! }))));
  console.log(`icons written: resources/icons/{${LINUX_SIZES.map((s) => `${s}x${s}`).join(',')}}.png, resources/icon.ico`);
}
