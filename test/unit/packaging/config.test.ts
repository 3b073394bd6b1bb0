import { existsSync, readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { ASAR_UNPACK } from '../../../electron-builder.config.ts';
import { distPlan, electronZip } from '../../../scripts/packaging/dist.ts';
import { ICO_SIZES, LINUX_SIZES } from '../../../scripts/packaging/icons.ts';
import { ROOT } from '../../../scripts/packaging/production-deps.ts';

// The installers' configuration (electron-builder.config.ts) against what the installers issue asks.

type Target = { target: string; arch: string[] };
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { productName: string; scripts: Record<string, string> };

describe('the packaging configuration', () => {
  it('names the app: id, product name (the data folder’s name), the package’s own product name', () => {
    expect(config.appId).toBe('eg.shubbak.counter');
    expect(config.productName).toBe('Shubbak');
    // Electron names the data folder (%APPDATA%\Shubbak, ~/.config/Shubbak) after package.json's productName.
    expect(pkg.productName).toBe(config.productName);
  });

  it('builds a per-machine x64 NSIS installer that keeps the journal when uninstalled', () => {
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: true, deleteAppDataOnUninstall: false });
  });

  it('builds a .deb and an AppImage for x64 Linux, depending on CUPS’ client and libsecret', () => {
    expect(config.linux?.target).toEqual([
      { target: 'deb', arch: ['x64'] },
      { target: 'AppImage', arch: ['x64'] },
    ] satisfies Target[]);
    expect(config.deb?.depends).toEqual(expect.arrayContaining(['cups-client', 'libsecret-1-0', 'libnss3', 'libgtk-3-0']));
  });

  it('associates no file type or URL scheme with the app', () => {
    expect(config.fileAssociations).toEqual([]);
    expect(config.protocols).toEqual([]);
    expect(config.linux?.mimeTypes).toEqual([]);
  });

  it('packs an ASAR archive with the native modules and SumatraPDF outside it', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toBe(ASAR_UNPACK);
    const unpacked = (f: string) => ASAR_UNPACK.some((g) => matchesGlob(f, g));
    expect(unpacked('node_modules/better-sqlite3/prebuilds/win32-x64.node')).toBe(true);
    expect(unpacked('node_modules/better-sqlite3/lib/index.js')).toBe(true);
    expect(unpacked('node_modules/keytar/build/Release/keytar.node')).toBe(true);
    expect(unpacked('node_modules/pdf-to-printer/dist/SumatraPDF-3.4.6-32.exe')).toBe(true);
    expect(unpacked('node_modules/pdf-to-printer/dist/bundle.js')).toBe(false);
    expect(unpacked('out/main/index.js')).toBe(false);
    expect(config.files).toEqual(['out/**/*', 'package.json']);
    expect(config.extraResources).toEqual([{ from: 'resources/fonts', to: 'fonts', filter: ['*.woff', '*.txt'] }]);
  });

  it('sets the fuses: no RunAsNode, NODE_OPTIONS or --inspect; cookies encrypted; only a validated app.asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('publishes to a generic HTTPS feed (the counter reads its own from Settings)', () => {
    const publish = config.publish as { provider: string; url: string; channel: string }[];
    expect(publish).toHaveLength(1);
    expect(publish[0]).toMatchObject({ provider: 'generic', channel: 'latest' });
    expect(publish[0]!.url).toMatch(/^https:\/\//);
  });

  it('signs with SHA-256 and a timestamp when a certificate is given', () => {
    expect(config.win?.signtoolOptions).toMatchObject({ signingHashAlgorithms: ['sha256'], rfc3161TimeStampServer: expect.stringMatching(/^http/) });
  });

  it('takes its icons from the one source image, all generated', () => {
    expect(existsSync(join(ROOT, 'resources', 'icon.svg'))).toBe(true);
    for (const s of LINUX_SIZES) expect(existsSync(join(ROOT, 'resources', 'icons', `${s}x${s}.png`)), `${s}x${s}.png`).toBe(true);
    expect(config.linux?.icon).toBe('resources/icons');
    expect(config.win?.icon).toBe('resources/icon.ico');
    const ico = readFileSync(join(ROOT, config.win!.icon!));
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + 16 * i) || 256);
    expect(sizes).toEqual([...ICO_SIZES]);
  });
});

describe('npm run dist', () => {
  const base = { version: '45.4.1', exists: () => false, host: 'linux' as NodeJS.Platform };
  it('is defined', () => expect(pkg.scripts.dist).toBe('node scripts/packaging/dist.ts'));

  it('says what it needs when there is no Electron binary', () => {
    const plan = distPlan({ ...base, targets: ['linux'], electronDist: undefined, electronInstalled: false });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.message).toContain("needs Electron 45.4.1's binary");
    expect(plan.message).toContain('put electron-v45.4.1-linux-x64.zip in a folder');
    expect(plan.message).toContain('SHUBBAK_ELECTRON_DIST=');
  });

  it('builds with electron-builder where Electron can be had, never publishing', () => {
    expect(distPlan({ ...base, host: 'win32', targets: ['win'], electronDist: undefined, electronInstalled: true })).toEqual({
      ok: true,
      builderArgs: ['--config', 'electron-builder.config.ts', '--publish', 'never', '--win'],
    });
    const dir = '/zips';
    const have = new Set([join(dir, electronZip('45.4.1', 'linux'))]);
    expect(distPlan({ ...base, exists: (p) => have.has(p), targets: ['linux'], electronDist: dir, electronInstalled: false })).toEqual({
      ok: true,
      builderArgs: ['--config', 'electron-builder.config.ts', '--publish', 'never', '--linux', `-c.electronDist=${dir}`],
    });
    const lacking = distPlan({ ...base, exists: () => false, targets: ['linux'], electronDist: dir, electronInstalled: true });
    expect(lacking).toMatchObject({ ok: false, message: expect.stringContaining('lacks electron-v45.4.1-linux-x64.zip') });
  });

  it('builds each installer on its own OS (native modules are the build machine’s; signtool is Windows’)', () => {
    const plan = distPlan({ ...base, targets: ['linux', 'win'], electronDist: undefined, electronInstalled: true });
    expect(plan).toMatchObject({ ok: false, message: expect.stringMatching(/^Build the win installer on Windows after npm ci there/) });
  });

  it('rebuilds no native module: both are N-API, and the build fails on a missing dependency', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.allowMissingDependencies).toBe(false);
  });
});
