//! The tournament's form (new and edit): its fields, the point system (Art. 10.1) read from it, the
//! page it is shown on.

use crate::db::models::{
    NewTournament, PairingRating, PairingSystem, RatingKind, ReportedRating, TournamentRow, UserId,
};
use crate::tournament::entry_fields::parse_federation;
use crate::tournament::scoring::{PointSystem, PointSystemError, Points};
use crate::web::PageContext;
use askama::Template;
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

/// The tournament form as submitted (every field text, checked by [`TournamentForm::check`]).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct TournamentForm {
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Federation (three letters).
    pub federation: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// Chief arbiter.
    pub chief_arbiter: String,
    /// Time control.
    pub time_control: String,
    /// The event's time zone (an IANA name; empty: the server's).
    pub time_zone: String,
    /// Number of rounds (for a round robin, set from the players when round 1 is paired).
    pub rounds: String,
    /// `round_robin` or `double_round_robin`.
    pub pairing_system: String,
    /// Checkbox: swap the last two rounds of the first cycle.
    pub swap_last_two_rounds: Option<String>,
    /// The nine scores as typed (`1`, `0.5`, `3`), by field name ([`POINT_FIELDS`]).
    #[serde(flatten, deserialize_with = "point_fields_only")]
    pub points: BTreeMap<String, String>,
    /// Art. 6.7 default time in minutes, 0 = none.
    pub default_time_minutes: String,
    /// The FIDE rating the event uses: `standard`, `rapid` or `blitz`.
    pub rating_type: String,
    /// The rating that ranks the players (C.04.2 Art. 2.2.1), a [`PairingRating`] code.
    pub pairing_rating: String,
    /// The rating the reports carry, a [`ReportedRating`] code.
    pub reported_rating: String,
    /// Checkbox: visible to the public.
    pub published: Option<String>,
    /// Checkbox: apply a change of settings after round 1 was paired.
    pub confirm: Option<String>,
}

/// The point system's fields, in the order of [`PointSystem::SCORE_NAMES`]: each is the name
/// of the form field and of the database column
/// ([`PointColumns`](crate::db::models::tournaments::PointColumns)), and `tournament.` + it is
/// the translation key of its label.
pub const POINT_FIELDS: [&str; 9] = [
    "points_win",
    "points_draw",
    "points_loss",
    "points_forfeit_win",
    "points_forfeit_loss",
    "points_pairing_bye",
    "points_half_bye",
    "points_full_bye",
    "points_zero_bye",
];

/// Keeps the [`POINT_FIELDS`] of the form fields no other field of [`TournamentForm`] took
/// (the CSRF token is one of those).
pub fn point_fields_only<'de, D: Deserializer<'de>>(
    fields: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    let mut fields = BTreeMap::<String, String>::deserialize(fields)?;
    fields.retain(|field, _| POINT_FIELDS.contains(&field.as_str()));
    Ok(fields)
}

/// The translation key of a point field's label (`tournament.points_win`).
pub fn point_label(field: &str) -> String {
    format!("tournament.{field}")
}

/// The rounds a new Swiss is offered with (an open's usual nine).
pub const DEFAULT_SWISS_ROUNDS: u32 = 9;

/// The date format of the form (`2026-11-21`).
pub const DATE: time::format_description::StaticFormatDescription =
    time::macros::format_description!("[year]-[month]-[day]");

impl TournamentForm {
    /// The form for a new tournament: today, a Dutch Swiss (the most common event) of
    /// [`DEFAULT_SWISS_ROUNDS`] rounds, Art. 10.1 default scores. A round robin's rounds are
    /// set from its players when round 1 is paired.
    pub fn blank() -> TournamentForm {
        let today = crate::db::now().date();
        let mut form = TournamentForm::from_points(&PointSystem::default());
        form.start_date = today.format(DATE).unwrap_or_default();
        form.end_date = form.start_date.clone();
        form.rounds = DEFAULT_SWISS_ROUNDS.to_string();
        form.pairing_system = PairingSystem::SwissDutch.as_str().into();
        form.default_time_minutes = "0".into();
        form.time_zone = crate::tournament::time_zone::server_zone_name();
        form.rating_type = RatingKind::Standard.as_str().into();
        form.pairing_rating = PairingRating::Fide.as_str().into();
        form.reported_rating = ReportedRating::Fide.as_str().into();
        form
    }

    /// An empty form with the point fields of `points`.
    pub fn from_points(points: &PointSystem) -> TournamentForm {
        TournamentForm {
            points: POINT_FIELDS
                .into_iter()
                .zip(points.scores())
                .map(|(field, score)| (field.to_owned(), score.to_string()))
                .collect(),
            ..TournamentForm::default()
        }
    }

    /// The form filled with a stored tournament.
    pub fn of(t: &TournamentRow) -> TournamentForm {
        TournamentForm {
            name: t.name.clone(),
            place: t.place.clone(),
            federation: t.federation.clone(),
            start_date: t.start_date.format(DATE).unwrap_or_default(),
            end_date: t.end_date.format(DATE).unwrap_or_default(),
            chief_arbiter: t.chief_arbiter.clone(),
            time_control: t.time_control.clone(),
            time_zone: t.time_zone.clone(),
            rounds: t.rounds.to_string(),
            pairing_system: t.pairing_system.as_str().into(),
            swap_last_two_rounds: t.swap_last_two_rounds.then(|| "on".into()),
            default_time_minutes: t.default_time_minutes.to_string(),
            rating_type: t.rating_type.as_str().into(),
            pairing_rating: t.pairing_rating.as_str().into(),
            reported_rating: t.reported_rating.as_str().into(),
            published: t.published.then(|| "on".into()),
            ..TournamentForm::from_points(&t.point_system())
        }
    }

    /// True when the swap checkbox is ticked.
    pub fn swap_checked(&self) -> bool {
        self.swap_last_two_rounds.is_some()
    }

    /// True when the published checkbox is ticked.
    pub fn published_checked(&self) -> bool {
        self.published.is_some()
    }

    /// The point fields: (form name, translation key of the label, value as typed).
    pub fn point_fields(&self) -> Vec<(&'static str, String, &str)> {
        POINT_FIELDS
            .into_iter()
            .map(|field| (field, point_label(field), self.point_text(field)))
            .collect()
    }

    /// The text typed in point field `field`, empty when missing.
    fn point_text(&self, field: &str) -> &str {
        self.points.get(field).map_or("", String::as_str)
    }

    /// Checks every field; the row to store, or every problem (translated).
    pub fn check(&self, ctx: &PageContext, owner: UserId) -> Result<NewTournament, Vec<String>> {
        let mut errors = Vec::new();
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            errors.push(ctx.t("tournament.error.name_required"));
        } else if name.chars().count() > 200 {
            errors.push(ctx.t("tournament.error.name_too_long"));
        }
        let federation = parse_federation(&self.federation).unwrap_or_else(|_| {
            errors.push(ctx.t("tournament.error.federation"));
            String::new()
        });
        let mut date = |text: &str| match crate::web::input::parse_event_date(text) {
            Ok(date) => Some(date),
            Err(_) => {
                errors.push(ctx.t_with_name("tournament.error.date", text.trim()));
                None
            }
        };
        let start_date = date(&self.start_date);
        let end_date = date(&self.end_date);
        if let (Some(start), Some(end)) = (start_date, end_date)
            && end < start
        {
            errors.push(ctx.t("tournament.error.end_before_start"));
        }
        let rounds = match self.rounds.trim().parse::<i32>() {
            Ok(rounds) if (0..=99).contains(&rounds) => rounds,
            _ => {
                errors.push(ctx.t("tournament.error.rounds"));
                0
            }
        };
        let default_time_minutes = match self.default_time_minutes.trim().parse::<i32>() {
            Ok(minutes) if (0..=600).contains(&minutes) => minutes,
            _ => {
                errors.push(ctx.t("tournament.error.default_time"));
                0
            }
        };
        let pairing_system = PairingSystem::parse(self.pairing_system.trim());
        if pairing_system.is_none() {
            errors.push(ctx.t("tournament.error.pairing_system"));
        }
        // An old form without the field keeps the standard rating.
        let rating_type = match self.rating_type.trim() {
            "" => Some(RatingKind::Standard),
            code => RatingKind::parse(code),
        };
        if rating_type.is_none() {
            errors.push(ctx.t("tournament.error.rating_type"));
        }
        // An old form without these fields pairs and reports on the FIDE rating.
        let pairing_rating = match self.pairing_rating.trim() {
            "" => Some(PairingRating::Fide),
            code => PairingRating::parse(code),
        };
        let reported_rating = match self.reported_rating.trim() {
            "" => Some(ReportedRating::Fide),
            code => ReportedRating::parse(code),
        };
        if pairing_rating.is_none() || reported_rating.is_none() {
            errors.push(ctx.t("tournament.error.rating_basis"));
        }
        // Short texts only: a score has at most a few digits (and huge numbers would overflow).
        let mut point = |key: &str, text: &str| match Some(text)
            .filter(|text| text.trim().chars().count() <= 6)
            .and_then(Points::parse)
        {
            Some(points) => points,
            None => {
                errors.push(ctx.lang.t_with(
                    "tournament.error.points",
                    &[("field", &ctx.t(key)), ("value", text.trim())],
                ));
                Points::ZERO
            }
        };
        let points = PointSystem::from_scores(
            POINT_FIELDS.map(|field| point(&point_label(field), self.point_text(field))),
        );
        if errors.is_empty()
            && let Err(error) = points.validate()
        {
            errors.push(point_system_message(ctx, &error));
        }
        if let Some(system) = pairing_system
            && (system.is_swiss() || system.is_team_swiss())
            && rounds < 1
        {
            errors.push(ctx.t("day.form.swiss_rounds"));
        }
        // C.04.7 Baku 1.1: only when a win is worth two draws and a loss nothing.
        if pairing_system == Some(PairingSystem::SwissDutchBaku)
            && crate::pairing::baku::premise_holds(&points).is_err()
        {
            errors.push(ctx.t("day.form.baku_premise"));
        }
        for (text, key) in [
            (&self.place, "tournament.error.place_too_long"),
            (
                &self.chief_arbiter,
                "tournament.error.chief_arbiter_too_long",
            ),
            (&self.time_control, "tournament.error.time_control_too_long"),
        ] {
            if text.trim().chars().count() > 200 {
                errors.push(ctx.t(key));
            }
        }
        if !crate::tournament::time_zone::is_known(&self.time_zone) {
            errors.push(ctx.t_with_name("tournament.error.time_zone", self.time_zone.trim()));
        }
        let (
            Some(start_date),
            Some(end_date),
            Some(pairing_system),
            Some(rating_type),
            Some(pairing_rating),
            Some(reported_rating),
            true,
        ) = (
            start_date,
            end_date,
            pairing_system,
            rating_type,
            pairing_rating,
            reported_rating,
            errors.is_empty(),
        )
        else {
            return Err(errors);
        };
        Ok(NewTournament {
            name,
            place: self.place.trim().to_owned(),
            federation,
            start_date,
            end_date,
            chief_arbiter: self.chief_arbiter.trim().to_owned(),
            time_control: self.time_control.trim().to_owned(),
            rounds,
            pairing_system,
            swap_last_two_rounds: self.swap_checked(),
            points: points.into(),
            default_time_minutes,
            published: self.published_checked(),
            owner_id: owner,
            rating_type,
            pairing_rating,
            reported_rating,
            time_zone: self.time_zone.trim().to_owned(),
        })
    }
}

/// A translated explanation of why a point system breaks Art. 10.2.
pub fn point_system_message(ctx: &PageContext, error: &PointSystemError) -> String {
    let field_label = |field: &str| match PointSystem::SCORE_NAMES
        .iter()
        .position(|name| *name == field)
    {
        Some(index) => ctx.t(&point_label(POINT_FIELDS[index])),
        None => field.to_owned(),
    };
    match error {
        PointSystemError::Negative { field } => ctx.lang.t_with(
            "tournament.error.points_negative",
            &[("field", &field_label(field))],
        ),
        PointSystemError::WinNotAboveLoss => ctx.t("tournament.error.win_not_above_loss"),
        PointSystemError::DrawTooHigh { draw } => ctx.lang.t_with(
            "tournament.error.draw_too_high",
            &[("value", &draw.to_string())],
        ),
        PointSystemError::DrawBelowLoss { draw } => ctx.lang.t_with(
            "tournament.error.draw_below_loss",
            &[("value", &draw.to_string())],
        ),
        PointSystemError::NotAnnouncedScore { field, value } => ctx.lang.t_with(
            "tournament.error.not_announced",
            &[
                ("field", &field_label(field)),
                ("value", &value.to_string()),
            ],
        ),
    }
}

/// The tournament form page (new or edit).
#[derive(Template)]
#[template(path = "tournament/form.html")]
pub struct TournamentFormPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Heading.
    pub title: String,
    /// Where the form posts.
    pub action: String,
    /// The values.
    pub form: TournamentForm,
    /// Problems to show.
    pub errors: Vec<String>,
    /// Pairing systems: (code, translated name).
    pub systems: Vec<(&'static str, String)>,
    /// Rating types: (code, translated name).
    pub rating_types: Vec<(&'static str, String)>,
    /// Pairing ratings: (code, translated name).
    pub pairing_ratings: Vec<(&'static str, String)>,
    /// Reported ratings: (code, translated name).
    pub reported_ratings: Vec<(&'static str, String)>,
    /// What saving would change in a running event (asked to confirm).
    pub confirmation: Vec<String>,
}

impl TournamentFormPage {
    /// The page with `form` and `errors`.
    pub fn new(
        ctx: PageContext,
        title: String,
        action: String,
        form: TournamentForm,
        errors: Vec<String>,
    ) -> TournamentFormPage {
        let systems = PairingSystem::ALL
            .iter()
            .map(|system| {
                (
                    system.as_str(),
                    ctx.t(&format!("tournament.system.{}", system.as_str())),
                )
            })
            .collect();
        let rating_types = RatingKind::ALL
            .iter()
            .map(|kind| {
                (
                    kind.as_str(),
                    ctx.t(&format!("tournament.rating_type.{}", kind.as_str())),
                )
            })
            .collect();
        let label =
            |group: &str, code: &'static str| (code, ctx.t(&format!("tournament.{group}.{code}")));
        let pairing_ratings = PairingRating::ALL
            .iter()
            .map(|choice| label("pairing_rating", choice.as_str()))
            .collect();
        let reported_ratings = ReportedRating::ALL
            .iter()
            .map(|choice| label("reported_rating", choice.as_str()))
            .collect();
        TournamentFormPage {
            ctx,
            title,
            action,
            form,
            errors,
            systems,
            rating_types,
            pairing_ratings,
            reported_ratings,
            confirmation: Vec::new(),
        }
    }
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
