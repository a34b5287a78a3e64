-- The event's time zone (an IANA name such as Europe/Prague): the times the app shows for the
-- event (a board's history, the publication time) are in it. Empty: the server's own zone.
ALTER TABLE tournaments ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
