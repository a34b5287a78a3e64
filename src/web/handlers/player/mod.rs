//! Players: the list with the registration form (with a FIDE ID look-up in the rating list),
//! corrections of a registration (audited), import of a CSV or spreadsheet list with a
//! preview, CSV export, a refresh of ratings from FIDE's rating list, withdrawals (kept,
//! never deleted; only a player never paired can be deleted), expulsion (Laws Art. 12.9.9).
//! Starting ranks follow C.04.2 Art. 2.2 and are
//! fixed when round 1 is paired; later registrations are late entries.

pub mod adjust_points;
pub mod delete;
pub mod delete_mapping;
pub mod edit_form;
pub mod expel;
pub mod export;
pub mod import;
pub mod import_form;
pub mod list;
pub mod lookup;
pub mod lookup_names;
pub mod refresh;
pub mod refresh_form;
pub mod register;
pub mod update;
pub mod withdraw;
