//! What the player pages share: a player list's problems and fields in words, a file's record as
//! a registration and back, the list in its order.

use crate::db::domain::TournamentData;
use crate::db::models::{FidePlayer, NewPlayer, PlayerRow, RatingBasis, RatingKind, TournamentId};
use crate::db::store;
use crate::formats::csv::{CsvProblem, PlayerRecord};
use crate::tournament::entry_fields::{
    FieldProblem, MAX_RATING, check_national_id, check_text, parse_federation, parse_number,
    parse_sex, parse_title,
};
use crate::tournament::rating_basis::PairingRating;
use crate::tournament::starting_rank::sort_by_starting_rank;
use crate::web::access::{Access, load_for_day};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;
use serde::Deserialize;

/// A CSV or form problem in the page's language.
pub fn problem_message(ctx: &PageContext, problem: &CsvProblem) -> String {
    let key = format!("csv.problem.{}", problem.key());
    match problem {
        CsvProblem::WrongFieldCount { expected, found } => ctx.lang.t_with(
            &key,
            &[
                ("expected", &expected.to_string()),
                ("found", &found.to_string()),
            ],
        ),
        CsvProblem::Field(FieldProblem::OutOfRange { min, max }) => ctx.lang.t_with(
            &key,
            &[("min", &min.to_string()), ("max", &max.to_string())],
        ),
        CsvProblem::Field(FieldProblem::TooLong { max }) => {
            ctx.lang.t_with(&key, &[("max", &max.to_string())])
        }
        CsvProblem::DuplicateFideId { first_line }
        | CsvProblem::DuplicateNationalId { first_line } => {
            ctx.lang.t_with(&key, &[("line", &first_line.to_string())])
        }
        CsvProblem::TooLarge { what, max } => ctx
            .lang
            .t_with(&format!("{key}_{what}"), &[("max", &max.to_string())]),
        _ => ctx.t(&key),
    }
}

/// The translated label of a CSV column / form field.
pub fn field_label(ctx: &PageContext, field: &str) -> String {
    ctx.t(&format!("player.{field}"))
}

/// A registration from a checked record.
pub fn new_player(tournament: TournamentId, record: &PlayerRecord) -> NewPlayer {
    NewPlayer {
        tournament_id: tournament,
        name: record.name.clone(),
        fide_id: record.fide_id.and_then(|id| i64::try_from(id).ok()),
        title: record.title.clone(),
        rating: i32::from(record.rating),
        federation: record.federation.clone(),
        birth_year: record.birth_year.map(i32::from),
        sex: record.sex.clone(),
        club: record.club.clone(),
        birth_date: None,
        national_id: record.national_id.clone(),
        national_rating: i32::from(record.national_rating),
    }
}

/// A registration of a checked record: the player, and the team named, if any.
pub fn registration(tournament: TournamentId, record: &PlayerRecord) -> store::Registration {
    store::Registration {
        player: new_player(tournament, record),
        team: (!record.team.is_empty()).then(|| record.team.clone()),
    }
}

/// A stored player as a CSV record.
pub fn record_of(player: &PlayerRow) -> PlayerRecord {
    PlayerRecord {
        name: player.name.clone(),
        fide_id: player.fide_id.and_then(|id| u64::try_from(id).ok()),
        title: player.title.clone(),
        rating: u16::try_from(player.rating).unwrap_or(0),
        federation: player.federation.clone(),
        birth_year: player.birth_year.and_then(|y| u16::try_from(y).ok()),
        sex: player.sex.clone(),
        club: player.club.clone(),
        national_id: player.national_id.clone(),
        national_rating: u16::try_from(player.national_rating).unwrap_or(0),
        team: String::new(),
    }
}

/// The players in list order: by starting rank once assigned; before that (and for late
/// entries without one) in the C.04.2 Art. 2.2 order, on the tournament's pairing rating.
pub fn in_list_order(players: &[PlayerRow], pairing: PairingRating) -> Vec<&PlayerRow> {
    let mut ranked: Vec<&PlayerRow> = players
        .iter()
        .filter(|p| p.starting_rank.is_some())
        .collect();
    ranked.sort_by_key(|p| p.starting_rank);
    let mut others: Vec<&PlayerRow> = players
        .iter()
        .filter(|p| p.starting_rank.is_none())
        .collect();
    sort_by_starting_rank(&mut others, |p| p.rank_key(pairing));
    ranked.extend(others);
    ranked
}

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

/// The most players a name look-up lists.
pub const MAX_CANDIDATES: i64 = 20;

/// The look-up's query.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct LookupQuery {
    /// The FIDE ID, or the start of a name, typed.
    pub fide_id: String,
    /// The registration being edited (absent on the registration form).
    pub player: Option<i32>,
}

/// A player of the list that a name look-up found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupCandidate {
    /// FIDE ID.
    pub fide_id: i64,
    /// "Novák, Jan (CZE, FM, 2205, 1990)".
    pub label: String,
    /// The look-up of this FIDE ID (filling the form).
    pub href: String,
}

impl LookupCandidate {
    /// The candidate `listed`, with the rating of `kind`.
    pub fn new(
        listed: &FidePlayer,
        kind: RatingKind,
        tournament: i32,
        player: Option<i32>,
    ) -> Self {
        let mut facts = vec![listed.federation.clone()];
        facts.extend(
            [
                listed.shown_title().to_owned(),
                listed
                    .rating(kind)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                listed.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            ]
            .into_iter()
            .filter(|fact| !fact.is_empty()),
        );
        let href = match player {
            Some(player) => format!(
                "/tournaments/{tournament}/players/lookup?fide_id={}&player={player}",
                listed.fide_id
            ),
            None => format!(
                "/tournaments/{tournament}/players/lookup?fide_id={}",
                listed.fide_id
            ),
        };
        LookupCandidate {
            fide_id: listed.fide_id,
            label: format!("{} ({})", listed.name, facts.join(", ")),
            href,
        }
    }
}

/// The edit page.
#[derive(Template)]
#[template(path = "player/edit.html")]
pub struct EditPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The player's row id.
    pub player: i32,
    /// The name as stored (the heading).
    pub name: String,
    /// The form's values.
    pub form: PlayerForm,
    /// Problems of the form.
    pub errors: Vec<String>,
    /// Starting ranks are fixed (round 1 paired): a new rating or title does not move anyone.
    pub ranks_fixed: bool,
    /// The player may be deleted (no starting rank, on no board).
    pub deletable: bool,
    /// A message (the FIDE ID look-up's).
    pub notice: Option<String>,
    /// The registration the FIDE ID look-up fills (this one).
    pub lookup_player: Option<i32>,
    /// The players of the list a name look-up found, to choose from.
    pub lookup_candidates: Vec<LookupCandidate>,
}

impl EditPage {
    /// The page for player `player` of `data` with these values and problems; `None` when
    /// the tournament has no such player.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        access: Access,
        player: i32,
        form: Option<PlayerForm>,
        errors: Vec<String>,
    ) -> Option<EditPage> {
        let row = data.players.iter().find(|p| p.id.0 == player)?;
        let on_a_board = data
            .games
            .iter()
            .any(|game| game.white_id == row.id || game.black_id == Some(row.id));
        Some(EditPage {
            header: TournamentHeader::new(data, access, "players"),
            player,
            name: row.name.clone(),
            form: form.unwrap_or_else(|| PlayerForm::of(&record_of(row))),
            errors,
            ranks_fixed: !data.rounds.is_empty(),
            deletable: row.starting_rank.is_none() && !on_a_board,
            notice: None,
            lookup_player: Some(player),
            lookup_candidates: Vec::new(),
            ctx,
        })
    }
}

/// One player in the list.
#[derive(Debug, Clone)]
pub struct ListedPlayer {
    /// Row id (for the forms).
    pub id: i32,
    /// Starting rank, or empty before it is assigned.
    pub starting_rank: String,
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// FIDE rating, empty when unrated.
    pub rating: String,
    /// National rating, empty when none.
    pub national_rating: String,
    /// Federation.
    pub federation: String,
    /// FIDE ID.
    pub fide_id: String,
    /// Birth year.
    pub birth_year: String,
    /// Club.
    pub club: String,
    /// Registered late.
    pub late_entry: bool,
    /// Withdrew.
    pub withdrawn: bool,
    /// Expelled from the competition (Laws Art. 12.9.9).
    pub expelled: bool,
}

/// The players page.
#[derive(Template)]
#[template(path = "player/list.html")]
pub struct PlayersPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The players.
    pub players: Vec<ListedPlayer>,
    /// True once starting ranks are fixed (round 1 paired).
    pub ranks_fixed: bool,
    /// The national rating column is shown: a player has one, or the tournament pairs or
    /// reports on it.
    pub national: bool,
    /// Which rating ranks the players, as the page says it (translated).
    pub pairing_rating: String,
    /// The registration form's values.
    pub form: PlayerForm,
    /// Problems of the registration form.
    pub errors: Vec<String>,
    /// A confirmation.
    pub notice: Option<String>,
    /// The registration the FIDE ID look-up fills: none, the form registers a new player.
    pub lookup_player: Option<i32>,
    /// The players of the list a name look-up found, to choose from.
    pub lookup_candidates: Vec<LookupCandidate>,
}

impl PlayersPage {
    /// Builds the page.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        access: Access,
        form: PlayerForm,
        errors: Vec<String>,
        notice: Option<String>,
    ) -> PlayersPage {
        let players = in_list_order(&data.players, data.tournament.pairing_rating)
            .into_iter()
            .map(|p| ListedPlayer {
                id: p.id.0,
                starting_rank: p.starting_rank.map(|r| r.to_string()).unwrap_or_default(),
                name: p.name.clone(),
                title: p.title.clone(),
                rating: if p.rating > 0 {
                    p.rating.to_string()
                } else {
                    String::new()
                },
                national_rating: if p.national_rating > 0 {
                    p.national_rating.to_string()
                } else {
                    String::new()
                },
                federation: p.federation.clone(),
                fide_id: p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
                birth_year: p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
                club: p.club.clone(),
                late_entry: data.participation_of(p.id).first_round > 1,
                withdrawn: data.withdrawn_from(p.id).is_some(),
                expelled: data.expelled_from(p.id).is_some(),
            })
            .collect();
        let basis = data.tournament.rating_basis();
        let national =
            basis != RatingBasis::default() || data.players.iter().any(|p| p.national_rating > 0);
        PlayersPage {
            header: TournamentHeader::new(data, access, "players"),
            pairing_rating: ctx.t(&format!(
                "tournament.pairing_rating.{}",
                basis.pairing.as_str()
            )),
            national,
            ctx,
            players,
            ranks_fixed: !data.rounds.is_empty(),
            form,
            errors,
            notice,
            lookup_player: None,
            lookup_candidates: Vec::new(),
        }
    }
}

impl PlayersPage {
    /// The players page again after a write (register, edit, delete), with its message.
    pub async fn after_write(
        ctx: PageContext,
        state: &AppState,
        user: crate::db::models::User,
        id: i32,
        notice: String,
    ) -> Result<HttpResponse, AppError> {
        let (data, access) = load_for_day(state, user, id).await?;
        let page = PlayersPage::new(
            ctx,
            &data,
            access,
            PlayerForm::default(),
            Vec::new(),
            Some(notice),
        );
        render_page(&page, StatusCode::OK)
    }
}
