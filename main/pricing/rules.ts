import { randomUUID } from 'node:crypto';
import { hasEntryOf, markupRules } from '../journal/settings-rows.ts';
import type { MarkupRule } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';
import type { Agent } from '../journal/agents.ts';
import type { AgentRef, FromStation, MarkupRuleFields } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { retailPerSeat } from '../../core/retail.ts';
import { chooseRule, DEFAULT_RULE, type PriceContext, type Rule } from './markup.ts';

export interface RuleInput extends MarkupRuleFields {
  id?: string;
}

/** A rule's new fields, checked (null: the rule is deleted). */
export interface RuleChange {
  ruleId: string;
  rule: MarkupRuleFields | null;
}

export interface Price {
  retailPerSeatMinor: number;
  ruleId: string | null;
}

const fieldsOf = (r: MarkupRuleFields): MarkupRuleFields => ({
  operatorId: r.operatorId,
  originId: r.originId,
  destinationId: r.destinationId,
  fareClass: r.fareClass,
  percent: r.percent,
  fixedMinor: r.fixedMinor,
});

const sameMatch = (a: MarkupRuleFields, b: MarkupRuleFields) =>
  a.operatorId === b.operatorId && a.originId === b.originId && a.destinationId === b.destinationId && a.fareClass === b.fareClass;

/** The station's markup rules: every change a markup.changed entry; the current state is its read model `markup_rules`. */
export class MarkupRules {
  readonly #journal: Journal;
  #cache: (MarkupRule & Rule)[] | null = null;

  constructor(journal: Journal) {
    this.#journal = journal;
  }

  /** A fresh journal gets the default rule (once: deleting it later is respected). */
  ensureDefault(by: Agent): void {
    if (!hasEntryOf(this.#journal, 'markup.changed')) this.apply({ ruleId: DEFAULT_RULE.id, rule: fieldsOf(DEFAULT_RULE) }, by);
  }

  list(): MarkupRule[] {
    if (!this.#cache) {
      this.#cache = markupRules(this.#journal);
    }
    return this.#cache.map((r) => ({ ...r }));
  }

  save(input: RuleInput, by: Agent): MarkupRule[] {
    return this.apply(this.prepareSave(input), by);
  }

  delete(id: string, by: Agent): MarkupRule[] {
    return this.apply(this.prepareDelete(id), by);
  }

  /** Checks a new or changed rule against the others, writing nothing. */
  prepareSave(input: RuleInput): RuleChange {
    const rules = this.list();
    const fields = fieldsOf(input);
    if (input.id !== undefined && !rules.some((r) => r.id === input.id)) throw new AppFailure('not_found', `No markup rule ${input.id}`);
    const clash = rules.find((r) => r.id !== input.id && sameMatch(r, fields));
    if (clash) throw new AppFailure('conflict', `Rule ${clash.id} already covers the same operator, route and class`);
    return { ruleId: input.id ?? `rule-${randomUUID()}`, rule: fields };
  }

  prepareDelete(id: string): RuleChange {
    if (!this.list().some((r) => r.id === id)) throw new AppFailure('not_found', `No markup rule ${id}`);
    return { ruleId: id, rule: null };
  }

  /** Writes a checked change (a markup.changed entry); `fromStation` when it is a row of the station's settings. */
  apply(change: RuleChange, by: Agent | AgentRef, fromStation?: FromStation): MarkupRule[] {
    const previous = this.list().find((r) => r.id === change.ruleId);
    const author = 'agentId' in by ? by : { agentId: by.id, agentName: by.name };
    this.#journal.transaction(() => {
      this.#journal.append('markup.changed', {
        action: change.rule ? 'saved' : 'deleted',
        ruleId: change.ruleId,
        rule: change.rule,
        previous: previous ? fieldsOf(previous) : null,
        by: author,
        ...(fromStation ? { fromStation } : {}),
      });
    });
    this.#cache = null;
    return this.list();
  }

  /** Retail per seat for a NET price in a context, with the rule that set it. */
  price(netPerSeatMinor: number, ctx: PriceContext): Price {
    const rule = chooseRule(this.list(), ctx);
    return { retailPerSeatMinor: retailPerSeat(netPerSeatMinor, rule), ruleId: rule?.id ?? null };
  }
}
