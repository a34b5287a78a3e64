-- Tournament day (issue 7): Swiss settings, requested byes, late entries and withdrawals,
-- round start and check-ins (Laws Art. 6.7), players' self-reports, game scores.
-- Times are Unix seconds (UTC) so both backends compare them the same way.

CREATE TABLE swiss_settings (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    max_half_point_byes INTEGER NOT NULL DEFAULT 1,
    max_zero_point_byes INTEGER,
    no_half_point_byes_in_last_rounds INTEGER NOT NULL DEFAULT 2,
    late_entry_points TEXT NOT NULL DEFAULT 'zero',
    forfeit_withdraws BOOLEAN NOT NULL DEFAULT 1
);

CREATE TABLE player_participation (
    player_id INTEGER PRIMARY KEY NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    first_round INTEGER NOT NULL DEFAULT 1,
    withdrawn_from INTEGER
);

CREATE TABLE bye_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('H', 'Z')),
    UNIQUE (player_id, round)
);

CREATE TABLE round_starts (
    round_id INTEGER PRIMARY KEY NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    started_at BIGINT NOT NULL
);

CREATE TABLE check_ins (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    colour TEXT NOT NULL CHECK (colour IN ('white', 'black')),
    checked_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, colour)
);

CREATE TABLE board_reports (
    game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    white_token TEXT NOT NULL UNIQUE,
    black_token TEXT NOT NULL UNIQUE,
    white_report TEXT,
    black_report TEXT,
    approved TEXT
);

CREATE TABLE game_scores (
    game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    movetext TEXT NOT NULL
);
