//! A team competition's tables after a round, landscape: the standings (rank, match and game
//! points, the values of the league's list, C.07 Art. 11–13 or a national order), the team
//! crosstable (game points of both sides of every meeting, `F` for a forfeited match), and each
//! team's board statistics (points, games played and performance per board, B.02 Table 8.1a).
//! Each table starts on a new page and continues on further pages when long or wide.

use crate::print::layout::{Align, Column, MARGIN, Orientation, Table};
use crate::print::{DocumentInput, PrintError, details_line, page_heading, points_text};
use crate::tournament::Tournament;
use crate::tournament::scoring::Points;
use crate::tournament::team::TeamEvent;
use crate::tournament::team::crosstable::{board_records, crosstable};
use crate::tournament::team::tiebreak::{TeamRanking, rank};
use crate::tournament::tiebreak::Lots;

/// The tables of the team competition in `tournament` after `after_round` rounds, ranked by
/// `input.team_tie_breaks` (the primary score first; FIDE's order when empty).
pub fn team_standings(
    tournament: &Tournament,
    input: &DocumentInput,
    after_round: u32,
) -> Result<Vec<u8>, PrintError> {
    let event = TeamEvent::from_tournament(tournament)
        .map_err(|error| PrintError::NotATeamCompetition(error.to_string()))?;
    if event.teams.is_empty() {
        return Err(PrintError::NoPlayers);
    }
    let rounds = event.total_rounds.max(event.rounds_played());
    if after_round > rounds {
        return Err(PrintError::NoSuchRound {
            round: after_round,
            rounds,
        });
    }
    let list = if input.team_tie_breaks.is_empty() {
        crate::tournament::team::tiebreak::TeamOrder::Fide.list()
    } else {
        input.team_tie_breaks.clone()
    };
    let ranking = TeamRanking {
        list,
        swiss: false,
        lots: Lots::Shared,
    };
    let standings = rank(&event, &ranking, after_round);
    let language = input.language;
    let title = language.text_round("team_standings", after_round);
    let event_name = input.event_name(tournament).to_string();
    let details = details_line(&[&input.place, &input.chief_arbiter]);
    let mut canvas = input.canvas(tournament, &title, Orientation::Landscape)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let name = |id| event.team(id).map_or(String::new(), |t| t.name.clone());

    // The standings.
    let shown = standings.tie_break_columns();
    let mut columns = vec![
        Column::new(language.text("rank"), 11.0, Align::Right).bold(),
        Column::new(language.text("team"), 0.0, Align::Left),
        Column::new(language.text("match_points"), 14.0, Align::Center).bold(),
        Column::new(language.text("game_points"), 14.0, Align::Center).bold(),
    ];
    columns.extend(
        shown
            .iter()
            .map(|&i| Column::new(standings.tie_breaks[i].code(), 16.0, Align::Center)),
    );
    let others: f32 = columns.iter().map(|c| c.width).sum();
    columns[1].width = (width - others).clamp(50.0, 110.0);
    let rows: Vec<Vec<String>> = standings
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![
                row.rank.to_string(),
                name(row.team),
                points_text(row.match_points),
                points_text(row.game_points),
            ];
            cells.extend(shown.iter().map(|&i| row.values[i].display()));
            cells
        })
        .collect();
    Table {
        columns,
        fixed: 2,
        font_size: 8.5,
        row_height: 5.5,
        zebra: true,
    }
    .draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event_name, &title, &details)
    });

    // The crosstable.
    let cross_title = language.text_round("team_crosstable", after_round);
    let grid = crosstable(&event, after_round);
    let count = grid.teams.len();
    let mut columns = vec![
        Column::new(language.text("number"), 9.0, Align::Right).bold(),
        Column::new(language.text("team"), 0.0, Align::Left),
    ];
    columns.extend((1..=count).map(|n| Column::new(n.to_string(), 13.0, Align::Center)));
    columns.push(Column::new(language.text("game_points"), 14.0, Align::Center).bold());
    let others: f32 = columns.iter().map(|c| c.width).sum();
    columns[1].width = (width - others).clamp(40.0, 70.0);
    let rows: Vec<Vec<String>> = grid
        .cells
        .iter()
        .enumerate()
        .map(|(i, cells)| {
            let mut row = vec![grid.teams[i].0.to_string(), name(grid.teams[i])];
            row.extend(cells.iter().enumerate().map(|(j, meetings)| {
                if i == j {
                    "×".to_string()
                } else {
                    meetings
                        .iter()
                        .map(|m| m.label())
                        .collect::<Vec<_>>()
                        .join(" / ")
                }
            }));
            let total = standings
                .rows
                .iter()
                .find(|r| r.team == grid.teams[i])
                .map_or(Points::ZERO, |r| r.game_points);
            row.push(points_text(total));
            row
        })
        .collect();
    Table {
        columns,
        fixed: 2,
        font_size: 7.5,
        row_height: 5.0,
        zebra: true,
    }
    .draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event_name, &cross_title, &details)
    });

    // Board statistics: per team and board, points / games (performance).
    let stats_title = language.text_round("board_statistics", after_round);
    let mut columns = vec![Column::new(language.text("team"), 0.0, Align::Left)];
    columns.extend(
        (1..=event.boards)
            .map(|b| Column::new(format!("{} {b}", language.text("bd")), 21.0, Align::Center)),
    );
    let others: f32 = columns.iter().map(|c| c.width).sum();
    columns[0].width = (width - others).clamp(40.0, 70.0);
    let rows: Vec<Vec<String>> = standings
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![name(row.team)];
            cells.extend(
                board_records(&event, row.team, after_round)
                    .into_iter()
                    .map(|r| {
                        let performance = r
                            .performance()
                            .map(|p| format!(" ({p})"))
                            .unwrap_or_default();
                        format!("{}/{}{performance}", points_text(r.points), r.games)
                    }),
            );
            cells
        })
        .collect();
    Table {
        columns,
        fixed: 1,
        font_size: 7.0,
        row_height: 5.0,
        zebra: true,
    }
    .draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event_name, &stats_title, &details)
    });
    Ok(canvas.finish())
}
