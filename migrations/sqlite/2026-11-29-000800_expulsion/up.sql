-- Expulsion from the competition (FIDE Laws Art. 12.9.9): a state of a player's participation,
-- beside the withdrawal it implies (withdrawn_from), so that the player is never paired again
-- and cannot return. Same shape on SQLite and PostgreSQL.

ALTER TABLE player_participation ADD COLUMN expelled BOOLEAN NOT NULL DEFAULT 0;
