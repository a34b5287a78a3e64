//! The standings tables, beside the foundation's `schema.rs`: the tie-break list
//! (`migrations/*/2026-11-22-000100_tiebreaks`) and the categories and prizes
//! (`migrations/*/2026-11-30-000210_prizes`).

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

diesel::table! {
    /// A tournament's rule for prizes of players equal on points, and its currency.
    prize_settings (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// `tiebreak`, `split` or `hort`.
        shared_places -> Text,
        /// Printed after the amounts ("€", "Kč"), possibly empty.
        currency -> Text,
    }
}

diesel::table! {
    /// The organiser's categories, in their order.
    prize_categories (tournament_id, position) {
        /// The tournament.
        tournament_id -> Integer,
        /// The place in the organiser's order (0-based).
        position -> Integer,
        /// The organiser's name, empty for the rule's own.
        name -> Text,
        /// `under`, `at_least`, `women`, `rating`, `unrated`, `club` or `federation`.
        kind -> Text,
        /// The age, the band (`1600-1999`), the club or the federation.
        value -> Text,
    }
}

diesel::table! {
    /// The prizes, in the organiser's order (the priority).
    prizes (tournament_id, position) {
        /// The tournament.
        tournament_id -> Integer,
        /// The place in the organiser's order (0-based).
        position -> Integer,
        /// The category's position, NULL for the whole field.
        category -> Nullable<Integer>,
        /// The place in the group (1 = first).
        place -> Integer,
        /// The money in hundredths, when it is money.
        amount_cents -> Nullable<BigInt>,
        /// What it is when it is not (only) money.
        label -> Text,
    }
}
