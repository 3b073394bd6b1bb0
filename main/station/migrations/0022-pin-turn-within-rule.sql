-- pin_turn_end wrote whatever a counter's login sent: one call with a lock until 2099 locked an
-- agent (a supervisor, every supervisor) out of every window of the station, for years, long after
-- the login was revoked (each window keeps to the stricter of its count and the station's). It now
-- takes only what the counters' rule can leave (main/agents/pin-lockout.ts): fewer wrong PINs than
-- the five that lock, and a lock ending at most an hour (the rule's longest) from now, with two
-- hours more for a counter PC's clock that runs ahead. What a login can still do is what typing
-- wrong PINs at its window does: locks of the rule's length, which end by themselves.
CREATE OR REPLACE FUNCTION pin_turn_end(p_counter text, p_agent text, p_wrong integer, p_locks integer, p_locked_until timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  c := station_writer(p_counter);
  IF p_wrong IS NULL OR p_wrong NOT BETWEEN 0 AND 4 OR p_locks IS NULL OR p_locks < 0 OR p_locked_until > now() + interval '3 hours' THEN
    RAISE EXCEPTION 'pin_turn_out_of_rule: counter % wrote agent %''s count as % wrong, locked until %: no counter''s rule leaves that', p_counter, p_agent, p_wrong, p_locked_until
      USING ERRCODE = '22023';
  END IF;
  UPDATE pin_turns SET wrong = p_wrong, locks = p_locks, locked_until = p_locked_until, counter_id = p_counter, changed_at = now()
    WHERE station_id = c.station_id AND environment = c.environment AND agent_id = p_agent;
END
$$;
