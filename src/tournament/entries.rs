//! One person, one entry: a registration is refused when its FIDE ID or its national ID is
//! already that of another registration of the event (or of an earlier one in the same batch),
//! so that nobody is paired twice (C.04.1 b: two players meet at most once; the same person
//! entered twice would meet themselves or take two boards). Names alone decide nothing: two
//! players may share a name; the same name (letter case, accents and spaces aside) with the
//! same year of birth is the same person unless their FIDE or national IDs differ (a
//! self-registration without IDs typed twice).

use std::collections::HashMap;

use crate::tournament::collation::same_name;

/// What identifies a registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryIds<'a> {
    /// The name as registered (to name the entry found).
    pub name: &'a str,
    /// FIDE ID.
    pub fide_id: Option<i64>,
    /// National ID (empty: none).
    pub national_id: &'a str,
    /// Year of birth, if known.
    pub birth_year: Option<i32>,
}

/// Which identifier two entries share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SharedId {
    /// The FIDE ID.
    Fide(i64),
    /// The national federation's ID.
    National(String),
    /// The same name and year of birth (no differing IDs).
    NameAndBirthYear(i32),
}

/// A new entry that is a registered one (or an earlier new one) again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateEntry {
    /// The new entry's name.
    pub name: String,
    /// The name of the entry it repeats.
    pub existing: String,
    /// The identifier they share.
    pub id: SharedId,
}

/// True when two entries' IDs say they are different persons (both have a FIDE ID, or both a
/// national ID, and they differ).
fn ids_differ(a: &EntryIds<'_>, b: &EntryIds<'_>) -> bool {
    let (an, bn) = (a.national_id.trim(), b.national_id.trim());
    matches!((a.fide_id, b.fide_id), (Some(x), Some(y)) if x != y)
        || (!an.is_empty() && !bn.is_empty() && an != bn)
}

/// The entries of `new` that repeat an entry of `registered` or an earlier one of `new`, by
/// FIDE ID or national ID (compared without surrounding spaces), or by name and year of birth
/// when no ID tells them apart, in the order of `new`.
pub fn duplicates<'a>(
    registered: impl IntoIterator<Item = EntryIds<'a>>,
    new: impl IntoIterator<Item = EntryIds<'a>>,
) -> Vec<DuplicateEntry> {
    let mut by_year: HashMap<i32, Vec<EntryIds<'a>>> = HashMap::new();
    let mut by_fide: HashMap<i64, &str> = HashMap::new();
    let mut by_national: HashMap<&str, &str> = HashMap::new();
    let remember = |entry: EntryIds<'a>,
                    by_fide: &mut HashMap<i64, &'a str>,
                    by_national: &mut HashMap<&'a str, &'a str>| {
        if let Some(id) = entry.fide_id {
            by_fide.entry(id).or_insert(entry.name);
        }
        let national = entry.national_id.trim();
        if !national.is_empty() {
            by_national.entry(national).or_insert(entry.name);
        }
    };
    let remember_name = |entry: EntryIds<'a>, by_year: &mut HashMap<i32, Vec<EntryIds<'a>>>| {
        if let Some(year) = entry.birth_year {
            by_year.entry(year).or_default().push(entry);
        }
    };
    for entry in registered {
        remember(entry, &mut by_fide, &mut by_national);
        remember_name(entry, &mut by_year);
    }
    let mut found = Vec::new();
    for entry in new {
        let national = entry.national_id.trim();
        let repeated = entry
            .fide_id
            .and_then(|id| by_fide.get(&id).map(|name| (*name, SharedId::Fide(id))))
            .or_else(|| {
                (!national.is_empty())
                    .then(|| by_national.get(national))
                    .flatten()
                    .map(|name| (*name, SharedId::National(national.to_owned())))
            })
            .or_else(|| {
                let year = entry.birth_year?;
                by_year
                    .get(&year)?
                    .iter()
                    .find(|known| same_name(known.name, entry.name) && !ids_differ(known, &entry))
                    .map(|known| (known.name, SharedId::NameAndBirthYear(year)))
            });
        match repeated {
            Some((existing, id)) => found.push(DuplicateEntry {
                name: entry.name.to_owned(),
                existing: existing.to_owned(),
                id,
            }),
            None => {
                remember(entry, &mut by_fide, &mut by_national);
                remember_name(entry, &mut by_year);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids<'a>(name: &'a str, fide_id: Option<i64>, national_id: &'a str) -> EntryIds<'a> {
        EntryIds {
            name,
            fide_id,
            national_id,
            birth_year: None,
        }
    }

    #[test]
    fn c04_1_one_person_one_entry_by_name_and_birth_year_without_differing_ids() {
        let born = |name, fide_id, year| EntryIds {
            birth_year: Some(year),
            ..ids(name, fide_id, "")
        };
        let registered = [
            born("Novák, Jan", None, 1990),
            born("Kovács, Anna", Some(700_001), 2001),
        ];
        let new = [
            born("NOVAK,  jan", None, 1990),
            born("Novák, Jan", None, 1991),
            born("Kovács, Anna", Some(700_002), 2001),
            born("Kovacs, Anna", None, 2001),
        ];
        let found = duplicates(registered, new);
        let names: Vec<(&str, &SharedId)> =
            found.iter().map(|d| (d.name.as_str(), &d.id)).collect();
        assert_eq!(
            names,
            [
                ("NOVAK,  jan", &SharedId::NameAndBirthYear(1990)),
                ("Kovacs, Anna", &SharedId::NameAndBirthYear(2001)),
            ],
            "another year, or another FIDE ID, is another person"
        );
    }

    #[test]
    fn c04_1_one_person_one_entry_by_fide_or_national_id() {
        let registered = [
            ids("Novák, Jan", Some(310_001), ""),
            ids("Svoboda, Petr", None, "12345"),
            ids("Novák, Jan", None, ""),
        ];
        let new = [
            ids("Novak, Jan", Some(310_001), ""),
            ids("Svoboda, P.", None, " 12345 "),
            ids("Novák, Jan", None, ""),
            ids("Dvořák, Karel", Some(310_002), "777"),
            ids("Dvorak, K.", None, "777"),
        ];
        let found = duplicates(registered, new);
        assert_eq!(
            found,
            [
                DuplicateEntry {
                    name: "Novak, Jan".into(),
                    existing: "Novák, Jan".into(),
                    id: SharedId::Fide(310_001),
                },
                DuplicateEntry {
                    name: "Svoboda, P.".into(),
                    existing: "Svoboda, Petr".into(),
                    id: SharedId::National("12345".into()),
                },
                DuplicateEntry {
                    name: "Dvorak, K.".into(),
                    existing: "Dvořák, Karel".into(),
                    id: SharedId::National("777".into()),
                },
            ]
        );
    }
}
