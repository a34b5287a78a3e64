//! The column mapping of a list of another layout: which field of [`READ_COLUMNS`] each of its
//! columns fills.

use super::{MAX_TEXT, READ_COLUMNS};

/// The most columns a [`ColumnMapping`] names.
pub const MAX_MAPPED_COLUMNS: usize = 100;

/// Which field each column of a list of another layout fills: pairs of the column's header as
/// the file writes it (compared without surrounding spaces and letter case) and a field of
/// [`READ_COLUMNS`], or an empty field for a column to leave out. A header the mapping does
/// not name is read as usual (one of [`READ_COLUMNS`], or an unknown column).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ColumnMapping {
    /// `(header, field)` pairs.
    pub columns: Vec<(String, String)>,
}

impl ColumnMapping {
    /// The field the column headed `header` fills: `Some("")` to leave it out, `None` when the
    /// mapping does not name it.
    pub fn field_of(&self, header: &str) -> Option<&str> {
        let header = header.trim();
        self.columns
            .iter()
            .find(|(named, _)| named.trim().to_lowercase() == header.to_lowercase())
            .map(|(_, field)| field.as_str())
    }

    /// True when it names no column.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty()
    }

    /// The mapping as stored: one line per column, `header<TAB>field`.
    pub fn to_text(&self) -> String {
        self.columns
            .iter()
            .map(|(header, field)| format!("{}\t{field}\n", header.trim()))
            .collect()
    }

    /// A mapping as [`ColumnMapping::to_text`] wrote it. Lines without a tab, with an empty
    /// header, or naming an unknown field are left out, as are columns after the first
    /// [`MAX_MAPPED_COLUMNS`] and a header named twice (the first counts).
    pub fn from_text(text: &str) -> ColumnMapping {
        let mut mapping = ColumnMapping::default();
        for line in text.lines() {
            let Some((header, field)) = line.split_once('\t') else {
                continue;
            };
            mapping.push(header, field);
        }
        mapping
    }

    /// Adds a column (see [`ColumnMapping::from_text`] for what is left out); returns whether
    /// it was added.
    pub fn push(&mut self, header: &str, field: &str) -> bool {
        let (header, field) = (header.trim(), field.trim());
        let known = field.is_empty() || READ_COLUMNS.contains(&field);
        if header.is_empty()
            || header.chars().count() > MAX_TEXT
            || !known
            || self.columns.len() >= MAX_MAPPED_COLUMNS
            || self.field_of(header).is_some()
        {
            return false;
        }
        self.columns.push((header.to_owned(), field.to_owned()));
        true
    }
}
