import { afterEach, describe, expect, it } from 'vitest';
import { applies, chooseRule, specificity, type Rule } from '../../../../main/pricing/markup.ts';
import { MarkupRules } from '../../../../main/pricing/rules.ts';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { openTempJournal } from '../journal/helpers.ts';

const rule = (id: string, f: Partial<Rule>, changedAt = '2026-01-01T00:00:00.000Z'): Rule => ({
  id,
  operatorId: null,
  originId: null,
  destinationId: null,
  fareClass: null,
  percent: 0,
  fixedMinor: 0,
  changedAt,
  ...f,
});

const ctx = { operatorId: 'opr_a', originId: 'cty_cai', destinationId: 'cty_alx', fareClass: 'VIP' };

describe('rule choice by specificity', () => {
  const all = [
    rule('default', {}),
    rule('class', { fareClass: 'VIP' }),
    rule('origin', { originId: 'cty_cai' }),
    rule('route', { originId: 'cty_cai', destinationId: 'cty_alx' }),
    rule('route+class', { originId: 'cty_cai', destinationId: 'cty_alx', fareClass: 'VIP' }),
    rule('operator', { operatorId: 'opr_a' }),
    rule('operator+class', { operatorId: 'opr_a', fareClass: 'VIP' }),
    rule('operator+route', { operatorId: 'opr_a', originId: 'cty_cai', destinationId: 'cty_alx' }),
    rule('operator+route+class', { operatorId: 'opr_a', originId: 'cty_cai', destinationId: 'cty_alx', fareClass: 'VIP' }),
  ];

  it('orders operator+route+class > operator+route > operator+class > operator > route+class > route > origin > class > default', () => {
    const order = [...all].sort((a, b) => specificity(b) - specificity(a)).map((r) => r.id);
    expect(order).toEqual([
      'operator+route+class',
      'operator+route',
      'operator+class',
      'operator',
      'route+class',
      'route',
      'origin',
      'class',
      'default',
    ]);
    // Removing the best each time, the next in that order is chosen.
    const left = [...all];
    for (const expected of order) {
      expect(chooseRule(left, ctx)!.id).toBe(expected);
      left.splice(left.findIndex((r) => r.id === expected), 1);
    }
  });

  it('applies a rule only when every field it names matches', () => {
    expect(applies(rule('x', { operatorId: 'opr_b' }), ctx)).toBe(false);
    expect(applies(rule('x', { fareClass: 'Economy' }), ctx)).toBe(false);
    expect(applies(rule('x', { operatorId: 'opr_a' }), { ...ctx, operatorId: null })).toBe(false);
    expect(chooseRule(all, { operatorId: 'opr_z', originId: null, destinationId: null, fareClass: 'Economy' })!.id).toBe('default');
    expect(chooseRule([], ctx)).toBeNull();
  });

  it('breaks ties by the most recent change', () => {
    const a = rule('a', { operatorId: 'opr_a' }, '2026-01-01T00:00:00.000Z');
    const b = rule('b', { operatorId: 'opr_a' }, '2026-02-01T00:00:00.000Z');
    expect(chooseRule([a, b], ctx)!.id).toBe('b');
    expect(chooseRule([b, a], ctx)!.id).toBe('b');
  });
});

describe('markup rules in the journal', () => {
  let t: ReturnType<typeof openTempJournal>;
  afterEach(() => t.cleanup());

  it('seeds the default rule once (10 %), and keeps every change as an entry with who and when', () => {
    t = openTempJournal();
    const rules = new MarkupRules(t.journal);
    rules.ensureDefault(DEFAULT_AGENT);
    rules.ensureDefault(DEFAULT_AGENT);
    expect(rules.list()).toMatchObject([{ id: 'default', percent: 10, fixedMinor: 0, changedBy: 'Agent 1' }]);
    const saved = rules.save({ operatorId: 'opr_a', originId: null, destinationId: null, fareClass: null, percent: 5, fixedMinor: 500 }, DEFAULT_AGENT);
    const id = saved.find((r) => r.id !== 'default')!.id;
    expect(rules.price(10000, ctx)).toEqual({ retailPerSeatMinor: 11000, ruleId: id });
    rules.save({ id, operatorId: 'opr_a', originId: null, destinationId: null, fareClass: null, percent: 20, fixedMinor: 0 }, DEFAULT_AGENT);
    expect(rules.price(10000, ctx).retailPerSeatMinor).toBe(12000);
    rules.delete('default', DEFAULT_AGENT);
    rules.ensureDefault(DEFAULT_AGENT); // deleted stays deleted
    expect(rules.list().map((r) => r.id)).toEqual([id]);
    const changes = [...t.journal.entries(['markup.changed'])].map((e) => [e.payload.action, e.payload.ruleId, e.payload.by.agentName]);
    expect(changes).toEqual([
      ['saved', 'default', 'Agent 1'],
      ['saved', id, 'Agent 1'],
      ['saved', id, 'Agent 1'],
      ['deleted', 'default', 'Agent 1'],
    ]);
    const second = [...t.journal.entries(['markup.changed'])][2]!;
    expect(second.payload.previous).toMatchObject({ percent: 5, fixedMinor: 500 });
    expect(t.journal.verify().ok).toBe(true);
  });

  it('refuses a second rule for the same operator, route and class, and unknown ids', () => {
    t = openTempJournal();
    const rules = new MarkupRules(t.journal);
    rules.ensureDefault(DEFAULT_AGENT);
    const f = { operatorId: null, originId: null, destinationId: null, fareClass: null, percent: 1, fixedMinor: 0 };
    expect(() => rules.save(f, DEFAULT_AGENT)).toThrow(/already covers/);
    expect(() => rules.save({ ...f, id: 'nope' }, DEFAULT_AGENT)).toThrow(/No markup rule/);
    expect(() => rules.delete('nope', DEFAULT_AGENT)).toThrow(/No markup rule/);
  });
});
