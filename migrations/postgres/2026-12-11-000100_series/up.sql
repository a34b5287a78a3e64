-- Series (a club's Grand Prix, a region's cup): events ranked together by a points scale.
-- An event is one of this server's tournaments (read as its public state document) or a TRF
-- file another program wrote, kept here frozen as its public state document (JSON text), so
-- that it does not appear among the organiser's tournaments.
CREATE TABLE series (
    id SERIAL PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    public_id TEXT NOT NULL UNIQUE,
    scale_kind TEXT NOT NULL DEFAULT 'place',
    scale_values TEXT NOT NULL DEFAULT '',
    beyond_points INTEGER NOT NULL DEFAULT 0,
    multiplier INTEGER NOT NULL DEFAULT 1,
    best_n INTEGER,
    categories TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX series_owner ON series (owner_id);

CREATE TABLE series_events (
    id SERIAL PRIMARY KEY,
    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
    imported_title TEXT NOT NULL DEFAULT '',
    document TEXT
);
CREATE INDEX series_events_series ON series_events (series_id, position);
