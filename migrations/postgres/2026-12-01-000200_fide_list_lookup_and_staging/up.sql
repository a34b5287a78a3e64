-- The rating list's name look-up (type-ahead on the player form): the name in lower case,
-- indexed, so that a prefix is a range of the index (`name_key >= 'novak' AND name_key <
-- 'novak' || U+10FFFF`), not a scan of two million rows. In byte order (COLLATE "C"), as on
-- SQLite, so that the range holds exactly the names that start with the prefix.
ALTER TABLE fide_players ADD COLUMN name_key TEXT COLLATE "C" NOT NULL DEFAULT '';
UPDATE fide_players SET name_key = lower(name);
CREATE INDEX fide_players_name_key ON fide_players (name_key);

-- An import writes the new list here batch by batch, each batch committed on its own (so that
-- the tournament-day writes of other connections are never held up for long), indexes its
-- names once the whole list is in (faster than keeping an index up to date row by row), and
-- swaps the two tables by renaming them in one short transaction: the list in force changes
-- all at once or not at all. Same shape as fide_players; the name index is made by each import
-- (under a name of its own) and goes with the table when the names are swapped.
CREATE TABLE fide_players_staging (
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
    inactive BOOLEAN NOT NULL DEFAULT FALSE,
    name_key TEXT COLLATE "C" NOT NULL DEFAULT ''
);
