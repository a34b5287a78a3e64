DELETE FROM bye_requests WHERE kind = 'F';
CREATE TABLE bye_requests_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('H', 'Z')),
    UNIQUE (player_id, round)
);
INSERT INTO bye_requests_old (id, player_id, round, kind)
    SELECT id, player_id, round, kind FROM bye_requests;
DROP TABLE bye_requests;
ALTER TABLE bye_requests_old RENAME TO bye_requests;
