//! The venue's check-in page, behind the link the organiser prints as a QR code.

pub mod check_in;
pub mod page;
