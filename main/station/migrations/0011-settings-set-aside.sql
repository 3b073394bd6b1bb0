-- Rows of the settings stream the station's administrator set aside. A row that does not verify
-- (unsigned, a forged counter signature, no or a wrong supervisor's PIN proof, a replay) stops
-- every counter's fold of the stream at it, with the alarm on every supervisor's screen. The
-- owner's way out (`npm run station -- set-aside-setting`) records the row here, with why: every
-- counter then reads the stream without it (never applied, nothing learnt from it about who is
-- supervisor, even were it to verify) and checks and applies the rows after it as usual. The row
-- itself stays in station_settings, as every row does. Written by the owner only, kept, never
-- changed: counters read it.
CREATE TABLE station_settings_set_aside (
  station_id text NOT NULL,
  environment text NOT NULL,
  seq bigint NOT NULL,
  reason text NOT NULL CHECK (reason ~ '\S'),
  set_aside_by name NOT NULL DEFAULT session_user,
  set_aside_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (station_id, environment, seq),
  FOREIGN KEY (station_id, environment, seq) REFERENCES station_settings (station_id, environment, seq)
);
CREATE TRIGGER station_settings_set_aside_no_update BEFORE UPDATE OR DELETE ON station_settings_set_aside FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER station_settings_set_aside_no_truncate BEFORE TRUNCATE ON station_settings_set_aside FOR EACH STATEMENT EXECUTE FUNCTION append_only();
REVOKE ALL ON station_settings_set_aside FROM shubbak_counter;
GRANT SELECT ON station_settings_set_aside TO shubbak_counter;
