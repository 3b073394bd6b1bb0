-- The station's settings stream as far as this counter applied it: the last row (the station
-- database's seq) per station. Agents, markup rules and the station's name received from it are
-- ordinary entries (agent.saved, markup.changed, station.renamed) that say which row they apply.
CREATE TABLE station_settings_applied (
  station_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  entry_seq INTEGER NOT NULL
) STRICT;
