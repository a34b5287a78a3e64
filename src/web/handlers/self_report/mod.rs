//! Players report their own results: a QR code per player and board on a printable
//! sheet leads to a secret link (no account); both players confirm, the arbiter approves; a
//! disagreement is flagged. The state machine is [`crate::tournament::self_report`].

pub mod approve;
pub mod new_codes;
pub mod report;
pub mod sheet;
