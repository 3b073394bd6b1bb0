-- Every sale belongs to an agent and a shift. Until agents with PINs exist there is one
-- default agent, and a shift is opened implicitly per agent and business day (Cairo date).
CREATE TABLE agents (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

INSERT INTO agents (id, name, created_at) VALUES ('agent-1', 'Agent 1', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE shifts (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents (id),
  business_day TEXT NOT NULL,
  implicit INTEGER NOT NULL,
  opened_seq INTEGER NOT NULL,
  opened_at TEXT NOT NULL,
  closed_seq INTEGER,
  closed_at TEXT
) STRICT;
