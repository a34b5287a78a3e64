//! Translation catalogs (issue 2 §9): every locale has every key any other locale has, and the
//! Serbian scripts are not mixed up.

use std::collections::BTreeSet;

use arbiter::web::i18n::{LOCALES, Lang, catalog_keys, loaded_locales};

#[test]
fn every_catalog_has_every_key() {
    let loaded: BTreeSet<String> = loaded_locales()
        .into_iter()
        .map(|l| l.into_owned())
        .collect();
    for (code, _) in LOCALES {
        assert!(
            loaded.contains(code),
            "locale {code} is not loaded (loaded: {loaded:?})"
        );
    }
    let all: BTreeSet<String> = LOCALES
        .iter()
        .flat_map(|(code, _)| catalog_keys(code))
        .collect();
    assert!(all.len() > 50, "only {} keys found", all.len());
    let mut missing = Vec::new();
    for (code, _) in LOCALES {
        let keys = catalog_keys(code);
        for key in all.difference(&keys) {
            missing.push(format!("{code}: {key}"));
        }
    }
    assert!(
        missing.is_empty(),
        "keys missing from catalogs:\n{}",
        missing.join("\n")
    );
    println!("{} keys in each of {} catalogs", all.len(), LOCALES.len());
}

fn has_cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c))
}

/// The text without `%{name}` placeholders.
fn strip_placeholders(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("%{") {
        out.push_str(&rest[..start]);
        match rest[start..].find('}') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn serbian_latin_has_no_cyrillic_and_serbian_cyrillic_is_cyrillic() {
    let mut wrong = Vec::new();
    for key in catalog_keys("sr-Latn") {
        let latin = Lang::from_code("sr-Latn").unwrap().t(&key);
        if has_cyrillic(&latin) {
            wrong.push(format!("sr-Latn {key}: {latin}"));
        }
        // Cyrillic text may keep Latin acronyms (FIDE, ID) and placeholders, but a message
        // with ordinary lower-case Latin words and no Cyrillic letter was not transliterated.
        let cyrillic = Lang::from_code("sr-Cyrl").unwrap().t(&key);
        let without_placeholders = strip_placeholders(&cyrillic);
        if !has_cyrillic(&without_placeholders)
            && without_placeholders.chars().any(|c| c.is_ascii_lowercase())
        {
            wrong.push(format!("sr-Cyrl {key}: {cyrillic}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn accept_language_picks_the_best_supported_language() {
    let pick = |header: &str| Lang::from_accept_language(header).map(Lang::code);
    assert_eq!(pick("cs-CZ,cs;q=0.9,en;q=0.8"), Some("cs"));
    assert_eq!(pick("de-DE,de;q=0.9,sk;q=0.5,en;q=0.4"), Some("sk"));
    assert_eq!(pick("en;q=0.3, hu;q=0.8"), Some("hu"));
    assert_eq!(pick("sr"), Some("sr-Cyrl"));
    assert_eq!(pick("sr-Latn-RS"), Some("sr-Latn"));
    assert_eq!(pick("sr-RS"), Some("sr-Cyrl"));
    assert_eq!(pick("de, fr;q=0.5"), None);
    assert_eq!(pick("hu;q=0, cs;q=0.1"), Some("cs"));
    assert_eq!(pick(";;;,q=,"), None);
}

/// Every counted message (a key with a `.one` form) has the `one`, `few` and `other` forms in
/// every catalog, and every whole number from 0 to 1000 finds its form in every language.
#[test]
fn counted_messages_have_every_plural_form() {
    let counted: BTreeSet<String> = catalog_keys("en")
        .into_iter()
        .filter_map(|key| key.strip_suffix(".one").map(str::to_owned))
        .collect();
    assert!(counted.len() >= 4, "counted messages: {counted:?}");
    for (code, _) in LOCALES {
        let keys = catalog_keys(code);
        let lang = Lang::from_code(code).expect("supported");
        for base in &counted {
            for form in ["one", "few", "other"] {
                assert!(
                    keys.contains(&format!("{base}.{form}")),
                    "{code}: {base}.{form}"
                );
            }
            for n in 0..=1000 {
                let category = lang.plural_category(n);
                assert!(
                    keys.contains(&format!("{base}.{category}")),
                    "{code}: {base}.{category} for {n}"
                );
            }
        }
    }
}

/// Czech, Slovak and Serbian count in three forms, English and Hungarian in two (CLDR).
#[test]
fn counted_messages_follow_each_languages_plural_rules() {
    let minutes = |code: &str, n: u64| {
        Lang::from_code(code)
            .expect("supported")
            .t_count("tournament.minutes", n, &[])
    };
    assert_eq!(minutes("en", 1), "1 minute");
    assert_eq!(minutes("en", 2), "2 minutes");
    assert_eq!(minutes("cs", 1), "1 minuta");
    assert_eq!(minutes("cs", 3), "3 minuty");
    assert_eq!(minutes("cs", 5), "5 minut");
    assert_eq!(minutes("cs", 0), "0 minut");
    assert_eq!(minutes("sk", 4), "4 minúty");
    assert_eq!(minutes("sk", 15), "15 minút");
    assert_eq!(minutes("hu", 1), "1 perc");
    assert_eq!(minutes("hu", 30), "30 perc");
    assert_eq!(minutes("sr-Latn", 21), "21 minut");
    assert_eq!(minutes("sr-Latn", 22), "22 minuta");
    assert_eq!(minutes("sr-Latn", 12), "12 minuta");
    assert_eq!(minutes("sr-Cyrl", 1), "1 минут");
    assert_eq!(minutes("sr-Cyrl", 25), "25 минута");
    let cs = Lang::from_code("cs").expect("supported");
    assert_eq!(cs.plural_category(1), "one");
    assert_eq!(cs.plural_category(4), "few");
    assert_eq!(cs.plural_category(11), "other");
}

/// Every C.07 tie-break has its name in every language (the standings' legend, the settings).
#[test]
fn c07_art_5_every_tie_break_has_a_name_in_every_language() {
    for (code, _) in LOCALES {
        let keys = catalog_keys(code);
        for kind in arbiter::tournament::tiebreak::TieBreakKind::ALL {
            let key = format!("tiebreak.kind.{}", kind.code());
            assert!(keys.contains(&key), "{code}: {key}");
        }
    }
    let cs = Lang::from_code("cs").expect("supported");
    assert_eq!(cs.t("tiebreak.kind.DE"), "Vzájemné partie");
}

/// Numbers are written with the decimal mark of the reader's language: a comma in Czech,
/// Slovak, Hungarian and Serbian, a point in English; section numbers stay as they are.
#[test]
fn decimal_marks_follow_the_language() {
    use arbiter::web::i18n::Lang;
    let cs = Lang::from_code("cs").expect("cs");
    let en = Lang::from_code("en").expect("en");
    assert_eq!(cs.decimal("2.5"), "2,5");
    assert_eq!(cs.decimal("-70.20 (-70)"), "-70,20 (-70)");
    assert_eq!(cs.decimal("C.07 9.2.1"), "C.07 9.2.1");
    assert_eq!(en.decimal("2.5"), "2.5");
    for code in ["sk", "hu", "sr-Latn", "sr-Cyrl"] {
        assert_eq!(
            Lang::from_code(code).expect(code).decimal("23.5"),
            "23,5",
            "{code}"
        );
    }
}

/// Hungarian's "in" suffix follows the number's vowels (vowel harmony): 2010-ben, 2008-ban.
#[test]
fn hungarian_years_take_the_suffix_their_vowels_ask_for() {
    use arbiter::web::i18n::Lang;
    let hu = Lang::from_code("hu").expect("hu");
    for (year, text) in [
        (2010, "2010-ben"),
        (2008, "2008-ban"),
        (2013, "2013-ban"),
        (2020, "2020-ban"),
        (2000, "2000-ben"),
        (1990, "1990-ben"),
        (1986, "1986-ban"),
        (2005, "2005-ben"),
        (2030, "2030-ban"),
        (2100, "2100-ban"),
    ] {
        assert_eq!(hu.number_in(year), text);
    }
    assert_eq!(Lang::from_code("cs").expect("cs").number_in(2010), "2010");
}

/// A number before a noun takes the form the number asks for: 1 hráč, 3 hráči, 5 hráčů.
#[test]
fn numbers_before_nouns_take_their_plural_form() {
    use arbiter::web::i18n::Lang;
    let cs = Lang::from_code("cs").expect("cs");
    let sr = Lang::from_code("sr-Latn").expect("sr");
    assert_eq!(
        [1, 3, 5, 22].map(|n| cs.counted("players", n)),
        ["1 hráč", "3 hráči", "5 hráčů", "22 hráčů"]
    );
    assert_eq!(
        [1, 3, 5, 22].map(|n| sr.counted("players", n)),
        ["1 igrač", "3 igrača", "5 igrača", "22 igrača"]
    );
    assert_eq!(
        [1, 2, 5].map(|n| cs.counted("rated_games", n)),
        [
            "1 partie s hráčem s ratingem",
            "2 partie s hráči s ratingem",
            "5 partií s hráči s ratingem"
        ]
    );
    assert_eq!(
        [1, 3, 5].map(|n| cs.counted("paired_rounds", n)),
        [
            "1 nalosované kolo",
            "3 nalosovaná kola",
            "5 nalosovaných kol"
        ]
    );
    let sk = Lang::from_code("sk").expect("sk");
    assert_eq!(
        [1, 4, 11].map(|n| sk.counted("rounds", n)),
        ["1 kolo", "4 kolá", "11 kôl"]
    );
    assert_eq!(
        [1, 2, 8].map(|n| sr.counted("boards", n)),
        ["1 tablu", "2 table", "8 tabli"]
    );
}
