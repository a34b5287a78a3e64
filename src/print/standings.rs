//! Standings after a round: rank, starting number, name, federation, rating, points and the
//! tournament's tie-break columns (FIDE C.07), in the order the caller ranked them.
//!
//! The ranking itself (with tie-breaks) is computed by the tournament core; this module only
//! prints it. A withdrawn or expelled player is marked beside the name, and a legend below the
//! table names each tie-break column (C.07 Art. 5) in the document's language. [`StandingsTable::by_points`] ranks by points alone for events without tie-breaks.

use crate::print::layout::{Align, Column, MARGIN, Orientation, Table};
use crate::print::{
    DocumentInput, PrintError, details_line, listed_name, page_heading, points_after, points_text,
    rating_text,
};
use crate::tournament::{PlayerId, Points, Tournament};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsRow {
    /// Rank (players sharing a rank have the same number).
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// Points.
    pub points: Points,
    /// The tie-break values as printed, one per column of [`StandingsTable::tie_break_names`].
    pub tie_breaks: Vec<String>,
}

/// Standings to print: rows in rank order and the headings of the tie-break columns.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StandingsTable {
    /// The round after which these are the standings.
    pub after_round: u32,
    /// Short headings of the tie-break columns, e.g. `BH-C1`, `BH`, `SB`, `DE`.
    pub tie_break_names: Vec<String>,
    /// The FIDE acronym of each column's tie-break (C.07 Art. 5: `BH` for `BH-C1`), to name
    /// it in the legend below the table.
    pub tie_break_kinds: Vec<&'static str>,
    /// The rows, best first.
    pub rows: Vec<StandingsRow>,
}

impl StandingsTable {
    /// Standings by points alone (Art. 10 scoring with the tournament's point system): equal
    /// points share a rank and are listed in starting order.
    pub fn by_points(tournament: &Tournament, after_round: u32) -> StandingsTable {
        let points = points_after(tournament, after_round);
        let mut order: Vec<usize> = (0..tournament.players.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(points[i]), i));
        let mut rows: Vec<StandingsRow> = Vec::with_capacity(order.len());
        for (position, &i) in order.iter().enumerate() {
            let rank = match rows.last() {
                Some(previous) if previous.points == points[i] => previous.rank,
                _ => position as u32 + 1,
            };
            rows.push(StandingsRow {
                rank,
                player: tournament.players[i].id,
                points: points[i],
                tie_breaks: Vec::new(),
            });
        }
        StandingsTable {
            after_round,
            tie_break_names: Vec::new(),
            tie_break_kinds: Vec::new(),
            rows,
        }
    }

    /// Standings ranked by a C.07 tie-break list ([`crate::tournament::standings::ranked`]),
    /// with one column per tie-break headed by its FIDE code.
    pub fn ranked(
        tournament: &Tournament,
        after_round: u32,
        settings: &crate::tournament::tiebreak::TieBreakSettings,
    ) -> StandingsTable {
        let standings = crate::tournament::standings::ranked(tournament, after_round, settings);
        StandingsTable {
            after_round,
            tie_break_names: standings.tie_breaks.iter().map(|t| t.fide_code()).collect(),
            tie_break_kinds: standings.tie_breaks.iter().map(|t| t.kind.code()).collect(),
            rows: standings
                .rows
                .iter()
                .map(|row| StandingsRow {
                    rank: row.rank,
                    player: row.player,
                    points: row.points,
                    tie_breaks: row
                        .values
                        .iter()
                        .map(|v| v.map_or_else(|| "-".to_string(), |v| v.display()))
                        .collect(),
                })
                .collect(),
        }
    }

    /// The tie-break values of every player as printed (index = starting number − 1), one per
    /// column of [`StandingsTable::tie_break_names`]; blank for players not listed.
    pub fn tie_breaks_by_player(&self, players: usize) -> Vec<Vec<String>> {
        let mut values = vec![vec![String::new(); self.tie_break_names.len()]; players];
        for row in &self.rows {
            if let Some(slot) = (row.player.0 as usize)
                .checked_sub(1)
                .and_then(|i| values.get_mut(i))
            {
                slot.clone_from(&row.tie_breaks);
            }
        }
        values
    }

    /// The rank of every player (index = starting number − 1), 0 for players not listed.
    pub fn ranks(&self, players: usize) -> Vec<u32> {
        let mut ranks = vec![0; players];
        for row in &self.rows {
            if let Some(slot) = (row.player.0 as usize)
                .checked_sub(1)
                .and_then(|i| ranks.get_mut(i))
            {
                *slot = row.rank;
            }
        }
        ranks
    }
}

/// The standings as PDF bytes. Portrait with up to five tie-break columns, landscape beyond.
pub fn standings(
    tournament: &Tournament,
    input: &DocumentInput,
    table: &StandingsTable,
) -> Result<Vec<u8>, PrintError> {
    if tournament.players.is_empty() {
        return Err(PrintError::NoPlayers);
    }
    for row in &table.rows {
        if tournament.player(row.player).is_none() {
            return Err(PrintError::UnknownStandingsPlayer(row.player.0));
        }
    }
    let language = input.language;
    let round = table.after_round;
    let title = language.text_round("standings", round);
    let event = input.event_name(tournament).to_string();
    let details = details_line(&[&input.place, input.round_date(round)]);
    let orientation = if table.tie_break_names.len() > 5 {
        Orientation::Landscape
    } else {
        Orientation::Portrait
    };
    let mut canvas = input.canvas(tournament, &title, orientation)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let tie_break_width = 13.0;
    // Points outside the games are marked beside the score: `2½ (−1)`.
    let adjusted = |player| tournament.adjustment(player, table.after_round);
    let any_adjusted = table
        .rows
        .iter()
        .any(|row| adjusted(row.player) != Points::ZERO);
    let points_width = if any_adjusted { 20.0 } else { 12.0 };
    let fixed_width = 11.0 + 10.0 + 11.0 + 12.0 + points_width;
    let name_width =
        (width - fixed_width - tie_break_width * table.tie_break_names.len() as f32).max(45.0);
    let mut columns = vec![
        Column::new(language.text("rank"), 11.0, Align::Right).bold(),
        Column::new(language.text("number"), 10.0, Align::Right),
        Column::new(language.text("name"), name_width, Align::Left),
        Column::new(language.text("federation"), 11.0, Align::Center),
        Column::new(language.text("rating"), 12.0, Align::Right),
        Column::new(language.text("points"), points_width, Align::Center).bold(),
    ];
    columns.extend(
        table
            .tie_break_names
            .iter()
            .map(|name| Column::new(name.clone(), tie_break_width, Align::Right)),
    );
    let layout = Table {
        columns,
        fixed: 3,
        font_size: 8.5,
        row_height: 5.5,
        zebra: true,
    };
    let mut previous_rank = None;
    let rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|row| {
            let rank = if previous_rank == Some(row.rank) {
                String::new()
            } else {
                row.rank.to_string()
            };
            previous_rank = Some(row.rank);
            let federation = tournament
                .player(row.player)
                .map(|p| p.federation.clone())
                .unwrap_or_default();
            let mut name = listed_name(tournament, row.player, language);
            if input.withdrawn_by(row.player, table.after_round)
                && tournament
                    .player(row.player)
                    .is_some_and(|p| p.expelled_from.is_none())
            {
                name = format!("{name} ({})", language.text("withdrawn"));
            }
            let mut cells = vec![
                rank,
                row.player.0.to_string(),
                name,
                federation,
                rating_text(tournament, row.player),
                match adjusted(row.player) {
                    Points::ZERO => points_text(row.points),
                    outside if outside.0 > 0 => {
                        format!("{} (+{})", points_text(row.points), points_text(outside))
                    }
                    outside => format!("{} ({})", points_text(row.points), points_text(outside)),
                },
            ];
            cells.extend(row.tie_breaks.iter().cloned());
            cells
        })
        .collect();
    let mut heading =
        |canvas: &mut crate::print::layout::Canvas| page_heading(canvas, &event, &title, &details);
    let mut y = layout.draw(&mut canvas, &rows, &mut heading) + 6.0;
    // The legend: each tie-break column's code and name.
    let line_height = 4.5;
    for (code, kind) in table.tie_break_names.iter().zip(&table.tie_break_kinds) {
        if y + line_height > canvas.bottom() {
            canvas.new_page();
            y = heading(&mut canvas) + 2.0;
        }
        let name = language.tie_break_name(kind);
        canvas.text(MARGIN, y, 8.0, true, code);
        canvas.text(MARGIN + 20.0, y, 8.0, false, &name);
        y += line_height;
    }
    Ok(canvas.finish())
}
