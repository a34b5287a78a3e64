//! Crosstables: the round-robin grid (each player's result against every other, C.05) and the
//! Swiss wallchart (per round: the opponent's starting number, the colour and the result, as on
//! a FIDE tournament report), with the one set of symbols of the web pages
//! ([`crate::tournament::standings::result_symbol`]). Both are printed landscape; a table
//! taller than a page continues on further pages with its header row repeated, and a grid wider
//! than a page continues on further pages with the number and name columns repeated.

use crate::print::layout::{Align, Column, MARGIN, Orientation, Table};
use crate::print::standings::StandingsTable;
use crate::print::{
    DocumentInput, PrintError, details_line, listed_name, page_heading, points_after, points_text,
    rating_text,
};
use crate::tournament::Tournament;
use crate::tournament::standings::{result_symbol, wallchart_cell};

/// Which kind of crosstable to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrosstableKind {
    /// A round-robin grid when every player meets every other (the rounds announced are at
    /// least one less than the players, up to 24 players), else a wallchart.
    #[default]
    Auto,
    /// The round-robin grid.
    RoundRobin,
    /// The Swiss wallchart.
    Wallchart,
}

/// The crosstable after `after_round` rounds as PDF bytes. `standings` gives the rank column
/// and the tie-break columns (C.07; ranked by points alone, without tie-breaks, when `None`).
/// The table takes the whole width of the landscape page.
pub fn crosstable(
    tournament: &Tournament,
    input: &DocumentInput,
    after_round: u32,
    kind: CrosstableKind,
    standings: Option<&StandingsTable>,
) -> Result<Vec<u8>, PrintError> {
    let players = tournament.players.len();
    if players == 0 {
        return Err(PrintError::NoPlayers);
    }
    let rounds = tournament.total_rounds.max(tournament.rounds_played());
    if after_round > rounds {
        return Err(PrintError::NoSuchRound {
            round: after_round,
            rounds,
        });
    }
    let round_robin = match kind {
        CrosstableKind::RoundRobin => true,
        CrosstableKind::Wallchart => false,
        CrosstableKind::Auto => {
            (2..=24).contains(&players) && tournament.total_rounds as usize >= players - 1
        }
    };
    let by_points;
    let standings = match standings {
        Some(table) => table,
        None => {
            by_points = StandingsTable::by_points(tournament, after_round);
            &by_points
        }
    };
    let ranks = standings.ranks(players);
    let points = points_after(tournament, after_round);
    let language = input.language;
    let title = language.text_round("crosstable", after_round);
    let event = input.event_name(tournament).to_string();
    let details = details_line(&[&input.place, &input.chief_arbiter]);
    let mut canvas = input.canvas(tournament, &title, Orientation::Landscape)?;
    let width = canvas.width() - 2.0 * MARGIN;

    let mut columns = vec![
        Column::new(language.text("number"), 9.0, Align::Right).bold(),
        Column::new(language.text("name"), 0.0, Align::Left),
        Column::new(language.text("federation"), 10.0, Align::Center),
        Column::new(language.text("rating"), 11.0, Align::Right),
    ];
    let fixed = columns.len();
    let cells: Vec<Vec<String>> = if round_robin {
        let cell_width = if after_round as usize > players {
            9.0
        } else {
            7.0
        };
        columns
            .extend((1..=players).map(|n| Column::new(n.to_string(), cell_width, Align::Center)));
        tournament
            .players
            .iter()
            .map(|player| {
                (1..=players as u32)
                    .map(|opponent| {
                        if opponent == player.id.0 {
                            return "×".to_string();
                        }
                        player
                            .rounds
                            .iter()
                            .take(after_round as usize)
                            .filter(|e| e.opponent.is_some_and(|o| o.0 == opponent))
                            .map(|e| result_symbol(e.result))
                            .collect()
                    })
                    .collect()
            })
            .collect()
    } else {
        let white = language.text("white_short");
        let black = language.text("black_short");
        columns.extend((1..=after_round).map(|r| Column::new(r.to_string(), 14.0, Align::Center)));
        tournament
            .players
            .iter()
            .map(|player| {
                (0..after_round as usize)
                    .map(|r| {
                        player
                            .rounds
                            .get(r)
                            .map(|entry| wallchart_cell(entry, &white, &black))
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .collect()
    };
    let result_columns = fixed..columns.len();
    columns.push(Column::new(language.text("points"), 11.0, Align::Center).bold());
    columns.extend(
        standings
            .tie_break_names
            .iter()
            .map(|name| Column::new(name.clone(), 12.0, Align::Right)),
    );
    columns.push(Column::new(language.text("rank"), 11.0, Align::Right));
    spread_to_width(&mut columns, result_columns, width);
    let tie_breaks = standings.tie_breaks_by_player(players);

    let rows: Vec<Vec<String>> = tournament
        .players
        .iter()
        .zip(cells)
        .enumerate()
        .map(|(i, (player, cells))| {
            let mut row = vec![
                player.id.0.to_string(),
                listed_name(tournament, player.id, language),
                player.federation.clone(),
                rating_text(tournament, player.id),
            ];
            row.extend(cells);
            row.push(points_text(points[i]));
            row.extend(tie_breaks[i].iter().cloned());
            row.push(match ranks[i] {
                0 => String::new(),
                rank => rank.to_string(),
            });
            row
        })
        .collect();
    let table = Table {
        columns,
        fixed,
        font_size: 7.5,
        row_height: 4.8,
        zebra: true,
    };
    table.draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event, &title, &details)
    });
    Ok(canvas.finish())
}

/// Widens `columns` to fill `width`: the name (column 1) up to 90 mm first, then the result
/// cells (`results`) up to twice their width, then the name again with whatever is left. A
/// table wider than `width` is left as it is (it continues on further pages).
fn spread_to_width(columns: &mut [Column], results: std::ops::Range<usize>, width: f32) {
    let others: f32 = columns.iter().map(|c| c.width).sum::<f32>() - columns[1].width;
    columns[1].width = (width - others).clamp(40.0, 90.0);
    let spare = width - others - columns[1].width;
    let count = results.len();
    if spare > 0.0 && count > 0 {
        let each = spare / count as f32;
        for column in &mut columns[results] {
            column.width += each.min(column.width);
        }
    }
    let total: f32 = columns.iter().map(|c| c.width).sum();
    if total < width {
        columns[1].width += width - total;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_fill_the_landscape_width() {
        let mut columns = vec![
            Column::new("No", 9.0, Align::Right),
            Column::new("Name", 0.0, Align::Left),
            Column::new("1", 14.0, Align::Center),
            Column::new("2", 14.0, Align::Center),
            Column::new("Pts", 11.0, Align::Center),
            Column::new("BH", 12.0, Align::Right),
        ];
        spread_to_width(&mut columns, 2..4, 273.0);
        let total: f32 = columns.iter().map(|c| c.width).sum();
        assert!((total - 273.0).abs() < 0.01, "{total}");
        assert_eq!(columns[2].width, 28.0);
        // Too many columns for the page: left as they are, the name at its least.
        let mut wide: Vec<Column> = vec![
            Column::new("No", 9.0, Align::Right),
            Column::new("Name", 0.0, Align::Left),
        ];
        wide.extend((0..30).map(|r| Column::new(r.to_string(), 14.0, Align::Center)));
        spread_to_width(&mut wide, 2..32, 273.0);
        assert_eq!(wide[1].width, 40.0);
        assert_eq!(wide[2].width, 14.0);
    }
}
