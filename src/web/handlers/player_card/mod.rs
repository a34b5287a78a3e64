//! A player's card: games, points, ARO, TPR, PTP and the expected rating change
//! (FIDE B.02 Art. 8.3) or, for an unrated player, the provisional initial rating (Art. 8.2),
//! computed by [`crate::tournament::rating::player_card`].

pub mod show;
