//! Standings with the tournament's C.07 tie-breaks (values and their working), the crosstable
//! (round-robin grid or Swiss wallchart), and the organiser's tie-break settings page.
//!
//! The tie-break list is the one the organiser chose on `/tournaments/{id}/tiebreaks`
//! (C.07 Art. 4.1), else the FIDE-recommended default for the system: Swiss `BH-C1, BH, SB, DE`,
//! round robin `DE, SB, WIN, KS`. Ties left after the list are broken by lots from a recorded
//! seed, or share the place (Art. 4.2), as chosen.

pub mod crosstable;
pub mod save_tiebreaks;
pub mod show;
pub mod tiebreaks;
pub mod working;
