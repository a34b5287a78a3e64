//! FIDE's rating list as last imported, beside the foundation's `schema.rs`; migrations folder
//! `migrations/*/2026-11-29-000900_fide_rating_list`.

diesel::table! {
    /// One player of FIDE's rating list (replaced whole by each import).
    fide_players (fide_id) {
        /// FIDE ID.
        fide_id -> BigInt,
        /// Name as FIDE writes it ("Surname, Given").
        name -> Text,
        /// Federation.
        federation -> Text,
        /// `m`, `w` or empty.
        sex -> Text,
        /// Title as in the list (GM, IM, WGM, ...), or empty.
        title -> Text,
        /// Women's title as in the list, or empty.
        women_title -> Text,
        /// Standard rating.
        standard -> Nullable<Integer>,
        /// Rapid rating.
        rapid -> Nullable<Integer>,
        /// Blitz rating.
        blitz -> Nullable<Integer>,
        /// Year of birth.
        birth_year -> Nullable<Integer>,
        /// Marked inactive.
        inactive -> Bool,
        /// The name in lower case, indexed: the name look-up reads a range of it.
        name_key -> Text,
    }
}

diesel::table! {
    /// The list an import is writing (same columns as `fide_players`); swapped in whole when
    /// read whole.
    fide_players_staging (fide_id) {
        /// FIDE ID.
        fide_id -> BigInt,
        /// Name as FIDE writes it ("Surname, Given").
        name -> Text,
        /// Federation.
        federation -> Text,
        /// `m`, `w` or empty.
        sex -> Text,
        /// Title as in the list (GM, IM, WGM, ...), or empty.
        title -> Text,
        /// Women's title as in the list, or empty.
        women_title -> Text,
        /// Standard rating.
        standard -> Nullable<Integer>,
        /// Rapid rating.
        rapid -> Nullable<Integer>,
        /// Blitz rating.
        blitz -> Nullable<Integer>,
        /// Year of birth.
        birth_year -> Nullable<Integer>,
        /// Marked inactive.
        inactive -> Bool,
        /// The name in lower case, indexed: the name look-up reads a range of it.
        name_key -> Text,
    }
}

diesel::table! {
    /// One import of the rating list; the newest is the list in force.
    fide_rating_lists (id) {
        /// Row id.
        id -> Integer,
        /// The file imported (its name, and the entry of a zip).
        source -> Text,
        /// Players read.
        players -> Integer,
        /// When.
        imported_at -> Timestamp,
    }
}

diesel::table! {
    /// Column mappings an organiser saved for player lists of other layouts (a national
    /// rating list read through the player import).
    column_mappings (id) {
        /// Row id.
        id -> Integer,
        /// The organiser who saved it.
        owner_id -> Integer,
        /// Its name, unique per organiser.
        name -> Text,
        /// One line per column of the file: its header, a tab, the field it fills.
        layout -> Text,
        /// When last saved.
        updated_at -> Timestamp,
    }
}

diesel::table! {
    /// A spreadsheet uploaded on the player import, kept between the check and the import
    /// (the browser cannot send a file input again); dropped after a day.
    kept_uploads (id) {
        /// Row id.
        id -> Integer,
        /// The organiser or arbiter who uploaded it.
        owner_id -> Integer,
        /// The event it was uploaded to.
        tournament_id -> Integer,
        /// SHA-256 (hex) of the random token the form carries.
        token_hash -> Text,
        /// The file.
        bytes -> Binary,
        /// When it was uploaded.
        created_at -> Timestamp,
    }
}
