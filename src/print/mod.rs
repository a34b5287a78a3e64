//! PDF documents for tournament day, drawn with printpdf: pairing lists ([`pairings`]),
//! standings ([`standings`]), crosstables and Swiss wallcharts ([`crosstable`]), pre-filled
//! scoresheets ([`scoresheet`], FIDE Laws Art. 8.1 and 8.7), result slips ([`result_slip`]) and
//! a team competition's match sheets ([`match_sheet`]), the prize list ([`prize_list`]) and
//! FIDE's norm forms, the IT1 certificate and the IT3 tournament report ([`norm_forms`]), and
//! name and board-number cards for the tables ([`name_cards`]).
//! The command line and the web choose among them through one dispatcher ([`render`]).
//!
//! Every document reads the shared [`Tournament`] model plus a [`DocumentInput`] for what the
//! model does not hold (event details, round dates, language, the board list of a round that is
//! not played yet). Text is set in the embedded DejaVu Sans, which covers Latin Extended and
//! Cyrillic; headings come from `locales/print.yml` in the tournament's language.

use crate::print::crosstable::CrosstableKind;
use crate::print::scoresheet::ScoresheetOptions;
use crate::tournament::result::{BoardResult, Outcome, PenaltyScore};
use crate::tournament::tiebreak::TieBreakSettings;
use crate::tournament::{Color, PlayerId, Points, Tournament};

pub mod arbiter_report;
pub mod crosstable;
pub mod document;
pub mod layout;
pub mod match_sheet;
pub mod name_cards;
pub mod norm_forms;
pub mod pairings;
pub mod prize_list;
pub mod qr;
pub mod result_slip;
pub mod scoresheet;
pub mod series;
pub mod standings;
pub mod stored;
pub mod team_standings;

use crate::tournament::board::Board;
pub use document::{Document, render};
pub use layout::{Orientation, PaperSize};

/// Why a document could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    /// The embedded font could not be read (a build problem, not a user one).
    #[error("font: {0}")]
    Font(String),
    /// The round asked for does not exist in this tournament.
    #[error("round {round} does not exist (the tournament has {rounds} rounds)")]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// How many rounds the tournament has.
        rounds: u32,
    },
    /// The round has no pairings yet (neither in the tournament nor in the document input).
    #[error("round {0} is not paired yet")]
    NotPaired(u32),
    /// A board of the input names a player who is not in the tournament.
    #[error("board {board}: no player with starting number {player}")]
    UnknownPlayer {
        /// The board number.
        board: u32,
        /// The starting number that is not there.
        player: u32,
    },
    /// A team document asked of a file or tournament that is not a team competition.
    #[error("not a team competition: {0}")]
    NotATeamCompetition(String),
    /// The round has only byes: no scoresheet or result slip to print.
    #[error("round {0} has no games (only byes)")]
    NoGames(u32),
    /// A row of the standings names a player who is not in the tournament.
    #[error("standings: no player with starting number {0}")]
    UnknownStandingsPlayer(u32),
    /// The tournament has no players.
    #[error("the tournament has no players")]
    NoPlayers,
    /// A document of one player asked without naming the player.
    #[error("name the player (starting number)")]
    NoPlayerGiven,
    /// A document of one player asked for a starting number that is not in the tournament.
    #[error("no player with starting number {0}")]
    NoSuchPlayer(u32),
    /// A norm certificate asked for a player whose games make no title norm (FIDE B.01).
    #[error("player {0} has made no title norm (FIDE B.01 Art. 1.4)")]
    NoNorm(u32),
}

/// The languages the documents are printed in (the app's catalogs in `locales/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Czech.
    Czech,
    /// Slovak.
    Slovak,
    /// Hungarian.
    Hungarian,
    /// Serbian in Latin script.
    SerbianLatin,
    /// Serbian in Cyrillic script.
    SerbianCyrillic,
}

impl Language {
    /// Every language, in catalog order.
    pub const ALL: [Language; 6] = [
        Language::English,
        Language::Czech,
        Language::Slovak,
        Language::Hungarian,
        Language::SerbianLatin,
        Language::SerbianCyrillic,
    ];

    /// The locale code of the catalogs (`en`, `cs`, `sk`, `hu`, `sr-Latn`, `sr-Cyrl`).
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Czech => "cs",
            Language::Slovak => "sk",
            Language::Hungarian => "hu",
            Language::SerbianLatin => "sr-Latn",
            Language::SerbianCyrillic => "sr-Cyrl",
        }
    }

    /// Parses a locale code; `sr` alone means Latin script.
    pub fn parse(code: &str) -> Option<Language> {
        let code = code.trim();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
            .or_else(|| {
                code.eq_ignore_ascii_case("sr")
                    .then_some(Language::SerbianLatin)
            })
    }

    /// A heading from `locales/print.yml` (key without the `print.` prefix).
    pub fn text(self, key: &str) -> String {
        let full = format!("print.{key}");
        rust_i18n::t!(&full, locale = self.code()).into_owned()
    }

    /// The name of a tie-break by its FIDE acronym (C.07 Art. 5), in this language.
    pub fn tie_break_name(self, code: &str) -> String {
        let full = format!("tiebreak.kind.{code}");
        rust_i18n::t!(&full, locale = self.code()).into_owned()
    }

    /// A heading with the round number filled in (`%{round}`).
    pub fn text_round(self, key: &str, round: u32) -> String {
        self.text(key).replace("%{round}", &round.to_string())
    }

    /// The piece letters King, Queen, Rook, Bishop, Knight used in this language's notation
    /// (FIDE Laws Appendix C.2: each language uses its own initial letters).
    ///
    /// Kept here because the rules core's notation module was not on main when printing was
    /// written; the letters are the ones of the fixtures' `notation.jsonl`.
    pub fn piece_letters(self) -> [&'static str; 5] {
        match self {
            Language::English => ["K", "Q", "R", "B", "N"],
            Language::Czech | Language::Slovak => ["K", "D", "V", "S", "J"],
            Language::Hungarian => ["K", "V", "B", "F", "H"],
            Language::SerbianLatin => ["K", "D", "T", "L", "S"],
            Language::SerbianCyrillic => ["К", "Д", "Т", "Л", "С"],
        }
    }
}

/// Event details and choices that the tournament model does not carry.
#[derive(Debug, Clone, Default)]
pub struct DocumentInput {
    /// The event's name as printed; the tournament's name when empty.
    pub event: String,
    /// Where it is played.
    pub place: String,
    /// The chief arbiter.
    pub chief_arbiter: String,
    /// The date of each round as printed (index 0 = round 1); may be shorter than the rounds.
    pub round_dates: Vec<String>,
    /// The language of the headings.
    pub language: Language,
    /// The paper.
    pub paper: PaperSize,
    /// The boards of a round that the tournament model has no entries for yet (a round just
    /// paired and not played). When empty, boards are read from the model.
    pub boards: Vec<Board>,
    /// Result self-report links per board (printed as QR codes on the pairing list by board);
    /// empty when the feature is not used.
    pub report_links: Vec<ReportLinks>,
    /// Standings and crosstables: the C.07 tie-break list to rank by; points alone when `None`.
    pub tie_breaks: Option<TieBreakSettings>,
    /// Crosstables: the round-robin grid, the Swiss wallchart, or whichever fits.
    pub crosstable: CrosstableKind,
    /// Scoresheets: one or two per page, with or without continuation sheets.
    pub scoresheets: ScoresheetOptions,
    /// Team standings: the league's list of team tie-breaks, the primary score first (FIDE's
    /// team order when empty).
    pub team_tie_breaks: Vec<crate::tournament::team::tiebreak::TeamTieBreak>,
    /// The prize list: the organiser's categories and prizes and the players as the
    /// categories see them (none: a list without prizes).
    pub prizes: Option<crate::tournament::prizes::PrizeSetup>,
    /// The norm forms (IT1, IT3): the event's report records and the B.01 settings.
    pub norm_event: norm_forms::NormEvent,
    /// The norm certificate (IT1): the player's starting number.
    pub player: Option<PlayerId>,
    /// The round each player withdrew from, if any (index = starting number − 1): marked in
    /// the standings.
    pub withdrawn_from: Vec<Option<u32>>,
}

impl DocumentInput {
    /// Whether `player` had withdrawn by the standings after `round` (no longer in the next
    /// round).
    pub fn withdrawn_by(&self, player: PlayerId, round: u32) -> bool {
        (player.0 as usize)
            .checked_sub(1)
            .and_then(|index| self.withdrawn_from.get(index).copied().flatten())
            .is_some_and(|from| from <= round + 1)
    }
}

/// The secret self-report links of one board, printed as QR codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportLinks {
    /// The board number.
    pub board: u32,
    /// White's link.
    pub white: String,
    /// Black's link.
    pub black: String,
}

impl DocumentInput {
    /// The event name to print.
    pub fn event_name<'a>(&'a self, tournament: &'a Tournament) -> &'a str {
        if self.event.trim().is_empty() {
            &tournament.name
        } else {
            &self.event
        }
    }

    /// The date of `round`, empty when unknown.
    pub fn round_date(&self, round: u32) -> &str {
        round
            .checked_sub(1)
            .and_then(|i| self.round_dates.get(i as usize))
            .map_or("", String::as_str)
    }

    /// The footer line of every page: event, place.
    pub(crate) fn footer(&self, tournament: &Tournament) -> String {
        let mut footer = self.event_name(tournament).to_string();
        if !self.place.is_empty() {
            footer.push_str(" · ");
            footer.push_str(&self.place);
        }
        footer.push_str(" · ");
        footer.push_str(&self.language.text("printed_by"));
        footer
    }

    /// A canvas with this input's paper, language and footer.
    pub(crate) fn canvas(
        &self,
        tournament: &Tournament,
        title: &str,
        orientation: Orientation,
    ) -> Result<layout::Canvas, PrintError> {
        layout::Canvas::new(
            title,
            self.paper,
            orientation,
            self.footer(tournament),
            self.language.text("page"),
            self.language.text("of"),
        )
    }
}

/// The result of a board as printed on a pairing list: `1–0`, `½–½`, `0–1`, `+–−`, `−–+`,
/// `−–−`, a penalty score (`0–0`, `½–0`, `0–½`, Laws Art. 12.9; `NR` when not rated), or the
/// points of a bye; empty when not played.
pub fn result_text(board: &Board) -> &'static str {
    let Some(result) = board.result else {
        return "";
    };
    match result {
        BoardResult::WhiteWins => "1–0",
        BoardResult::Draw => "½–½",
        BoardResult::BlackWins => "0–1",
        BoardResult::WhiteWinsByForfeit => "+–−",
        BoardResult::BlackWinsByForfeit => "−–+",
        BoardResult::DoubleForfeit => "−–−",
        BoardResult::PairingAllocatedBye | BoardResult::FullPointBye => "1",
        BoardResult::HalfPointBye => "½",
        BoardResult::ZeroPointBye => "0",
        BoardResult::Unrated(Outcome::WhiteWins) => "1–0 NR",
        BoardResult::Unrated(Outcome::Draw) => "½–½ NR",
        BoardResult::Unrated(Outcome::BlackWins) => "0–1 NR",
        BoardResult::Penalty { score, rated } => match (score, rated) {
            (PenaltyScore::BothZero, true) => "0–0",
            (PenaltyScore::WhiteHalf, true) => "½–0",
            (PenaltyScore::BlackHalf, true) => "0–½",
            (PenaltyScore::BothZero, false) => "0–0 NR",
            (PenaltyScore::WhiteHalf, false) => "½–0 NR",
            (PenaltyScore::BlackHalf, false) => "0–½ NR",
        },
    }
}

/// A score as printed: `3½`, `½`, `2` (tenths other than a half as `2.3`).
pub fn points_text(points: Points) -> String {
    let Points(tenths) = points;
    let sign = if tenths < 0 { "-" } else { "" };
    let value = tenths.abs();
    match (value / 10, value % 10) {
        (0, 5) => format!("{sign}½"),
        (whole, 5) => format!("{sign}{whole}½"),
        (whole, 0) => format!("{sign}{whole}"),
        (whole, tenth) => format!("{sign}{whole}.{tenth}"),
    }
}

/// The points of every player (index = starting number − 1) after the first `rounds` rounds.
pub fn points_after(tournament: &Tournament, rounds: u32) -> Vec<Points> {
    tournament
        .players
        .iter()
        .map(|player| crate::tournament::standings::points_after(tournament, player, rounds))
        .collect()
}

/// The boards of `round` (1-based): from `input.boards` when given, else from the model's
/// round entries. Boards from the model are numbered in the order of the FIDE general handling
/// rules for Swiss pairings (C.04.2): the higher score of the two players first, then the sum of
/// their scores, then the better starting rank; byes and unpaired players follow.
pub fn boards_of_round(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<Board>, PrintError> {
    let rounds = tournament.total_rounds.max(tournament.rounds_played());
    if round == 0 || round > rounds {
        return Err(PrintError::NoSuchRound { round, rounds });
    }
    if !input.boards.is_empty() {
        let count = tournament.players.len() as u32;
        for board in &input.boards {
            for id in std::iter::once(board.white).chain(board.black) {
                if id.0 == 0 || id.0 > count {
                    return Err(PrintError::UnknownPlayer {
                        board: board.number,
                        player: id.0,
                    });
                }
            }
        }
        return Ok(input.boards.clone());
    }
    let index = (round - 1) as usize;
    let before = points_after(tournament, round - 1);
    let score = |id: PlayerId| before.get(id.0 as usize - 1).copied().unwrap_or_default();
    let mut games: Vec<Board> = Vec::new();
    let mut byes: Vec<Board> = Vec::new();
    let mut seen = vec![false; tournament.players.len() + 1];
    for player in &tournament.players {
        let Some(entry) = player.rounds.get(index) else {
            continue;
        };
        if seen[player.id.0 as usize] {
            continue;
        }
        match entry.opponent {
            Some(opponent) if tournament.player(opponent).is_some() => {
                seen[player.id.0 as usize] = true;
                seen[opponent.0 as usize] = true;
                let opponent_entry = tournament
                    .player(opponent)
                    .and_then(|p| p.rounds.get(index));
                let player_is_white = match entry.color {
                    Some(Color::White) => true,
                    Some(Color::Black) => false,
                    None => opponent_entry.and_then(|e| e.color) != Some(Color::White),
                };
                let other_result = opponent_entry
                    .map(|e| e.result)
                    .or_else(|| entry.result.mirrored());
                let colourless =
                    entry.color.is_none() && opponent_entry.and_then(|e| e.color).is_none();
                let board = match other_result {
                    Some(other) if !player_is_white => Board {
                        number: 0,
                        white: opponent,
                        black: Some(player.id),
                        result: Some(BoardResult::from_game_results(other, Some(entry.result))),
                        colourless,
                    },
                    _ => Board {
                        number: 0,
                        white: player.id,
                        black: Some(opponent),
                        result: Some(BoardResult::from_game_results(entry.result, other_result)),
                        colourless,
                    },
                };
                games.push(board);
            }
            _ => {
                seen[player.id.0 as usize] = true;
                byes.push(Board::bye(
                    0,
                    player.id,
                    BoardResult::from_game_results(entry.result, None),
                ));
            }
        }
    }
    if games.is_empty() && byes.is_empty() {
        return Err(PrintError::NotPaired(round));
    }
    games.sort_by(|a, b| {
        let key = |board: &Board| {
            let (w, bl) = (
                score(board.white),
                board.black.map(score).unwrap_or_default(),
            );
            let best_rank = board.white.0.min(board.black.map_or(u32::MAX, |p| p.0));
            (
                std::cmp::Reverse(w.max(bl)),
                std::cmp::Reverse(w + bl),
                best_rank,
            )
        };
        key(a).cmp(&key(b))
    });
    byes.sort_by_key(|board| {
        (
            board.result == Some(BoardResult::ZeroPointBye),
            std::cmp::Reverse(score(board.white)),
            board.white,
        )
    });
    let mut boards = games;
    boards.extend(byes);
    for (number, board) in boards.iter_mut().enumerate() {
        board.number = number as u32 + 1;
    }
    Ok(boards)
}

/// The label of a bye or absence on a pairing list.
pub(crate) fn bye_label(language: Language, result: Option<BoardResult>) -> String {
    match result {
        Some(BoardResult::PairingAllocatedBye) | None => language.text("pairing_allocated_bye"),
        Some(BoardResult::HalfPointBye) => language.text("half_point_bye"),
        Some(BoardResult::FullPointBye) => language.text("full_point_bye"),
        _ => language.text("not_paired"),
    }
}

/// Draws the title block at the top of a page: event name, document title, and a line of
/// details (place, date); returns the y where content starts.
pub(crate) fn page_heading(
    canvas: &mut layout::Canvas,
    event: &str,
    title: &str,
    details: &str,
) -> f32 {
    let width = canvas.width() - 2.0 * layout::MARGIN;
    let top = layout::MARGIN;
    canvas.text_in(
        layout::MARGIN,
        top + 5.0,
        width,
        layout::Align::Left,
        14.0,
        true,
        event,
    );
    canvas.text_in(
        layout::MARGIN,
        top + 11.5,
        width,
        layout::Align::Left,
        11.0,
        true,
        title,
    );
    let mut y = top + 14.0;
    if !details.is_empty() {
        canvas.text_in(
            layout::MARGIN,
            top + 16.5,
            width,
            layout::Align::Left,
            8.5,
            false,
            details,
        );
        y += 4.5;
    }
    y + 2.0
}

/// "Place · Date" for a heading, skipping the empty parts.
pub(crate) fn details_line(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// "Surname, Given" with the title in front when there is one: "GM Šťastný, Jan".
pub(crate) fn display_name(tournament: &Tournament, id: PlayerId) -> String {
    match tournament.player(id) {
        Some(player) if player.title.is_empty() => player.name.clone(),
        Some(player) => format!("{} {}", player.title, player.name),
        None => format!("#{}", id.0),
    }
}

/// The name as the standings and crosstables print it: [`display_name`], and for a player
/// expelled from the competition (FIDE Laws Art. 12.9.9) the mark `(expelled)` in the
/// document's language.
pub(crate) fn listed_name(tournament: &Tournament, id: PlayerId, language: Language) -> String {
    let name = display_name(tournament, id);
    match tournament.player(id).and_then(|p| p.expelled_from) {
        Some(_) => format!("{name} ({})", language.text("expelled")),
        None => name,
    }
}

/// The rating as printed (empty for unrated).
pub(crate) fn rating_text(tournament: &Tournament, id: PlayerId) -> String {
    match tournament.player(id) {
        Some(player) if player.rating > 0 => player.rating.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_heading_is_translated_in_every_language() {
        let keys = [
            "page",
            "round",
            "board",
            "white",
            "black",
            "scoresheet",
            "pairings_by_board",
            "standings",
            "crosstable",
            "result_slip",
            "signature_white",
            "draw_offers",
            "match_sheet",
            "home_team",
            "away_team",
            "total",
            "captain_home",
            "captain_away",
        ];
        for language in Language::ALL {
            for key in keys {
                let text = language.text(key);
                assert!(
                    !text.starts_with("print."),
                    "{key} missing in {}",
                    language.code()
                );
            }
        }
        assert_eq!(
            Language::Czech.text_round("pairings_by_board", 3),
            "Rozlosování 3. kola"
        );
        assert_eq!(Language::SerbianCyrillic.text("board"), "Табла");
    }

    #[test]
    fn points_print_with_half_sign() {
        assert_eq!(points_text(Points(35)), "3½");
        assert_eq!(points_text(Points(5)), "½");
        assert_eq!(points_text(Points(20)), "2");
        assert_eq!(points_text(Points(0)), "0");
    }

    #[test]
    fn language_codes_round_trip() {
        for language in Language::ALL {
            assert_eq!(Language::parse(language.code()), Some(language));
        }
        assert_eq!(Language::parse("sr"), Some(Language::SerbianLatin));
        assert_eq!(Language::parse("de"), None);
    }
}
