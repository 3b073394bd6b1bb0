-- Agents with a role and a PIN (a scrypt hash, never the PIN), from agent.saved entries. The
-- default agent of earlier versions stays, without a PIN: it signs no one in once real agents
-- exist. A lock after too many wrong PINs is an agent.locked entry.
ALTER TABLE agents ADD COLUMN role TEXT NOT NULL DEFAULT 'supervisor' CHECK (role IN ('agent', 'supervisor'));
ALTER TABLE agents ADD COLUMN pin_hash TEXT;
ALTER TABLE agents ADD COLUMN active INTEGER NOT NULL DEFAULT 1;
ALTER TABLE agents ADD COLUMN locked_until TEXT;
ALTER TABLE agents ADD COLUMN changed_seq INTEGER;
