//! A round's boards as its pages show them: the board rows, the results that may be entered and
//! the players' labels (the round page, the result page, score sheets, the live page).

use crate::db::domain::TournamentData;
use crate::db::models::Game;
use crate::tournament::result::{BoardResult, Outcome, PenaltyScore};
use crate::web::PageContext;

/// One board of the round.
#[derive(Debug, Clone)]
pub struct BoardRow {
    /// Game id (for the result form and the board page).
    pub game_id: i32,
    /// Board number.
    pub board: i32,
    /// White (or the player with the bye), "Name (rank)".
    pub white: String,
    /// Black, empty for a bye.
    pub black: String,
    /// True for a bye board.
    pub is_bye: bool,
    /// The result as printed, empty when not played yet.
    pub result: String,
    /// The stored result code, empty when none.
    pub code: String,
    /// The optimistic-lock version the form sends back.
    pub version: i32,
    /// The results that may be entered: (code, label).
    pub choices: Vec<(&'static str, String)>,
    /// White's rating and points before the round (`2150 · 2.5`), on the round page.
    pub white_standing: String,
    /// Black's, likewise.
    pub black_standing: String,
    /// The result a game followed live proposes, with its article (for the arbiter; empty
    /// when none or a result is in).
    pub proposed: String,
    /// Why, in words (the proposal's title).
    pub proposed_why: String,
}

/// "Name (starting rank)" of a player row id.
pub fn player_label(data: &TournamentData, id: crate::db::models::PlayerRowId) -> String {
    match data.player(id) {
        Some(player) => match player.starting_rank {
            Some(rank) => format!("{} ({rank})", player.name),
            None => player.name.clone(),
        },
        None => String::new(),
    }
}

/// The choices of the result form for a board: (code, translated label).
pub fn result_choices(ctx: &PageContext, game: &Game) -> Vec<(&'static str, String)> {
    // A game: the ordinary results, then the same played but not rated.
    let list: Vec<BoardResult> = if game.black_id.is_some() {
        BoardResult::GAME
            .into_iter()
            .chain(BoardResult::UNRATED)
            .collect()
    } else {
        BoardResult::BYE.to_vec()
    };
    // A penalty result (entered on the board page with its grounds) is offered as it is, so
    // that the form sent again keeps it.
    let current = game.result.filter(|r| r.is_penalty());
    current
        .iter()
        .chain(&list)
        .map(|result| {
            let key = format!("result.code.{}", result_key(*result));
            (
                result.as_str(),
                format!("{} — {}", result.label(), ctx.t(&key)),
            )
        })
        .collect()
}

/// The translation key part of a result.
pub fn result_key(result: BoardResult) -> &'static str {
    match result {
        BoardResult::WhiteWins => "white_wins",
        BoardResult::Draw => "draw",
        BoardResult::BlackWins => "black_wins",
        BoardResult::WhiteWinsByForfeit => "white_forfeit_win",
        BoardResult::BlackWinsByForfeit => "black_forfeit_win",
        BoardResult::DoubleForfeit => "double_forfeit",
        BoardResult::PairingAllocatedBye => "pairing_bye",
        BoardResult::FullPointBye => "full_bye",
        BoardResult::HalfPointBye => "half_bye",
        BoardResult::ZeroPointBye => "zero_bye",
        BoardResult::Unrated(Outcome::WhiteWins) => "unrated_white_wins",
        BoardResult::Unrated(Outcome::Draw) => "unrated_draw",
        BoardResult::Unrated(Outcome::BlackWins) => "unrated_black_wins",
        BoardResult::Penalty { score, .. } => match score {
            PenaltyScore::BothZero => "penalty_both_zero",
            PenaltyScore::WhiteHalf => "penalty_white_half",
            PenaltyScore::BlackHalf => "penalty_black_half",
        },
    }
}

/// A board row of `game`.
pub fn board_row(ctx: &PageContext, data: &TournamentData, game: &Game) -> BoardRow {
    let result = game.result;
    BoardRow {
        game_id: game.id.0,
        board: game.board,
        white: player_label(data, game.white_id),
        black: game
            .black_id
            .map(|id| player_label(data, id))
            .unwrap_or_default(),
        is_bye: game.black_id.is_none(),
        result: result.map(|r| r.label().to_owned()).unwrap_or_default(),
        code: result.map(|r| r.as_str().to_owned()).unwrap_or_default(),
        version: game.version,
        choices: result_choices(ctx, game),
        white_standing: String::new(),
        black_standing: String::new(),
        proposed: String::new(),
        proposed_why: String::new(),
    }
}
