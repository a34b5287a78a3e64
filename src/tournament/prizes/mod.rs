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

/// A prize as announced: its amount with the currency, its label, or both (`500 € + Cup`).
pub fn prize_text(prize: &Prize, currency: &str) -> String {
    let amount = prize.amount.map(|a| amount_text(a, currency));
    match (amount, prize.label.trim()) {
        (Some(amount), "") => amount,
        (Some(amount), label) => format!("{amount} + {label}"),
        (None, label) => label.to_owned(),
    }
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
mod tests;
