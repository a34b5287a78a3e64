//! Players report their own results (issue 7): a QR code per player and board on a printable
//! sheet leads to a secret link (no account); both players confirm, the arbiter approves; a
//! disagreement is flagged. The state machine is [`crate::tournament::self_report`].

pub mod approve;
pub mod qr;
pub mod report;
pub mod sheet;

use crate::db::models::tournament_day::BoardReport;
use crate::tournament::self_report::{ReportedResult, SelfReport};

/// The pure state of a stored report.
pub fn self_report_of(row: &BoardReport) -> SelfReport {
    let parse = |value: &Option<String>| value.as_deref().and_then(ReportedResult::parse);
    SelfReport {
        white: parse(&row.white_report),
        black: parse(&row.black_report),
        approved: parse(&row.approved),
    }
}
