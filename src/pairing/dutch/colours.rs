//! Colour allocation (C.04.3 Art. 5) and board order (C.04.2 D).

use super::compatible_preferences;
use super::entrants::{Context, Entrant};
use super::invert;
use crate::tournament::model::{Color, PlayerId};

impl Context {
    /// `a` ranks below `b` (accelerated score, then pairing number).
    fn ranks_below(a: &Entrant, b: &Entrant) -> bool {
        (a.acc[0], b.rank) < (b.acc[0], a.rank)
    }

    /// C.04.3 Art. 5: the colour of `player` against `opponent`.
    pub(super) fn colour_of(&self, player: &Entrant, opponent: &Entrant) -> Color {
        if let Some(colour) = neutral_colour(player, opponent) {
            return colour;
        }
        let initial = self.initial_colour;
        match player.preference {
            None => {
                if Self::ranks_below(player, opponent) {
                    if opponent.rank % 2 == 1 {
                        initial
                    } else {
                        initial.other()
                    }
                } else if player.rank % 2 == 1 {
                    initial.other()
                } else {
                    initial
                }
            }
            Some(preference) => {
                if Self::ranks_below(player, opponent) {
                    opponent.preference.map_or(preference, Color::other)
                } else {
                    preference
                }
            }
        }
    }

    /// C.04.2 D: boards by the higher player's score, the lower player's score, then rank.
    pub(super) fn board_order(&self, games: &mut [(PlayerId, PlayerId)]) {
        let by_id: std::collections::HashMap<PlayerId, &Entrant> =
            self.entrants.iter().map(|e| (e.id, e)).collect();
        let key = |&(w, b): &(PlayerId, PlayerId)| {
            let (w, b) = (by_id[&w], by_id[&b]);
            let below = (w.score, b.rank) < (b.score, w.rank);
            let (high, low) = if below { (b, w) } else { (w, b) };
            (
                std::cmp::Reverse(high.score),
                std::cmp::Reverse(low.score),
                high.rank,
            )
        };
        games.sort_by_key(key);
    }
}

/// The colour for `player` from the preferences alone (C.04.3 Art. 5.2.1–5.2.4), or `None`
/// when only the ranking can decide.
fn neutral_colour(player: &Entrant, opponent: &Entrant) -> Option<Color> {
    if compatible_preferences(player.preference, opponent.preference) {
        return player.preference.or(invert(opponent.preference));
    }
    if player.absolute_preference()
        && (player.colour_imbalance > opponent.colour_imbalance || !opponent.absolute_preference())
    {
        return player.preference;
    }
    if opponent.absolute_preference()
        && (opponent.colour_imbalance > player.colour_imbalance || !player.absolute_preference())
    {
        return invert(opponent.preference);
    }
    if player.strong && !opponent.strong {
        return player.preference;
    }
    if opponent.strong && !player.strong {
        return invert(opponent.preference);
    }
    // Alternate from the most recent round in which their colours differed.
    let mut a = player.colours.iter().rev();
    let mut b = opponent.colours.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(y)) => return Some(*y),
            _ => return None,
        }
    }
}
