-- A spreadsheet uploaded on the player import, kept between the check and the import (a file
-- input cannot be sent again by the browser): the organiser's and the event's, found by a
-- random token of which only the SHA-256 is stored; dropped after a day.
CREATE TABLE kept_uploads (
    id SERIAL PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    bytes BYTEA NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
