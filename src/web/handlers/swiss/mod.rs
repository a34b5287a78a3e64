//! The Swiss page of the tournament day: the bye rules, every player's participation (late
//! entry, withdrawal, return) and requested byes (C.04.2 Art. 2.4, 3.2, 3.3), unpairing and
//! manual changes of the last round, and the TRF-2026 export of the whole tournament. Pairing
//! the next round is [`crate::web::handlers::round::pair`] for every system.

pub mod bye;
pub mod participation;
pub mod save_settings;
pub mod show;
pub mod swap;
pub mod trf_export;
