//! `POST /tournaments/{id}/desk/settings`: the registration window, the entry fees and the
//! check-in rule ([`store::save_desk_settings`]; the fee due of every entry follows the rules).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::desk_settings::DeskSettings;
use crate::db::store;
use crate::tournament::desk::{AbsentRule, CheckInRule};
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::desk::amount_field;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct SettingsForm {
    /// Present when the form takes entries.
    pub registration_open: Option<String>,
    /// `YYYY-MM-DD` or empty.
    pub deadline: String,
    /// Most players, or empty.
    pub capacity: String,
    /// The currency.
    pub currency: String,
    /// Fees as typed.
    pub base_fee: String,
    /// Juniors' fee.
    pub junior_fee: String,
    /// Seniors' fee.
    pub senior_fee: String,
    /// Titled players' fee (empty: none of their own).
    pub titled_fee: String,
    /// Juniors are under this age.
    pub junior_under: String,
    /// Seniors are this age or more.
    pub senior_from: String,
    /// [`CheckInRule::code`].
    pub check_in: String,
    /// [`AbsentRule::code`].
    pub absent_rule: String,
}

/// Saves the settings.
pub async fn save_settings(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let bad = |key: &str| {
        AppError::Unprocessable(format!("{}: {}", ctx.t(key), ctx.t("desk.form.bad_number")))
    };
    let number = |text: &str, key: &str, max: i32| -> Result<Option<i32>, AppError> {
        match text.trim() {
            "" => Ok(None),
            typed => typed
                .parse::<i32>()
                .ok()
                .filter(|n| (0..=max).contains(n))
                .map(Some)
                .ok_or_else(|| bad(key)),
        }
    };
    let deadline = match form.deadline.trim() {
        "" => None,
        typed => Some(
            time::Date::parse(
                typed,
                &time::macros::format_description!("[year]-[month]-[day]"),
            )
            .map_err(|_| bad("desk.deadline"))?,
        ),
    };
    let amount =
        |key: &str, text: &str| amount_field(&ctx, key, text).map_err(AppError::Unprocessable);
    let settings = DeskSettings {
        tournament_id: tournament,
        registration_open: form.registration_open.is_some(),
        deadline,
        capacity: number(&form.capacity, "desk.settings.capacity", 100_000)?,
        currency: form.currency.trim().chars().take(10).collect(),
        base_fee: amount("desk.settings.base_fee", &form.base_fee)?.unwrap_or(0),
        junior_fee: amount("desk.settings.junior_fee", &form.junior_fee)?.unwrap_or(0),
        senior_fee: amount("desk.settings.senior_fee", &form.senior_fee)?.unwrap_or(0),
        titled_fee: amount("desk.settings.titled_fee", &form.titled_fee)?,
        junior_under: number(&form.junior_under, "desk.settings.junior_under", 99)?.unwrap_or(0),
        senior_from: number(&form.senior_from, "desk.settings.senior_from", 99)?.unwrap_or(0),
        check_in: CheckInRule::parse(&form.check_in)
            .ok_or_else(|| bad("desk.settings.check_in"))?
            .code()
            .to_owned(),
        absent_rule: AbsentRule::parse(&form.absent_rule)
            .ok_or_else(|| bad("desk.settings.absent_rule"))?
            .code()
            .to_owned(),
        check_in_link: None,
    };
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::save_desk_settings(conn, &settings, by)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/desk"),
        ctx.t("desk.settings.saved"),
    ))
}
