-- Team leagues: a tournament whose pairing system is a team round robin has one league row
-- (boards per match, board colours, match points, tie-break order), its teams with their
-- ordered squads, the scheduled matches (Berger tables over the teams) and each match's
-- boards, seated from the captains' line-ups. Same shape on SQLite and PostgreSQL.

CREATE TABLE team_leagues (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    boards INTEGER NOT NULL,
    colours TEXT NOT NULL,
    match_points_win INTEGER NOT NULL,
    match_points_draw INTEGER NOT NULL,
    match_points_loss INTEGER NOT NULL,
    tie_breaks TEXT NOT NULL
);

CREATE TABLE teams (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    nickname TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    UNIQUE (tournament_id, number),
    UNIQUE (tournament_id, name)
);

CREATE TABLE team_members (
    player_id INTEGER PRIMARY KEY NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    UNIQUE (team_id, position)
);

CREATE TABLE team_matches (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    home_id INTEGER NOT NULL REFERENCES teams (id),
    away_id INTEGER REFERENCES teams (id),
    forfeit TEXT,
    postponed BOOLEAN NOT NULL DEFAULT FALSE,
    home_lineup BOOLEAN NOT NULL DEFAULT FALSE,
    away_lineup BOOLEAN NOT NULL DEFAULT FALSE,
    version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (tournament_id, round, home_id)
);
CREATE INDEX team_matches_tournament ON team_matches (tournament_id, round);

CREATE TABLE team_boards (
    id SERIAL PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES team_matches (id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    white_id INTEGER REFERENCES players (id),
    black_id INTEGER REFERENCES players (id),
    result TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (match_id, board)
);

CREATE TABLE team_penalties (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    round INTEGER,
    match_points INTEGER NOT NULL,
    game_points INTEGER NOT NULL,
    reason TEXT NOT NULL
);
