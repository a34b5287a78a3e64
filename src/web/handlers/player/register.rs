//! `POST /tournaments/{id}/players`: registers one player from the form (whoever runs the
//! day). After round 1 is paired the player is a late entry first paired in the next round
//! (C.04.2 Art. 2.4); in a round robin a late entry is listed but not paired, since the Berger
//! schedule is fixed.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::formats::csv::{CsvProblem, PlayerRecord};
use crate::tournament::entry_fields::{
    FieldProblem, MAX_RATING, check_national_id, check_text, parse_federation, parse_number,
    parse_sex, parse_title,
};
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::player::list::PlayersPage;
use crate::web::pages::player::{field_label, problem_message, registration};
use crate::web::{AppError, AppState, PageContext, render_page};

/// The registration form (the same fields as a CSV row).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct PlayerForm {
    /// Name, "Surname, Given".
    pub name: String,
    /// FIDE ID.
    pub fide_id: String,
    /// Title.
    pub title: String,
    /// Rating.
    pub rating: String,
    /// Federation.
    pub federation: String,
    /// Birth year.
    pub birth_year: String,
    /// `m` / `w`.
    pub sex: String,
    /// Club.
    pub club: String,
    /// ID in the national federation's list.
    pub national_id: String,
    /// National rating.
    pub national_rating: String,
}

impl PlayerForm {
    /// The form filled with a stored registration (the edit page).
    pub fn of(record: &PlayerRecord) -> PlayerForm {
        let text = |value: Option<u64>| value.map(|v| v.to_string()).unwrap_or_default();
        PlayerForm {
            name: record.name.clone(),
            fide_id: text(record.fide_id),
            title: record.title.clone(),
            rating: if record.rating > 0 {
                record.rating.to_string()
            } else {
                String::new()
            },
            federation: record.federation.clone(),
            birth_year: text(record.birth_year.map(u64::from)),
            sex: record.sex.clone(),
            club: record.club.clone(),
            national_id: record.national_id.clone(),
            national_rating: match record.national_rating {
                0 => String::new(),
                rating => rating.to_string(),
            },
        }
    }

    /// Checks the fields as the CSV import does; the record or the translated problems.
    pub fn check(&self, ctx: &PageContext) -> Result<PlayerRecord, Vec<String>> {
        let mut errors = Vec::new();
        let mut note = |field: &str, problem: FieldProblem| {
            errors.push(format!(
                "{}: {}",
                field_label(ctx, field),
                problem_message(ctx, &CsvProblem::Field(problem))
            ));
        };
        let mut record = PlayerRecord::default();
        match check_text(&self.name, true) {
            Ok(name) => record.name = name,
            Err(problem) => note("name", problem),
        }
        match parse_number(&self.fide_id, 1, 9_999_999_999) {
            Ok(id) => record.fide_id = id,
            Err(problem) => note("fide_id", problem),
        }
        match parse_title(&self.title) {
            Ok(title) => record.title = title,
            Err(problem) => note("title", problem),
        }
        match parse_number(&self.rating, 0, u64::from(MAX_RATING)) {
            Ok(rating) => record.rating = rating.unwrap_or(0) as u16,
            Err(problem) => note("rating", problem),
        }
        match parse_federation(&self.federation) {
            Ok(federation) => record.federation = federation,
            Err(problem) => note("federation", problem),
        }
        match parse_number(&self.birth_year, 1900, 2100) {
            Ok(year) => record.birth_year = year.map(|y| y as u16),
            Err(problem) => note("birth_year", problem),
        }
        match parse_sex(&self.sex) {
            Ok(sex) => record.sex = sex,
            Err(problem) => note("sex", problem),
        }
        match check_text(&self.club, false) {
            Ok(club) => record.club = club,
            Err(problem) => note("club", problem),
        }
        match check_national_id(&self.national_id) {
            Ok(id) => record.national_id = id,
            Err(problem) => note("national_id", problem),
        }
        match parse_number(&self.national_rating, 0, u64::from(MAX_RATING)) {
            Ok(rating) => record.national_rating = rating.unwrap_or(0) as u16,
            Err(problem) => note("national_rating", problem),
        }
        if errors.is_empty() {
            Ok(record)
        } else {
            Err(errors)
        }
    }
}

/// Registers the player, or shows the list again with the problems (422).
pub async fn register_player(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, access) = load_for_day(&state, user.0.clone(), id).await?;
    let CsrfForm(form) = form;
    let record = match form.check(&ctx) {
        Ok(record) => record,
        Err(errors) => {
            let page = PlayersPage::new(ctx, &data, access, form, errors, None);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let late_entry = !data.rounds.is_empty();
    let new = [registration(data.tournament.id, &record)];
    let (tournament, by) = (data.tournament.id, user.id);
    let written = state
        .try_write(move |conn| store::register_players(conn, tournament, &new, by))
        .await?;
    // A refusal (a second entry of the same person) comes back on the form, kept, with the
    // reason.
    if let Err(error @ store::StoreError::Refused(_)) = written {
        let refused = AppError::from_store(&ctx, error);
        let reasons = refused.message().map(str::to_owned).into_iter().collect();
        let page = PlayersPage::new(ctx, &data, access, form, reasons, None);
        return render_page(&page, StatusCode::CONFLICT);
    }
    written.map_err(|error| AppError::from_store(&ctx, error))?;
    let notice = if late_entry {
        ctx.t_with_name("player.registered_late", &record.name)
    } else {
        ctx.t_with_name("player.registered", &record.name)
    };
    PlayersPage::after_write(ctx, &state, user.0, id, notice).await
}
