-- A team event paired by the Swiss system (FIDE C.04.6): its system code (TRF-2026 record 192:
-- primary score and colour preference type), what the pairing-allocated bye scores (record
-- 320; game points NULL = half the boards) and the initial-colour drawn before round 1
-- (Art. 4.1; empty until drawn).
ALTER TABLE team_leagues ADD COLUMN swiss_system TEXT NOT NULL DEFAULT 'FIDE_TEAM_TYPEA_MP_GP';
ALTER TABLE team_leagues ADD COLUMN bye_match_points INTEGER NOT NULL DEFAULT 20;
ALTER TABLE team_leagues ADD COLUMN bye_game_points INTEGER;
ALTER TABLE team_leagues ADD COLUMN initial_colour TEXT NOT NULL DEFAULT '';
