-- One store for the tournament day: a per-tournament revision bumped by every write (what
-- page caches key on), one audit log that outlives the games it speaks of (an unpaired
-- round's history stays readable), and one home for participation (withdrawal and late entry
-- were also flags on players).

ALTER TABLE tournaments ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

CREATE TABLE audit_log (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    revision BIGINT NOT NULL,
    user_id INTEGER REFERENCES users (id),
    at TIMESTAMP NOT NULL,
    action TEXT NOT NULL,
    round INTEGER,
    board INTEGER,
    game_id INTEGER,
    old_value TEXT,
    new_value TEXT,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_tournament ON audit_log (tournament_id, id);
CREATE INDEX audit_log_game ON audit_log (game_id);

INSERT INTO audit_log (tournament_id, revision, user_id, at, action, round, board, game_id,
                       old_value, new_value, detail)
SELECT r.tournament_id, 0, a.user_id, a.changed_at, 'result', r.number, g.board, a.game_id,
       a.old_result, a.new_result, ''
FROM result_audit a
JOIN games g ON g.id = a.game_id
JOIN rounds r ON r.id = g.round_id
ORDER BY a.id;

DROP TABLE result_audit;

-- Withdrawn players without a participation row: withdrawn from the next unpaired round.
INSERT INTO player_participation (player_id, first_round, withdrawn_from)
SELECT p.id, 1, (SELECT COUNT(*) FROM rounds r WHERE r.tournament_id = p.tournament_id) + 1
FROM players p
WHERE p.withdrawn
  AND NOT EXISTS (SELECT 1 FROM player_participation pp WHERE pp.player_id = p.id);

UPDATE player_participation
SET withdrawn_from = (SELECT COUNT(*) FROM rounds r, players p
                      WHERE p.id = player_participation.player_id
                        AND r.tournament_id = p.tournament_id) + 1
WHERE withdrawn_from IS NULL
  AND EXISTS (SELECT 1 FROM players p WHERE p.id = player_participation.player_id AND p.withdrawn);

-- Late entries not yet given a starting number enter in the next unpaired round.
INSERT INTO player_participation (player_id, first_round, withdrawn_from)
SELECT p.id, (SELECT COUNT(*) FROM rounds r WHERE r.tournament_id = p.tournament_id) + 1, NULL
FROM players p
WHERE p.late_entry AND p.starting_rank IS NULL
  AND NOT EXISTS (SELECT 1 FROM player_participation pp WHERE pp.player_id = p.id);

ALTER TABLE players DROP COLUMN withdrawn;
ALTER TABLE players DROP COLUMN late_entry;
