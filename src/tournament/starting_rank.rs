//! The initial ranking of the players, FIDE C.04.2 (General Handling Rules) Art. 2.2.
//!
//! Players are ranked by (2.2.1) strength, i.e. rating, highest first; then (2.2.2) FIDE title
//! in the order GM, IM, WGM, FM, WIM, CM, WFM, WCM, no title; then (2.2.3) alphabetically by
//! name, in the one alphabetical order of [`crate::tournament::collation`]. The position in that
//! order is the starting rank (pairing number, Art. 2.3).

use std::cmp::Ordering;

use crate::tournament::collation::compare_names;
use crate::tournament::model::{Player, PlayerId};

/// The titles of C.04.2 Art. 2.2.2, strongest first.
pub const TITLE_ORDER: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];

/// The position of `title` in [`TITLE_ORDER`] (case-insensitive); no or unknown title ranks last.
pub fn title_rank(title: &str) -> usize {
    let title = title.trim();
    TITLE_ORDER
        .iter()
        .position(|known| known.eq_ignore_ascii_case(title))
        .unwrap_or(TITLE_ORDER.len())
}

/// What C.04.2 Art. 2.2 looks at for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankKey<'a> {
    /// Rating (0 = unrated, ranks after every rated player).
    pub rating: u16,
    /// FIDE title, possibly empty.
    pub title: &'a str,
    /// Name as "Surname, Given".
    pub name: &'a str,
}

impl Player {
    /// What C.04.2 Art. 2.2 ranks this player by.
    pub fn rank_key(&self) -> RankKey<'_> {
        RankKey {
            rating: self.pairing_rating.unwrap_or(self.rating),
            title: &self.title,
            name: &self.name,
        }
    }
}

/// Compares two players by C.04.2 Art. 2.2: `Less` means `a` ranks higher (gets the lower
/// starting number).
pub fn compare(a: &RankKey<'_>, b: &RankKey<'_>) -> Ordering {
    b.rating
        .cmp(&a.rating)
        .then_with(|| title_rank(a.title).cmp(&title_rank(b.title)))
        .then_with(|| compare_names(a.name, b.name))
}

/// Sorts any list of entrants into starting-rank order (stable for full ties).
pub fn sort_by_starting_rank<T>(entrants: &mut [T], key: impl Fn(&T) -> RankKey<'_>) {
    entrants.sort_by(|a, b| compare(&key(a), &key(b)));
}

/// Puts `players` into starting-rank order and renumbers them `1, 2, …` (C.04.2 Art. 2.3).
/// Only meaningful before results refer to the old numbers.
pub fn assign_starting_ranks(players: &mut [Player]) {
    sort_by_starting_rank(players, Player::rank_key);
    for (index, player) in players.iter_mut().enumerate() {
        player.id = PlayerId(index as u32 + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str, title: &str, rating: u16) -> Player {
        Player {
            name: name.to_string(),
            title: title.to_string(),
            rating,
            ..Player::default()
        }
    }

    #[test]
    fn c04_2_art_2_2_1_rating_first() {
        let mut players = vec![player("Aa", "GM", 2400), player("Zz", "", 2500)];
        assign_starting_ranks(&mut players);
        assert_eq!(players[0].name, "Zz");
        assert_eq!(players[0].id, PlayerId(1));
        assert_eq!(players[1].id, PlayerId(2));
    }

    #[test]
    fn c04_2_art_2_2_2_title_order_on_equal_rating() {
        let mut players = vec![
            player("A", "", 2300),
            player("B", "WCM", 2300),
            player("C", "CM", 2300),
            player("D", "WIM", 2300),
            player("E", "FM", 2300),
            player("F", "WGM", 2300),
            player("G", "im", 2300),
            player("H", "GM", 2300),
            player("I", "WFM", 2300),
        ];
        assign_starting_ranks(&mut players);
        let titles: Vec<&str> = players.iter().map(|p| p.title.as_str()).collect();
        assert_eq!(
            titles,
            ["GM", "im", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""]
        );
    }

    /// The names of unrated, untitled players in starting-rank order (Art. 2.2.3 alone).
    fn alphabetical(names: &[&str]) -> Vec<String> {
        let mut players: Vec<Player> = names.iter().map(|name| player(name, "", 0)).collect();
        assign_starting_ranks(&mut players);
        players.into_iter().map(|p| p.name).collect()
    }

    #[test]
    fn c04_2_art_2_2_3_alphabetical_on_equal_rating_and_title() {
        assert_eq!(
            alphabetical(&[
                "Tichý, Jan",
                "Šťastný, Petr",
                "novák, Adam",
                "Svoboda, Karel"
            ]),
            [
                "novák, Adam",
                "Šťastný, Petr",
                "Svoboda, Karel",
                "Tichý, Jan"
            ]
        );
    }

    #[test]
    fn c04_2_art_2_2_3_serbian_cyrillic_in_alphabet_order() {
        // Ђ comes after Д and Ј after И in the Serbian alphabet; by code point both came after
        // every other Cyrillic letter.
        assert_eq!(
            alphabetical(&[
                "Петровић, Иван",
                "Јовановић, Марко",
                "Ђурић, Ана",
                "Аврамовић, Ана"
            ]),
            [
                "Аврамовић, Ана",
                "Ђурић, Ана",
                "Јовановић, Марко",
                "Петровић, Иван"
            ]
        );
    }

    #[test]
    fn c04_2_unrated_players_rank_last() {
        let mut players = vec![player("A", "GM", 0), player("B", "", 1200)];
        assign_starting_ranks(&mut players);
        assert_eq!(players[0].name, "B");
    }
}
