-- A requested bye may be a full-point bye (TRF-2026 `240 F`, `0000 - F`) where the tournament
-- rules give one (an arbiter's decision, or a file another program wrote). SQLite cannot change
-- a CHECK constraint, so the table is rebuilt with its rows.
CREATE TABLE bye_requests_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('F', 'H', 'Z')),
    UNIQUE (player_id, round)
);
INSERT INTO bye_requests_new (id, player_id, round, kind)
    SELECT id, player_id, round, kind FROM bye_requests;
DROP TABLE bye_requests;
ALTER TABLE bye_requests_new RENAME TO bye_requests;
