//! `GET /tournaments/{id}/rounds/{number}/boards/{game}/score`: the game score of a board, with
//! a form to paste or upload it (PGN or a move list in the scoresheet's language), the stored
//! result beside it and the rules core's report on it ([`super::report`]).

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;

use crate::db::models::GameId;
use crate::db::models::tournament_day::GameScore;
use crate::rules::Lang;
use crate::rules::arbiter::SignedBoard;
use crate::tournament::result::BoardResult;
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::handlers::game_score::report::{ScoreReport, check_score};
use crate::web::handlers::round::show::player_label;
use crate::web::pages::live::round_of;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};

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

/// Shows the page.
pub async fn edit_score(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
) -> Result<ScorePage, AppError> {
    ScorePage::load(ctx, &state, user.0, path.into_inner(), None).await
}
