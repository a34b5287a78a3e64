ALTER TABLE game_scores DROP COLUMN lang;
