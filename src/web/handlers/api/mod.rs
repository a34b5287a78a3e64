//! The open API (`/api/v1/...`): JSON for programs. The list of published events, the public
//! state of one ([`crate::formats::public_state::PublicState`]), a round's PGN and a finished
//! event's TRF, its JSON Schema, and the push
//! a venue sends to a public server. Every refusal is a 4xx whose JSON body says why
//! (`{"error": "..."}`); unpublished data never appears.

pub mod event;
pub mod events;
pub mod live_feed;
pub mod live_round_pgn;
pub mod push;
pub mod push_live;
pub mod report_trf;
pub mod round_pgn;
pub mod schema;
