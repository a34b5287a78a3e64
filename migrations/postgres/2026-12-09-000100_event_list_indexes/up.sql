-- The home page reads each of its lists (under way, to come, recently finished) in the order
-- of an index, so that it reads the same few rows whatever the number of events held.
CREATE INDEX tournaments_published_start ON tournaments (published, start_date);
CREATE INDEX tournaments_published_end ON tournaments (published, end_date);
CREATE INDEX published_events_ends ON published_events (end_date, public_id);
