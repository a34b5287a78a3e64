//! Documents of a tournament stored in the database (the app's buttons and
//! `arbiter print --tournament ID`): the event details and the boards of a round as the
//! printing code reads them, whether or not the round is complete.

use crate::db::domain::TournamentData;
use crate::print::{Document, DocumentInput, Language, PaperSize, PrintError, render};
use crate::tournament::PlayerId;
use crate::tournament::board::Board;

/// The PDF of `document` for the stored tournament `data` ([`render`]): standings and
/// crosstables after round `round` count the results of the first `round` rounds; the other
/// documents show round `round`'s boards as stored (results where entered, none for a round
/// just paired) with the points before it.
pub fn render_stored(
    document: Document,
    data: &TournamentData,
    mut input: DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    if document.after_round() {
        return render(document, &data.to_model(round), &input, round);
    }
    if round == 0 && document.before_pairing() {
        return render(document, &entrants(data), &input, 0);
    }
    let mut tournament = data.to_model(round.saturating_sub(1));
    tournament.total_rounds = tournament.total_rounds.max(round);
    input.boards = boards_of(data, i32::try_from(round).unwrap_or(i32::MAX));
    render(document, &tournament, &input, round)
}

/// The tournament before its first pairing: its players in starting-rank order once they are
/// ranked, else every entrant not withdrawn by rating (highest first), then name.
fn entrants(data: &TournamentData) -> crate::tournament::Tournament {
    let mut tournament = data.to_model(0);
    if !tournament.players.is_empty() {
        return tournament;
    }
    let basis = data.tournament.rating_basis();
    let mut players: Vec<_> = data
        .players
        .iter()
        .filter(|row| !data.participation_of(row.id).is_withdrawn(1))
        .map(|row| row.model_player(basis))
        .collect();
    players.sort_by(|a, b| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    for (index, player) in players.iter_mut().enumerate() {
        player.id = PlayerId(index as u32 + 1);
    }
    tournament.players = players;
    tournament
}

/// The event details of `data` in `language` on `paper`.
pub fn document_input(
    data: &TournamentData,
    language: Language,
    paper: PaperSize,
) -> DocumentInput {
    let t = &data.tournament;
    let dates = if t.start_date == t.end_date {
        t.start_date.to_string()
    } else {
        format!("{} – {}", t.start_date, t.end_date)
    };
    DocumentInput {
        event: t.name.clone(),
        place: [t.place.as_str(), dates.as_str()]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
        chief_arbiter: t.chief_arbiter.clone(),
        round_dates: (1..=data.announced_rounds())
            .map(|round| data.round_start_text(round))
            .collect(),
        language,
        paper,
        withdrawn_from: data
            .ranked_players()
            .iter()
            .map(|player| {
                data.withdrawn_from(player.id)
                    .and_then(|round| u32::try_from(round).ok())
            })
            .collect(),
        ..DocumentInput::default()
    }
}

/// The boards of round `number` by starting numbers (the order of
/// [`TournamentData::to_model`]), with the result where entered.
pub fn boards_of(data: &TournamentData, number: i32) -> Vec<Board> {
    let ranked = data.ranked_players();
    let start = |id| {
        ranked
            .iter()
            .position(|p| p.id == id)
            .map(|i| PlayerId(i as u32 + 1))
    };
    data.games_of_round(number)
        .into_iter()
        .filter_map(|game| {
            Some(Board {
                number: u32::try_from(game.board).ok()?,
                white: start(game.white_id)?,
                black: game.black_id.and_then(start),
                result: game.result,
                colourless: game.colourless,
            })
        })
        .collect()
}
