DROP TABLE player_requests;
DROP TABLE round_presence;
DROP TABLE entries;
DROP TABLE desk_settings;
