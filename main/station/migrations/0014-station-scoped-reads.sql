-- A counter's login reads what a counter reads: its own station's rows, no other station's entries,
-- counters, logins, keys, settings (with their supervisors' PIN proof keys) or refunds. Row-level
-- security for the counters' group; the owner, who owns the tables, and the database's functions
-- (SECURITY DEFINER, the owner's) are not subject to it.
CREATE FUNCTION login_station() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT station_id FROM counters WHERE login = session_user LIMIT 1
$$;
REVOKE ALL ON FUNCTION login_station() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION login_station() TO shubbak_counter;

ALTER TABLE stations ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON stations FOR SELECT TO shubbak_counter USING (id = login_station());
ALTER TABLE counters ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON counters FOR SELECT TO shubbak_counter USING (station_id = login_station());
ALTER TABLE station_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON station_settings FOR SELECT TO shubbak_counter USING (station_id = login_station());
ALTER TABLE station_settings_set_aside ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON station_settings_set_aside FOR SELECT TO shubbak_counter USING (station_id = login_station());
ALTER TABLE ticket_refunds ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON ticket_refunds FOR SELECT TO shubbak_counter USING (station_id = login_station());

-- Rows of a counter: those of the counters of the login's station (the counters policy applies inside).
ALTER TABLE entries ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON entries FOR SELECT TO shubbak_counter USING (counter_id IN (SELECT id FROM counters));
ALTER TABLE chain_heads ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON chain_heads FOR SELECT TO shubbak_counter USING (counter_id IN (SELECT id FROM counters));
ALTER TABLE counter_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON counter_keys FOR SELECT TO shubbak_counter USING (counter_id IN (SELECT id FROM counters));
ALTER TABLE counter_stops ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON counter_stops FOR SELECT TO shubbak_counter USING (counter_id IN (SELECT id FROM counters));
ALTER TABLE verified_checkpoints ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON verified_checkpoints FOR SELECT TO shubbak_counter USING (counter_id IN (SELECT id FROM counters));
