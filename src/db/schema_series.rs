//! The tables of series (`migrations/*/2026-12-11-000100_series`): an organiser's series and
//! their events.

diesel::table! {
    /// A series: events ranked together by a points scale (a club's Grand Prix, a cup).
    series (id) {
        /// Row id.
        id -> Integer,
        /// The organiser who made it (they and administrators edit it).
        owner_id -> Integer,
        /// Its name.
        name -> Text,
        /// 32 hex digits: the public page `/series/{public_id}`.
        public_id -> Text,
        /// `place` or `game_points` ([`crate::tournament::series::Scale::KINDS`]).
        scale_kind -> Text,
        /// The place values, `25, 20, 16`.
        scale_values -> Text,
        /// What a place beyond the list takes, in hundredths of a point.
        beyond_points -> Integer,
        /// The game-points scale's multiplier.
        multiplier -> Integer,
        /// Best N of M: how many scores count (NULL: all).
        best_n -> Nullable<Integer>,
        /// The categories, one a line: `kind<TAB>value<TAB>name`.
        categories -> Text,
        /// Raised by every change of the series or its events.
        revision -> Integer,
        /// When it was made.
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// An event of a series: one of this server's tournaments, or an imported TRF file kept
    /// as its public state document.
    series_events (id) {
        /// Row id.
        id -> Integer,
        /// The series.
        series_id -> Integer,
        /// Its place in the series' order (1, 2, …).
        position -> Integer,
        /// This server's tournament (NULL for an imported file).
        tournament_id -> Nullable<Integer>,
        /// An imported file's event name as the organiser sees it.
        imported_title -> Text,
        /// An imported file's public state document (JSON), frozen.
        document -> Nullable<Text>,
    }
}

diesel::joinable!(series_events -> series (series_id));
diesel::allow_tables_to_appear_in_same_query!(series, series_events);
