//! The prize list after a round ([`crate::tournament::prizes::award`]): each prize in the
//! organiser's order with who takes it, and what is paid when players equal on points share
//! the money. The web page ([`prize_lines`]) and the PDF ([`prize_list`]) print the same lines.

use crate::print::layout::{Align, Column, MARGIN, Orientation, Table};
use crate::print::{
    DocumentInput, PrintError, details_line, display_name, page_heading, points_text,
};
use crate::tournament::prizes::{
    Award, Category, PrizeGroup, PrizeRules, SharedPlaces, amount_text, prize_text,
};
use crate::tournament::{PlayerId, Points, Tournament};

/// A category's name in language `locale`: the organiser's, else the rule's own (`U14`,
/// `50+`, `1600–1999`, the club), else the word for women or unrated players.
pub fn category_name(locale: &str, category: &Category) -> String {
    if !category.name.trim().is_empty() {
        return category.name.trim().to_owned();
    }
    category.rule.neutral_name().unwrap_or_else(|| {
        let key = format!("prizes.kind.{}", category.rule.kind());
        rust_i18n::t!(&key, locale = locale).into_owned()
    })
}

/// A group's name: "Overall" or the category's.
pub fn group_name(locale: &str, rules: &PrizeRules, group: PrizeGroup) -> String {
    match group {
        PrizeGroup::Overall => rust_i18n::t!("prizes.overall", locale = locale).into_owned(),
        PrizeGroup::Category(index) => rules
            .categories
            .get(index)
            .map(|category| category_name(locale, category))
            .unwrap_or_default(),
    }
}

/// One printed line of the prize list.
#[derive(Debug, Clone, PartialEq)]
pub struct PrizeLine {
    /// The group's name.
    pub group: String,
    /// The place in the group.
    pub place: u32,
    /// The prize as announced (amount or label); empty for a share beyond the last prize.
    pub prize: String,
    /// Who takes it, if anybody.
    pub player: Option<PlayerId>,
    /// Their points.
    pub points: Points,
    /// What is paid when it differs from the prize (shared places).
    pub paid: String,
    /// The shared places, `3–5`, when the money was shared.
    pub shared: String,
}

/// The lines of the prize list in language `locale`.
pub fn prize_lines(locale: &str, rules: &PrizeRules, awards: &[Award]) -> Vec<PrizeLine> {
    awards
        .iter()
        .map(|award| {
            let prize = award
                .prize
                .and_then(|index| rules.prizes.get(index))
                .map(|prize| prize_text(prize, &rules.currency))
                .unwrap_or_default();
            PrizeLine {
                group: group_name(locale, rules, award.group),
                place: award.place,
                prize,
                player: award.player,
                points: award.points,
                paid: award
                    .paid
                    .map(|paid| amount_text(paid, &rules.currency))
                    .unwrap_or_default(),
                shared: award
                    .shared
                    .map(|(first, last)| format!("{first}–{last}"))
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// The prize list as PDF bytes: portrait, one line per prize in the organiser's order.
pub fn prize_list(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
    ranking: &[(PlayerId, Points)],
) -> Result<Vec<u8>, PrintError> {
    if tournament.players.is_empty() {
        return Err(PrintError::NoPlayers);
    }
    let prizes = input.prizes.clone().unwrap_or_default();
    let language = input.language;
    let locale = language.code();
    let title =
        rust_i18n::t!("prizes.list_after", locale = locale).replace("%{round}", &round.to_string());
    let event = input.event_name(tournament).to_string();
    let details = details_line(&[&input.place, input.round_date(round)]);
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let sharing = prizes.rules.shared != SharedPlaces::TieBreak;
    let fixed = 34.0 + 10.0 + 26.0 + 12.0 + if sharing { 40.0 } else { 0.0 };
    let name_width = (width - fixed).max(45.0);
    let heading = |key: &str| rust_i18n::t!(key, locale = locale).into_owned();
    let mut columns = vec![
        Column::new(heading("prizes.group"), 34.0, Align::Left),
        Column::new(heading("prizes.place"), 10.0, Align::Right),
        Column::new(heading("prizes.prize"), 26.0, Align::Right).bold(),
        Column::new(language.text("name"), name_width, Align::Left),
        Column::new(language.text("points"), 12.0, Align::Center),
    ];
    if sharing {
        columns.push(Column::new(heading("prizes.paid"), 24.0, Align::Right).bold());
        columns.push(Column::new(
            heading("prizes.shared_places"),
            16.0,
            Align::Center,
        ));
    }
    let layout = Table {
        columns,
        fixed: 3,
        font_size: 8.5,
        row_height: 5.5,
        zebra: true,
    };
    let awards = prizes.awards(ranking);
    let rows: Vec<Vec<String>> = prize_lines(locale, &prizes.rules, &awards)
        .into_iter()
        .map(|line| {
            let mut cells = vec![
                line.group,
                line.place.to_string(),
                line.prize,
                line.player
                    .map(|player| display_name(tournament, player))
                    .unwrap_or_else(|| "—".to_owned()),
                line.player
                    .map(|_| points_text(line.points))
                    .unwrap_or_default(),
            ];
            if sharing {
                cells.push(line.paid);
                cells.push(line.shared);
            }
            cells
        })
        .collect();
    layout.draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event, &title, &details)
    });
    Ok(canvas.finish())
}
