-- A team captain's personal link (the one token mechanism: only the token's SHA-256 is kept):
-- the captain submits the team's line-ups through it. Issuing a new link replaces the old;
-- revoking deletes the row.
CREATE TABLE captain_links (
    team_id INTEGER PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE
);
