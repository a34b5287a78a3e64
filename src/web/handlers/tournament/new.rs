//! `GET /tournaments/new`: the form for a new tournament, and the form's values
//! and checks shared with `create`, `edit` and `update`.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;

use crate::web::extractors::Organiser;
use crate::web::pages::tournament_form::{TournamentForm, TournamentFormPage};
use crate::web::{AppError, PageContext, render_page};

/// Shows the empty form.
pub async fn new_tournament(
    ctx: PageContext,
    _organiser: Organiser,
) -> Result<HttpResponse, AppError> {
    let title = ctx.t("tournament.new");
    let page = TournamentFormPage::new(
        ctx,
        title,
        "/tournaments".into(),
        TournamentForm::blank(),
        Vec::new(),
    );
    render_page(&page, StatusCode::OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_10_1_point_fields_read_from_the_body_and_back() {
        let form = actix_web::web::Query::<TournamentForm>::from_query(
            "name=Open&points_win=3&points_draw=1&csrf_token=secret&confirm=1",
        )
        .expect("form")
        .into_inner();
        assert_eq!(form.name, "Open");
        assert_eq!(form.confirm.as_deref(), Some("1"));
        assert_eq!(form.point_text("points_win"), "3");
        assert_eq!(form.point_text("points_loss"), "");
        assert!(!form.points.contains_key("csrf_token"));

        let form = TournamentForm::from_points(&PointSystem::three_one_zero());
        let fields = form.point_fields();
        assert_eq!(fields.len(), 9);
        assert_eq!(
            fields[1],
            ("points_draw", "tournament.points_draw".to_owned(), "1")
        );
        assert_eq!(fields[5].2, "3");
    }
}
