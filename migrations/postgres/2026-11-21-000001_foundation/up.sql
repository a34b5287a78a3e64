-- Foundation schema (issue 2): accounts, settings, tournaments, players, rounds, games, audit.
-- Scores are stored in tenths of a point (tournament::Points). Same shape as the SQLite migration.

CREATE TABLE users (
    id SERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'organiser', 'arbiter')),
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

CREATE TABLE login_attempts (
    id SERIAL PRIMARY KEY,
    username TEXT NOT NULL,
    client_ip TEXT NOT NULL,
    succeeded BOOLEAN NOT NULL,
    attempted_at TIMESTAMP NOT NULL
);
CREATE INDEX login_attempts_username ON login_attempts (username, attempted_at);
CREATE INDEX login_attempts_client_ip ON login_attempts (client_ip, attempted_at);

CREATE TABLE tournaments (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    place TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    start_date DATE NOT NULL,
    end_date DATE NOT NULL,
    chief_arbiter TEXT NOT NULL DEFAULT '',
    time_control TEXT NOT NULL DEFAULT '',
    rounds INTEGER NOT NULL,
    pairing_system TEXT NOT NULL,
    swap_last_two_rounds BOOLEAN NOT NULL DEFAULT FALSE,
    points_win INTEGER NOT NULL DEFAULT 10,
    points_draw INTEGER NOT NULL DEFAULT 5,
    points_loss INTEGER NOT NULL DEFAULT 0,
    points_forfeit_win INTEGER NOT NULL DEFAULT 10,
    points_forfeit_loss INTEGER NOT NULL DEFAULT 0,
    points_pairing_bye INTEGER NOT NULL DEFAULT 10,
    points_half_bye INTEGER NOT NULL DEFAULT 5,
    points_full_bye INTEGER NOT NULL DEFAULT 10,
    points_zero_bye INTEGER NOT NULL DEFAULT 0,
    default_time_minutes INTEGER NOT NULL DEFAULT 0,
    published BOOLEAN NOT NULL DEFAULT FALSE,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX tournaments_owner ON tournaments (owner_id);

CREATE TABLE tournament_arbiters (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id),
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE players (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    fide_id BIGINT,
    title TEXT NOT NULL DEFAULT '',
    rating INTEGER NOT NULL DEFAULT 0,
    federation TEXT NOT NULL DEFAULT '',
    birth_year INTEGER,
    sex TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    starting_rank INTEGER,
    late_entry BOOLEAN NOT NULL DEFAULT FALSE,
    withdrawn BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX players_tournament ON players (tournament_id);

CREATE TABLE rounds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    published BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (tournament_id, number)
);

CREATE TABLE games (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    white_id INTEGER NOT NULL REFERENCES players (id),
    black_id INTEGER REFERENCES players (id),
    result TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (round_id, board)
);

CREATE TABLE result_audit (
    id SERIAL PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id),
    changed_at TIMESTAMP NOT NULL,
    old_result TEXT,
    new_result TEXT
);
CREATE INDEX result_audit_game ON result_audit (game_id);
