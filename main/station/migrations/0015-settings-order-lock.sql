-- The settings stream's writers were ordered by an advisory lock, which any login may take and
-- hold: a counter's login in the wrong hands stopped every station's settings from being saved.
-- They are ordered by the station's own row instead, locked FOR UPDATE by the database's function
-- (the owner's); a counter's login, with no right to update that table, cannot lock it.
CREATE OR REPLACE FUNCTION station_settings_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stations WHERE id = NEW.station_id FOR UPDATE;
  SELECT coalesce(max(seq), 0) + 1 INTO NEW.seq FROM station_settings WHERE station_id = NEW.station_id AND environment = NEW.environment;
  NEW.at := clock_timestamp();
  RETURN NEW;
END
$$;
