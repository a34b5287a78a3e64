//! Language of the UI: the `lang` cookie set by the switcher, else the best match of the
//! browser's `Accept-Language`, else English.
//!
//! Catalogs are `locales/*.yml` (rust-i18n, `_version: 2`, one key with all six locales).
//! Templates translate with `ctx.t("key")`; handlers with [`Lang::t`].

pub mod ratings;
pub mod records;
pub mod score;
pub mod team_file;
pub mod trf;

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::future::{Ready, ready};

use actix_web::http::header::ACCEPT_LANGUAGE;
use actix_web::{FromRequest, HttpRequest, dev::Payload};
use icu_locale_core::Locale;
use icu_plurals::{PluralCategory, PluralRules, PluralRulesPreferences};

/// The name of the cookie the language switcher sets.
pub const LANG_COOKIE: &str = "lang";

/// Every supported locale with its name in its own language, in switcher order.
pub const LOCALES: [(&str, &str); 6] = [
    ("en", "English"),
    ("cs", "Čeština"),
    ("sk", "Slovenčina"),
    ("hu", "Magyar"),
    ("sr-Latn", "Srpski"),
    ("sr-Cyrl", "Српски"),
];

/// A supported UI language (one of [`LOCALES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(&'static str);

impl Default for Lang {
    fn default() -> Self {
        Lang("en")
    }
}

impl Lang {
    /// The locale code (`en`, `cs`, `sk`, `hu`, `sr-Latn`, `sr-Cyrl`).
    pub fn code(self) -> &'static str {
        self.0
    }

    /// The language for a locale code, if supported (case-insensitive; `sr` means Cyrillic,
    /// the official script, and `sr-Latn`, `sr-RS-Latn` or `sh` mean Latin).
    pub fn from_code(code: &str) -> Option<Lang> {
        let lower = code.trim().to_ascii_lowercase().replace('_', "-");
        if lower.is_empty() {
            return None;
        }
        if lower == "sh" || (lower.starts_with("sr") && lower.contains("latn")) {
            return Some(Lang("sr-Latn"));
        }
        if lower == "sr" || lower.starts_with("sr-") {
            return Some(Lang("sr-Cyrl"));
        }
        let primary = lower.split('-').next().unwrap_or("");
        LOCALES
            .iter()
            .find(|(code, _)| code.eq_ignore_ascii_case(primary))
            .map(|(code, _)| Lang(code))
    }

    /// The best supported language of an `Accept-Language` header (highest q first; ties in
    /// the order written), if any.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut choices: Vec<(u16, usize, Lang)> = Vec::new();
        for (index, part) in header.split(',').enumerate() {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let mut quality = 1000u16;
            for parameter in pieces {
                if let Some(value) = parameter.trim().strip_prefix("q=") {
                    quality = value
                        .trim()
                        .parse::<f32>()
                        .ok()
                        .filter(|q| (0.0..=1.0).contains(q))
                        .map(|q| (q * 1000.0).round() as u16)
                        .unwrap_or(0);
                }
            }
            if quality == 0 {
                continue;
            }
            if let Some(lang) = Lang::from_code(tag) {
                choices.push((quality, index, lang));
            }
        }
        choices.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        choices.first().map(|(_, _, lang)| *lang)
    }

    /// The language of a request: `lang` cookie, then `Accept-Language`, then English.
    pub fn of_request(req: &HttpRequest) -> Lang {
        if let Some(lang) = req
            .cookie(LANG_COOKIE)
            .and_then(|cookie| Lang::from_code(cookie.value()))
        {
            return lang;
        }
        req.headers()
            .get(ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .and_then(Lang::from_accept_language)
            .unwrap_or_default()
    }

    /// The translation of `key` (English when this catalog lacks it, the key itself when no
    /// catalog has it).
    pub fn t(self, key: &str) -> String {
        crate::_rust_i18n_translate(self.0, key).into_owned()
    }

    /// The translation of `key` with `%{name}` placeholders replaced.
    pub fn t_with(self, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.t(key);
        for (name, value) in args {
            text = text.replace(&format!("%{{{name}}}"), value);
        }
        text
    }

    /// The CLDR plural category of the whole number `n` in this language, as the suffix of a
    /// counted message's keys: `one`, `few` or `other` (Czech, Slovak and Serbian have three
    /// forms for whole numbers — 1 minuta, 2 minuty, 5 minut — English and Hungarian two).
    /// Categories our six languages do not use for whole numbers read as `other`.
    pub fn plural_category(self, n: u64) -> &'static str {
        let code = match self.0 {
            "sr-Latn" | "sr-Cyrl" => "sr",
            code => code,
        };
        let Ok(locale) = code.parse::<Locale>() else {
            return "other";
        };
        match PluralRules::try_new_cardinal(PluralRulesPreferences::from(&locale)) {
            Ok(rules) => match rules.category_for(n) {
                PluralCategory::One => "one",
                PluralCategory::Few => "few",
                _ => "other",
            },
            Err(_) => "other",
        }
    }

    /// `text` with the decimal mark of this language: a point between two digits becomes a
    /// comma in Czech, Slovak, Hungarian and Serbian (`2.5` → `2,5`, `-70.20` → `-70,20`);
    /// other points (`C.07`, `Art. 9.2`) stay. English keeps the point.
    pub fn decimal(self, text: &str) -> String {
        if self.code() == "en" {
            return text.to_owned();
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        for (index, &c) in chars.iter().enumerate() {
            let between_digits = c == '.'
                && index > 0
                && chars[index - 1].is_ascii_digit()
                && chars.get(index + 1).is_some_and(char::is_ascii_digit)
                // `9.2.1`, `C.07 10.1`: an article or a section, not a number.
                && !chars[..index].iter().rev().take_while(|c| c.is_ascii_digit() || **c == '.').any(|c| *c == '.')
                && !chars[index + 1..].iter().take_while(|c| c.is_ascii_digit() || **c == '.').any(|c| *c == '.');
            out.push(if between_digits { ',' } else { c });
        }
        out
    }

    /// A number with Hungarian's "in" suffix, which follows the vowels of the number as it is
    /// spoken (vowel harmony: `2010-ben` — tíz, `2008-ban` — nyolc, `2020-ban` — húsz,
    /// `2000-ben` — ezer); in the other languages the number alone (their catalogs say "in").
    pub fn number_in(self, n: u64) -> String {
        if self.code() != "hu" {
            return n.to_string();
        }
        format!("{n}-{}", hungarian_inessive(n))
    }

    /// `n` and a noun in the form the number asks for (`count.<noun>` in the catalogs:
    /// "1 partie", "3 partie", "5 partií"), to put into a message with several numbers.
    pub fn counted(self, noun: &str, n: u64) -> String {
        self.t_count(&format!("count.{noun}"), n, &[])
    }

    /// The counted message `key` for `n`: the catalog's `key.one`, `key.few` or `key.other`
    /// by [`Lang::plural_category`], with `%{count}` and the other placeholders replaced.
    pub fn t_count(self, key: &str, n: u64, args: &[(&str, &str)]) -> String {
        let text = self.t_with(&format!("{key}.{}", self.plural_category(n)), args);
        text.replace("%{count}", &n.to_string())
    }
}

impl FromRequest for Lang {
    type Error = actix_web::Error;
    type Future = Ready<Result<Lang, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(Lang::of_request(req)))
    }
}

/// The keys of one locale's catalog (for the completeness test).
pub fn catalog_keys(locale: &str) -> BTreeSet<String> {
    crate::_rust_i18n_backend()
        .messages_for_locale(locale)
        .unwrap_or_default()
        .into_iter()
        .map(|(key, _)| key.into_owned())
        .collect()
}

/// Every locale code rust-i18n loaded from `locales/`.
pub fn loaded_locales() -> Vec<Cow<'static, str>> {
    crate::_rust_i18n_available_locales()
}

/// `ban` or `ben` after `n` spoken in Hungarian: the last word of the number decides (its last
/// non-zero digit's word, else the tens', else száz or ezer).
fn hungarian_inessive(n: u64) -> &'static str {
    const BACK: &str = "ban";
    const FRONT: &str = "ben";
    // egy, kettő, három, négy, öt, hat, hét, nyolc, kilenc
    const UNITS: [&str; 10] = [
        FRONT, FRONT, FRONT, BACK, FRONT, FRONT, BACK, FRONT, BACK, FRONT,
    ];
    // tíz, húsz, harminc, negyven, ötven, hatvan, hetven, nyolcvan, kilencven
    const TENS: [&str; 10] = [
        FRONT, FRONT, BACK, BACK, FRONT, FRONT, BACK, FRONT, BACK, FRONT,
    ];
    if !n.is_multiple_of(10) {
        return UNITS[(n % 10) as usize];
    }
    if !n.is_multiple_of(100) {
        return TENS[(n / 10 % 10) as usize];
    }
    if !n.is_multiple_of(1000) {
        return BACK; // száz
    }
    if n == 0 {
        return BACK; // nulla
    }
    if !n.is_multiple_of(1_000_000) {
        return FRONT; // ezer
    }
    BACK // millió
}
