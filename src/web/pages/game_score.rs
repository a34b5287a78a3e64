//! The rules core's check of a stored game score ([`check_score_text`]), as the score page
//! shows it next to the result, in the reader's language ([`crate::web::i18n::score`]): the
//! first move that cannot be read or played, how the game ended by the Laws, the claims and
//! illegal moves, whether the signed result agrees (Art. 8.7: the signed result stands; a
//! disagreement is a warning for the arbiter, never a change) and the PGN tags that name
//! another board.
//!
//! And the score page's parts: the page, the language choices, the score as typed.

use crate::db::models::GameId;
use crate::db::models::tournament_day::GameScore;
use crate::rules::Lang;
use crate::rules::arbiter::{ScoreText, SignedBoard, TagMismatch, check_score_text};
use crate::rules::game::Outcome;
use crate::tournament::result::BoardResult;
use crate::web::access::load_for_day;
use crate::web::i18n::{Lang as Ui, score as words};
use crate::web::pages::live::round_of;
use crate::web::pages::round::player_label;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};
use askama::Template;
use askama_web::WebTemplate;

/// What the page shows about one game score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScoreReport {
    /// Legal plies read.
    pub plies: usize,
    /// The text could not be read as PGN: "line L, column C: reason".
    pub unreadable: Option<String>,
    /// The first record entry that is not a legal move: "ply N (12… Kxe5): reason".
    pub first_bad_move: Option<String>,
    /// Legal moves the writer may have meant there.
    pub candidates: Vec<String>,
    /// How the game ended by the Laws, with the article ("checkmate (Art. 5.1.1)").
    pub termination: Option<String>,
    /// The result the Laws give (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result_by_laws: String,
    /// The signed result checked against (`*` when none or a forfeit).
    pub signed_result: String,
    /// Whether they agree (`None` when either is unknown).
    pub agrees: Option<bool>,
    /// Draw claims and their verdicts.
    pub claims: Vec<String>,
    /// Illegal moves and what followed.
    pub illegal_moves: Vec<String>,
    /// Everything else the rules core asks the arbiter to look at.
    pub warnings: Vec<String>,
    /// The file's `White`, `Black` or `Result` tag that differs from the board.
    pub tag_mismatches: Vec<TagMismatch>,
}

/// Checks `text` (PGN or a move list in `letters`, the scoresheet's piece letters) against the
/// board and words the report in `ui`, the reader's language.
pub fn check_score(text: &str, letters: Lang, board: SignedBoard<'_>, ui: Ui) -> ScoreReport {
    let unknown = || ScoreReport {
        signed_result: board.result().as_pgn().to_owned(),
        result_by_laws: Outcome::Unknown.as_pgn().to_owned(),
        ..ScoreReport::default()
    };
    let (got, written, tag_mismatches) = match check_score_text(text, letters, board) {
        ScoreText::Empty => return unknown(),
        ScoreText::Unreadable(error) => {
            return ScoreReport {
                unreadable: Some(format!(
                    "line {}, column {}: {}",
                    error.line, error.column, error.reason
                )),
                ..unknown()
            };
        }
        ScoreText::Game {
            report,
            written,
            tag_mismatches,
        } => (report, written, tag_mismatches),
    };
    let first_bad_move = got.first_bad_ply.map(|ply| {
        let reason = got
            .error
            .as_ref()
            .map(|e| words::bad_move_reason(ui, e.kind, &e.reason))
            .unwrap_or_default();
        let text = written.get(ply - 1).map_or("", String::as_str);
        words::bad_move(ui, ply, text, &reason)
    });
    ScoreReport {
        plies: got.plies,
        unreadable: None,
        first_bad_move,
        candidates: got
            .error
            .as_ref()
            .map(|e| e.candidates.clone())
            .unwrap_or_default(),
        termination: got
            .termination
            .map(|t| words::termination(ui, t, got.termination_ply)),
        result_by_laws: got.result_by_laws.as_pgn().to_owned(),
        signed_result: got.recorded_result.as_pgn().to_owned(),
        agrees: got.result_agrees,
        claims: got.claims.iter().map(|c| words::claim(ui, c)).collect(),
        illegal_moves: got
            .illegal_moves
            .iter()
            .map(|i| words::illegal_move(ui, i))
            .collect(),
        warnings: got.warnings.iter().map(|w| words::warning(ui, w)).collect(),
        tag_mismatches,
    }
}

impl ScoreReport {
    /// Nothing for the arbiter to look at: no unreadable or illegal move, no warning, no tag
    /// naming another board. Only then does an agreeing result show as all clear; any doubt is
    /// a warning (Art. 8).
    pub fn all_clear(&self) -> bool {
        self.unreadable.is_none()
            && self.first_bad_move.is_none()
            && self.illegal_moves.is_empty()
            && self.warnings.is_empty()
            && self.tag_mismatches.is_empty()
    }

    /// Why the text is not a game score at all, if it is not: it cannot be read as PGN, or not
    /// one move of it is legal. Such a text is not saved.
    pub fn not_a_game(&self) -> Option<String> {
        if let Some(text) = &self.unreadable {
            return Some(text.clone());
        }
        if self.plies == 0 {
            return self.first_bad_move.clone();
        }
        None
    }
}

/// The score page.
#[derive(Template, WebTemplate)]
#[template(path = "game_score/edit.html")]
pub struct ScorePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// Round number.
    pub number: i32,
    /// Game id.
    pub game_id: i32,
    /// Board number.
    pub board: i32,
    /// White.
    pub white: String,
    /// Black.
    pub black: String,
    /// The recorded result.
    pub result: String,
    /// The stored score.
    pub movetext: String,
    /// The language code of its piece letters.
    pub lang: String,
    /// Every scoresheet language: (code, piece letters shown as an example).
    pub langs: Vec<(String, String)>,
    /// The rules core's report, when a score is stored.
    pub report: Option<ScoreReport>,
    /// Why what was typed was not saved.
    pub errors: Vec<String>,
}

/// The scoresheet languages of the form: (code, "code: K Q R B N" in that language).
pub fn language_choices() -> Vec<(String, String)> {
    use crate::rules::Role;
    Lang::ALL
        .iter()
        .map(|lang| {
            let letters: Vec<&str> = [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
            ]
            .iter()
            .map(|role| lang.letter(*role))
            .collect();
            (
                lang.code().to_owned(),
                format!("{}: {}", lang.code(), letters.join(" ")),
            )
        })
        .collect()
}

/// What was typed but not saved (the form shown again with its problems).
#[derive(Debug, Clone, Default)]
pub struct Typed {
    /// The text.
    pub movetext: String,
    /// The language code of its piece letters.
    pub lang: String,
    /// Why it was not saved.
    pub errors: Vec<String>,
}

impl ScorePage {
    /// The score page of board `game` of round `number` of tournament `id`: the stored score
    /// and its report, or what was `typed` with its problems.
    pub async fn load(
        ctx: PageContext,
        state: &AppState,
        user: crate::db::models::User,
        (id, number, game): (i32, i32, i32),
        typed: Option<Typed>,
    ) -> Result<ScorePage, AppError> {
        let (data, access) = load_for_day(state, user, id).await?;
        let round = round_of(&data, number)?;
        let game = data
            .games
            .iter()
            .find(|g| g.id == GameId(game) && g.round_id == round.id && g.black_id.is_some())
            .cloned()
            .ok_or(AppError::NotFound)?;
        let header = TournamentHeader::new(&data, access, &format!("round-{number}"));
        let white = player_label(&data, game.white_id);
        let black = game
            .black_id
            .map(|b| player_label(&data, b))
            .unwrap_or_default();
        let name = |id| data.player(id).map_or("", |p| p.name.as_str());
        let signed = game.result.map(BoardResult::as_str);
        let board = SignedBoard {
            white: name(game.white_id),
            black: game.black_id.map_or("", name),
            signed,
        };
        let game_id = game.id;
        let (movetext, lang, errors, report) = match typed {
            Some(typed) => (typed.movetext, typed.lang, typed.errors, None),
            None => {
                let stored = state
                    .db(move |conn| Ok(GameScore::get(conn, game_id)?))
                    .await?;
                let report = stored.as_ref().map(|score| {
                    let lang = Lang::from_code(&score.lang).unwrap_or_default();
                    check_score(&score.movetext, lang, board, ctx.lang)
                });
                let (movetext, lang) = stored
                    .map(|score| (score.movetext, score.lang))
                    .unwrap_or_else(|| (String::new(), Lang::default().code().to_owned()));
                (movetext, lang, Vec::new(), report)
            }
        };
        Ok(ScorePage {
            ctx,
            header,
            number,
            game_id: game.id.0,
            board: game.board,
            white,
            black,
            result: signed.unwrap_or_default().to_owned(),
            movetext,
            lang,
            langs: language_choices(),
            report,
            errors,
        })
    }
}

/// The round's games (those with two players) as one PGN file, with the recorded results
/// (Art. 8.7): each game's movetext (English letters) from `movetext`; a game it answers `None`
/// for is left out. Shared by the round's game scores and the delayed live broadcast.
pub fn round_pgn(
    data: &crate::db::domain::TournamentData,
    number: i32,
    mut movetext: impl FnMut(&crate::db::models::Game) -> Option<String>,
) -> String {
    use crate::formats::round_pgn::{RoundGame, RoundTags, write_round};
    let list: Vec<RoundGame> = data
        .games_of_round(number)
        .into_iter()
        .filter(|g| g.black_id.is_some())
        .filter_map(|g| {
            let movetext = movetext(g)?;
            let white = data.player(g.white_id);
            let black = g.black_id.and_then(|b| data.player(b));
            Some(RoundGame {
                board: g.board.max(0) as u32,
                white: white.map(|p| p.name.clone()).unwrap_or_default(),
                black: black.map(|p| p.name.clone()).unwrap_or_default(),
                white_elo: white.map_or(0, |p| u16::try_from(p.rating).unwrap_or(0)),
                black_elo: black.map_or(0, |p| u16::try_from(p.rating).unwrap_or(0)),
                result: g.result.map_or("*", |r| r.as_str()).to_owned(),
                movetext,
            })
        })
        .collect();
    let t = &data.tournament;
    let tags = RoundTags {
        event: t.name.clone(),
        site: t.place.clone(),
        date: t.start_date.to_string().replace('-', "."),
        round: number.max(0) as u32,
    };
    write_round(&tags, &list)
}
