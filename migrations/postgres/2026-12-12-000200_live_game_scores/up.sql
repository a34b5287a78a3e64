-- A game followed live from an electronic board becomes the board's game score when it ends:
-- `source` says who wrote the score ('entered': the arbiter, typed or imported; 'live': the
-- board's log — replaced when the log changes, never over an entered score), and
-- `proposed_result` / `proposed_by` the result the live game proposes for the round (the
-- result as in PGN, and the alert that ended the game: 'checkmate', 'fivefold', ...).
ALTER TABLE game_scores ADD COLUMN source TEXT NOT NULL DEFAULT 'entered';
ALTER TABLE game_scores ADD COLUMN proposed_result TEXT;
ALTER TABLE game_scores ADD COLUMN proposed_by TEXT;
