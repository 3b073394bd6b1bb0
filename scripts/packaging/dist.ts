import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { electronBinary, electronVersion } from './electron-binary.ts';

// `npm run dist [-- --win] [-- --linux]`: builds out/ and the installers into dist/ with
// electron-builder (electron-builder.config.ts). electron-builder packs the Electron binary of
// each target platform, so it needs one: downloaded (a machine with internet, where `npm install`
// also fetched node_modules/electron's), or zips put in a folder named by SHUBBAK_ELECTRON_DIST.
// Without one it stops at once and says so, rather than failing deep inside the packager.

export type Target = 'linux' | 'win';

export interface DistPlanInput {
  targets: Target[];
  /** The build machine's OS: an installer is built on its own (its native modules are this machine's). */
  host: NodeJS.Platform;
  version: string;
  /** A folder of electron-v<version>-<platform>-x64.zip files, when given. */
  electronDist: string | undefined;
  /** Whether node_modules/electron holds a downloaded binary (so downloads work here). */
  electronInstalled: boolean;
  exists: (path: string) => boolean;
}

export type DistPlan = { ok: true; builderArgs: string[] } | { ok: false; message: string };

const PLATFORM_ZIP: Record<Target, string> = { linux: 'linux', win: 'win32' };

export const electronZip = (version: string, target: Target) => `electron-v${version}-${PLATFORM_ZIP[target]}-x64.zip`;

/** What electron-builder is run with, or what is missing. */
export function distPlan(input: DistPlanInput): DistPlan {
  const foreign = input.targets.filter((t) => t !== (input.host === 'win32' ? 'win' : input.host === 'linux' ? 'linux' : null));
  if (foreign.length > 0) {
    return {
      ok: false,
      message: `Build the ${foreign.join(', ')} installer on ${foreign.map((t) => (t === 'win' ? 'Windows' : 'Linux')).join(', ')} after npm ci there: keytar's and better-sqlite3's native files in node_modules are this machine's (${input.host}), and a Windows installer is signed with signtool on Windows.`,
    };
  }
  const targetArgs = input.targets.map((t) => `--${t}`);
  const base = ['--config', 'electron-builder.config.ts', '--publish', 'never', ...targetArgs];
  if (input.electronDist) {
    const missing = input.targets.map((t) => electronZip(input.version, t)).filter((zip) => !input.exists(join(input.electronDist!, zip)));
    if (missing.length === 0) return { ok: true, builderArgs: [...base, `-c.electronDist=${input.electronDist}`] };
    return { ok: false, message: `SHUBBAK_ELECTRON_DIST=${input.electronDist} lacks ${missing.join(', ')} (from https://github.com/electron/electron/releases/tag/v${input.version}).` };
  }
  if (input.electronInstalled) return { ok: true, builderArgs: base };
  const zips = input.targets.map((t) => electronZip(input.version, t)).join(', ');
  return {
    ok: false,
    message: [
      `npm run dist needs Electron ${input.version}'s binary, and this machine has none (node_modules/electron/dist is missing).`,
      `Either run it on a machine with internet access (npm install downloads Electron; electron-builder then fetches ${zips}),`,
      `or put ${zips} in a folder and run: SHUBBAK_ELECTRON_DIST=/that/folder npm run dist`,
      'Windows installers built on Linux are not signed; sign on Windows (see the release section of the README).',
    ].join('\n'),
  };
}

function targetsOf(argv: string[]): Target[] {
  const asked = (['linux', 'win'] as const).filter((t) => argv.includes(`--${t}`));
  if (asked.length > 0) return asked;
  return [process.platform === 'win32' ? 'win' : 'linux'];
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..', '..');
  const plan = distPlan({
    targets: targetsOf(process.argv.slice(2)),
    host: process.platform,
    version: electronVersion(root),
    electronDist: process.env.SHUBBAK_ELECTRON_DIST,
    electronInstalled: electronBinary(root) !== null,
    exists: existsSync,
  });
  if (!plan.ok) {
    console.error(plan.message);
    process.exit(2);
  }
  const bin = (name: string) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
  for (const [cmd, args] of [
    [bin('electron-vite'), ['build']],
    [bin('electron-builder'), plan.builderArgs],
  ] as const) {
    const r = spawnSync(cmd, [...args], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
