-- Money back (issue 23). A ticket is refunded at most once across the counters of a station:
-- before a linked counter pays, it claims each ticket here (the primary key decides between two
-- windows at the same moment), then writes its refund.paid entry, shipped like any other.
CREATE TABLE ticket_refunds (
  station_id text NOT NULL REFERENCES stations (id),
  booking_ref text NOT NULL,
  passenger_index integer NOT NULL CHECK (passenger_index >= 0),
  counter_id text NOT NULL REFERENCES counters (id),
  refund_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, booking_ref, passenger_index)
);
CREATE INDEX ticket_refunds_by_refund ON ticket_refunds (refund_id);

-- A counter claims a ticket, and gives its claim back only when its own refund could not be written.
GRANT SELECT, INSERT, DELETE ON ticket_refunds TO shubbak_counter;

-- The station report's refunds of a business day, and a sale found by its booking reference.
CREATE INDEX entries_refund_day ON entries ((payload::jsonb ->> 'businessDay')) WHERE type = 'refund.paid';
CREATE INDEX entries_by_booking_ref ON entries ((payload::jsonb ->> 'bookingReference')) WHERE type IN ('sale.outcome', 'refund.paid');
