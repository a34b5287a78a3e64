//! The piece letters a scoresheet may be written in (Laws Appendix C.3: each country may use
//! its own letters), and reading a piece letter at the start of a move text.

use std::fmt;

use super::super::types::Role;

/// A language's piece letters for the scoresheet (Appendix C.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English: K Q R B N.
    #[default]
    En,
    /// Czech: K D V S J.
    Cs,
    /// Slovak: K D V S J.
    Sk,
    /// Hungarian: K V B F H.
    Hu,
    /// Serbian, Latin script: K D T L S.
    SrLatn,
    /// Serbian, Cyrillic script: К Д Т Л С.
    SrCyrl,
    /// German: K D T L S.
    De,
    /// French: R D T F C.
    Fr,
    /// Spanish: R D T A C.
    Es,
    /// Italian: R D T A C.
    It,
    /// Dutch: K D T L P.
    Nl,
    /// Polish: K H W G S.
    Pl,
    /// Russian: Кр Ф Л С К.
    Ru,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 13] = [
        Lang::En,
        Lang::Cs,
        Lang::Sk,
        Lang::Hu,
        Lang::SrLatn,
        Lang::SrCyrl,
        Lang::De,
        Lang::Fr,
        Lang::Es,
        Lang::It,
        Lang::Nl,
        Lang::Pl,
        Lang::Ru,
    ];

    /// The language for a code: `en`, `cs`, `sk`, `hu`, `sr` or `sr-Latn`, `sr-Cyrl`, `de`,
    /// `fr`, `es`, `it`, `nl`, `pl`, `ru` (case-insensitive, `_` accepted for `-`).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase().replace('_', "-");
        Some(match code.as_str() {
            "en" => Lang::En,
            "cs" => Lang::Cs,
            "sk" => Lang::Sk,
            "hu" => Lang::Hu,
            "sr" | "sr-latn" => Lang::SrLatn,
            "sr-cyrl" => Lang::SrCyrl,
            "de" => Lang::De,
            "fr" => Lang::Fr,
            "es" => Lang::Es,
            "it" => Lang::It,
            "nl" => Lang::Nl,
            "pl" => Lang::Pl,
            "ru" => Lang::Ru,
            _ => return None,
        })
    }

    /// The language code (`sr-Latn` for Latin-script Serbian).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Sk => "sk",
            Lang::Hu => "hu",
            Lang::SrLatn => "sr-Latn",
            Lang::SrCyrl => "sr-Cyrl",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::It => "it",
            Lang::Nl => "nl",
            Lang::Pl => "pl",
            Lang::Ru => "ru",
        }
    }

    /// Letters for king, queen, rook, bishop, knight.
    pub(super) const fn letters(self) -> [&'static str; 5] {
        match self {
            Lang::En => ["K", "Q", "R", "B", "N"],
            Lang::Cs | Lang::Sk => ["K", "D", "V", "S", "J"],
            Lang::Hu => ["K", "V", "B", "F", "H"],
            Lang::SrLatn | Lang::De => ["K", "D", "T", "L", "S"],
            Lang::SrCyrl => ["К", "Д", "Т", "Л", "С"],
            Lang::Fr => ["R", "D", "T", "F", "C"],
            Lang::Es | Lang::It => ["R", "D", "T", "A", "C"],
            Lang::Nl => ["K", "D", "T", "L", "P"],
            Lang::Pl => ["K", "H", "W", "G", "S"],
            Lang::Ru => ["Кр", "Ф", "Л", "С", "К"],
        }
    }

    /// The letter(s) for a role; empty for the pawn (Appendix C.4: pawns have no letter).
    #[must_use]
    pub const fn letter(self, role: Role) -> &'static str {
        let letters = self.letters();
        match role {
            Role::Pawn => "",
            Role::King => letters[0],
            Role::Queen => letters[1],
            Role::Rook => letters[2],
            Role::Bishop => letters[3],
            Role::Knight => letters[4],
        }
    }

    /// The role whose letter starts `text`, longest letter first; with its length in bytes.
    pub(super) fn role_prefix(self, text: &str) -> Option<(Role, usize)> {
        const ROLES: [Role; 5] = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ];
        let letters = self.letters();
        let mut best: Option<(Role, usize)> = None;
        for (i, letter) in letters.iter().enumerate() {
            if text.starts_with(letter) && best.is_none_or(|(_, len)| letter.len() > len) {
                best = Some((ROLES[i], letter.len()));
            }
        }
        if best.is_some() {
            return best;
        }
        // English letters the language does not use for something else, and figurines.
        let first = text.chars().next()?;
        let used = letters.iter().any(|l| l.starts_with(first));
        if !used && let Some(role) = english_role(first) {
            return Some((role, first.len_utf8()));
        }
        figurine(first).map(|role| (role, first.len_utf8()))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

fn english_role(c: char) -> Option<Role> {
    match c {
        'K' => Some(Role::King),
        'Q' => Some(Role::Queen),
        'R' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'N' => Some(Role::Knight),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn figurine(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' => Some(Role::Pawn),
        _ => None,
    }
}
