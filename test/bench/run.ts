import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// `npm run bench`: runs every test/bench/*.bench.ts in its own process, one after the other
// (the machine has two cores; benches must not share them). Each prints its own
// `bench: <name> = <value> <unit> (goal <op> <value>)` lines.

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`# ${file}`);
  const res = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  if (res.status !== 0) {
    failed++;
    console.log(`# ${file} exited with ${res.status ?? res.signal}`);
  }
}
process.exit(failed ? 1 : 0);
