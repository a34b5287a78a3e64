DROP INDEX published_events_ends;
DROP INDEX tournaments_published_end;
DROP INDEX tournaments_published_start;
