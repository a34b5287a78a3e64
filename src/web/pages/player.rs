//! What the player pages share: a player list's problems and fields in words, a file's record as
//! a registration and back, the list in its order.

use crate::db::models::{NewPlayer, PlayerRow, TournamentId};
use crate::db::store;
use crate::formats::csv::{CsvProblem, PlayerRecord};
use crate::tournament::entry_fields::FieldProblem;
use crate::tournament::rating_basis::PairingRating;
use crate::tournament::starting_rank::sort_by_starting_rank;
use crate::web::PageContext;

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
