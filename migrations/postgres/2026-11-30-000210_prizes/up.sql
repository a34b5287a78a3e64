-- Categories and the prize list of a tournament (the organiser's): categories by age, women,
-- rating band, unrated, club or federation; prizes for places of the whole field or of a
-- category in the organiser's order (the order is the priority: a player takes the first they
-- are entitled to); the rule for players equal on points and the currency.

CREATE TABLE prize_settings (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    shared_places TEXT NOT NULL DEFAULT 'tiebreak',
    currency TEXT NOT NULL DEFAULT ''
);

CREATE TABLE prize_categories (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (tournament_id, position)
);

CREATE TABLE prizes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    category INTEGER,
    place INTEGER NOT NULL,
    amount_cents BIGINT,
    label TEXT NOT NULL,
    PRIMARY KEY (tournament_id, position)
);
