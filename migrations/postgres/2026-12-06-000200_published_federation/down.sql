ALTER TABLE published_events DROP COLUMN federation;
