-- A counter notes each claim of tickets in its journal before it asks for it (refunds/service.ts),
-- and each refund it writes names its claim. A claim held under its id since its PC took the
-- counter's lease that it neither noted nor wrote was made by its login somewhere else (a copied or
-- stolen login making a refund up, so that no window pays that ticket back): the counter gives it
-- back at its next refund look. Claims from before its PC took the lease may be a dead PC's, which
-- may have paid them: only the administrator releases those (`npm run station -- release-claim`).
CREATE FUNCTION ticket_claims_since_lease(p_counter text, p_holder text) RETURNS TABLE (refund_id text, booking_ref text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM station_writer(p_counter);
  RETURN QUERY SELECT DISTINCT t.refund_id, t.booking_ref FROM ticket_refunds t JOIN counter_leases l ON l.counter_id = t.counter_id
    WHERE t.counter_id = p_counter AND l.holder = p_holder AND l.retired_at IS NULL AND t.claimed_at >= l.taken_at;
END
$$;
REVOKE ALL ON FUNCTION ticket_claims_since_lease(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ticket_claims_since_lease(text, text) TO shubbak_counter;
