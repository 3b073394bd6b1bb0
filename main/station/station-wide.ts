// Agents, markup rules and the station's name are the station's, not one window's (a window's
// own name, e.g. "counter 3", stays in its counter settings). This is the
// one place that decides where a supervisor's change of them goes: to the station's settings
// stream when the counter is linked to a station database (every counter then applies it), or
// straight into this counter's journal when it works alone. It also says how a row of the stream
// is applied here: as the ordinary entries the counter already reads (agent.saved,
// markup.changed, station.renamed), each naming the row it applies.
import type { AgentInput } from '../agents/directory.ts';
import { appliedStationSeq } from '../journal/settings-rows.ts';
import type { Agent } from '../journal/agents.ts';
import type { AgentRef, FromStation } from '../journal/entries.ts';
import type { RuleChange, RuleInput } from '../pricing/rules.ts';
import type { Current } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import type { StationSettingChange } from './settings-stream.ts';
import type { SettingsTarget, StationSettingsSync } from './settings-sync.ts';

const refOf = (a: Agent): AgentRef => ({ agentId: a.id, agentName: a.name });

export interface StationWideDeps {
  /** The agents and markup rules of the environment in force (main/deps.ts `Current`: why a getter). */
  current: Current<'agents' | 'rules'>;
  /** The station's settings stream, when this counter is linked to a station database. */
  sync: () => StationSettingsSync | null;
  /** The supervisor whose approval (their PIN at this counter) lets the agent signed in make the change now, if any. */
  approvedBy?: () => Agent | null;
}

export class StationWideSettings {
  readonly #d: StationWideDeps;

  constructor(deps: StationWideDeps) {
    this.#d = deps;
  }

  async saveAgent(input: AgentInput, by: Agent): Promise<void> {
    const agents = this.#d.current().agents;
    const change = await agents.prepare(input);
    const sync = this.#d.sync();
    if (!sync) {
      agents.apply(change, by);
      return;
    }
    const pinHash = change.pinHash ?? agents.pinHashOf(change.agentId);
    const author = this.#author(by);
    const proofKey = await sync.proofKeyFor({ agentId: change.agentId, role: change.role, active: change.active, pin: input.pin }, author);
    await sync.publish({ kind: 'agent', key: change.agentId, value: { name: change.name, role: change.role, pinHash, active: change.active, proofKey } }, author);
  }

  /** Who authors a change of the station: the supervisor signed in, or the one who approved it for the agent signed in. */
  #author(by: Agent): AgentRef {
    const supervisor = this.#d.current().agents.get(by.id)?.role === 'supervisor';
    return refOf(supervisor ? by : (this.#d.approvedBy?.() ?? by));
  }

  /** The first supervisor is made here (nobody can approve it elsewhere), then shared with the station. */
  async firstSupervisorMade(agentId: string, pin: string): Promise<void> {
    const sync = this.#d.sync();
    const agent = this.#d.current().agents.get(agentId);
    if (!sync || !agent) return;
    const author = refOf(agent);
    const proofKey = await sync.proofKeyFor({ agentId, role: agent.role, active: agent.active, pin }, author);
    const value = { name: agent.name, role: agent.role, pinHash: this.#d.current().agents.pinHashOf(agentId), active: agent.active, proofKey };
    await sync.publish({ kind: 'agent', key: agentId, value }, author).catch(() => undefined);
  }

  async saveRule(input: RuleInput, by: Agent): Promise<void> {
    await this.#rule(this.#d.current().rules.prepareSave(input), by);
  }

  async deleteRule(id: string, by: Agent): Promise<void> {
    await this.#rule(this.#d.current().rules.prepareDelete(id), by);
  }

  /** The station's name (not a window's own name): it lives in the station database, so it needs one. */
  async renameStation(name: string, by: Agent): Promise<void> {
    const sync = this.#d.sync();
    if (!sync) throw new AppFailure('not_configured', 'This counter is not linked to a station database: a supervisor connects it in Settings → Station');
    await sync.publish({ kind: 'station_name', key: 'name', value: { name } }, this.#author(by));
  }

  async #rule(change: RuleChange, by: Agent): Promise<void> {
    const sync = this.#d.sync();
    if (!sync) this.#d.current().rules.apply(change, by);
    else await sync.publish({ kind: 'markup_rule', key: change.ruleId, value: change.rule }, this.#author(by));
  }
}

/** How the rows of the station's settings stream land in the journal of the environment in force. */
export function sessionSettingsTarget(current: Current<'journal' | 'agents' | 'rules'>, renamed: (name: string) => void): SettingsTarget {
  return {
    appliedSeq(stationId) {
      return appliedStationSeq(current().journal, stationId);
    },
    apply(row, stationId) {
      const s = current();
      const fromStation: FromStation = { stationId, seq: row.seq, counterId: row.counterId };
      const by = row.author ?? { agentId: `counter:${row.counterId}`, agentName: row.counterId };
      if (row.kind === 'agent') {
        // the proof key is the stream's (StreamAuthority), not the counter's
        const { proofKey: _stream, ...value } = row.value;
        s.agents.apply({ agentId: row.key, ...value }, row.author, fromStation);
      } else if (row.kind === 'markup_rule') {
        s.rules.apply({ ruleId: row.key, rule: row.value }, by, fromStation);
      } else {
        s.journal.transaction(() => s.journal.append('station.renamed', { name: row.value.name, by: row.author, fromStation }));
        renamed(row.value.name);
      }
    },
    snapshot() {
      const s = current();
      s.agents.refold(); // what the station is seeded with is what the entries say, not an edited table
      const agents: StationSettingChange[] = s.agents.list().map((a) => ({
        kind: 'agent',
        key: a.id,
        value: { name: a.name, role: a.role, pinHash: s.agents.pinHashOf(a.id), active: a.active },
      }));
      const rules: StationSettingChange[] = s.rules.list().map((r) => ({
        kind: 'markup_rule',
        key: r.id,
        value: { operatorId: r.operatorId, originId: r.originId, destinationId: r.destinationId, fareClass: r.fareClass, percent: r.percent, fixedMinor: r.fixedMinor },
      }));
      return [...agents, ...rules];
    },
    keepOnlyRules(ruleIds, stationId) {
      const rules = current().rules;
      for (const r of rules.list()) {
        if (!ruleIds.has(r.id)) rules.apply({ ruleId: r.id, rule: null }, { agentId: `station:${stationId}`, agentName: stationId });
      }
    },
  };
}
