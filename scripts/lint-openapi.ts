import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiJson } from '../sandbox/openapi.ts';

// `npm run lint:openapi`: Redocly's linter (rules in redocly.yaml) on the document the sandbox
// serves at /v1/openapi.json. Exits with the linter's status: any error fails.

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'shubbak-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, openApiJson());
  const cli = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const result = spawnSync(process.execPath, [cli, 'lint', '--config', join(root, 'redocly.yaml'), '--format', 'stylish', file], {
    stdio: 'inherit',
    // No telemetry and no update check: the linter must not reach out of this machine.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
