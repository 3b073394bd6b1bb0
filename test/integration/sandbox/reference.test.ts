import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { City, Operator, Route } from '../../../contract/partner/index.ts';
import { expectData, expectProblem, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());

const get = async (path: string) => sbx.call('GET', path, { token: await sbx.token() });

describe('GET /reference/*', () => {
  it('lists about 121 cities with opaque cty_ ids, English and Arabic names, country EG', async () => {
    const cities = expectData(await get('/reference/cities'), z.array(City));
    expect(cities.length).toBe(121);
    expect(new Set(cities.map((c) => c.id)).size).toBe(121);
    for (const city of cities) {
      expect(city.id).toMatch(/^cty_[0-9a-z]+$/);
      expect(city.name_ar).toMatch(/[\u0600-\u06ff]/);
      expect(city.country).toBe('EG');
    }
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Cairo', 'Alexandria', 'Hurghada', 'Luxor', 'Aswan']));
  });

  it('lists the operators with opr_ ids and Arabic names', async () => {
    const operators = expectData(await get('/reference/operators'), z.array(Operator));
    expect(operators.map((o) => o.name)).toEqual(expect.arrayContaining(['Go Bus', 'Blue Bus', 'Super Jet', 'Upper Egypt Bus']));
    for (const operator of operators) expect(operator.id).toMatch(/^opr_/);
  });

  it('lists routes with durations, weekdays and a last_seen_at within the last two days', async () => {
    const routes = expectData(await get('/reference/routes'), z.array(Route));
    expect(routes.length).toBeGreaterThan(100);
    const now = await sbx.now();
    for (const route of routes) {
      expect(route.duration_minutes.min).toBeLessThanOrEqual(route.duration_minutes.max);
      expect(now - Date.parse(route.last_seen_at)).toBeLessThan(2 * 86_400_000);
      expect(route.operator_ids.length).toBeGreaterThan(0);
    }
    const cairo = await sbx.cityId('Cairo');
    const alexandria = await sbx.cityId('Alexandria');
    const cai = routes.find((r) => r.origin_id === cairo && r.destination_id === alexandria)!;
    expect(cai.duration_minutes.min).toBeGreaterThanOrEqual(150);
    expect(cai.duration_minutes.max).toBeLessThanOrEqual(240);
  });

  it('filters routes by origin and destination city ids', async () => {
    const cairo = await sbx.cityId('Cairo');
    const luxor = await sbx.cityId('Luxor');
    const fromCairo = expectData(await get(`/reference/routes?origin=${cairo}`), z.array(Route));
    expect(fromCairo.length).toBeGreaterThan(5);
    expect(fromCairo.every((r) => r.origin_id === cairo)).toBe(true);
    const pair = expectData(await get(`/reference/routes?origin=${cairo}&destination=${luxor}`), z.array(Route));
    expect(pair).toHaveLength(1);
    expectProblem(await get('/reference/routes?origin=Cairo'), 404, 'invalid_reference');
  });

  it('keeps ids stable across instances with the same seed', async () => {
    const twin = await startTestSandbox();
    try {
      const mine = expectData(await get('/reference/cities'), z.array(City));
      const theirs = expectData(await twin.call('GET', '/reference/cities', { token: await twin.token() }), z.array(City));
      expect(theirs).toEqual(mine);
    } finally {
      await twin.close();
    }
  });

  it('requires a token', async () => {
    expectProblem(await sbx.call('GET', '/reference/operators'), 401, 'unauthorized');
  });
});
