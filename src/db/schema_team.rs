//! The team league tables, beside the foundation's `schema.rs`; migrations folder
//! `migrations/*/2026-11-28-000700_team_leagues`. Points are tenths, as `tournament::Points`.

diesel::table! {
    /// The settings of a team league (one row per team tournament).
    team_leagues (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// Boards per match.
        boards -> Integer,
        /// `home_white_odd`, `home_black_odd` or `alternate` ([`BoardColours`](crate::tournament::team::BoardColours)).
        colours -> Text,
        /// Match points of a match won (tenths).
        match_points_win -> Integer,
        /// Of a match drawn.
        match_points_draw -> Integer,
        /// Of a match lost.
        match_points_loss -> Integer,
        /// The ranking: a preset name (`fide`, `match_points_first`, `game_points_first`) or
        /// a list of team tie-break codes (`MPTS,GPTS,DE`).
        tie_breaks -> Text,
        /// A team Swiss's system code (TRF-2026 record 192, e.g. `FIDE_TEAM_TYPEA_MP_GP`).
        swiss_system -> Text,
        /// Match points of a team Swiss's pairing-allocated bye (tenths).
        bye_match_points -> Integer,
        /// Its game points (tenths); NULL = half the boards.
        bye_game_points -> Nullable<Integer>,
        /// The initial-colour of a team Swiss (`w`, `b`; empty until drawn at round 1).
        initial_colour -> Text,
        /// A league's line-up deadline in minutes before the round's scheduled start; NULL:
        /// none (`2026-12-10-000200_lineup_deadline`).
        lineup_deadline_minutes -> Nullable<Integer>,
    }
}

diesel::table! {
    /// The teams of a team tournament.
    teams (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The pairing (start) number, 1-based.
        number -> Integer,
        /// The team's name.
        name -> Text,
        /// A short name (TRF record 310), may be empty.
        nickname -> Text,
        /// The club or federation.
        club -> Text,
    }
}

diesel::table! {
    /// The squad lists: a player's team and place in it (board order, reserves after).
    team_members (player_id) {
        /// The player (in one squad only).
        player_id -> Integer,
        /// The team.
        team_id -> Integer,
        /// The place in the squad, 1 = first board.
        position -> Integer,
    }
}

diesel::table! {
    /// The scheduled matches of a team tournament.
    team_matches (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The round, 1-based.
        round -> Integer,
        /// The first-named (home) team.
        home_id -> Integer,
        /// The second-named team; NULL for the free round of an odd number of teams.
        away_id -> Nullable<Integer>,
        /// A whole-match forfeit: `home` (home wins), `away` or `both`.
        forfeit -> Nullable<Text>,
        /// Postponed: to be played later, out of order.
        postponed -> Bool,
        /// The home team's line-up is in.
        home_lineup -> Bool,
        /// The away team's line-up is in.
        away_lineup -> Bool,
        /// Optimistic-locking version, bumped by every change of the match or its boards.
        version -> Integer,
    }
}

diesel::table! {
    /// The boards of a match, seated from the line-ups; an empty seat is NULL.
    team_boards (id) {
        /// Row id.
        id -> Integer,
        /// The match.
        match_id -> Integer,
        /// Board number, 1-based.
        board -> Integer,
        /// The player with White.
        white_id -> Nullable<Integer>,
        /// The player with Black.
        black_id -> Nullable<Integer>,
        /// Result code ([`BoardResult`](crate::tournament::result::BoardResult)), NULL while
        /// not played.
        result -> Nullable<Text>,
        /// Optimistic-locking version, bumped by every change of the board.
        version -> Integer,
    }
}

diesel::table! {
    /// Match and game points given or taken by the arbiter, with the written reason.
    team_penalties (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The team.
        team_id -> Integer,
        /// The round the decision belongs to, if any.
        round -> Nullable<Integer>,
        /// Match points added (negative: deducted), tenths.
        match_points -> Integer,
        /// Game points added (negative: deducted), tenths.
        game_points -> Integer,
        /// The arbiter's reason.
        reason -> Text,
    }
}

diesel::table! {
    /// A team captain's personal link, by the SHA-256 of its token.
    captain_links (team_id) {
        /// The team.
        team_id -> Integer,
        /// SHA-256 of the token, hex.
        token_hash -> Text,
    }
}

diesel::table! {
    /// A captain's word on the board results of a played match.
    captain_confirmations (match_id, team_id) {
        /// The match.
        match_id -> Integer,
        /// The captain's team.
        team_id -> Integer,
        /// Agreed (true) or disputed (false).
        agrees -> Bool,
        /// The captain's note (a dispute's reason), may be empty.
        note -> Text,
        /// The match's version the word was given at.
        match_version -> Integer,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    team_leagues,
    captain_links,
    captain_confirmations,
    teams,
    team_members,
    team_matches,
    team_boards,
    team_penalties,
);
