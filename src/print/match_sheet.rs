//! Match sheets of a team competition's round: one page per match, with both teams, each
//! board's players and colours (the line-ups when they are known, empty lines to fill in
//! otherwise), the results with the match score when played, and the signature lines of both
//! captains and the arbiter.

use crate::print::layout::{Align, MARGIN, Orientation};
use crate::print::{DocumentInput, PrintError};
use crate::tournament::Tournament;
use crate::tournament::model::{Color, PlayerId};
use crate::tournament::team::score::match_score;
use crate::tournament::team::{TeamEvent, TeamMatch};

/// The match sheets of `round` of the team competition in `tournament` as PDF bytes.
pub fn match_sheets(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    let event = TeamEvent::from_tournament(tournament)
        .map_err(|error| PrintError::NotATeamCompetition(error.to_string()))?;
    let matches: Vec<&TeamMatch> = event
        .matches_of_round(round)
        .filter(|m| m.away.is_some())
        .collect();
    if matches.is_empty() {
        return Err(PrintError::NotPaired(round));
    }
    let language = input.language;
    let title = language.text("match_sheet");
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let name_of = |id: Option<PlayerId>| -> String {
        id.and_then(|id| {
            let player = event
                .players
                .get(usize::try_from(id.0).ok()?.checked_sub(1)?)?;
            Some(if player.rating > 0 {
                format!("{} ({})", player.name, player.rating)
            } else {
                player.name.clone()
            })
        })
        .unwrap_or_default()
    };
    for of in matches {
        canvas.new_page();
        let home = event.team(of.home).map_or("", |t| t.name.as_str());
        let away = of
            .away
            .and_then(|a| event.team(a))
            .map_or("", |t| t.name.as_str());
        let mut y = MARGIN + 6.0;
        canvas.text_in(MARGIN, y, width * 0.7, Align::Left, 14.0, true, &title);
        canvas.text_in(
            MARGIN + width * 0.7,
            y,
            width * 0.3,
            Align::Right,
            9.0,
            false,
            &format!(
                "{} {round}  {}",
                language.text("round"),
                input.round_date(round)
            ),
        );
        y += 6.0;
        canvas.text_in(
            MARGIN,
            y,
            width,
            Align::Left,
            9.0,
            false,
            input.event_name(tournament),
        );
        y += 10.0;
        let half = width / 2.0;
        for (i, (label, name)) in [
            (language.text("home_team"), home),
            (language.text("away_team"), away),
        ]
        .iter()
        .enumerate()
        {
            let x = MARGIN + i as f32 * half;
            canvas.frame(x, y - 5.0, half, 12.0, 0.5);
            canvas.text_in(x + 1.5, y - 1.5, half - 3.0, Align::Left, 7.0, false, label);
            canvas.text_in(x + 1.5, y + 4.5, half - 3.0, Align::Left, 11.0, true, name);
        }
        y += 14.0;
        // Boards: number, home player, colours, away player, result.
        let columns = [22.0, (width - 22.0 - 16.0 - 24.0) / 2.0, 16.0, 0.0, 24.0];
        let player_width = columns[1];
        let headers = [
            language.text("board"),
            language.text("home_team"),
            String::new(),
            language.text("away_team"),
            language.text("result"),
        ];
        let xs = [
            MARGIN,
            MARGIN + columns[0],
            MARGIN + columns[0] + player_width,
            MARGIN + columns[0] + player_width + columns[2],
            MARGIN + width - columns[4],
        ];
        let header_widths = [
            columns[0],
            player_width,
            columns[2],
            player_width,
            columns[4],
        ];
        for ((x, header), header_width) in xs.iter().zip(&headers).zip(header_widths) {
            canvas.text_in(
                *x + 1.0,
                y,
                header_width - 1.0,
                Align::Left,
                7.5,
                true,
                header,
            );
        }
        y += 2.0;
        let row_height = 8.0;
        let score = match_score(&event, of);
        for (index, board) in of.boards.iter().enumerate() {
            let number = index as u32 + 1;
            let home_colour = event.colours.home_colour(number, round);
            let (home_player, away_player) = if home_colour == Color::White {
                (board.white, board.black)
            } else {
                (board.black, board.white)
            };
            canvas.frame(MARGIN, y, width, row_height, 0.3);
            let text_y = y + 5.5;
            canvas.text(xs[0] + 2.0, text_y, 10.0, true, &number.to_string());
            canvas.text_in(
                xs[1] + 1.0,
                text_y,
                player_width - 2.0,
                Align::Left,
                9.5,
                false,
                &name_of(home_player),
            );
            let colours = if home_colour == Color::White {
                "□ – ■"
            } else {
                "■ – □"
            };
            canvas.text_in(
                xs[2],
                text_y,
                columns[2],
                Align::Center,
                9.0,
                false,
                colours,
            );
            canvas.text_in(
                xs[3] + 1.0,
                text_y,
                player_width - 2.0,
                Align::Left,
                9.5,
                false,
                &name_of(away_player),
            );
            let result = board
                .effective_result()
                .map(|r| home_side_result(r, home_colour))
                .unwrap_or_default();
            canvas.text_in(
                xs[4],
                text_y,
                columns[4],
                Align::Center,
                10.0,
                true,
                &result,
            );
            y += row_height;
        }
        // The match score.
        canvas.frame(MARGIN, y, width, row_height, 0.6);
        canvas.text(xs[1] + 1.0, y + 5.5, 9.5, true, &language.text("total"));
        if let Some(score) = score {
            let text = format!("{} : {}", score.home_game_points, score.away_game_points);
            canvas.text_in(xs[4], y + 5.5, columns[4], Align::Center, 10.0, true, &text);
        }
        y += row_height + 22.0;
        let third = width / 3.0;
        for (i, key) in ["captain_home", "captain_away", "signature_arbiter"]
            .iter()
            .enumerate()
        {
            let x = MARGIN + i as f32 * third;
            canvas.line(x + 2.0, y, x + third - 4.0, y, 0.3);
            canvas.text_in(
                x,
                y + 4.0,
                third,
                Align::Left,
                7.0,
                false,
                &language.text(key),
            );
        }
    }
    Ok(canvas.finish())
}

/// A board's result from the home team's side: `1–0` when the home player won, whichever
/// colour they had.
fn home_side_result(result: crate::tournament::result::BoardResult, home: Color) -> String {
    let text = match result {
        crate::tournament::result::BoardResult::WhiteWins => "1–0",
        crate::tournament::result::BoardResult::Draw => "½–½",
        crate::tournament::result::BoardResult::BlackWins => "0–1",
        crate::tournament::result::BoardResult::WhiteWinsByForfeit => "+–−",
        crate::tournament::result::BoardResult::BlackWinsByForfeit => "−–+",
        crate::tournament::result::BoardResult::DoubleForfeit => "−–−",
        crate::tournament::result::BoardResult::Unrated(outcome) => match outcome {
            crate::tournament::result::Outcome::WhiteWins => "1–0",
            crate::tournament::result::Outcome::Draw => "½–½",
            crate::tournament::result::Outcome::BlackWins => "0–1",
        },
        _ => "",
    };
    if home == Color::White {
        text.to_string()
    } else {
        text.chars().rev().collect()
    }
}
