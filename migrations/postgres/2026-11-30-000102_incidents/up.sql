-- The incident log of a tournament (the chief arbiter's report): round, board and the game
-- (when the board has one), the time it happened (HH:MM as the arbiter wrote it), the arbiter
-- who decided, the Article (7, 11, 12.9.1-12.9.9, A, B, G), the decision and its time or score
-- consequence. Seen by the tournament's arbiters only.

CREATE TABLE incidents (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board INTEGER,
    game_id INTEGER,
    occurred_at TEXT NOT NULL,
    arbiter_id INTEGER NOT NULL REFERENCES users (id),
    article TEXT NOT NULL,
    decision TEXT NOT NULL,
    consequence TEXT NOT NULL
);
CREATE INDEX incidents_tournament ON incidents (tournament_id);
