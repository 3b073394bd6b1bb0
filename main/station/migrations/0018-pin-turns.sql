-- Wrong PINs count across the station: an agent is the same person at every window, so the wrong
-- PINs typed at five windows lock them at all of them, as five at one window do. A linked counter
-- checking an agent's PIN holds that agent's row here for the length of its check, in one
-- transaction (pin_turn: FOR UPDATE), and writes what came of it before it commits (pin_turn_end):
-- the checks of one agent run one at a time across the station, however many windows are typed at
-- together. The rule (how many tries, how long each lock) is the counters' (main/agents/pin-lockout.ts);
-- this table keeps where each agent stands. Each counter also keeps its own count in its journal and
-- holds to the stricter of the two, so a row set back here locks nobody out of less. Counters write
-- the table only through these functions, which check the login is the counter's own
-- (station_writer, migration 0005).
CREATE TABLE pin_turns (
  station_id text NOT NULL REFERENCES stations (id),
  environment text NOT NULL CHECK (environment IN ('TRAINING', 'SANDBOX', 'LIVE')),
  agent_id text NOT NULL,
  wrong integer NOT NULL DEFAULT 0 CHECK (wrong >= 0),
  locks integer NOT NULL DEFAULT 0 CHECK (locks >= 0),
  locked_until timestamptz,
  counter_id text REFERENCES counters (id),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, environment, agent_id)
);

-- Takes the agent's row for one PIN check (made at the first): where the agent stands, held until
-- the transaction ends.
CREATE FUNCTION pin_turn(p_counter text, p_agent text) RETURNS TABLE (t_wrong integer, t_locks integer, t_locked_until timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  c := station_writer(p_counter);
  INSERT INTO pin_turns (station_id, environment, agent_id) VALUES (c.station_id, c.environment, p_agent) ON CONFLICT DO NOTHING;
  RETURN QUERY SELECT p.wrong, p.locks, p.locked_until FROM pin_turns p
    WHERE p.station_id = c.station_id AND p.environment = c.environment AND p.agent_id = p_agent FOR UPDATE;
END
$$;

-- What the check came to: the agent's count and lock as the counter's rule leaves them.
CREATE FUNCTION pin_turn_end(p_counter text, p_agent text, p_wrong integer, p_locks integer, p_locked_until timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  c := station_writer(p_counter);
  UPDATE pin_turns SET wrong = p_wrong, locks = p_locks, locked_until = p_locked_until, counter_id = p_counter, changed_at = now()
    WHERE station_id = c.station_id AND environment = c.environment AND agent_id = p_agent;
END
$$;

REVOKE ALL ON pin_turns FROM PUBLIC;
REVOKE ALL ON FUNCTION pin_turn(text, text), pin_turn_end(text, text, integer, integer, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pin_turn(text, text), pin_turn_end(text, text, integer, integer, timestamptz) TO shubbak_counter;
