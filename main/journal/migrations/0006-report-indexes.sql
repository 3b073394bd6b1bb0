-- Covering indexes for the end-of-day report of one business day: totals by agent and shift,
-- by operator, counts by status, and cash taken.
CREATE INDEX sales_day_agent ON sales (business_day, status, agent_id, shift_id, retail_total_minor, net_total_minor);
CREATE INDEX sales_day_operator ON sales (business_day, status, operator_id, retail_total_minor, net_total_minor);
CREATE INDEX cash_day_agent ON cash_movements (business_day, agent_id, shift_id, amount_minor);
