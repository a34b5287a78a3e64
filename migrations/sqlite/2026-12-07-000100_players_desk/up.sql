-- The players' desk: self-registration, check-in before a round, players' requests.
--
-- The organiser's settings of the desk, one row per tournament (absent: the form closed, no
-- check-in, no fee). Fees are in hundredths.
CREATE TABLE desk_settings (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    registration_open BOOLEAN NOT NULL DEFAULT 0,
    deadline DATE,
    capacity INTEGER,
    currency TEXT NOT NULL DEFAULT '',
    base_fee BIGINT NOT NULL DEFAULT 0,
    junior_under INTEGER NOT NULL DEFAULT 0,
    junior_fee BIGINT NOT NULL DEFAULT 0,
    senior_from INTEGER NOT NULL DEFAULT 0,
    senior_fee BIGINT NOT NULL DEFAULT 0,
    titled_fee BIGINT,
    check_in TEXT NOT NULL DEFAULT 'none',
    absent_rule TEXT NOT NULL DEFAULT 'not_paired',
    -- The venue's check-in page: a personal link (SHA-256 only); NULL = none issued or revoked.
    check_in_link TEXT UNIQUE
);

-- Self-registrations. An entry in the tournament is a player (player_id); a waiting one is
-- not yet. The entrant's personal link is kept as its SHA-256 only (NULL = revoked).
CREATE TABLE entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
    status TEXT NOT NULL,
    name TEXT NOT NULL,
    fide_id BIGINT,
    national_id TEXT NOT NULL DEFAULT '',
    birth_year INTEGER,
    sex TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    rating INTEGER NOT NULL DEFAULT 0,
    federation TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    lang TEXT NOT NULL DEFAULT 'en',
    fee_due BIGINT NOT NULL DEFAULT 0,
    fee_mark TEXT NOT NULL DEFAULT 'unpaid',
    link_hash TEXT UNIQUE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX entries_tournament ON entries (tournament_id, status);

-- Presence confirmed before a round (check-in decides who is paired, never who is forfeited).
CREATE TABLE round_presence (
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    checked_at BIGINT NOT NULL,
    via TEXT NOT NULL,
    PRIMARY KEY (player_id, round)
);

-- Players' requests to the arbiter through their link.
CREATE TABLE player_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    entry_id INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    round INTEGER,
    bye_kind TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'pending',
    answer TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX player_requests_entry ON player_requests (entry_id);
