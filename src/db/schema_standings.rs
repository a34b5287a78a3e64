//! The tie-break table, beside the foundation's `schema.rs`; migrations folder
//! `migrations/*/2026-11-22-000100_tiebreaks`.

diesel::table! {
    /// The tie-break list a tournament's organiser chose (FIDE C.07 Art. 4.1).
    tournament_tiebreaks (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// The codes in order, comma-separated as FIDE writes them (`BH-C1,BH,SB,DE`).
        codes -> Text,
        /// Ties left after the list share the place instead of drawing lots (Art. 4.2).
        shared_places -> Bool,
        /// The seed of the drawing of lots (Art. 4.2), published with the standings.
        lots_seed -> BigInt,
    }
}
