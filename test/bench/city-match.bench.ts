// The city field's matching speed: every keystroke of an agent typing a city, Latin and Arabic,
// ranked over the whole city list (the sandbox's 121 cities, which the counter caches in
// TRAINING). One figure per query, as the agent waits for the list under the field.
//   node test/bench/city-match.bench.ts
import { performance } from 'node:perf_hooks';
import { buildCityIndex, matchCities } from '../../renderer/src/search/city-match.ts';
import { buildCities } from '../../sandbox/inventory/cities.ts';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);
const GOAL_MS = 5; // "within a keystroke"
const QUERIES = ['a', 'al', 'ale', 'alex', 'ا', 'اس', 'اسك', 'm', 'ma', 'man'];

const index = buildCityIndex(buildCities());
for (let i = 0; i < 20; i++) for (const q of QUERIES) matchCities(index, q); // warm up

const perQuery: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const t0 = performance.now();
  for (const q of QUERIES) matchCities(index, q);
  perQuery.push((performance.now() - t0) / QUERIES.length);
}
perQuery.sort((a, b) => a - b);
const pct = (p: number) => perQuery[Math.min(perQuery.length - 1, Math.ceil((p / 100) * perQuery.length) - 1)]!;
console.log(`bench: ui.city_match.per_query.p50 = ${pct(50).toFixed(3)} ms (goal < ${GOAL_MS})`);
console.log(`bench: ui.city_match.per_query.p99 = ${pct(99).toFixed(3)} ms (goal < ${GOAL_MS})`);
