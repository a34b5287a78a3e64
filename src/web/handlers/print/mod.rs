//! Printing from the app: every document of [`crate::print`] as a PDF download —
//! pairing lists (by board, with the self-report QR codes for arbiters; alphabetical),
//! standings with the tournament's tie-break columns, the crosstable or Swiss wallchart,
//! scoresheets and result slips.

pub mod document;
