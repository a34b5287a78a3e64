//! The one print dispatcher: [`render`] builds the PDF of a [`Document`], for the command line
//! (`arbiter print KIND`, from a TRF file or the database) and for the web
//! (`GET /tournaments/{id}/print/KIND.pdf`). The callers decide only which tournament, which
//! round and which [`DocumentInput`]; [`crate::print::stored::render_stored`] adds the
//! preparation both do for a stored tournament.
//!
//! The round means two things: the round to pair and play for pairing lists, scoresheets and
//! result slips (their boards); the round after which, for standings and crosstables
//! ([`Document::after_round`]).

use crate::print::standings::StandingsTable;
use crate::print::{
    DocumentInput, PrintError, crosstable, match_sheet, name_cards, norm_forms, pairings,
    prize_list, result_slip, scoresheet, standings, team_standings,
};
use crate::tournament::Tournament;

/// A printable document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// The pairing list of a round by board (with self-report QR codes when the input has
    /// links).
    Pairings,
    /// The pairing list of a round in alphabetical order of names (C.04.2 Art. 2.2.3 order).
    PairingsAlphabetical,
    /// The standings after a round with the tie-break columns (C.07).
    Standings,
    /// The crosstable (round-robin grid or Swiss wallchart) after a round.
    Crosstable,
    /// Pre-filled scoresheets for every board of a round (FIDE Laws Art. 8.1).
    Scoresheets,
    /// Result slips for every board of a round.
    ResultSlips,
    /// A team competition's match sheets of a round, one page per match.
    MatchSheets,
    /// A team competition's standings, crosstable and board statistics after a round.
    TeamStandings,
    /// The prize list after a round (places and category prizes, [`DocumentInput::prizes`]).
    Prizes,
    /// FIDE's certificate of a title result (IT1) of [`DocumentInput::player`], one page per
    /// norm made after a round (B.01 Art. 1.4).
    NormCertificate,
    /// FIDE's tournament report (IT3) after a round: the event, its players and the norms made.
    NormReport,
    /// Name cards (table tents) of every player, two per page, with the player's board in a
    /// round when it is paired (round 0: without boards).
    NameCards,
    /// Board-number cards (table tents) of every board of a round, two per page.
    BoardCards,
}

impl Document {
    /// Every document.
    pub const ALL: [Document; 13] = [
        Document::Pairings,
        Document::PairingsAlphabetical,
        Document::Standings,
        Document::Crosstable,
        Document::Scoresheets,
        Document::ResultSlips,
        Document::MatchSheets,
        Document::TeamStandings,
        Document::Prizes,
        Document::NormCertificate,
        Document::NormReport,
        Document::NameCards,
        Document::BoardCards,
    ];

    /// The name on the command line (`arbiter print NAME`) and in the URL (`NAME.pdf`).
    pub fn name(self) -> &'static str {
        match self {
            Document::Pairings => "pairings",
            Document::PairingsAlphabetical => "pairings-alphabetical",
            Document::Standings => "standings",
            Document::Crosstable => "crosstable",
            Document::Scoresheets => "scoresheets",
            Document::ResultSlips => "result-slips",
            Document::MatchSheets => "match-sheets",
            Document::TeamStandings => "team-standings",
            Document::Prizes => "prizes",
            Document::NormCertificate => "it1",
            Document::NormReport => "it3",
            Document::NameCards => "name-cards",
            Document::BoardCards => "board-cards",
        }
    }

    /// One line saying what the document is (the command line's help).
    pub fn description(self) -> &'static str {
        match self {
            Document::Pairings => "The pairing list of a round by board",
            Document::PairingsAlphabetical => "The pairing list of a round in alphabetical order",
            Document::Standings => "The standings after a round",
            Document::Crosstable => {
                "The crosstable (round-robin grid or Swiss wallchart) after a round"
            }
            Document::Scoresheets => "Pre-filled scoresheets for every board of a round",
            Document::ResultSlips => "Result slips for every board of a round",
            Document::MatchSheets => "A team competition's match sheets of a round",
            Document::TeamStandings => {
                "A team competition's standings, crosstable and board statistics after a round"
            }
            Document::Prizes => "The prize list after a round (places and category prizes)",
            Document::NormCertificate => {
                "FIDE's certificate of a title result (IT1) of one player (--player), per norm made"
            }
            Document::NormReport => {
                "FIDE's tournament report (IT3): the event, its players and the norms made"
            }
            Document::NameCards => {
                "Name cards (table tents, two per page) of every player, with the round's board"
            }
            Document::BoardCards => "Board-number cards (table tents, two per page) of a round",
        }
    }

    /// The document of a name ([`Document::name`]).
    pub fn parse(name: &str) -> Option<Document> {
        Document::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The document of a file name in a URL (`pairings.pdf`).
    pub fn parse_file_name(file_name: &str) -> Option<Document> {
        file_name.strip_suffix(".pdf").and_then(Document::parse)
    }

    /// True for the documents of the standings after a round (standings, crosstable); false
    /// for those of one round's boards (pairing lists, scoresheets, result slips).
    pub fn after_round(self) -> bool {
        matches!(
            self,
            Document::Standings
                | Document::Crosstable
                | Document::TeamStandings
                | Document::Prizes
                | Document::NormCertificate
                | Document::NormReport
        )
    }

    /// True for the documents that carry every board's result boxes, for the people who run
    /// the day only (scoresheets, result slips).
    pub fn for_arbiters(self) -> bool {
        matches!(
            self,
            Document::Scoresheets
                | Document::ResultSlips
                | Document::NameCards
                | Document::BoardCards
        )
    }

    /// True for the documents that can be printed before any round is paired (round 0): the
    /// name cards, without boards.
    pub fn before_pairing(self) -> bool {
        self == Document::NameCards
    }

    /// True for FIDE's norm forms (IT1, IT3), which the app serves on their own routes, to the
    /// tournament's arbiters only.
    pub fn norm_form(self) -> bool {
        matches!(self, Document::NormCertificate | Document::NormReport)
    }
}

/// The PDF of `document` for `tournament`: of round `round`'s boards, or after round `round`
/// ([`Document::after_round`]). Standings and crosstables rank by `input.tie_breaks` (C.07),
/// by points alone when there is none; the crosstable's layout is `input.crosstable`, the
/// scoresheets' `input.scoresheets`.
pub fn render(
    document: Document,
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    let ranked = || match &input.tie_breaks {
        Some(settings) => StandingsTable::ranked(tournament, round, settings),
        None => StandingsTable::by_points(tournament, round),
    };
    match document {
        Document::Pairings => pairings::by_board(tournament, input, round),
        Document::PairingsAlphabetical => pairings::alphabetical(tournament, input, round),
        Document::Standings => standings::standings(tournament, input, &ranked()),
        Document::Crosstable => {
            crosstable::crosstable(tournament, input, round, input.crosstable, Some(&ranked()))
        }
        Document::Scoresheets => {
            scoresheet::scoresheets(tournament, input, round, input.scoresheets)
        }
        Document::ResultSlips => result_slip::result_slips(tournament, input, round),
        Document::MatchSheets => match_sheet::match_sheets(tournament, input, round),
        Document::TeamStandings => team_standings::team_standings(tournament, input, round),
        Document::Prizes => {
            let ranking: Vec<_> = ranked()
                .rows
                .iter()
                .map(|row| (row.player, row.points))
                .collect();
            prize_list::prize_list(tournament, input, round, &ranking)
        }
        Document::NormCertificate => {
            let player = input.player.ok_or(PrintError::NoPlayerGiven)?;
            norm_forms::certificate(&norm_forms::after_round(tournament, round), input, player)
        }
        Document::NormReport => {
            norm_forms::tournament_report(&norm_forms::after_round(tournament, round), input)
        }
        Document::NameCards => name_cards::name_cards(tournament, input, round),
        Document::BoardCards => name_cards::board_cards(tournament, input, round),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_file_names_round_trip() {
        for document in Document::ALL {
            assert_eq!(Document::parse(document.name()), Some(document));
            let file_name = format!("{}.pdf", document.name());
            assert_eq!(Document::parse_file_name(&file_name), Some(document));
        }
        assert_eq!(Document::parse_file_name("standings"), None);
        assert_eq!(Document::parse_file_name("wallchart.pdf"), None);
    }
}
