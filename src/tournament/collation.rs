//! The one alphabetical order of players' names: C.04.2 (General Handling Rules) Art. 2.2.3
//! ranks players of equal rating and title "alphabetically", and the alphabetical pairing list
//! lists every player by name. Both call [`compare_names`], so the web and the printed lists
//! agree.
//!
//! The order is the Unicode Collation Algorithm with the CLDR **root** collation (ICU4X's
//! `icu_collator`, its data compiled into the binary: nothing is loaded at run time). An
//! international field mixes Czech, Slovak, Hungarian, Romanian and Serbian (Latin and
//! Cyrillic) names, and Art. 2.2.3 names no alphabet; a national collation would be right for
//! one federation and surprising for the others. The root collation, chosen deliberately, gives:
//!
//! - letters with diacritics sort with their base letter, the accent deciding only between
//!   names otherwise equal: `Šťastný` among the `S` (before `Svoboda`, since `t` < `v`),
//!   `Őry` among the `O`, `Łukasz` among the `L`, Romanian `ă`, `ș`/`ş`, `ț`/`ţ` with `a`, `s`,
//!   `t`;
//! - no national digraphs or extra letters: Czech `ch` is `c` + `h` (not a letter after `h`),
//!   Czech `č`, `ř`, `š`, `ž` are not letters of their own after `c`, `r`, `s`, `z`, Hungarian
//!   `cs`, `gy`, `sz`, `zs` are two letters. (The Czech national order would put `Šťastný` after
//!   every `S` and `Chládek` after `Hrubý`; we do not, for the reason above.);
//! - Latin script first, then Cyrillic, each in its alphabet's order: Serbian Cyrillic names
//!   sort in the order of the Serbian alphabet, а б в г д ђ е ж з и ј к л љ м н њ о п р с т ћ
//!   у ф х ц ч џ ш (`Ђурић` after `Денић`, before `Јовановић` and `Ерић`);
//! - case decides only between names otherwise equal (lower case first), and punctuation
//!   counts (is not ignored): `Novák, Petr` sorts before `Nováková, Eva` because the comma
//!   of "Surname, Given" ends the surname.
//!
//! Names equal under the collation (only canonically equivalent spellings) are ordered by
//! their bytes, so the order is total and [`compare_names`] returns `Equal` for equal strings
//! only.

use std::cmp::Ordering;
use std::sync::LazyLock;

use icu_collator::options::CollatorOptions;
use icu_collator::{CollatorBorrowed, CollatorPreferences};

/// The root collator with its default options (tertiary strength, punctuation not ignored).
static ROOT: LazyLock<CollatorBorrowed<'static>> = LazyLock::new(|| {
    CollatorBorrowed::try_new(CollatorPreferences::default(), CollatorOptions::default())
        .expect("the root collation data is compiled in")
});

/// Compares two names in the alphabetical order of C.04.2 Art. 2.2.3 (see the module
/// documentation for what order that is).
pub fn compare_names(a: &str, b: &str) -> Ordering {
    ROOT.compare(a, b).then_with(|| a.cmp(b))
}

/// The root collator at primary strength with punctuation and spaces ignored: letters only,
/// without case or accents.
static LETTERS_ONLY: LazyLock<CollatorBorrowed<'static>> = LazyLock::new(|| {
    let mut options = CollatorOptions::default();
    options.strength = Some(icu_collator::options::Strength::Primary);
    options.alternate_handling = Some(icu_collator::options::AlternateHandling::Shifted);
    CollatorBorrowed::try_new(CollatorPreferences::default(), options)
        .expect("the root collation data is compiled in")
});

/// True when two names are the same letters, whatever their case, accents, spaces and
/// punctuation (`Novák, Jan` and `NOVAK,  jan`): how a person typed twice is recognised.
pub fn same_name(a: &str, b: &str) -> bool {
    LETTERS_ONLY.compare(a, b) == Ordering::Equal
}

/// Sorts `items` alphabetically by the name `name` gives for each (stable).
pub fn sort_by_name<T>(items: &mut [T], name: impl Fn(&T) -> &str) {
    items.sort_by(|a, b| compare_names(name(a), name(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted<'a>(names: &[&'a str]) -> Vec<&'a str> {
        let mut names = names.to_vec();
        sort_by_name(&mut names, |name| name);
        names
    }

    #[test]
    fn c04_2_art_2_2_3_serbian_cyrillic_in_the_order_of_the_alphabet() {
        let alphabet = [
            "а", "б", "в", "г", "д", "ђ", "е", "ж", "з", "и", "ј", "к", "л", "љ", "м", "н", "њ",
            "о", "п", "р", "с", "т", "ћ", "у", "ф", "х", "ц", "ч", "џ", "ш",
        ];
        let mut reversed = alphabet;
        reversed.reverse();
        assert_eq!(sorted(&reversed), alphabet);
        let upper: Vec<String> = alphabet.iter().map(|l| l.to_uppercase()).collect();
        let upper: Vec<&str> = upper.iter().map(String::as_str).collect();
        let mut shuffled = upper.clone();
        shuffled.rotate_left(11);
        assert_eq!(sorted(&shuffled), upper);
    }

    #[test]
    fn c04_2_art_2_2_3_djuric_before_jovanovic() {
        assert_eq!(
            sorted(&[
                "Јовановић, Марко",
                "Ерић, Лазар",
                "Ђурић, Ана",
                "Денић, Петар",
                "Љубић, Ива",
                "Лукић, Јан",
            ]),
            [
                "Денић, Петар",
                "Ђурић, Ана",
                "Ерић, Лазар",
                "Јовановић, Марко",
                "Лукић, Јан",
                "Љубић, Ива",
            ]
        );
    }

    #[test]
    fn c04_2_art_2_2_3_czech_diacritics_sort_with_the_base_letter() {
        assert_eq!(
            sorted(&[
                "Tichý, Jan",
                "Svoboda, Karel",
                "Šťastný, Petr",
                "novák, Adam",
                "Sedláček, Ota",
                "Chládek, Jiří",
                "Hrubý, Jan",
            ]),
            [
                "Chládek, Jiří",
                "Hrubý, Jan",
                "novák, Adam",
                "Sedláček, Ota",
                "Šťastný, Petr",
                "Svoboda, Karel",
                "Tichý, Jan",
            ]
        );
    }

    #[test]
    fn c04_2_art_2_2_3_romanian_letters_sort_with_a_s_t() {
        // ă, ș (comma below) and ş (cedilla), ț and ţ: each with its base letter.
        assert_eq!(
            sorted(&[
                "Ştefan, Ion",
                "Bălan, Ana",
                "Sava, Radu",
                "Ţurcanu, Vlad",
                "Banu, Dan"
            ]),
            [
                "Bălan, Ana",
                "Banu, Dan",
                "Sava, Radu",
                "Ştefan, Ion",
                "Ţurcanu, Vlad"
            ]
        );
        assert_eq!(compare_names("Ștefan", "Stop"), Ordering::Less);
        assert_eq!(compare_names("Țiriac", "Toma"), Ordering::Less);
        assert_eq!(compare_names("Ăsa", "Ab"), Ordering::Greater);
    }

    #[test]
    fn c04_2_art_2_2_3_hungarian_and_polish_letters_with_their_base_letter() {
        assert_eq!(
            sorted(&[
                "Őry, Béla",
                "Szabó, Anna",
                "Łukasz, Adam",
                "Novák, Petr",
                "Lakatos, Ede"
            ]),
            [
                "Lakatos, Ede",
                "Łukasz, Adam",
                "Novák, Petr",
                "Őry, Béla",
                "Szabó, Anna"
            ]
        );
    }

    #[test]
    fn c04_2_art_2_2_3_latin_names_before_cyrillic_names() {
        assert_eq!(
            sorted(&["Петровић, Иван", "Zsigmond, Pál", "Abramović, Ana"]),
            ["Abramović, Ana", "Zsigmond, Pál", "Петровић, Иван"]
        );
    }

    #[test]
    fn c04_2_art_2_2_3_the_comma_ends_the_surname() {
        assert_eq!(
            compare_names("Novák, Petr", "Nováková, Eva"),
            Ordering::Less
        );
        assert_eq!(compare_names("Nová, Zuzana", "Novák, Adam"), Ordering::Less);
    }

    #[test]
    fn equal_only_for_equal_strings() {
        assert_eq!(compare_names("Novák, Jan", "Novák, Jan"), Ordering::Equal);
        assert_eq!(compare_names("novák, Jan", "Novák, Jan"), Ordering::Less);
        // "é" precomposed and "e" + combining acute: canonically equal, still ordered.
        assert_ne!(compare_names("Pelé", "Pele\u{301}"), Ordering::Equal);
    }
}
