//! Categories and the prize list: who is in which category, and who takes which prize.
//!
//! **Categories** are the organiser's: by age (`U8` … `U18`, `50+`, `65+`), women, a rating
//! band, unrated players, a club or a federation ([`CategoryRule`]). Age counts in whole years
//! of the tournament's year, as FIDE's youth and senior events do: a player born in 2012 is 14
//! in 2026 and so in U16 (under 16 on 1 January) but not in U14; a player born in 1976 is in
//! 50+ for the whole of 2026. A player without a year of birth is in no age category; a rating
//! band holds rated players only (the unrated have their own category).
//!
//! **Prizes** ([`Prize`]) are places of the whole field or of a category, in the organiser's
//! order ([`PrizeRules::prizes`]): the order is the priority. A player takes one prize, the
//! first in that order they are entitled to; a category's first prize then goes to the best
//! player of the category who has not taken an earlier one ([`award`]). A player who withdrew
//! (C.04.2 Art. 3.2) and did not return, or was expelled (Laws Art. 12.9.9), takes no prize
//! and shares none: the next player in the standings does ([`Entrant::takes_prizes`]).
//!
//! **Shared places** ([`SharedPlaces`]): players equal on points either take the prizes in the
//! order of the tie-breaks (C.07, as the standings rank them), or share the money of the
//! places they hold together — equally (split), or half by the tie-break order and half
//! equally (the Hort system). Sharing counts the players of one prize group (the whole field
//! or one category) who took no earlier prize elsewhere; a player equal on points with a
//! prize winner just below the last prize shares too. A prize without an amount (a cup, a
//! book) is not divided: it goes by the tie-breaks. Shares are rounded down to the cent.

use std::fmt;

use crate::tournament::byes::Participation;
use crate::tournament::{PlayerId, Points};

/// The youngest and oldest age a category may name.
pub const AGE_LIMITS: (u8, u8) = (6, 99);

/// The highest rating a band may name.
pub const MAX_RATING: u16 = 3500;

/// Who belongs to a category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryRule {
    /// Under `n` years in the tournament's year (`U14`: born in the year 14 years before the
    /// tournament's, or later, excluded; `year − birth year < n`).
    Under(u8),
    /// `n` years or more in the tournament's year (`50+`, `65+`).
    AtLeast(u8),
    /// Women and girls (sex `w`, or `f` as some files write it).
    Women,
    /// Rated players with a rating from `min` to `max` (both included).
    RatingBand {
        /// The lowest rating of the band.
        min: u16,
        /// The highest rating of the band.
        max: u16,
    },
    /// Players without a rating.
    Unrated,
    /// Members of a club (the club as registered, letter case and spaces around ignored).
    Club(String),
    /// Players of a federation (three letters).
    Federation(String),
}

/// Why a category's definition does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryError {
    /// The kind is not one of [`CategoryRule::KINDS`].
    UnknownKind,
    /// An age is not a whole number in [`AGE_LIMITS`].
    BadAge,
    /// A rating band is not `min-max`, `-max` or `min-` within 0 … [`MAX_RATING`], min ≤ max.
    BadBand,
    /// A club or federation category without a club or federation.
    MissingValue,
    /// A federation that is not three letters.
    BadFederation,
}

impl fmt::Display for CategoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl CategoryError {
    /// A stable key for the message (`prizes.error.<key>` in the catalogs).
    pub fn key(&self) -> &'static str {
        match self {
            CategoryError::UnknownKind => "unknown_kind",
            CategoryError::BadAge => "bad_age",
            CategoryError::BadBand => "bad_band",
            CategoryError::MissingValue => "missing_value",
            CategoryError::BadFederation => "bad_federation",
        }
    }
}

impl CategoryRule {
    /// The kinds as the form and the database name them.
    pub const KINDS: [&'static str; 7] = [
        "under",
        "at_least",
        "women",
        "rating",
        "unrated",
        "club",
        "federation",
    ];

    /// Reads a rule from its kind ([`CategoryRule::KINDS`]) and value: an age for `under` and
    /// `at_least` (`14`, also `U14` and `50+`), a band for `rating` (`1600-1999`, `-1799`,
    /// `2000-`), a club or federation; `women` and `unrated` take none.
    pub fn parse(kind: &str, value: &str) -> Result<CategoryRule, CategoryError> {
        let value = value.trim();
        let age = || {
            value
                .trim_start_matches(['U', 'u'])
                .trim_end_matches('+')
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|age| (AGE_LIMITS.0..=AGE_LIMITS.1).contains(age))
                .ok_or(CategoryError::BadAge)
        };
        match kind {
            "under" => Ok(CategoryRule::Under(age()?)),
            "at_least" => Ok(CategoryRule::AtLeast(age()?)),
            "women" => Ok(CategoryRule::Women),
            "unrated" => Ok(CategoryRule::Unrated),
            "rating" => parse_band(value),
            "club" if value.is_empty() => Err(CategoryError::MissingValue),
            "club" => Ok(CategoryRule::Club(value.to_owned())),
            "federation" if value.is_empty() => Err(CategoryError::MissingValue),
            "federation" => {
                if value.len() == 3 && value.chars().all(|c| c.is_ascii_alphabetic()) {
                    Ok(CategoryRule::Federation(value.to_ascii_uppercase()))
                } else {
                    Err(CategoryError::BadFederation)
                }
            }
            _ => Err(CategoryError::UnknownKind),
        }
    }

    /// The kind ([`CategoryRule::KINDS`]).
    pub fn kind(&self) -> &'static str {
        match self {
            CategoryRule::Under(_) => "under",
            CategoryRule::AtLeast(_) => "at_least",
            CategoryRule::Women => "women",
            CategoryRule::RatingBand { .. } => "rating",
            CategoryRule::Unrated => "unrated",
            CategoryRule::Club(_) => "club",
            CategoryRule::Federation(_) => "federation",
        }
    }

    /// The value as the form shows it (what [`CategoryRule::parse`] reads back).
    pub fn value(&self) -> String {
        match self {
            CategoryRule::Under(age) | CategoryRule::AtLeast(age) => age.to_string(),
            CategoryRule::RatingBand { min, max } => match (*min, *max) {
                (0, max) => format!("-{max}"),
                (min, MAX_RATING) => format!("{min}-"),
                (min, max) => format!("{min}-{max}"),
            },
            CategoryRule::Women | CategoryRule::Unrated => String::new(),
            CategoryRule::Club(name) | CategoryRule::Federation(name) => name.clone(),
        }
    }

    /// The short name the rule has in every language (`U14`, `50+`, `1600–1999`, the club or
    /// federation), or `None` for the two that need words (women, unrated).
    pub fn neutral_name(&self) -> Option<String> {
        Some(match self {
            CategoryRule::Under(age) => format!("U{age}"),
            CategoryRule::AtLeast(age) => format!("{age}+"),
            CategoryRule::RatingBand { min, max } => match (*min, *max) {
                (0, max) => format!("≤ {max}"),
                (min, MAX_RATING) => format!("≥ {min}"),
                (min, max) => format!("{min}–{max}"),
            },
            CategoryRule::Club(name) | CategoryRule::Federation(name) => name.clone(),
            CategoryRule::Women | CategoryRule::Unrated => return None,
        })
    }

    /// True when `entrant` belongs to the category in the tournament's `year`.
    pub fn includes(&self, entrant: &Entrant, year: i32) -> bool {
        let age = entrant.birth_year.map(|born| year - i32::from(born));
        match self {
            CategoryRule::Under(limit) => age.is_some_and(|age| age < i32::from(*limit)),
            CategoryRule::AtLeast(limit) => age.is_some_and(|age| age >= i32::from(*limit)),
            CategoryRule::Women => matches!(entrant.sex.trim(), "w" | "W" | "f" | "F"),
            CategoryRule::RatingBand { min, max } => {
                entrant.rating > 0 && (*min..=*max).contains(&entrant.rating)
            }
            CategoryRule::Unrated => entrant.rating == 0,
            CategoryRule::Club(club) => {
                !club.trim().is_empty()
                    && entrant.club.trim().to_lowercase() == club.trim().to_lowercase()
            }
            CategoryRule::Federation(federation) => {
                entrant.federation.trim().eq_ignore_ascii_case(federation)
            }
        }
    }
}

fn parse_band(value: &str) -> Result<CategoryRule, CategoryError> {
    let (low, high) = value.split_once(['-', '–']).ok_or(CategoryError::BadBand)?;
    let number = |text: &str, empty: u16| -> Result<u16, CategoryError> {
        match text.trim() {
            "" => Ok(empty),
            text => text
                .parse::<u16>()
                .ok()
                .filter(|rating| *rating <= MAX_RATING)
                .ok_or(CategoryError::BadBand),
        }
    };
    let (min, max) = (number(low, 0)?, number(high, MAX_RATING)?);
    if min > max || (low.trim().is_empty() && high.trim().is_empty()) {
        return Err(CategoryError::BadBand);
    }
    Ok(CategoryRule::RatingBand { min, max })
}

/// A category of the tournament: its name as the organiser wrote it (may be empty: then the
/// rule names it) and its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// The organiser's name, e.g. "Girls U12"; empty for the rule's own name.
    pub name: String,
    /// Who belongs to it.
    pub rule: CategoryRule,
}

/// What the categories need to know of a player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Entrant {
    /// The starting number.
    pub player: PlayerId,
    /// Year of birth, if known.
    pub birth_year: Option<u16>,
    /// `m`, `w` (or `f`), or empty.
    pub sex: String,
    /// Rating, 0 = unrated.
    pub rating: u16,
    /// Club, possibly empty.
    pub club: String,
    /// Federation, possibly empty.
    pub federation: String,
    /// Entry, withdrawals and expulsion: a player who withdrew and did not come back, or was
    /// expelled (Laws Art. 12.9.9), takes no prize ([`Entrant::takes_prizes`]).
    pub participation: Participation,
}

impl Entrant {
    /// True when the player may take a prize: not withdrawn for good (C.04.2 Art. 3.2, a
    /// withdrawal without a return) and not expelled (Laws Art. 12.9.9).
    pub fn takes_prizes(&self) -> bool {
        !self.participation.has_left()
    }
}

/// Whose places a prize is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrizeGroup {
    /// The whole field.
    Overall,
    /// A category (index into [`PrizeRules::categories`]).
    Category(usize),
}

/// One prize of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prize {
    /// The whole field or a category.
    pub group: PrizeGroup,
    /// The place in the group (1 = first).
    pub place: u32,
    /// The money, in hundredths (cents), if it is money.
    pub amount: Option<i64>,
    /// What it is when it is not (only) money: "Cup", "Book".
    pub label: String,
}

/// The organiser's rule for players equal on points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SharedPlaces {
    /// The tie-breaks decide who takes which prize.
    #[default]
    TieBreak,
    /// Players equal on points share the money of their places equally.
    Split,
    /// Half of each prize goes by the tie-breaks, the other half is shared equally (Hort).
    Hort,
}

impl SharedPlaces {
    /// Every rule, in the order the form offers them.
    pub const ALL: [SharedPlaces; 3] = [
        SharedPlaces::TieBreak,
        SharedPlaces::Split,
        SharedPlaces::Hort,
    ];

    /// The code stored and sent by the form.
    pub fn code(self) -> &'static str {
        match self {
            SharedPlaces::TieBreak => "tiebreak",
            SharedPlaces::Split => "split",
            SharedPlaces::Hort => "hort",
        }
    }

    /// The rule of a code.
    pub fn parse(code: &str) -> Option<SharedPlaces> {
        SharedPlaces::ALL
            .into_iter()
            .find(|rule| rule.code() == code)
    }
}

/// The organiser's categories and prizes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrizeRules {
    /// The categories, in the organiser's order.
    pub categories: Vec<Category>,
    /// The prizes, in the organiser's order: a player takes the first they are entitled to.
    pub prizes: Vec<Prize>,
    /// Players equal on points.
    pub shared: SharedPlaces,
    /// The currency printed after the amounts ("€", "Kč"), possibly empty.
    pub currency: String,
}

/// Why a prize list does not hold together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrizeError {
    /// A prize names a category that does not exist.
    UnknownCategory {
        /// The prize's position in the list (1-based).
        prize: usize,
    },
    /// A place of 0.
    ZeroPlace {
        /// The prize's position in the list (1-based).
        prize: usize,
    },
    /// A group's places are not 1, 2, 3 … in the order of the list (a place repeated, left
    /// out, or listed before a better one).
    PlaceOutOfOrder {
        /// The prize's position in the list (1-based).
        prize: usize,
        /// The place the group's next prize should be for.
        expected: u32,
    },
    /// A prize with neither an amount nor a label.
    Empty {
        /// The prize's position in the list (1-based).
        prize: usize,
    },
}

impl PrizeRules {
    /// Checks that every prize names an existing group, has something to give and that each
    /// group's places are 1, 2, 3 … in the order of the list.
    pub fn check(&self) -> Result<(), PrizeError> {
        let mut next: std::collections::HashMap<PrizeGroup, u32> = Default::default();
        for (index, prize) in self.prizes.iter().enumerate() {
            let position = index + 1;
            if let PrizeGroup::Category(category) = prize.group
                && category >= self.categories.len()
            {
                return Err(PrizeError::UnknownCategory { prize: position });
            }
            if prize.place == 0 {
                return Err(PrizeError::ZeroPlace { prize: position });
            }
            if prize.amount.is_none() && prize.label.trim().is_empty() {
                return Err(PrizeError::Empty { prize: position });
            }
            let expected = next.entry(prize.group).or_insert(1);
            if prize.place != *expected {
                return Err(PrizeError::PlaceOutOfOrder {
                    prize: position,
                    expected: *expected,
                });
            }
            *expected += 1;
        }
        Ok(())
    }

    /// True when `entrant` may take a prize of `group` in the tournament's `year`.
    pub fn in_group(&self, group: PrizeGroup, entrant: &Entrant, year: i32) -> bool {
        match group {
            PrizeGroup::Overall => true,
            PrizeGroup::Category(index) => self
                .categories
                .get(index)
                .is_some_and(|category| category.rule.includes(entrant, year)),
        }
    }

    /// The players of category `index` in the order of `ranking` (the standings filtered).
    pub fn category_standings<'a>(
        &self,
        index: usize,
        ranking: &'a [(PlayerId, Points)],
        entrants: &[Entrant],
        year: i32,
    ) -> Vec<&'a (PlayerId, Points)> {
        ranking
            .iter()
            .filter(|(player, _)| {
                entrant_of(entrants, *player)
                    .is_some_and(|e| self.in_group(PrizeGroup::Category(index), e, year))
            })
            .collect()
    }
}

/// One line of the prize list: a prize and who takes it, or a share of a player equal on
/// points with prize winners who holds no prize's place of their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// The group.
    pub group: PrizeGroup,
    /// The place in the group (among the players who took no earlier prize elsewhere).
    pub place: u32,
    /// The prize (index into [`PrizeRules::prizes`]); `None` for a share beyond the last prize.
    pub prize: Option<usize>,
    /// Who takes it; `None` when nobody is entitled (a category without enough players).
    pub player: Option<PlayerId>,
    /// The player's points.
    pub points: Points,
    /// The money paid, in cents, when it differs from the prize's amount (shared places).
    pub paid: Option<i64>,
    /// The places the player shared, first and last, when the money was shared.
    pub shared: Option<(u32, u32)>,
}

/// Everything the prize list needs: the organiser's rules, the players as the categories see
/// them (by starting number) and the year the ages count in (the tournament's).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrizeSetup {
    /// The categories, prizes and rule for shared places.
    pub rules: PrizeRules,
    /// Every player.
    pub entrants: Vec<Entrant>,
    /// The tournament's year.
    pub year: i32,
}

impl PrizeSetup {
    /// The awards after the standings `ranking` (best first, with points): [`award`].
    pub fn awards(&self, ranking: &[(PlayerId, Points)]) -> Vec<Award> {
        award(&self.rules, ranking, &self.entrants, self.year)
    }

    /// The players of category `index` in the order of `ranking`.
    pub fn category_standings<'a>(
        &self,
        index: usize,
        ranking: &'a [(PlayerId, Points)],
    ) -> Vec<&'a (PlayerId, Points)> {
        self.rules
            .category_standings(index, ranking, &self.entrants, self.year)
    }
}

/// Reads an amount of money as typed: `500`, `1 500`, `250.50`, `250,50` (hundredths at most);
/// `None` when the text is not an amount (a cup, a book).
pub fn parse_amount(text: &str) -> Option<i64> {
    let compact: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{a0}')
        .collect();
    if compact.is_empty() || compact.len() > 15 {
        return None;
    }
    let (whole, fraction) = match compact.split_once(['.', ',']) {
        Some((whole, fraction)) => (whole, fraction),
        None => (compact.as_str(), ""),
    };
    if whole.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || fraction.len() > 2
        || !fraction.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let cents: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(cents)
}

/// An amount as printed: `500`, `250.50`, with the currency after it when there is one.
pub fn amount_text(cents: i64, currency: &str) -> String {
    let number = if cents % 100 == 0 {
        (cents / 100).to_string()
    } else {
        format!("{}.{:02}", cents / 100, cents % 100)
    };
    if currency.trim().is_empty() {
        number
    } else {
        format!("{number} {}", currency.trim())
    }
}

fn entrant_of(entrants: &[Entrant], player: PlayerId) -> Option<&Entrant> {
    entrants.iter().find(|entrant| entrant.player == player)
}

/// Gives out the prizes of `rules` after the standings `ranking` (best first, as the C.07
/// ranking orders them, with each player's points) to the `entrants` in the tournament's
/// `year`. Returns one [`Award`] per prize in the organiser's order, then the shares of
/// players beyond a group's last prize (shared places only).
pub fn award(
    rules: &PrizeRules,
    ranking: &[(PlayerId, Points)],
    entrants: &[Entrant],
    year: i32,
) -> Vec<Award> {
    let eligible = |player: PlayerId| entrant_of(entrants, player).filter(|e| e.takes_prizes());
    // The prize each player takes: the first in the organiser's order.
    let mut taken: std::collections::HashMap<PlayerId, usize> = Default::default();
    let mut awards: Vec<Award> = Vec::with_capacity(rules.prizes.len());
    for (index, prize) in rules.prizes.iter().enumerate() {
        let winner = ranking.iter().find(|(player, _)| {
            !taken.contains_key(player)
                && eligible(*player).is_some_and(|e| rules.in_group(prize.group, e, year))
        });
        if let Some((player, _)) = winner {
            taken.insert(*player, index);
        }
        awards.push(Award {
            group: prize.group,
            place: prize.place,
            prize: Some(index),
            player: winner.map(|(player, _)| *player),
            points: winner.map(|(_, points)| *points).unwrap_or_default(),
            paid: None,
            shared: None,
        });
    }
    if rules.shared == SharedPlaces::TieBreak {
        return awards;
    }
    // Shared places: group by group, in the order of each group's first prize.
    let mut groups: Vec<PrizeGroup> = Vec::new();
    for prize in &rules.prizes {
        if !groups.contains(&prize.group) {
            groups.push(prize.group);
        }
    }
    let mut sharing: Vec<PlayerId> = Vec::new();
    let mut extra: Vec<Award> = Vec::new();
    for group in groups {
        let group_prizes: Vec<usize> = (0..rules.prizes.len())
            .filter(|&i| rules.prizes[i].group == group)
            .collect();
        // The group's standings without those who took a prize of another group or share in
        // another group.
        let standings: Vec<(PlayerId, Points)> = ranking
            .iter()
            .copied()
            .filter(|(player, _)| {
                eligible(*player).is_some_and(|e| rules.in_group(group, e, year))
                    && taken
                        .get(player)
                        .is_none_or(|&prize| rules.prizes[prize].group == group)
                    && !sharing.contains(player)
            })
            .collect();
        let amount_at = |position: usize| -> i64 {
            group_prizes
                .get(position)
                .and_then(|&i| rules.prizes[i].amount)
                .unwrap_or(0)
        };
        let mut start = 0;
        while start < standings.len() && start < group_prizes.len() {
            let points = standings[start].1;
            let end = standings[start..]
                .iter()
                .position(|(_, p)| *p != points)
                .map_or(standings.len(), |offset| start + offset);
            let count = (end - start) as i64;
            if count > 1 {
                let sum: i64 = (start..end).map(amount_at).sum();
                for (position, &(player, _)) in standings.iter().enumerate().take(end).skip(start) {
                    let paid = match rules.shared {
                        SharedPlaces::Split => sum / count,
                        _ => amount_at(position) / 2 + sum / 2 / count,
                    };
                    let places = Some((start as u32 + 1, end as u32));
                    match group_prizes.get(position) {
                        Some(&prize) => {
                            if rules.prizes[prize].amount.is_some() {
                                awards[prize].paid = Some(paid);
                            }
                            awards[prize].shared = places;
                        }
                        None => {
                            sharing.push(player);
                            extra.push(Award {
                                group,
                                place: position as u32 + 1,
                                prize: None,
                                player: Some(player),
                                points,
                                paid: Some(paid),
                                shared: places,
                            });
                        }
                    }
                }
            }
            start = end;
        }
    }
    awards.extend(extra);
    awards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(player: u32, birth_year: Option<u16>, sex: &str, rating: u16) -> Entrant {
        Entrant {
            player: PlayerId(player),
            birth_year,
            sex: sex.to_owned(),
            rating,
            club: String::new(),
            federation: "CZE".to_owned(),
            participation: Participation::from_start(),
        }
    }

    fn money(group: PrizeGroup, place: u32, amount: i64) -> Prize {
        Prize {
            group,
            place,
            amount: Some(amount * 100),
            label: String::new(),
        }
    }

    /// Ranking 1..=n by starting number with the given points (tenths).
    fn ranking(points: &[i32]) -> Vec<(PlayerId, Points)> {
        points
            .iter()
            .enumerate()
            .map(|(i, p)| (PlayerId(i as u32 + 1), Points(*p)))
            .collect()
    }

    #[test]
    fn age_counts_in_years_of_the_tournament() {
        let u14 = CategoryRule::Under(14);
        let u16 = CategoryRule::Under(16);
        let senior = CategoryRule::AtLeast(50);
        let born = |year| entrant(1, Some(year), "m", 0);
        // 2026 − 2012 = 14: not under 14, under 16.
        assert!(!u14.includes(&born(2012), 2026));
        assert!(u14.includes(&born(2013), 2026));
        assert!(u16.includes(&born(2012), 2026));
        // 2026 − 1976 = 50: in 50+ for the whole year; 1977 not yet.
        assert!(senior.includes(&born(1976), 2026));
        assert!(!senior.includes(&born(1977), 2026));
        // Computed for the tournament's year, not today's.
        assert!(u14.includes(&born(2012), 2025));
        // No year of birth: no age category.
        assert!(!u14.includes(&entrant(1, None, "m", 0), 2026));
        assert!(!senior.includes(&entrant(1, None, "m", 0), 2026));
    }

    #[test]
    fn women_rating_bands_unrated_club_and_federation() {
        let mut player = entrant(1, None, "w", 1650);
        player.club = "ŠK Praha ".to_owned();
        assert!(CategoryRule::Women.includes(&player, 2026));
        assert!(CategoryRule::Women.includes(&entrant(1, None, "F", 0), 2026));
        assert!(!CategoryRule::Women.includes(&entrant(1, None, "m", 0), 2026));
        let band = CategoryRule::parse("rating", "1600-1999").expect("band");
        assert!(band.includes(&player, 2026));
        assert!(!band.includes(&entrant(1, None, "m", 2000), 2026));
        // Unrated players are not in a band, even "up to 1799".
        let low = CategoryRule::parse("rating", "-1799").expect("band");
        assert!(!low.includes(&entrant(1, None, "m", 0), 2026));
        assert!(CategoryRule::Unrated.includes(&entrant(1, None, "m", 0), 2026));
        assert!(
            CategoryRule::parse("club", "šk praha")
                .expect("club")
                .includes(&player, 2026)
        );
        assert!(
            CategoryRule::parse("federation", "cze")
                .expect("fed")
                .includes(&player, 2026)
        );
        assert!(
            !CategoryRule::parse("federation", "SVK")
                .expect("fed")
                .includes(&player, 2026)
        );
    }

    #[test]
    fn rules_read_and_write_back() {
        for (kind, value) in [
            ("under", "14"),
            ("at_least", "65"),
            ("rating", "1600-1999"),
            ("rating", "-1799"),
            ("rating", "2000-"),
            ("club", "TJ Bohemians"),
            ("federation", "SRB"),
            ("women", ""),
            ("unrated", ""),
        ] {
            let rule = CategoryRule::parse(kind, value).expect(kind);
            assert_eq!((rule.kind(), rule.value().as_str()), (kind, value));
        }
        assert_eq!(
            CategoryRule::parse("under", "U12"),
            Ok(CategoryRule::Under(12))
        );
        assert_eq!(
            CategoryRule::parse("at_least", "50+"),
            Ok(CategoryRule::AtLeast(50))
        );
        assert_eq!(
            CategoryRule::parse("under", "1000"),
            Err(CategoryError::BadAge)
        );
        assert_eq!(
            CategoryRule::parse("rating", "2000-1600"),
            Err(CategoryError::BadBand)
        );
        assert_eq!(
            CategoryRule::parse("rating", "-"),
            Err(CategoryError::BadBand)
        );
        assert_eq!(
            CategoryRule::parse("rating", "abc"),
            Err(CategoryError::BadBand)
        );
        assert_eq!(
            CategoryRule::parse("club", " "),
            Err(CategoryError::MissingValue)
        );
        assert_eq!(
            CategoryRule::parse("federation", "CZ"),
            Err(CategoryError::BadFederation)
        );
        assert_eq!(
            CategoryRule::parse("colour", ""),
            Err(CategoryError::UnknownKind)
        );
    }

    #[test]
    fn a_player_takes_one_prize_the_first_in_the_organisers_order() {
        // Players 1..6; player 3 is the best woman and the only U14 (born 2014).
        let entrants = vec![
            entrant(1, Some(1990), "m", 2300),
            entrant(2, Some(1985), "m", 2250),
            entrant(3, Some(2014), "w", 2100),
            entrant(4, Some(1999), "w", 2000),
            entrant(5, Some(2000), "m", 1900),
            entrant(6, Some(2001), "w", 1800),
        ];
        let women = PrizeGroup::Category(0);
        let u14 = PrizeGroup::Category(1);
        let mut rules = PrizeRules {
            categories: vec![
                Category {
                    name: String::new(),
                    rule: CategoryRule::Women,
                },
                Category {
                    name: String::new(),
                    rule: CategoryRule::Under(14),
                },
            ],
            prizes: vec![
                money(PrizeGroup::Overall, 1, 500),
                money(PrizeGroup::Overall, 2, 300),
                money(women, 1, 150),
                money(PrizeGroup::Overall, 3, 100),
                money(u14, 1, 50),
                money(women, 2, 50),
            ],
            shared: SharedPlaces::TieBreak,
            currency: "€".to_owned(),
        };
        rules.check().expect("a sound list");
        let standings = ranking(&[60, 55, 50, 45, 40, 35]);
        let winners: Vec<Option<u32>> = award(&rules, &standings, &entrants, 2026)
            .iter()
            .map(|a| a.player.map(|p| p.0))
            .collect();
        // Player 3 (3rd overall) takes the women's first prize, listed before the 3rd overall
        // prize; the 3rd overall prize goes to player 4; U14 has nobody left; women's 2nd goes
        // to player 6 (player 4 took a prize earlier in the order).
        assert_eq!(winners, [Some(1), Some(2), Some(3), Some(4), None, Some(6)]);
        // With the women's prize listed after the 3rd overall prize, player 3 takes that one.
        rules.prizes.swap(2, 3);
        rules.prizes[2].place = 3;
        rules.check().expect("still sound");
        let winners: Vec<Option<u32>> = award(&rules, &standings, &entrants, 2026)
            .iter()
            .map(|a| a.player.map(|p| p.0))
            .collect();
        assert_eq!(winners, [Some(1), Some(2), Some(3), Some(4), None, Some(6)]);
        let awards = award(&rules, &standings, &entrants, 2026);
        assert_eq!(awards[2].group, PrizeGroup::Overall);
        assert_eq!(awards[3].group, women);
        assert_eq!(awards[3].player, Some(PlayerId(4)));
    }

    #[test]
    fn expelled_players_take_no_prize() {
        let mut entrants = vec![entrant(1, None, "m", 0), entrant(2, None, "m", 0)];
        entrants[0].participation.expel(3);
        let rules = PrizeRules {
            prizes: vec![money(PrizeGroup::Overall, 1, 100)],
            ..PrizeRules::default()
        };
        let awards = award(&rules, &ranking(&[20, 10]), &entrants, 2026);
        assert_eq!(awards[0].player, Some(PlayerId(2)));
    }

    #[test]
    fn withdrawn_players_take_no_prize_unless_they_came_back() {
        // Player 1 leads on points but withdrew before round 5 (C.04.2 Art. 3.2); player 2
        // withdrew for round 3 and returned in round 4; the second prize then goes to 3.
        let mut entrants: Vec<Entrant> = (1..=3).map(|n| entrant(n, None, "m", 0)).collect();
        entrants[0].participation.withdraw(5);
        entrants[1].participation.withdraw(3);
        assert!(entrants[1].participation.return_in(4));
        let rules = PrizeRules {
            prizes: vec![
                money(PrizeGroup::Overall, 1, 100),
                money(PrizeGroup::Overall, 2, 50),
            ],
            ..PrizeRules::default()
        };
        let awards = award(&rules, &ranking(&[40, 30, 20]), &entrants, 2026);
        let winners: Vec<_> = awards.iter().map(|a| a.player).collect();
        assert_eq!(winners, [Some(PlayerId(2)), Some(PlayerId(3))]);
        // Shared places: the withdrawn player does not share either.
        let split = PrizeRules {
            shared: SharedPlaces::Split,
            ..rules
        };
        let awards = award(&split, &ranking(&[30, 30, 20]), &entrants, 2026);
        assert_eq!(awards[0].player, Some(PlayerId(2)));
        assert_eq!(
            awards[0].paid, None,
            "nobody shares with a withdrawn player"
        );
    }

    #[test]
    fn shared_places_split_and_hort() {
        // Places 2–4 equal on points; prizes 500, 300, 200, 100 for places 1–4; then a fifth
        // player equal with nobody.
        let entrants: Vec<Entrant> = (1..=5).map(|p| entrant(p, None, "m", 2000)).collect();
        let prizes = [500, 300, 200, 100]
            .iter()
            .enumerate()
            .map(|(i, a)| money(PrizeGroup::Overall, i as u32 + 1, *a))
            .collect();
        let mut rules = PrizeRules {
            prizes,
            shared: SharedPlaces::Split,
            ..PrizeRules::default()
        };
        let standings = ranking(&[60, 50, 50, 50, 30]);
        let paid = |rules: &PrizeRules| -> Vec<Option<i64>> {
            award(rules, &standings, &entrants, 2026)
                .iter()
                .map(|a| a.paid)
                .collect()
        };
        // Split: (300 + 200 + 100) / 3 = 200 each.
        assert_eq!(
            paid(&rules),
            [None, Some(20_000), Some(20_000), Some(20_000)]
        );
        let awards = award(&rules, &standings, &entrants, 2026);
        assert_eq!(awards[1].shared, Some((2, 4)));
        assert_eq!(awards[0].shared, None);
        // Hort: half of one's own prize + an equal share of the other halves: 150 + 100,
        // 100 + 100, 50 + 100.
        rules.shared = SharedPlaces::Hort;
        assert_eq!(
            paid(&rules),
            [None, Some(25_000), Some(20_000), Some(15_000)]
        );
        // By tie-break: the amounts as announced.
        rules.shared = SharedPlaces::TieBreak;
        assert_eq!(paid(&rules), [None, None, None, None]);
    }

    #[test]
    fn a_player_equal_on_points_below_the_last_prize_shares_it() {
        let entrants: Vec<Entrant> = (1..=4).map(|p| entrant(p, None, "m", 2000)).collect();
        let rules = PrizeRules {
            prizes: vec![
                money(PrizeGroup::Overall, 1, 300),
                money(PrizeGroup::Overall, 2, 100),
            ],
            shared: SharedPlaces::Split,
            ..PrizeRules::default()
        };
        // Players 2 and 3 share places 2–3: 100 / 2 = 50 each; player 3 has no prize's place.
        let awards = award(&rules, &ranking(&[30, 20, 20, 10]), &entrants, 2026);
        assert_eq!(awards.len(), 3);
        assert_eq!(awards[1].paid, Some(5_000));
        assert_eq!(awards[2].prize, None);
        assert_eq!(awards[2].player, Some(PlayerId(3)));
        assert_eq!(awards[2].paid, Some(5_000));
        assert_eq!(awards[2].shared, Some((2, 3)));
    }

    #[test]
    fn a_cup_is_not_divided() {
        let entrants: Vec<Entrant> = (1..=2).map(|p| entrant(p, None, "m", 2000)).collect();
        let rules = PrizeRules {
            prizes: vec![
                Prize {
                    group: PrizeGroup::Overall,
                    place: 1,
                    amount: None,
                    label: "Cup".to_owned(),
                },
                money(PrizeGroup::Overall, 2, 100),
            ],
            shared: SharedPlaces::Split,
            ..PrizeRules::default()
        };
        let awards = award(&rules, &ranking(&[20, 20]), &entrants, 2026);
        assert_eq!(awards[0].player, Some(PlayerId(1)));
        assert_eq!(awards[0].paid, None);
        assert_eq!(awards[1].paid, Some(5_000));
    }

    #[test]
    fn a_list_that_does_not_hold_together_is_refused() {
        let rules = |prizes| PrizeRules {
            categories: vec![Category {
                name: String::new(),
                rule: CategoryRule::Women,
            }],
            prizes,
            ..PrizeRules::default()
        };
        let women = PrizeGroup::Category(0);
        assert_eq!(
            rules(vec![money(PrizeGroup::Overall, 2, 1)]).check(),
            Err(PrizeError::PlaceOutOfOrder {
                prize: 1,
                expected: 1
            })
        );
        assert_eq!(
            rules(vec![money(women, 1, 1), money(women, 1, 1)]).check(),
            Err(PrizeError::PlaceOutOfOrder {
                prize: 2,
                expected: 2
            })
        );
        assert_eq!(
            rules(vec![money(PrizeGroup::Category(3), 1, 1)]).check(),
            Err(PrizeError::UnknownCategory { prize: 1 })
        );
        let empty = Prize {
            group: women,
            place: 1,
            amount: None,
            label: " ".to_owned(),
        };
        assert_eq!(
            rules(vec![empty]).check(),
            Err(PrizeError::Empty { prize: 1 })
        );
    }

    #[test]
    fn amounts_read_as_typed_and_print_back() {
        assert_eq!(parse_amount("500"), Some(50_000));
        assert_eq!(parse_amount("1 500"), Some(150_000));
        assert_eq!(parse_amount("250,5"), Some(25_050));
        assert_eq!(parse_amount("250.50"), Some(25_050));
        assert_eq!(parse_amount("Cup"), None);
        assert_eq!(parse_amount("1.234"), None);
        assert_eq!(parse_amount("-5"), None);
        assert_eq!(parse_amount("99999999999999999999"), None);
        assert_eq!(amount_text(25_050, "€"), "250.50 €");
        assert_eq!(amount_text(50_000, ""), "500");
    }

    #[test]
    fn category_standings_filter_the_ranking() {
        let entrants = vec![
            entrant(1, Some(1990), "m", 2300),
            entrant(2, Some(2015), "w", 1500),
            entrant(3, Some(2016), "m", 1400),
        ];
        let rules = PrizeRules {
            categories: vec![Category {
                name: String::new(),
                rule: CategoryRule::Under(12),
            }],
            ..PrizeRules::default()
        };
        let standings = ranking(&[30, 20, 10]);
        let under_12: Vec<u32> = rules
            .category_standings(0, &standings, &entrants, 2026)
            .iter()
            .map(|(player, _)| player.0)
            .collect();
        assert_eq!(under_12, [2, 3]);
    }
}
