-- Points given or taken outside the games (TRF-2026 record 299 with a blank type: a penalty or
-- a bonus for one player), each with the arbiter's reason; counted in the score from `round`
-- on (NULL: from the start). Points in tenths, negative for a deduction.

CREATE TABLE point_adjustments (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round INTEGER,
    points INTEGER NOT NULL,
    reason TEXT NOT NULL
);
CREATE INDEX point_adjustments_tournament ON point_adjustments (tournament_id);
