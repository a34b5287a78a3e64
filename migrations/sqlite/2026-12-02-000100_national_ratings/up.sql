-- A registration's national rating and national ID, beside its FIDE rating and FIDE ID (a
-- national list fills these and never the FIDE rating).
ALTER TABLE players ADD COLUMN national_id TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN national_rating INTEGER NOT NULL DEFAULT 0;
-- Which rating ranks the players for pairing (C.04.2 Art. 2.2.1: fide, national,
-- fide_else_national, higher) and which one the reports carry (fide, national).
ALTER TABLE tournaments ADD COLUMN pairing_rating TEXT NOT NULL DEFAULT 'fide';
ALTER TABLE tournaments ADD COLUMN reported_rating TEXT NOT NULL DEFAULT 'fide';
-- The column mappings an organiser saved for player lists of other layouts (a national
-- rating list): in `layout` one line per column, "column of the file<TAB>field".
CREATE TABLE column_mappings (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    layout TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (owner_id, name)
);
