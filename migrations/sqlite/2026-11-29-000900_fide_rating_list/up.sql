-- FIDE's rating list as the organiser last imported it (`arbiter ratings import FILE`): one
-- row per player of the list, replaced whole by each import, for the FIDE ID look-up of the
-- player form and the refresh of a tournament's ratings; and one row per import (the newest
-- is the list in force). Same shape on SQLite and PostgreSQL.

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

CREATE TABLE fide_rating_lists (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    source TEXT NOT NULL,
    players INTEGER NOT NULL,
    imported_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
