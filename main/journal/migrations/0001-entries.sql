-- The append-only journal: every money-relevant fact is one entry, chained to the one before
-- it by a SHA-256 hash (see main/journal/chain.ts for the canonical encoding).
CREATE TABLE entries (
  seq INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
) STRICT;

CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN
  SELECT RAISE(ABORT, 'journal entries are append-only');
END;

CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
BEGIN
  SELECT RAISE(ABORT, 'journal entries are append-only');
END;

-- The last entry's seq and hash, kept apart so that a truncated tail is detected too.
CREATE TABLE journal_head (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL
) STRICT;

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
