import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { build, createTargets, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../../electron-builder.config.ts';
import { checkPacked, missingFromArchive } from '../../../scripts/packaging/check-packed.ts';
import { SUMATRA_EXE } from '../../../main/printing/spooler.ts';
import { ROOT } from '../../support/packaging.ts';
import { tempDir } from '../main/helpers.ts';

// electron-builder itself, with electron-builder.config.ts, producing the unpacked Linux app (the
// folder the .deb and AppImage are made from). This machine has no Electron binary, so a stand-in
// carries only what electron-builder touches in one: the fuse wire, with Electron's defaults.
// What it proves: the fuses the config asks for are the ones flipped in the binary, the archive
// holds the build and unpacks the native modules, the fonts and the update feed file sit in
// resources. (The archive's node_modules are checked at `npm run dist`, by electron-builder's own
// allowMissingDependencies: false and by the config's afterPack hook; both are relaxed here, since
// this machine's shared node_modules makes `npm list`, which electron-builder asks, answer
// incompletely: they rightly stop such a build. The packaged-layout test covers node_modules.)

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's defaults, in FuseV1Options order: RunAsNode, cookies, NODE_OPTIONS, --inspect, ASAR integrity, only ASAR, V8 snapshot, file:// privileges. */
const ELECTRON_DEFAULT_WIRE = '10110001';

const tmp = tempDir('shubbak-builder-');
const appDir = join(tmp.dir, 'out', 'linux-unpacked');
const resources = join(appDir, 'resources');

beforeAll(async () => {
  const dist = join(tmp.dir, 'electron');
  mkdirSync(dist);
  writeFileSync(join(dist, 'electron'), Buffer.concat([Buffer.from(`#!/bin/sh\n# ${SENTINEL}`), Buffer.from([1, ELECTRON_DEFAULT_WIRE.length]), Buffer.from(`${ELECTRON_DEFAULT_WIRE}\n`)]), { mode: 0o755 });
  await build({
    projectDir: ROOT,
    targets: createTargets([Platform.LINUX], 'dir', 'x64'),
    publish: 'never',
    config: { ...config, electronDist: dist, allowMissingDependencies: true, afterPack: null, directories: { ...config.directories, output: join(tmp.dir, 'out') } },
  });
}, 240_000);
afterAll(() => tmp.cleanup());

describe('electron-builder with the packaging configuration', () => {
  it('flips the fuses of the counter-trust issue in the Electron binary', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'shubbak'));
    const state = (fuse: FuseV1Options) => String.fromCharCode(wire[fuse] as number);
    expect(state(FuseV1Options.RunAsNode)).toBe('0');
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe('1');
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('0');
  });

  it('packs the build and package.json into app.asar, and keeps the native modules outside it', () => {
    const files = asar.listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replace(/^\//, ''));
    expect(files).toEqual(expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']));
    expect(files.filter((f) => /^(main|renderer|test|sandbox|scripts|docs)\//.test(f) || f.startsWith('node_modules/vitest'))).toEqual([]);
    const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
    expect(existsSync(join(unpacked, 'better-sqlite3', 'prebuilds', 'linux-x64.node'))).toBe(true);
    expect(existsSync(join(unpacked, 'better-sqlite3', 'prebuilds', 'win32-x64.node'))).toBe(true);
    expect(existsSync(join(unpacked, 'keytar', 'build', 'Release', 'keytar.node'))).toBe(true);
    // electron-builder drops .exe and .dll files from node_modules outside Windows builds; a
    // Windows build keeps SumatraPDF, and asarUnpack puts it outside the archive (config test).
    expect(existsSync(join(unpacked, 'pdf-to-printer', 'dist', SUMATRA_EXE))).toBe(false);
  });

  it('puts the fonts and the update feed file in resources', () => {
    for (const f of ['IBMPlexSansArabic-Regular.woff', 'IBMPlexSansArabic-Bold.woff', 'OFL-IBM-Plex-Sans-Arabic.txt']) expect(existsSync(join(resources, 'fonts', f)), f).toBe(true);
    const feed = readFileSync(join(resources, 'app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: generic$/m);
    expect(feed).toMatch(/^url: https:\/\//m);
  });

  it('stops a build whose archive lacks a production package (the afterPack hook)', async () => {
    expect(config.afterPack).toBe(checkPacked);
    // An archive with only one of the production packages.
    const src = join(tmp.dir, 'partial');
    mkdirSync(join(src, 'node_modules', 'pg'), { recursive: true });
    writeFileSync(join(src, 'node_modules', 'pg', 'package.json'), '{"name":"pg"}');
    const partial = join(tmp.dir, 'partial-app');
    mkdirSync(join(partial, 'resources'), { recursive: true });
    await asar.createPackage(src, join(partial, 'resources', 'app.asar'));
    const missing = missingFromArchive(join(partial, 'resources'));
    expect(missing).toContain('node_modules/fastify');
    expect(missing).toContain('node_modules/better-sqlite3');
    expect(missing).not.toContain('node_modules/pg');
    await expect(checkPacked({ appOutDir: partial, electronPlatformName: 'linux' })).rejects.toThrow(/^app\.asar lacks \d+ production package\(s\): node_modules\//);
  });
});
