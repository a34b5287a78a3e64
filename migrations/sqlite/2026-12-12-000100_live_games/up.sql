-- Live games from electronic boards: a tournament's feed key (the one token mechanism: only
-- its SHA-256 is kept) and the public broadcast's delay.
CREATE TABLE live_settings (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    feed_key_hash TEXT UNIQUE,
    delay_minutes INTEGER NOT NULL DEFAULT 15
);

-- Each board's log, kept as evidence: what the board sent (`board`, the feed's line as
-- received) and what the arbiter did to the game (`correction`, `resolution`, with who). The
-- log replayed in order gives the game.
CREATE TABLE live_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    received_at BIGINT NOT NULL,
    entry TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX live_events_by_board ON live_events (tournament_id, round, board, id);
