-- An agent's own entries, found without reading the journal: the agents read model is folded
-- again from them at every start and before every PIN check (read-models.ts refoldAgents), since
-- the table is a file anyone with the data folder can edit. The kinds are AGENT_ROW_TYPES.
CREATE INDEX entries_of_agents ON entries (payload ->> '$.agentId', seq)
  WHERE type IN ('agent.saved', 'agent.locked', 'agent.pin_failed', 'agent.pin_accepted', 'agent.unlocked', 'agent.pin_resealed');

-- The journal found rewound at a start (head-anchor.ts): the last such entry, without reading the journal.
CREATE INDEX entries_rewound ON entries (seq) WHERE type = 'journal.rewound';
