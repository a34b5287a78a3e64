//! `POST /tournaments/{id}/swiss/players/{player}/bye`: requests (or cancels) a half- or
//! zero-point bye for a round not yet paired, within the organiser's limits
//! (C.04.2 Art. 3.3; [`Participation::request_bye`](crate::tournament::byes::Participation)).

use actix_web::{HttpResponse, web};

use crate::db::models::PlayerId;
use crate::db::models::tournament_day::{ByeRequestRow, ParticipationRow, SwissSettings};
use crate::tournament::byes::{ByeKind, ByeRequestError, Participation};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ByeForm {
    /// The round.
    pub round: i32,
    /// `H` or `Z`.
    pub kind: String,
    /// Cancel the request for that round instead.
    #[serde(default)]
    pub cancel: Option<String>,
}

/// The translated reason a request was refused.
fn refusal(ctx: &PageContext, error: &ByeRequestError) -> String {
    match error {
        ByeRequestError::NoSuchRound { .. } => ctx.t("day.bye.no_such_round"),
        ByeRequestError::AlreadyPaired { .. } => ctx.t("day.bye.already_paired"),
        ByeRequestError::HalfPointNotOffered => ctx.t("day.bye.half_not_offered"),
        ByeRequestError::LimitReached { limit, .. } => {
            ctx.t_with_name("day.bye.limit", &limit.to_string())
        }
        ByeRequestError::InLastRounds { last_rounds } => {
            ctx.t_with_name("day.bye.last_rounds", &last_rounds.to_string())
        }
        ByeRequestError::Duplicate { .. } => ctx.t("day.bye.duplicate"),
        ByeRequestError::NotParticipating { .. } => ctx.t("day.bye.not_participating"),
    }
}

/// Checks and records the request.
pub async fn request_bye(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<ByeForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let player = PlayerId(player);
    if !data.players.iter().any(|p| p.id == player) {
        return Err(AppError::NotFound);
    }
    let form = form.0;
    let Some(kind) = ByeKind::parse(&form.kind) else {
        return Err(AppError::Unprocessable(ctx.t("day.bye.kind")));
    };
    let total = data.tournament.rounds.max(0) as u32;
    let paired = data.rounds.len() as u32;
    let round = form.round;
    let cancel = form.cancel.is_some();
    let refused = state
        .db(move |conn| {
            if cancel {
                if round as u32 > paired {
                    ByeRequestRow::delete(conn, player, round)?;
                }
                return Ok(None);
            }
            let row = ParticipationRow::for_player(conn, player)?;
            let mut who = Participation::late_entry(row.first_round.max(1) as u32);
            if let Some(from) = row.withdrawn_from {
                who.withdraw(from.max(1) as u32);
            }
            for bye in ByeRequestRow::for_players(conn, &[player])? {
                who.byes.insert(bye.round.max(1) as u32, bye.bye_kind());
            }
            let settings = SwissSettings::for_tournament(conn, data.tournament.id)?;
            let target = u32::try_from(round).unwrap_or(0);
            match who.check_bye(target, kind, &settings.bye_policy(), total, paired) {
                Ok(()) => {
                    ByeRequestRow::insert(conn, player, round, kind)?;
                    Ok(None)
                }
                Err(error) => Ok(Some(error)),
            }
        })
        .await?;
    if let Some(error) = refused {
        return Err(AppError::Unprocessable(refusal(&ctx, &error)));
    }
    Ok(see_other(&format!("/tournaments/{id}/swiss")))
}
