// `node test/bench/bundle.bench.ts`: what the renderer's first screen downloads and parses: the
// script and style index.html names (out/renderer, after `npm run build`), gzipped as a server
// would send them. Fonts are not counted (they are cached and not parsed).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const out = join(import.meta.dirname, '..', '..', 'out', 'renderer');
if (!existsSync(join(out, 'index.html'))) {
  console.error('bundle bench: out/renderer/index.html is missing: run `npm run build` first (`npm run bench` builds it by itself)');
  process.exit(1);
}
const html = readFileSync(join(out, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
if (assets.length === 0) throw new Error('no script in out/renderer/index.html: run npm run build first');
let raw = 0;
let gz = 0;
for (const a of assets) {
  const body = readFileSync(join(out, a));
  raw += body.length;
  gz += gzipSync(body, { level: 9 }).length;
}
console.log(`#   ${assets.join(', ')}: ${(raw / 1024).toFixed(0)} KB before gzip`);
console.log(`bench: ui.initial_bundle_gzip.kb = ${(gz / 1024).toFixed(1)} KB (goal < 200)`);
