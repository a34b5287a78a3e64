ALTER TABLE game_scores DROP COLUMN proposed_by;
ALTER TABLE game_scores DROP COLUMN proposed_result;
ALTER TABLE game_scores DROP COLUMN source;
