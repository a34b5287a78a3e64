-- What a FIDE rating report (TRF-2026) says that the tournament did not keep: the deputy
-- chief arbiters (112, one per line), the type of tournament as written (092), the report
-- records this program does not interpret, kept verbatim from an imported file so that the
-- export gives them back (one per line), and each player's full birth date (the year stays
-- in birth_year; the date refines it). Same shape on SQLite and PostgreSQL.

ALTER TABLE tournaments ADD COLUMN deputy_arbiters TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN report_type TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN report_records TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN birth_date DATE;
