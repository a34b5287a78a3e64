-- Imports name their indexes and swap the two tables: start the list afresh, as before this
-- migration (the list is imported again).
DROP TABLE fide_players_staging;
DROP TABLE fide_players;
CREATE TABLE fide_players (
    fide_id BIGINT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    federation TEXT NOT NULL DEFAULT '',
    sex TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    women_title TEXT NOT NULL DEFAULT '',
    standard INTEGER,
    rapid INTEGER,
    blitz INTEGER,
    birth_year INTEGER,
    inactive BOOLEAN NOT NULL DEFAULT FALSE
);
