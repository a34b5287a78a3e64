-- Publishing from a venue to a public server, and the open API.
--
-- Every tournament gets a stable public id (random, 32 hex digits, in a table of its own): the
-- same event on the venue and on the public server, in `/api/v1/events/{id}` on both.
CREATE TABLE tournament_public_ids (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    public_id TEXT NOT NULL UNIQUE
);
INSERT INTO tournament_public_ids (tournament_id, public_id)
    SELECT id, md5(random()::text || clock_timestamp()::text || id::text) FROM tournaments;

-- The public server: an organiser's publishing keys. Only the SHA-256 of the key is kept; a
-- revoked key stays (revoked_at) so that the log of who pushed what keeps its meaning.
CREATE TABLE publishing_keys (
    id SERIAL PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label TEXT NOT NULL DEFAULT '',
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    revoked_at TIMESTAMP,
    last_used_at TIMESTAMP
);
CREATE INDEX publishing_keys_owner ON publishing_keys (owner_id);

-- The public server: the newest state a venue pushed of each event, as served.
CREATE TABLE published_events (
    public_id TEXT PRIMARY KEY NOT NULL,
    owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key_id INTEGER NOT NULL REFERENCES publishing_keys (id),
    revision BIGINT NOT NULL,
    name TEXT NOT NULL,
    place TEXT NOT NULL,
    start_date DATE NOT NULL,
    end_date DATE NOT NULL,
    document TEXT NOT NULL,
    published_at TIMESTAMP NOT NULL
);
CREATE INDEX published_events_dates ON published_events (start_date, public_id);

-- The venue: where a tournament is published to, and how the last pushes went.
CREATE TABLE publish_targets (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    key TEXT NOT NULL,
    pushed_revision BIGINT,
    pushed_at TIMESTAMP,
    failing_since TIMESTAMP,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP,
    last_error TEXT NOT NULL DEFAULT ''
);

-- The venue: the outbox, one row per revision to publish, written in the transaction of the
-- change; deleted once a push of that revision or a newer one was acknowledged.
CREATE TABLE publish_outbox (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    revision BIGINT NOT NULL,
    queued_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX publish_outbox_tournament ON publish_outbox (tournament_id, revision);
