//! A pushed event's page on the public server (`/events/{id}`): read-only, rendered from the
//! public state the venue pushed. It is not yet the venue's own set of pages (standings with
//! their working, crosstable, player cards, team pages, prizes): it shows the pairings and
//! results of every published round and the standings with their tie-break values, marked
//! "published from the venue at ...".

pub mod show;
