DROP TABLE game_scores;
DROP TABLE board_reports;
DROP TABLE check_ins;
DROP TABLE round_starts;
DROP TABLE bye_requests;
DROP TABLE player_participation;
DROP TABLE swiss_settings;
