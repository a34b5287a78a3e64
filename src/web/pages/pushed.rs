//! An event as a venue pushed it to this public server: its rounds' boards and its standings.

use crate::web::PageContext;
use askama::Template;

/// One board as the page shows it.
#[derive(Debug, Clone)]
pub struct BoardLine {
    /// Board number.
    pub board: u32,
    /// White's name (the player of a bye row).
    pub white: String,
    /// Black's name, empty on a bye row.
    pub black: String,
    /// The result's code, empty while the game is on.
    pub result: String,
}

/// One round.
#[derive(Debug, Clone)]
pub struct RoundLines {
    /// Its number.
    pub number: u32,
    /// Its boards.
    pub boards: Vec<BoardLine>,
}

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingLine {
    /// Place.
    pub rank: u32,
    /// Name.
    pub name: String,
    /// Points, in the page's language (`2,5`).
    pub points: String,
    /// Tie-break values.
    pub values: Vec<String>,
}

/// The page.
#[derive(Template)]
#[template(path = "pushed/show.html")]
pub struct PushedEventPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name.
    pub name: String,
    /// Place and dates.
    pub subtitle: String,
    /// "Published from the venue at ...".
    pub published: String,
    /// The rounds, newest first.
    pub rounds: Vec<RoundLines>,
    /// The rounds the standings count.
    pub after_round: u32,
    /// Tie-break codes.
    pub codes: Vec<String>,
    /// The standings.
    pub standings: Vec<StandingLine>,
}
