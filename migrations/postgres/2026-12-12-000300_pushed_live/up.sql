-- Live games on a public server: a venue sends each round's games followed live, already
-- delayed by its broadcast delay (the public live document, one per event and round; each
-- push replaces the round's). Removed with the event.
CREATE TABLE pushed_live (
    public_id TEXT NOT NULL REFERENCES published_events (public_id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    document TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (public_id, round)
);
