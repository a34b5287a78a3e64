//! View-models several handlers share: the structs a page or a part of a page is rendered from,
//! so that no handler imports another handler's module.

pub mod publishing;
pub mod tournament;
