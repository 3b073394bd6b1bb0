import { readdirSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

// `npm run bench`: runs every test/bench/*.bench.ts in its own process, one after the other
// (the machine has two cores; benches must not share them). Each prints its own
// `bench: <name> = <value> <unit> (goal <op> <value>)` lines; at the end one table gathers every
// figure that has a goal, beside it, met or not.

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const LINE = /^bench: (\S+) = ([\d.]+) (\S+)(?: \(goal ([<>]=?) ([\d.]+)(.*)\))?/;
const figures: { name: string; value: number; unit: string; goal: string | null; met: boolean | null }[] = [];

function run(file: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(dir, file)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.on('data', (b: Buffer) => {
      process.stdout.write(b);
      const lines = (rest + b.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) {
        const m = LINE.exec(l);
        if (!m) continue;
        const value = Number(m[2]);
        const [op, target] = [m[4], Number(m[5])];
        const met = op === undefined ? null : op === '<' ? value < target : op === '<=' ? value <= target : op === '>' ? value > target : value >= target;
        figures.push({ name: m[1]!, value, unit: m[3]!, goal: op === undefined ? null : `${op} ${m[5]}${m[6] ?? ''}`, met });
      }
    });
    child.on('exit', (code) => resolve(code));
  });
}

// What some benches read is built first: the renderer bundle (out/) for the bundle and renderer
// benches, so that `npm run bench` works on a fresh clone. Built once here; the renderer bench
// is told so and does not build again.
const READS_THE_BUILD = ['bundle.bench.ts', 'renderer.bench.ts'];
if (files.some((f) => READS_THE_BUILD.includes(f))) {
  console.log('# building the app first (electron-vite build): the bundle and renderer benches read out/');
  const build = spawnSync(join(dir, '..', '..', 'node_modules', '.bin', 'electron-vite'), ['build', '--logLevel', 'warn'], { cwd: join(dir, '..', '..'), stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('# the build failed: the bundle and renderer benches cannot run (fix the build, or run `npm run build` and see why)');
    process.exit(build.status ?? 1);
  }
  process.env.SHUBBAK_BENCH_BUILT = '1';
}

let failed = 0;
for (const file of files) {
  console.log(`# ${file}`);
  const code = await run(file);
  if (code !== 0) {
    failed++;
    console.log(`# ${file} exited with ${code}`);
  }
}

const withGoal = figures.filter((f) => f.goal !== null);
if (withGoal.length > 0) {
  console.log('\n| figure | value | goal | met |\n| --- | --- | --- | --- |');
  for (const f of withGoal) console.log(`| ${f.name} | ${f.value} ${f.unit} | ${f.goal} | ${f.met ? 'yes' : '**no**'} |`);
}
process.exit(failed ? 1 : 0);
