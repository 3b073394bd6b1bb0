-- The station's settings stream: agents (with their PIN hashes), markup rules and the station's
-- name, shared by every counter of a station. A supervisor's change on any counter is one row;
-- every counter applies the rows in the database's order (seq, without gaps per station and
-- environment), so concurrent edits of the same thing end the same way everywhere: the later
-- row stands. `based_on` is the seq of the same thing the editing counter had applied, so a row
-- that replaced a change its author had not seen can be told apart.
CREATE TABLE station_settings (
  station_id text NOT NULL REFERENCES stations (id),
  environment text NOT NULL CHECK (environment IN ('TRAINING', 'SANDBOX', 'LIVE')),
  seq bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('agent', 'markup_rule', 'station_name')),
  key text NOT NULL,
  -- The whole new state of the thing; null: deleted (a markup rule).
  value jsonb,
  based_on bigint,
  counter_id text NOT NULL REFERENCES counters (id),
  author jsonb,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (station_id, environment, seq)
);

-- The database orders the rows: one writer per station and environment at a time (the lock is
-- held to the commit), so a reader that has seen seq N never misses a row below it later.
CREATE FUNCTION station_settings_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('station_settings'), hashtext(NEW.station_id || '/' || NEW.environment));
  SELECT coalesce(max(seq), 0) + 1 INTO NEW.seq FROM station_settings WHERE station_id = NEW.station_id AND environment = NEW.environment;
  NEW.at := clock_timestamp();
  RETURN NEW;
END
$$;
CREATE TRIGGER station_settings_order BEFORE INSERT ON station_settings FOR EACH ROW EXECUTE FUNCTION station_settings_order();

-- The station's name as its latest row says, for the head office's reports.
CREATE FUNCTION station_settings_name() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE stations SET name = NEW.value ->> 'name' WHERE id = NEW.station_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER station_settings_name AFTER INSERT ON station_settings FOR EACH ROW WHEN (NEW.kind = 'station_name')
  EXECUTE FUNCTION station_settings_name();

CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER station_settings_no_update BEFORE UPDATE OR DELETE ON station_settings FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER station_settings_no_truncate BEFORE TRUNCATE ON station_settings FOR EACH STATEMENT EXECUTE FUNCTION append_only();

GRANT SELECT, INSERT ON station_settings TO shubbak_counter;
