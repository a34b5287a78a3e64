//! Pre-filled scoresheets for every board of a round, FIDE Laws of Chess:
//!
//! - Art. 8.1.1: each player records the moves, move after move, on the scoresheet; the sheet
//!   has numbered move rows (60 moves; a continuation sheet carries moves 61–120).
//! - Art. 8.1.2: the scoresheet is used for the moves, the times of the clocks, draw offers and
//!   claims: every move has a time column, and there is a box for draw offers (Art. 9.1.2.2:
//!   an offer is recorded with the symbol (=)).
//! - Art. 8.7: at the end both players sign both scoresheets, stating the result.
//! - Appendix C.2: the piece letters of the players' language are printed as a reminder.
//!
//! Two sheets per page (A4/Letter landscape, cut in the middle) or one per page (portrait).

use crate::print::layout::{Align, Canvas, MARGIN, Orientation};
use crate::print::{DocumentInput, Language, PrintError, boards_of_round};
use crate::tournament::board::Board;
use crate::tournament::{PlayerId, Tournament};

/// Move rows per column of the sheet; two columns make the 60 moves of one sheet.
const ROWS_PER_COLUMN: u32 = 30;

/// How the scoresheets are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScoresheetOptions {
    /// Two sheets side by side on a landscape page (else one per portrait page).
    pub two_per_page: bool,
    /// Add a pre-filled continuation sheet (moves 61–120) after each board's sheet.
    pub continuation_sheets: bool,
}

/// The scoresheets of every board of `round` (byes have none) as PDF bytes.
pub fn scoresheets(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
    options: ScoresheetOptions,
) -> Result<Vec<u8>, PrintError> {
    let boards: Vec<Board> = boards_of_round(tournament, input, round)?
        .into_iter()
        .filter(|b| b.black.is_some())
        .collect();
    if boards.is_empty() {
        return Err(PrintError::NoGames(round));
    }
    let language = input.language;
    let title = language.text("scoresheet");
    let orientation = if options.two_per_page {
        Orientation::Landscape
    } else {
        Orientation::Portrait
    };
    let mut canvas = input.canvas(tournament, &title, orientation)?;
    let mut sheets: Vec<(Board, u32)> = Vec::new();
    for board in boards {
        sheets.push((board, 1));
        if options.continuation_sheets {
            sheets.push((board, 1 + 2 * ROWS_PER_COLUMN));
        }
    }
    let sheet = SheetText::new(tournament, input, round);
    let (page_width, page_height) = (canvas.width(), canvas.height());
    let height = canvas.bottom() - MARGIN;
    if options.two_per_page {
        let gap = 12.0;
        let width = (page_width - 2.0 * MARGIN - gap) / 2.0;
        for pair in sheets.chunks(2) {
            canvas.new_page();
            for (slot, (board, first_move)) in pair.iter().enumerate() {
                let x = MARGIN + slot as f32 * (width + gap);
                draw_sheet(
                    &mut canvas,
                    &sheet,
                    board,
                    *first_move,
                    x,
                    MARGIN,
                    width,
                    height,
                );
            }
            canvas.dashed_line(page_width / 2.0, 4.0, page_width / 2.0, page_height - 4.0);
        }
    } else {
        let width = page_width - 2.0 * MARGIN;
        for (board, first_move) in &sheets {
            canvas.new_page();
            draw_sheet(
                &mut canvas,
                &sheet,
                board,
                *first_move,
                MARGIN,
                MARGIN,
                width,
                height,
            );
        }
    }
    Ok(canvas.finish())
}

/// What is the same on every sheet of the round.
struct SheetText<'a> {
    tournament: &'a Tournament,
    language: Language,
    event: String,
    round: u32,
    date: String,
}

impl<'a> SheetText<'a> {
    fn new(tournament: &'a Tournament, input: &DocumentInput, round: u32) -> SheetText<'a> {
        SheetText {
            tournament,
            language: input.language,
            event: input.event_name(tournament).to_string(),
            round,
            date: input.round_date(round).to_string(),
        }
    }

    fn t(&self, key: &str) -> String {
        self.language.text(key)
    }

    /// "Name", "rating", "FIDE ID" of a player as printed on the sheet.
    fn player(&self, id: PlayerId) -> (String, String, String) {
        match self.tournament.player(id) {
            Some(p) => (
                crate::print::display_name(self.tournament, id),
                crate::print::rating_text(self.tournament, id),
                p.fide_id.map(|f| f.to_string()).unwrap_or_default(),
            ),
            None => (format!("#{}", id.0), String::new(), String::new()),
        }
    }
}

/// Draws one sheet in the box (`x`, `y`, `width`, `height`): header, players, move rows from
/// `first_move`, draw offers, result and signatures.
#[expect(
    clippy::too_many_arguments,
    reason = "a sheet is its content and its box"
)]
fn draw_sheet(
    canvas: &mut Canvas,
    text: &SheetText<'_>,
    board: &Board,
    first_move: u32,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
) {
    let compact = width < 150.0;
    let small = if compact { 7.0 } else { 8.0 };
    let label = if compact { 6.0 } else { 6.5 };
    // Title line.
    let mut title = text.t("scoresheet");
    if first_move > 1 {
        let moves = text
            .t("moves_from_to")
            .replace("%{from}", &first_move.to_string())
            .replace("%{to}", &(first_move + 2 * ROWS_PER_COLUMN - 1).to_string());
        title = format!("{} · {}", text.t("continuation"), moves);
    }
    canvas.text_in(
        x,
        y + 4.5,
        width,
        Align::Left,
        if compact { 11.0 } else { 13.0 },
        true,
        &title,
    );

    // Event, round, board, date boxes.
    let top = y + 7.0;
    let box_height = 9.0;
    let fields = [
        (text.t("event"), text.event.clone(), 0.52),
        (text.t("round"), text.round.to_string(), 0.12),
        (text.t("board"), board.number.to_string(), 0.14),
        (text.t("date"), text.date.clone(), 0.22),
    ];
    let mut fx = x;
    for (name, value, share) in &fields {
        let w = width * share;
        canvas.frame(fx, top, w, box_height, 0.5);
        canvas.text_in(fx, top + 2.8, w, Align::Left, label, false, name);
        canvas.text_in(fx, top + 7.5, w, Align::Left, small + 1.0, true, value);
        fx += w;
    }

    // The two players.
    let mut py = top + box_height + 1.5;
    let colours = [
        ("□", text.t("white"), board.white),
        ("■", text.t("black"), board.black.unwrap_or(board.white)),
    ];
    let player_height = 9.5;
    for (mark, colour, id) in &colours {
        let (name, rating, fide_id) = text.player(*id);
        let colour_w = width * 0.2;
        let rating_w = width * 0.13;
        let id_w = width * 0.17;
        let name_w = width - colour_w - rating_w - id_w;
        canvas.frame(x, py, width, player_height, 0.5);
        canvas.text_in(
            x,
            py + 6.5,
            colour_w,
            Align::Left,
            small + 1.5,
            true,
            &format!("{mark} {colour}"),
        );
        canvas.text_in(
            x + colour_w,
            py + 2.8,
            name_w,
            Align::Left,
            label,
            false,
            &text.t("name"),
        );
        canvas.text_in(
            x + colour_w,
            py + 7.6,
            name_w,
            Align::Left,
            small + 1.5,
            true,
            &name,
        );
        let rx = x + colour_w + name_w;
        canvas.text_in(
            rx,
            py + 2.8,
            rating_w,
            Align::Left,
            label,
            false,
            &text.t("rating"),
        );
        canvas.text_in(
            rx,
            py + 7.6,
            rating_w,
            Align::Left,
            small + 1.0,
            false,
            &rating,
        );
        canvas.text_in(
            rx + rating_w,
            py + 2.8,
            id_w,
            Align::Left,
            label,
            false,
            &text.t("fide_id"),
        );
        canvas.text_in(
            rx + rating_w,
            py + 7.6,
            id_w,
            Align::Left,
            small + 0.5,
            false,
            &fide_id,
        );
        py += player_height;
    }

    // Piece letters of the language (Appendix C.2).
    let letters = text.language.piece_letters().join(" ");
    let reminder = format!(
        "{}: {}  ({})",
        text.t("pieces"),
        letters,
        text.t("piece_names")
    );
    canvas.text_in(x, py + 4.0, width, Align::Left, small, false, &reminder);

    // Footer block: draw offers, result, signatures.
    let footer_height = 29.0;
    let footer_top = y + height - footer_height;
    // Move rows.
    let grid_top = py + 6.0;
    let header_height = 4.5;
    let row_height = (footer_top - 2.0 - grid_top - header_height) / ROWS_PER_COLUMN as f32;
    let group_gap = 2.0;
    let group_width = (width - group_gap) / 2.0;
    let number_w = group_width * 0.12;
    let time_w = group_width * 0.16;
    let move_w = (group_width - number_w - 2.0 * time_w) / 2.0;
    let column_widths = [number_w, move_w, time_w, move_w, time_w];
    let headings = [
        String::new(),
        text.t("white"),
        text.t("time"),
        text.t("black"),
        text.t("time"),
    ];
    for group in 0..2u32 {
        let gx = x + group as f32 * (group_width + group_gap);
        canvas.fill(gx, grid_top, group_width, header_height, 0.85);
        let mut cx = gx;
        for (w, heading) in column_widths.iter().zip(&headings) {
            canvas.text_in(cx, grid_top + 3.3, *w, Align::Center, label, true, heading);
            cx += w;
        }
        let rows_top = grid_top + header_height;
        for row in 0..ROWS_PER_COLUMN {
            let ry = rows_top + row as f32 * row_height;
            if row % 2 == 1 {
                canvas.fill(gx, ry, group_width, row_height, 0.95);
            }
            let number = first_move + group * ROWS_PER_COLUMN + row;
            canvas.text_in(
                gx,
                ry + row_height * 0.75,
                number_w,
                Align::Right,
                (row_height * 1.9).min(small),
                true,
                &number.to_string(),
            );
        }
        let bottom = rows_top + ROWS_PER_COLUMN as f32 * row_height;
        for row in 0..=ROWS_PER_COLUMN {
            let ry = rows_top + row as f32 * row_height;
            canvas.line(gx, ry, gx + group_width, ry, 0.25);
        }
        let mut cx = gx;
        for (index, w) in column_widths.iter().enumerate() {
            let thickness = if index == 0 || index == 3 { 0.6 } else { 0.25 };
            canvas.line(cx, grid_top, cx, bottom, thickness);
            cx += w;
        }
        canvas.line(cx, grid_top, cx, bottom, 0.6);
        canvas.frame(gx, grid_top, group_width, bottom - grid_top, 0.6);
    }

    // Draw offers box.
    let offers_h = 9.0;
    canvas.frame(x, footer_top, width, offers_h, 0.5);
    canvas.text_in(
        x,
        footer_top + 2.8,
        width,
        Align::Left,
        label,
        false,
        &text.t("draw_offers"),
    );
    // Result boxes and signatures.
    let sy = footer_top + offers_h + 1.5;
    let result_w = width * 0.34;
    let sign_w = (width - result_w) / 2.0;
    let sign_h = footer_height - offers_h - 1.5;
    canvas.frame(x, sy, result_w, sign_h, 0.5);
    canvas.text_in(
        x,
        sy + 3.0,
        result_w,
        Align::Left,
        label,
        false,
        &text.t("result"),
    );
    let choices = ["1–0", "½–½", "0–1"];
    let choice_w = result_w / 3.0;
    for (i, choice) in choices.iter().enumerate() {
        let cx = x + i as f32 * choice_w;
        canvas.frame(cx + 1.5, sy + 6.0, 3.5, 3.5, 0.5);
        canvas.text(cx + 6.0, sy + 9.2, small, true, choice);
    }
    canvas.text_in(
        x,
        sy + sign_h - 2.0,
        result_w,
        Align::Left,
        label,
        false,
        &text.t("signature_arbiter"),
    );
    canvas.line(
        x + 2.0,
        sy + sign_h - 5.0,
        x + result_w - 2.0,
        sy + sign_h - 5.0,
        0.3,
    );
    for (i, key) in ["signature_white", "signature_black"].iter().enumerate() {
        let bx = x + result_w + i as f32 * sign_w;
        canvas.frame(bx, sy, sign_w, sign_h, 0.5);
        canvas.text_in(
            bx,
            sy + 3.0,
            sign_w,
            Align::Left,
            label,
            false,
            &text.t(key),
        );
    }
}
