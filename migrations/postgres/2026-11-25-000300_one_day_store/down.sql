ALTER TABLE players ADD COLUMN late_entry BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE players ADD COLUMN withdrawn BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE players SET withdrawn = TRUE
WHERE id IN (SELECT player_id FROM player_participation WHERE withdrawn_from IS NOT NULL);
UPDATE players SET late_entry = TRUE
WHERE id IN (SELECT player_id FROM player_participation WHERE first_round > 1);

CREATE TABLE result_audit (
    id SERIAL PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id),
    changed_at TIMESTAMP NOT NULL,
    old_result TEXT,
    new_result TEXT
);
CREATE INDEX result_audit_game ON result_audit (game_id);
INSERT INTO result_audit (game_id, user_id, changed_at, old_result, new_result)
SELECT game_id, user_id, at, old_value, new_value FROM audit_log
WHERE action = 'result' AND user_id IS NOT NULL AND game_id IN (SELECT id FROM games)
ORDER BY id;

DROP TABLE audit_log;
ALTER TABLE tournaments DROP COLUMN revision;
