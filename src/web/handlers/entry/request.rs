//! `POST /tournaments/{id}/entry/{token}/request`: the player asks the arbiter through their
//! link — a bye for a round not yet paired (checked against the bye rules when the arbiter
//! approves it, C.04.2 Art. 3.3), a withdrawal (Art. 3.2), or a correction of their data.

use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::tournament::byes::ByeKind;
use crate::tournament::desk::RequestKind;
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::load_linked_entry;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The most characters of a correction.
const MAX_DETAIL: usize = 500;

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct RequestForm {
    /// `bye`, `withdraw` or `correction`.
    pub kind: String,
    /// The round of a bye.
    #[serde(default)]
    pub round: String,
    /// `H` or `Z`.
    #[serde(default)]
    pub bye_kind: String,
    /// The correction asked for.
    #[serde(default)]
    pub detail: String,
}

/// Records the request.
pub async fn send_request(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    form: CsrfForm<RequestForm>,
) -> Result<HttpResponse, AppError> {
    let (id, token) = path.into_inner();
    let linked = load_linked_entry(&state, id, token.clone()).await?;
    let bad = |key: &str| AppError::Unprocessable(ctx.t(key));
    let request = match form.kind.as_str() {
        "bye" => {
            let total = u32::try_from(linked.data.tournament.rounds).unwrap_or(0);
            let round = form
                .round
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|r| (1..=total).contains(r))
                .ok_or_else(|| bad("desk.form.bad_round"))?;
            let kind = ByeKind::parse(&form.bye_kind)
                .filter(|k| *k != ByeKind::FullPoint)
                .ok_or_else(|| bad("day.bye.kind"))?;
            RequestKind::Bye { round, kind }
        }
        "withdraw" => RequestKind::Withdraw,
        "correction" => {
            let detail = form.detail.trim();
            if detail.is_empty() || detail.chars().count() > MAX_DETAIL {
                return Err(bad("desk.form.bad_correction"));
            }
            RequestKind::Correction(detail.to_owned())
        }
        _ => return Err(bad("desk.form.bad_request")),
    };
    let (tournament, entry) = (linked.data.tournament.id, linked.entry.id);
    state
        .write(&ctx, move |conn| {
            store::submit_request(conn, tournament, entry, &request)
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/entry/{token}#requests-form"
    )))
}
