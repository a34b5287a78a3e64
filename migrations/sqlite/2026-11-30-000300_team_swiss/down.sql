ALTER TABLE team_leagues DROP COLUMN initial_colour;
ALTER TABLE team_leagues DROP COLUMN bye_game_points;
ALTER TABLE team_leagues DROP COLUMN bye_match_points;
ALTER TABLE team_leagues DROP COLUMN swiss_system;
