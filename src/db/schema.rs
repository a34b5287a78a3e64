//! The database schema (diesel `table!` definitions), one for both backends.
//!
//! Written to match `migrations/sqlite/*` and `migrations/postgres/*`; when a migration changes
//! a table, change it here too (`tests/db_schema.rs` checks that every table can be read back).
//! Scores (`points_*`) are tenths of a point, as `tournament::Points`.

diesel::table! {
    /// Accounts: administrators, organisers and arbiters.
    users (id) {
        /// Row id.
        id -> Integer,
        /// Login name, unique.
        username -> Text,
        /// Name shown on pages.
        display_name -> Text,
        /// argon2 PHC string.
        password_hash -> Text,
        /// `admin`, `organiser` or `arbiter`.
        role -> Text,
        /// False when the administrator disabled the account.
        active -> Bool,
        /// When the account was created.
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Instance-wide settings shared by every app instance (e.g. the session cookie key).
    settings (name) {
        /// Setting name.
        name -> Text,
        /// Setting value (text; binary values hex-encoded).
        value -> Text,
    }
}

diesel::table! {
    /// Login attempts, for rate limiting (shared by every app instance).
    login_attempts (id) {
        /// Row id.
        id -> Integer,
        /// The user name that was tried.
        username -> Text,
        /// The client address.
        client_ip -> Text,
        /// Whether the password was right.
        succeeded -> Bool,
        /// When.
        attempted_at -> Timestamp,
    }
}

diesel::table! {
    /// Logins kept on the server: one row per session, ended by deleting it.
    user_sessions (id) {
        /// SHA-256 (hex) of the secret the session cookie carries.
        id -> Text,
        /// The account logged in.
        user_id -> Integer,
        /// When the user logged in.
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Tournaments.
    tournaments (id) {
        /// Row id.
        id -> Integer,
        /// Name.
        name -> Text,
        /// Place (town, venue).
        place -> Text,
        /// Organising federation (three letters), possibly empty.
        federation -> Text,
        /// First day.
        start_date -> Date,
        /// Last day.
        end_date -> Date,
        /// Chief arbiter's name.
        chief_arbiter -> Text,
        /// Time control as announced, e.g. `90'/40 + 30' + 30"`.
        time_control -> Text,
        /// Number of rounds.
        rounds -> Integer,
        /// `round_robin`, `double_round_robin` (later `swiss_dutch`).
        pairing_system -> Text,
        /// Double round robin: swap the last two rounds of the first cycle (C.05 Annex 1).
        swap_last_two_rounds -> Bool,
        /// Art. 10.1 point system, tenths: win.
        points_win -> Integer,
        /// Draw.
        points_draw -> Integer,
        /// Loss.
        points_loss -> Integer,
        /// Win by forfeit.
        points_forfeit_win -> Integer,
        /// Loss by forfeit.
        points_forfeit_loss -> Integer,
        /// Pairing-allocated bye.
        points_pairing_bye -> Integer,
        /// Requested half-point bye.
        points_half_bye -> Integer,
        /// Requested full-point bye.
        points_full_bye -> Integer,
        /// Zero-point bye.
        points_zero_bye -> Integer,
        /// Art. 6.7 default time in minutes (0 = none).
        default_time_minutes -> Integer,
        /// Visible to anonymous visitors.
        published -> Bool,
        /// The organiser who owns it.
        owner_id -> Integer,
        /// When it was created.
        created_at -> Timestamp,
        /// Bumped by every write of the tournament (`db::store`); pages cache on it.
        revision -> BigInt,
        /// Deputy chief arbiters (TRF `112`), one per line.
        deputy_arbiters -> Text,
        /// Type of tournament as written in a report (TRF `092`), empty = from the system.
        report_type -> Text,
        /// Report records not interpreted, kept verbatim from an imported file, one per line.
        report_records -> Text,
        /// The FIDE rating the event uses: `standard`, `rapid` or `blitz`.
        rating_type -> Text,
        /// The rating that ranks the players (C.04.2 Art. 2.2.1): `fide`, `national`,
        /// `fide_else_national` or `higher`.
        pairing_rating -> Text,
        /// The rating the reports carry: `fide` or `national`.
        reported_rating -> Text,
        /// The event's time zone (IANA name); empty: the server's.
        time_zone -> Text,
    }
}

diesel::table! {
    /// Arbiters assigned to a tournament (may enter and correct its results).
    tournament_arbiters (tournament_id, user_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// The arbiter's account.
        user_id -> Integer,
    }
}

diesel::table! {
    /// Registered players. Withdrawal and late entry live in `player_participation`.
    players (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// Name as "Surname, Given".
        name -> Text,
        /// FIDE ID.
        fide_id -> Nullable<BigInt>,
        /// FIDE title (GM, IM, WGM, ...), empty if none.
        title -> Text,
        /// Rating, 0 = unrated.
        rating -> Integer,
        /// Federation (three letters), possibly empty.
        federation -> Text,
        /// Year of birth.
        birth_year -> Nullable<Integer>,
        /// `m`, `w` or empty.
        sex -> Text,
        /// Club.
        club -> Text,
        /// Starting rank (C.04.2 §2.2), once assigned.
        starting_rank -> Nullable<Integer>,
        /// When registered.
        created_at -> Timestamp,
        /// Full birth date, when known (refines `birth_year`).
        birth_date -> Nullable<Date>,
        /// The player's ID in the national federation's list, possibly empty.
        national_id -> Text,
        /// National rating, 0 = none (beside `rating`, the FIDE rating).
        national_rating -> Integer,
    }
}

diesel::table! {
    /// Rounds of a tournament.
    rounds (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// 1-based round number.
        number -> Integer,
        /// Pairings visible to the public.
        published -> Bool,
    }
}

diesel::table! {
    /// Boards of a round. A bye is a row with `black_id` NULL (the player is `white_id`).
    games (id) {
        /// Row id.
        id -> Integer,
        /// The round.
        round_id -> Integer,
        /// Board number, 1-based.
        board -> Integer,
        /// White (or the player with the bye).
        white_id -> Integer,
        /// Black; NULL for a bye.
        black_id -> Nullable<Integer>,
        /// Result code, NULL while not played.
        result -> Nullable<Text>,
        /// Optimistic-locking version, incremented by every result change.
        version -> Integer,
        /// Last change.
        updated_at -> Timestamp,
        /// An unplayed pairing without colours (TRF `- +`): the seats are no colours.
        colourless -> Bool,
    }
}

diesel::table! {
    /// What every write of the tournament day did, who did it and when (`db::store`). Rows
    /// are never deleted with the games they speak of (`game_id` is no foreign key).
    audit_log (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The tournament's revision after the write.
        revision -> BigInt,
        /// Who (NULL for a player's own report or the system).
        user_id -> Nullable<Integer>,
        /// When.
        at -> Timestamp,
        /// What: `pair`, `result`, `unpair`, `swap`, `withdraw`, ...
        action -> Text,
        /// The round concerned, if any.
        round -> Nullable<Integer>,
        /// The board concerned, if any.
        board -> Nullable<Integer>,
        /// The game concerned, if any (kept after the game is gone).
        game_id -> Nullable<Integer>,
        /// The value before (e.g. a result code).
        old_value -> Nullable<Text>,
        /// The value after.
        new_value -> Nullable<Text>,
        /// What else a reader needs (players, settings changed, ...).
        detail -> Text,
    }
}

diesel::joinable!(tournaments -> users (owner_id));
diesel::joinable!(tournament_arbiters -> tournaments (tournament_id));
diesel::joinable!(tournament_arbiters -> users (user_id));
diesel::joinable!(players -> tournaments (tournament_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(games -> rounds (round_id));
diesel::joinable!(audit_log -> tournaments (tournament_id));
diesel::joinable!(audit_log -> users (user_id));
diesel::joinable!(user_sessions -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    settings,
    login_attempts,
    user_sessions,
    tournaments,
    tournament_arbiters,
    players,
    rounds,
    games,
    audit_log,
);
