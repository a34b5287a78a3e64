ALTER TABLE team_leagues DROP COLUMN lineup_deadline_minutes;
