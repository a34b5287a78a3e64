-- A team captain's personal link (the one token mechanism: only the token's SHA-256 is kept):
-- the captain submits the team's line-ups through it. Issuing a new link replaces the old;
-- revoking deletes the row.
CREATE TABLE captain_links (
    team_id INTEGER PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE
);

-- A captain's word on the board results of a played match: agreed, or disputed with a note for
-- the arbiter, given at the match's version (a result changed since makes it stale).
CREATE TABLE captain_confirmations (
    match_id INTEGER NOT NULL REFERENCES team_matches (id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    agrees BOOLEAN NOT NULL,
    note TEXT NOT NULL,
    match_version INTEGER NOT NULL,
    PRIMARY KEY (match_id, team_id)
);
