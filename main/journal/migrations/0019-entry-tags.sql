-- The marks of the agents' entries keyed with a new PIN key (agent-tags.ts): the last one is read
-- before every PIN check, without reading the journal.
CREATE INDEX entries_agents_keyed ON entries (seq) WHERE type = 'agent.entries_keyed';

-- Entries found written outside the app (head-anchor.ts): the last such finding, without reading the journal.
CREATE INDEX entries_foreign ON entries (seq) WHERE type = 'journal.foreign_entries';
