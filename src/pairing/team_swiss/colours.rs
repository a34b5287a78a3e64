//! Colour preferences (C.04.6 Art. 1.7) and the colour allocation of a match (Art. 4).
//!
//! The colour difference and the colour sequence count the matches played only (Art. 1.6;
//! C.04.2 Art. 3.4 compresses the history over rounds not played), so "the last two played
//! matches" are the last two colours of [`Entrant::colours`].

use crate::tournament::model::Color;

use super::brackets::{Field, Preference};
use super::{ColourPreferences, Entrant, Round};

/// The colour difference: matches with White minus matches with Black (Art. 1.6.2).
fn difference(colours: &[Color]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Color::White { 1 } else { -1 })
        .sum()
}

/// The colour preference of `entrant` before `round` (Art. 1.7).
///
/// Type A (1.7.1) and the strong preferences of type B (1.7.2) alike: White for a colour
/// difference below −1, or of 0 or −1 after two played matches with Black; Black in the mirror
/// cases. Type B adds mild preferences: for the colour that evens a difference of ±1, and, with
/// a difference of 0 before any round but the last, for the colour other than the last one.
pub(super) fn preference(round: &Round, entrant: &Entrant) -> Option<Preference> {
    let colours = &entrant.colours;
    let cod = difference(colours);
    let last_two = |c: Color| colours.len() >= 2 && colours[colours.len() - 2..] == [c, c];
    let strong = |colour| {
        Some(Preference {
            colour,
            strong: true,
        })
    };
    let mild = |colour| {
        Some(Preference {
            colour,
            strong: false,
        })
    };
    if cod < -1 || ((cod == 0 || cod == -1) && last_two(Color::Black)) {
        return strong(Color::White);
    }
    if cod > 1 || ((cod == 0 || cod == 1) && last_two(Color::White)) {
        return strong(Color::Black);
    }
    if round.options.colours == ColourPreferences::TypeA {
        return None;
    }
    match cod {
        -1 => mild(Color::White),
        1 => mild(Color::Black),
        0 if round.number != round.total_rounds => colours.last().and_then(|&c| mild(c.other())),
        _ => None,
    }
}

/// Art. 4: the colours of the match of entrants `a` and `b`: `(white, black)`.
pub(super) fn allocate(field: &Field<'_>, a: usize, b: usize) -> (usize, usize) {
    let round = field.round;
    let entrants = &round.entrants;
    let (ea, eb) = (&entrants[a], &entrants[b]);
    // Art. 4.2: the first-team has the higher primary score, then the higher secondary score,
    // then the smaller TPN.
    let a_first = (ea.primary, ea.secondary, std::cmp::Reverse(ea.tpn))
        > (eb.primary, eb.secondary, std::cmp::Reverse(eb.tpn));
    let (first, second) = if a_first { (a, b) } else { (b, a) };
    let colour = first_team_colour(field, first, second);
    if colour == Color::White {
        (first, second)
    } else {
        (second, first)
    }
}

/// The colour Art. 4.3 gives the first-team, by the first of its rules that decides.
fn first_team_colour(field: &Field<'_>, first: usize, second: usize) -> Color {
    let round = field.round;
    let (f, s) = (&round.entrants[first], &round.entrants[second]);
    let (fp, sp) = (field.preference[first], field.preference[second]);
    // 4.3.1: neither team has played: the initial-colour to a first-team with an odd TPN.
    if f.matches_played == 0 && s.matches_played == 0 {
        return if f.tpn % 2 == 1 {
            round.initial_colour
        } else {
            round.initial_colour.other()
        };
    }
    match (fp, sp) {
        // 4.3.2: only one team has a preference: grant it.
        (Some(p), None) => return p.colour,
        (None, Some(q)) => return q.colour.other(),
        // 4.3.3: opposite preferences: grant both.
        (Some(p), Some(q)) if p.colour != q.colour => return p.colour,
        // 4.3.4 (type B): the same colour wanted, strongly by one team only: grant that one.
        (Some(p), Some(q)) if field.type_b() && p.strong != q.strong => {
            return if p.strong { p.colour } else { q.colour.other() };
        }
        _ => {}
    }
    // 4.3.5: White to the team with the lower colour difference.
    let (fd, sd) = (difference(&f.colours), difference(&s.colours));
    if fd != sd {
        return if fd < sd { Color::White } else { Color::Black };
    }
    // 4.3.6: alternate from the most recent played match where the two had different colours,
    // the sequences compared from their ends.
    for (&fc, &sc) in f.colours.iter().rev().zip(s.colours.iter().rev()) {
        if fc != sc {
            return fc.other();
        }
    }
    // 4.3.7: the first-team's preference.
    if let Some(p) = fp {
        return p.colour;
    }
    // 4.3.8: alternate the first-team's colour; 4.3.9: the other team's.
    if let Some(&last) = f.colours.last() {
        return last.other();
    }
    if let Some(&last) = s.colours.last() {
        return last;
    }
    round.initial_colour
}
