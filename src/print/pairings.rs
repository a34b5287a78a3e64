//! The pairing list of a round, for the wall: by board (board, White with rating and points,
//! result column, Black) and alphabetically (each player's board and colour), so a player finds
//! their board either way. Byes are listed after the boards (C.04.1: a player who is not paired
//! receives a pairing-allocated bye; requested byes are shown with their points).

use crate::print::layout::{Align, Column, Orientation, Table};
use crate::print::qr::draw_qr;
use crate::print::{
    DocumentInput, Language, PrintError, boards_of_round, bye_label, details_line, display_name,
    page_heading, points_after, points_text, rating_text, result_text,
};
use crate::tournament::board::Board;
use crate::tournament::collation::sort_by_name;
use crate::tournament::{PlayerId, Points, Tournament};

/// The pairing list of `round` ordered by board, as PDF bytes.
pub fn by_board(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    let boards = boards_of_round(tournament, input, round)?;
    let language = input.language;
    let before = points_after(tournament, round - 1);
    let points =
        |id: PlayerId| points_text(before.get(id.0 as usize - 1).copied().unwrap_or_default());
    let title = language.text_round("pairings_by_board", round);
    let event = input.event_name(tournament).to_string();
    let details = details_line(&[&input.place, input.round_date(round)]);
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    // With self-report links each board row carries both players' QR codes.
    let with_qr = !input.report_links.is_empty();
    let qr = if with_qr { QR_SIZE + 2.0 } else { 0.0 };
    let name_width = (canvas.width() - 2.0 * crate::print::layout::MARGIN - 88.0 - 2.0 * qr) / 2.0;
    let mut columns = vec![
        Column::new(language.text("bd"), 9.0, Align::Right).bold(),
        Column::new(language.text("number"), 9.0, Align::Right),
        Column::new(language.text("white"), name_width, Align::Left),
        Column::new(language.text("rating"), 11.0, Align::Right),
        Column::new(language.text("points"), 11.0, Align::Center),
        Column::new(language.text("result"), 16.0, Align::Center).bold(),
        Column::new(language.text("points"), 11.0, Align::Center),
        Column::new(language.text("black"), name_width, Align::Left),
        Column::new(language.text("rating"), 11.0, Align::Right),
        Column::new(language.text("number"), 9.0, Align::Right),
    ];
    if with_qr {
        columns.insert(1, Column::new("QR", qr, Align::Center));
        columns.push(Column::new("QR", qr, Align::Center));
    }
    let table = Table {
        fixed: columns.len(),
        columns,
        font_size: 8.5,
        row_height: if with_qr { QR_SIZE + 2.0 } else { 6.0 },
        zebra: true,
    };
    let rows: Vec<Vec<String>> = boards
        .iter()
        .map(|board| {
            let mut row = board_row(tournament, input, board, &points);
            if with_qr {
                row.insert(1, String::new());
                row.push(String::new());
            }
            row
        })
        .collect();
    let black_qr_x = canvas.width() - crate::print::layout::MARGIN - qr + 1.0;
    let white_qr_x = crate::print::layout::MARGIN + 9.0 + 1.0;
    table.draw_with(
        &mut canvas,
        &rows,
        &mut |canvas| page_heading(canvas, &event, &title, &details),
        &mut |canvas, index, y| {
            let Some(links) = boards
                .get(index)
                .and_then(|b| input.report_links.iter().find(|l| l.board == b.number))
            else {
                return;
            };
            draw_qr(canvas, &links.white, white_qr_x, y + 1.0, QR_SIZE);
            draw_qr(canvas, &links.black, black_qr_x, y + 1.0, QR_SIZE);
        },
    );
    Ok(canvas.finish())
}

/// The printed size of a self-report QR code, millimetres (scannable from a phone at arm's
/// length: about 0.5 mm per module for a version-3 code).
pub const QR_SIZE: f32 = 16.0;

fn board_row(
    tournament: &Tournament,
    input: &DocumentInput,
    board: &Board,
    points: &dyn Fn(PlayerId) -> String,
) -> Vec<String> {
    let white = vec![
        board.number.to_string(),
        board.white.0.to_string(),
        display_name(tournament, board.white),
        rating_text(tournament, board.white),
        points(board.white),
    ];
    let rest = match board.black {
        Some(black) => vec![
            result_text(board).to_owned(),
            points(black),
            display_name(tournament, black),
            rating_text(tournament, black),
            black.0.to_string(),
        ],
        None => vec![
            result_text(board).to_owned(),
            String::new(),
            bye_label(input.language, board.result),
            String::new(),
            String::new(),
        ],
    };
    white.into_iter().chain(rest).collect()
}

/// The pairing list of `round` in alphabetical order of the players' names: board, colour and
/// opponent of each, as PDF bytes.
pub fn alphabetical(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    let boards = boards_of_round(tournament, input, round)?;
    let language = input.language;
    let before = points_after(tournament, round - 1);
    let title = language.text_round("pairings_by_name", round);
    let event = input.event_name(tournament).to_string();
    let details = details_line(&[&input.place, input.round_date(round)]);
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    let width = canvas.width() - 2.0 * crate::print::layout::MARGIN;
    let name_width = (width - 9.0 - 11.0 - 9.0 - 11.0 - 15.0 - 9.0) / 2.0;
    let table = Table {
        columns: vec![
            Column::new(language.text("name"), name_width, Align::Left).bold(),
            Column::new(language.text("number"), 9.0, Align::Right),
            Column::new(language.text("rating"), 11.0, Align::Right),
            Column::new(language.text("points"), 11.0, Align::Center),
            Column::new(language.text("bd"), 9.0, Align::Right).bold(),
            Column::new(language.text("colour"), 15.0, Align::Center),
            Column::new(language.text("opponent"), name_width, Align::Left),
            Column::new(language.text("number"), 9.0, Align::Right),
        ],
        fixed: 8,
        font_size: 8.5,
        row_height: 5.5,
        zebra: true,
    };
    let rows = alphabetical_rows(tournament, language, &boards, &before);
    table.draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event, &title, &details)
    });
    Ok(canvas.finish())
}

/// The rows of the alphabetical pairing list: one per player of `boards`, in the one
/// alphabetical order of names ([`crate::tournament::collation::compare_names`], as C.04.2 Art. 2.2.3 ranks equal players),
/// with `before` the points before the round (index = starting number − 1).
fn alphabetical_rows(
    tournament: &Tournament,
    language: Language,
    boards: &[Board],
    before: &[Points],
) -> Vec<Vec<String>> {
    let mut entries: Vec<(&str, Vec<String>)> = Vec::new();
    for board in boards {
        let mut sides = vec![(board.white, board.black, true)];
        if let Some(black) = board.black {
            sides.push((black, Some(board.white), false));
        }
        for (player, opponent, white) in sides {
            let Some(record) = tournament.player(player) else {
                continue;
            };
            let colour = match (opponent, white) {
                (None, _) => String::new(),
                (Some(_), true) => language.text("white"),
                (Some(_), false) => language.text("black"),
            };
            let (opponent_name, opponent_number) = match opponent {
                Some(opponent) => (display_name(tournament, opponent), opponent.0.to_string()),
                None => (bye_label(language, board.result), String::new()),
            };
            let points = before
                .get(player.0 as usize - 1)
                .copied()
                .unwrap_or_default();
            entries.push((
                &record.name,
                vec![
                    display_name(tournament, player),
                    player.0.to_string(),
                    rating_text(tournament, player),
                    points_text(points),
                    if opponent.is_some() {
                        board.number.to_string()
                    } else {
                        String::new()
                    },
                    colour,
                    opponent_name,
                    opponent_number,
                ],
            ));
        }
    }
    sort_by_name(&mut entries, |(name, _)| name);
    entries.into_iter().map(|(_, row)| row).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tournament::Player;
    use crate::tournament::starting_rank::assign_starting_ranks;

    #[test]
    fn c04_2_art_2_2_3_alphabetical_list_and_starting_ranks_agree() {
        // Equal rating and title: the starting ranks (web player list, pairing numbers) are in
        // alphabetical order, and the printed alphabetical list must be in the same order.
        let names = [
            "Šťastný, Jan",
            "Őry, Béla",
            "Јовановић, Марко",
            "Łukasz, Adam",
            "Ђурић, Ана",
            "Novák, Petr",
            "Bălan, Ana",
        ];
        let mut players: Vec<Player> = names
            .iter()
            .map(|name| Player {
                name: (*name).to_owned(),
                rating: 1800,
                ..Player::default()
            })
            .collect();
        assign_starting_ranks(&mut players);
        let by_rank: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            by_rank,
            [
                "Bălan, Ana",
                "Łukasz, Adam",
                "Novák, Petr",
                "Őry, Béla",
                "Šťastný, Jan",
                "Ђурић, Ана",
                "Јовановић, Марко",
            ]
        );
        let tournament = Tournament {
            players: players.clone(),
            ..Tournament::default()
        };
        // Boards in an order unrelated to the names: 7-1, 2-6, 3-5, 4 alone.
        let boards = [
            Board::game(1, PlayerId(7), PlayerId(1)),
            Board::game(2, PlayerId(2), PlayerId(6)),
            Board::game(3, PlayerId(3), PlayerId(5)),
            Board::bye(
                4,
                PlayerId(4),
                crate::tournament::result::BoardResult::PairingAllocatedBye,
            ),
        ];
        let rows = alphabetical_rows(&tournament, Language::English, &boards, &[Points::ZERO; 7]);
        let printed: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
        assert_eq!(printed, by_rank);
    }
}
