-- A league's line-up deadline: minutes before the round's scheduled start (NULL: none).
ALTER TABLE team_leagues ADD COLUMN lineup_deadline_minutes INTEGER;
