//! Refreshing registered players' ratings and titles from FIDE's rating list before round 1:
//! what would change (old → new), and a digest of it, so that the write applies exactly the
//! changes the organiser saw. Ratings and titles decide the starting ranks (C.04.2 Art. 2.2),
//! which round 1 fixes; after that a refresh is an explicit, audited override.
//!
//! A player is matched by FIDE ID only. The list's title is taken when it is one of the titles
//! that rank (C.04.2 Art. 2.2.2), else the women's title, else none; the rating is the list's
//! rating of the tournament's rating type (standard, rapid or blitz), 0 when the list has none.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use crate::tournament::starting_rank::TITLE_ORDER;

/// A registered player, as the refresh sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registered {
    /// The registration's row id.
    pub player: i32,
    /// Name.
    pub name: String,
    /// FIDE ID, if given.
    pub fide_id: Option<u64>,
    /// Rating now (0 = unrated).
    pub rating: u16,
    /// Title now.
    pub title: String,
}

/// A player of the rating list, as the refresh needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The rating of the tournament's rating type, if rated.
    pub rating: Option<u16>,
    /// Title as the list writes it.
    pub title: String,
    /// Women's title as the list writes it.
    pub women_title: String,
}

/// One player's change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingUpdate {
    /// The registration's row id.
    pub player: i32,
    /// Name.
    pub name: String,
    /// FIDE ID.
    pub fide_id: u64,
    /// Rating before.
    pub old_rating: u16,
    /// Rating after.
    pub new_rating: u16,
    /// Title before.
    pub old_title: String,
    /// Title after.
    pub new_title: String,
}

/// What a refresh would do.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RefreshPlan {
    /// The changes, in the order of the players given.
    pub updates: Vec<RatingUpdate>,
    /// Players with a FIDE ID the list does not have (names).
    pub not_listed: Vec<String>,
    /// Players without a FIDE ID (names).
    pub without_id: Vec<String>,
    /// Players found and already up to date.
    pub unchanged: usize,
}

impl RefreshPlan {
    /// A digest of the changes (player, old and new values), to check that a write applies the
    /// changes that were shown.
    pub fn digest(&self) -> String {
        let mut hasher = Sha256::new();
        for update in &self.updates {
            hasher.update(
                format!(
                    "{}|{}|{}|{}|{}|{}\n",
                    update.player,
                    update.fide_id,
                    update.old_rating,
                    update.new_rating,
                    update.old_title,
                    update.new_title
                )
                .as_bytes(),
            );
        }
        hex::encode(hasher.finalize())
    }
}

/// The title a list entry gives a player: its title if it ranks, else its women's title if
/// that ranks, else none.
pub fn title_from_list(title: &str, women_title: &str) -> String {
    [title, women_title]
        .iter()
        .map(|title| title.trim().to_ascii_uppercase())
        .find(|title| TITLE_ORDER.contains(&title.as_str()))
        .unwrap_or_default()
}

/// What refreshing `players` from `list` (by FIDE ID) would change.
pub fn plan_refresh(players: &[Registered], list: &HashMap<u64, Listed>) -> RefreshPlan {
    let mut plan = RefreshPlan::default();
    for player in players {
        let Some(fide_id) = player.fide_id else {
            plan.without_id.push(player.name.clone());
            continue;
        };
        let Some(listed) = list.get(&fide_id) else {
            plan.not_listed.push(player.name.clone());
            continue;
        };
        let new_rating = listed.rating.unwrap_or(0);
        let new_title = title_from_list(&listed.title, &listed.women_title);
        if new_rating == player.rating && new_title == player.title {
            plan.unchanged += 1;
            continue;
        }
        plan.updates.push(RatingUpdate {
            player: player.player,
            name: player.name.clone(),
            fide_id,
            old_rating: player.rating,
            new_rating,
            old_title: player.title.clone(),
            new_title,
        });
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registered(player: i32, fide_id: Option<u64>, rating: u16, title: &str) -> Registered {
        Registered {
            player,
            name: format!("Player {player}"),
            fide_id,
            rating,
            title: title.to_owned(),
        }
    }

    #[test]
    fn changes_are_listed_old_to_new_and_the_rest_is_counted() {
        let list = HashMap::from([
            (
                10,
                Listed {
                    rating: Some(2411),
                    title: "IM".into(),
                    women_title: String::new(),
                },
            ),
            (
                11,
                Listed {
                    rating: Some(2100),
                    title: "WFM".into(),
                    women_title: "WFM".into(),
                },
            ),
            (
                12,
                Listed {
                    rating: None,
                    title: "AIM".into(),
                    women_title: String::new(),
                },
            ),
        ]);
        let players = [
            registered(1, Some(10), 2390, "FM"),
            registered(2, Some(11), 2100, "WFM"),
            registered(3, Some(12), 1500, ""),
            registered(4, Some(99), 1800, ""),
            registered(5, None, 1200, ""),
        ];
        let plan = plan_refresh(&players, &list);
        assert_eq!(
            plan.updates
                .iter()
                .map(|u| (
                    u.player,
                    u.old_rating,
                    u.new_rating,
                    u.old_title.as_str(),
                    u.new_title.as_str()
                ))
                .collect::<Vec<_>>(),
            [(1, 2390, 2411, "FM", "IM"), (3, 1500, 0, "", "")]
        );
        assert_eq!(plan.unchanged, 1);
        assert_eq!(plan.not_listed, ["Player 4"]);
        assert_eq!(plan.without_id, ["Player 5"]);
        let again = plan_refresh(&players, &list);
        assert_eq!(plan.digest(), again.digest());
        let moved = plan_refresh(&[registered(1, Some(10), 2391, "FM")], &list);
        assert_ne!(plan.digest(), moved.digest());
    }

    #[test]
    fn a_title_that_does_not_rank_gives_way_to_the_womens_title() {
        assert_eq!(title_from_list("gm", ""), "GM");
        assert_eq!(title_from_list("AFM", "WIM"), "WIM");
        assert_eq!(title_from_list("", ""), "");
    }
}
