//! Who is who across the events of a series: the same person in two events' standings.
//!
//! Two lines are the same person when
//!
//! 1. both carry a FIDE id: the ids are equal (and nothing else is looked at);
//! 2. otherwise (at least one has no FIDE id): the names are the same letters
//!    ([`same_name`]: case, accents, spaces and punctuation aside, `Novák, Jan` = `NOVAK Jan`),
//!    and the years of birth are equal where both events give one, and the federations are
//!    equal where both give one.
//!
//! A line is matched to the first person of the series (in the order of the events, then of
//! their standings) it is the same as; a line the same as nobody is a new person. Two people
//! of one name without a FIDE id, a year of birth or a federation in any event are one person
//! to the series: give their FIDE ids or years of birth in the events to keep them apart.

use crate::tournament::collation::same_name;

/// What an event's standings say of a player, as far as the series needs it (identity and
/// categories).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Person {
    /// Name, `Surname, Given`.
    pub name: String,
    /// FIDE id, when known.
    pub fide_id: Option<u64>,
    /// Year of birth, when known.
    pub birth_year: Option<u16>,
    /// `m`, `w` (or `f`), or empty.
    pub sex: String,
    /// Federation (three letters), possibly empty.
    pub federation: String,
    /// Rating, 0 = unrated.
    pub rating: u16,
    /// Club, possibly empty.
    pub club: String,
}

impl Person {
    /// True when `self` and `other` are the same person (the rules of the module doc).
    pub fn same_as(&self, other: &Person) -> bool {
        if let (Some(a), Some(b)) = (self.fide_id, other.fide_id) {
            return a == b;
        }
        let agree = |a: &str, b: &str| {
            a.trim().is_empty() || b.trim().is_empty() || a.trim().eq_ignore_ascii_case(b.trim())
        };
        same_name(&self.name, &other.name)
            && match (self.birth_year, other.birth_year) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
            && agree(&self.federation, &other.federation)
    }

    /// `self` completed by a later event's line of the same person: the name stays as the
    /// first event spelled it (a later file may abbreviate it, `Delta, D.`); the later rating,
    /// club and federation when given; the FIDE id, year of birth and sex when not known yet.
    pub fn merged_with(&mut self, later: &Person) {
        if self.name.trim().is_empty() {
            self.name = later.name.clone();
        }
        if later.rating > 0 {
            self.rating = later.rating;
        }
        if !later.club.trim().is_empty() {
            self.club = later.club.clone();
        }
        if !later.federation.trim().is_empty() {
            self.federation = later.federation.clone();
        }
        self.fide_id = self.fide_id.or(later.fide_id);
        self.birth_year = self.birth_year.or(later.birth_year);
        if self.sex.trim().is_empty() {
            self.sex = later.sex.clone();
        }
    }
}
