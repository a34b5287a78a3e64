-- The round schedule: the date (and start time, if set) of each round, set by the organiser or
-- an arbiter. Shown on the public pages, printed on scoresheets and pairing lists. Same shape on
-- SQLite and PostgreSQL.

CREATE TABLE round_schedule (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    round_date DATE NOT NULL,
    start_time TIME,
    PRIMARY KEY (tournament_id, round)
);
