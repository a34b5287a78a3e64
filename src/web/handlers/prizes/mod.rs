//! Categories and the prize list: the organiser defines the categories (age, women, rating
//! band, unrated, club, federation), the prizes in their order of priority and the rule for
//! players equal on points ([`edit`], [`save`]); everyone sees the prize list after the last
//! complete round ([`show`]) and downloads it as a PDF (`print/prizes.pdf`). The standings
//! filter by category (`/standings?category=N`). The rules are
//! [`crate::tournament::prizes`]'s.

pub mod edit;
pub mod save;
pub mod show;
