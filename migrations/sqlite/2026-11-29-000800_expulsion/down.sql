ALTER TABLE player_participation DROP COLUMN expelled;
