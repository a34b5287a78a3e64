//! The fields of a registration and what each accepts, whatever brings it in (the player
//! form, a CSV or spreadsheet list, a national rating list): a name or club of at most
//! [`MAX_TEXT`] characters, whole numbers in range (FIDE ID, rating up to [`MAX_RATING`], birth
//! year), a FIDE title of C.04.2 Art. 2.2.2, a federation of three letters, sex `m`/`w`, a
//! national ID of at most [`MAX_NATIONAL_ID`] characters. Each check says what is wrong as a
//! [`FieldProblem`]; the readers add where (line, column, cell).

use std::fmt;

use crate::tournament::starting_rank::TITLE_ORDER;

/// The longest national ID accepted, in characters.
pub const MAX_NATIONAL_ID: usize = 20;
/// The highest rating accepted.
pub const MAX_RATING: u16 = 3500;
/// The longest name or club accepted, in characters.
pub const MAX_TEXT: usize = 100;

/// What is wrong with the value of one field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldProblem {
    /// A required value is empty.
    Required,
    /// A value should be a whole number.
    NotANumber,
    /// A number is outside the allowed range.
    OutOfRange {
        /// Lowest allowed.
        min: u64,
        /// Highest allowed.
        max: u64,
    },
    /// A text is too long.
    TooLong {
        /// Most characters allowed.
        max: usize,
    },
    /// The title is not one of C.04.2 Art. 2.2.2.
    UnknownTitle,
    /// The federation is not three letters.
    BadFederation,
    /// Sex is not `m` or `w`.
    BadSex,
}

impl FieldProblem {
    /// A stable key for translating the message (`csv.problem.<key>` in the catalogs).
    pub fn key(&self) -> &'static str {
        match self {
            FieldProblem::Required => "required",
            FieldProblem::NotANumber => "not_a_number",
            FieldProblem::OutOfRange { .. } => "out_of_range",
            FieldProblem::TooLong { .. } => "too_long",
            FieldProblem::UnknownTitle => "unknown_title",
            FieldProblem::BadFederation => "bad_federation",
            FieldProblem::BadSex => "bad_sex",
        }
    }
}

impl fmt::Display for FieldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldProblem::Required => write!(f, "must not be empty"),
            FieldProblem::NotANumber => write!(f, "must be a whole number"),
            FieldProblem::OutOfRange { min, max } => write!(f, "must be between {min} and {max}"),
            FieldProblem::TooLong { max } => write!(f, "longer than {max} characters"),
            FieldProblem::UnknownTitle => {
                write!(f, "not a FIDE title ({})", TITLE_ORDER.join(", "))
            }
            FieldProblem::BadFederation => write!(f, "must be three letters, e.g. CZE"),
            FieldProblem::BadSex => write!(f, "must be m or w"),
        }
    }
}

/// A national ID: at most [`MAX_NATIONAL_ID`] characters, or empty.
pub fn check_national_id(value: &str) -> Result<String, FieldProblem> {
    let id = check_text(value, false)?;
    if id.chars().count() > MAX_NATIONAL_ID {
        return Err(FieldProblem::TooLong {
            max: MAX_NATIONAL_ID,
        });
    }
    Ok(id)
}

/// A name or club: required or not, at most [`MAX_TEXT`] characters.
pub fn check_text(value: &str, required: bool) -> Result<String, FieldProblem> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(FieldProblem::Required);
    }
    if value.chars().count() > MAX_TEXT {
        return Err(FieldProblem::TooLong { max: MAX_TEXT });
    }
    Ok(value.to_string())
}

/// An optional whole number in `min ..= max`.
pub fn parse_number(value: &str, min: u64, max: u64) -> Result<Option<u64>, FieldProblem> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if !value.chars().all(|c| c.is_ascii_digit()) {
        return Err(FieldProblem::NotANumber);
    }
    match value.parse::<u64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(Some(number)),
        _ => Err(FieldProblem::OutOfRange { min, max }),
    }
}

/// A FIDE title (C.04.2 Art. 2.2.2), in capitals, or empty.
pub fn parse_title(value: &str) -> Result<String, FieldProblem> {
    let value = value.trim().to_ascii_uppercase();
    if value.is_empty() || TITLE_ORDER.contains(&value.as_str()) {
        Ok(value)
    } else {
        Err(FieldProblem::UnknownTitle)
    }
}

/// A federation code: three ASCII letters (returned in capitals), or empty.
pub fn parse_federation(value: &str) -> Result<String, FieldProblem> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(String::new());
    }
    if value.len() == 3 && value.chars().all(|c| c.is_ascii_alphabetic()) {
        Ok(value.to_ascii_uppercase())
    } else {
        Err(FieldProblem::BadFederation)
    }
}

/// Sex as in TRF: `m`, `w` (also `f`), or empty.
pub fn parse_sex(value: &str) -> Result<String, FieldProblem> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" => Ok(String::new()),
        "m" => Ok("m".into()),
        "w" | "f" => Ok("w".into()),
        _ => Err(FieldProblem::BadSex),
    }
}
