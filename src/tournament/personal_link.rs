//! Personal links: the one token mechanism behind every link that lets someone act without an
//! account — a player's self-report of one board and colour (the QR codes of the pairing
//! list), an entrant's link to their own entry, the venue's check-in page, a team captain's
//! link to the team's line-ups, the key of a tournament's electronic-board feed.
//!
//! A token is 128 bits of HMAC-SHA-256 under the server's [`LinkKey`] of its [`LinkScope`] and a
//! random nonce (128 bits), in hex: unguessable without the server's key, and bound to the one
//! thing it speaks for. Only the token's SHA-256 ([`token_digest`]) is stored, beside the scope
//! it was issued for; a presented token is found by its digest and acts only within that scope.
//! Revoking a link forgets its digest; a new issue (a new nonce) replaces the old token. Where
//! the link must be printed again (the self-report sheets) the nonce is stored with the scope
//! so that the server can derive the same token; where it is shown once (an entry's link) the
//! nonce is thrown away. Every write made through a link is a store write with its audit row.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::tournament::model::Color;

/// What a personal link speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinkScope {
    /// The self-report of one board (a game row) for one colour.
    BoardColour {
        /// The game's id.
        game: i64,
        /// The colour.
        colour: Color,
    },
    /// One entry of a tournament (self-registration): see and change it, withdraw, check in,
    /// ask the arbiter.
    Entry {
        /// The entry's id.
        entry: i64,
    },
    /// The venue's check-in page of one tournament (the QR code the organiser prints).
    CheckInDesk {
        /// The tournament's id.
        tournament: i64,
    },
    /// A team's captain: the team's line-ups.
    Captain {
        /// The team's id.
        team: i64,
    },
    /// The electronic boards' feed of one tournament (the key its board relay sends with
    /// every event).
    LiveFeed {
        /// The tournament's id.
        tournament: i64,
    },
}

impl LinkScope {
    /// The message the token is the MAC of (the scope, then the nonce).
    fn message(&self, nonce: &str) -> String {
        match self {
            LinkScope::BoardColour { game, colour } => {
                let colour = match colour {
                    Color::White => "white",
                    Color::Black => "black",
                };
                format!("self-report/{game}/{colour}/{nonce}")
            }
            LinkScope::Entry { entry } => format!("entry/{entry}/{nonce}"),
            LinkScope::CheckInDesk { tournament } => format!("check-in/{tournament}/{nonce}"),
            LinkScope::Captain { team } => format!("captain/{team}/{nonce}"),
            LinkScope::LiveFeed { tournament } => format!("live-feed/{tournament}/{nonce}"),
        }
    }
}

/// The server's key for personal links: derived from its session key, so that every instance
/// sharing the session key prints the same links.
#[derive(Clone)]
pub struct LinkKey([u8; 32]);

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(..)")
    }
}

/// A link just issued: the token to show once, and what is stored of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedLink {
    /// The token in clear (32 hex digits): shown, never stored.
    pub token: String,
    /// [`token_digest`] of the token: stored.
    pub digest: String,
}

impl LinkKey {
    /// The link key of a server whose session key is `secret`.
    pub fn derive(secret: &[u8]) -> LinkKey {
        LinkKey(mac(secret, b"arbiter personal links v1"))
    }

    /// A fresh random nonce (hex, 128 bits): a new issue of a link.
    pub fn new_nonce(rng: &mut impl RngCore) -> String {
        let mut bytes = [0u8; 16];
        rng.fill_bytes(&mut bytes);
        hex::encode(bytes)
    }

    /// The token of `scope` issued with `nonce`: 128 bits of HMAC-SHA-256, in hex.
    pub fn token(&self, scope: LinkScope, nonce: &str) -> String {
        hex::encode(&mac(&self.0, scope.message(nonce).as_bytes())[..16])
    }

    /// A new link for `scope` with a fresh nonce that is not kept: the token can be shown
    /// once and never derived again.
    pub fn issue(&self, scope: LinkScope, rng: &mut impl RngCore) -> IssuedLink {
        let token = self.token(scope, &LinkKey::new_nonce(rng));
        IssuedLink {
            digest: token_digest(&token),
            token,
        }
    }
}

/// HMAC-SHA-256 of `message` under `key`.
fn mac(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// SHA-256 of a token in hex, for storing tokens without keeping them in clear.
pub fn token_digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// True when `token` has the shape of a personal link's token (32 hex digits): anything else
/// is refused before the database is asked.
pub fn is_well_formed(token: &str) -> bool {
    token.len() == 32 && token.chars().all(|c| c.is_ascii_hexdigit())
}

/// Byte-wise comparison whose time does not depend on where the inputs differ.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn a_token_is_bound_to_its_scope_nonce_and_key() {
        let mut rng = StdRng::seed_from_u64(11);
        let key = LinkKey::derive(b"a session key of the server");
        let nonce = LinkKey::new_nonce(&mut rng);
        let entry = key.token(LinkScope::Entry { entry: 5 }, &nonce);
        assert_eq!(entry.len(), 32);
        assert!(is_well_formed(&entry));
        assert_eq!(key.token(LinkScope::Entry { entry: 5 }, &nonce), entry);
        for other in [
            key.token(LinkScope::Entry { entry: 6 }, &nonce),
            key.token(LinkScope::CheckInDesk { tournament: 5 }, &nonce),
            key.token(
                LinkScope::BoardColour {
                    game: 5,
                    colour: Color::White,
                },
                &nonce,
            ),
            LinkKey::derive(b"another key").token(LinkScope::Entry { entry: 5 }, &nonce),
        ] {
            assert_ne!(other, entry);
        }
        let first = key.issue(LinkScope::Entry { entry: 5 }, &mut rng);
        let second = key.issue(LinkScope::Entry { entry: 5 }, &mut rng);
        assert_ne!(first.token, second.token, "a new issue is a new token");
        assert_eq!(first.digest, token_digest(&first.token));
        assert!(!is_well_formed("../etc/passwd"));
        assert!(!is_well_formed(&entry[..31]));
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
    }
}
