-- The trip watcher (main/worklist/watcher.ts) looks every minute for the confirmed sales whose
-- departure is still ahead: through this index rather than a scan of every sale the journal holds
-- (a scan that grew with the journal and held the counter up once a minute).
CREATE INDEX sales_watched ON sales (departure_at) WHERE status = 'confirmed' AND booking_ref IS NOT NULL;
