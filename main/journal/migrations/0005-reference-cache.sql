-- Cities, operators and routes as last fetched from the API (a cache, not a record).
CREATE TABLE reference_cache (
  kind TEXT PRIMARY KEY CHECK (kind IN ('cities', 'operators', 'routes')),
  json TEXT NOT NULL,
  refreshed_at TEXT NOT NULL
) STRICT;
