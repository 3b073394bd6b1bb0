-- The marks of the agents' entries keyed with a new PIN key (agent-tags.ts): the last one is read
-- before every PIN check, without reading the journal.
CREATE INDEX entries_agents_keyed ON entries (seq) WHERE type = 'agent.entries_keyed';
