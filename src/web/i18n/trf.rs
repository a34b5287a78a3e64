//! What the TRF reader could not read, or read with a guess ([`TrfProblem`]), in the reader's
//! language (`locales/trf.yml`). The command line prints the same in English (the problem's
//! `Display`, kept as `reason` on the error and the warning).

use super::Lang;
use super::records::cross_problem_text;
use crate::formats::trf::{DateRecord, TrfField, TrfProblem};

/// `problem` in the language `lang`.
pub fn trf_problem_text(lang: Lang, problem: &TrfProblem) -> String {
    use TrfProblem as P;
    let n = |value: u64| value.to_string();
    let field = |field: &TrfField| lang.t(&format!("trf.field.{}", field.key()));
    let with = |key: &str, args: &[(&str, &str)]| lang.t_with(&format!("trf.problem.{key}"), args);
    let plain = |key: &str| lang.t(&format!("trf.problem.{key}"));
    match problem {
        P::NotANumber { field: f, text } => {
            with("not_a_number", &[("field", &field(f)), ("text", text)])
        }
        P::AboveLimit {
            field: f,
            text,
            max,
        } => with(
            "above_limit",
            &[
                ("field", &field(f)),
                ("text", text),
                ("max", &n(u64::from(*max))),
            ],
        ),
        P::ScoreTooLarge { field: f, text } => {
            with("score_too_large", &[("field", &field(f)), ("text", text)])
        }
        P::NotAScore { field: f, text } => {
            with("not_a_score", &[("field", &field(f)), ("text", text)])
        }
        P::InRound { round, problem } => with(
            "in_round",
            &[
                ("round", &n(u64::from(*round))),
                ("problem", &trf_problem_text(lang, problem)),
            ],
        ),
        P::TooManyScheduled { max } => with("too_many_scheduled", &[("max", &n(*max as u64))]),
        P::RoundsExpected => plain("rounds_expected"),
        P::UnknownXxcOption { text } => with("unknown_xxc_option", &[("text", text)]),
        P::InitialColour => plain("initial_colour"),
        P::PlayerExpected => plain("player_expected"),
        P::TooManyRounds { record, max } => with(
            "too_many_rounds",
            &[
                ("record", record.unwrap_or("001")),
                ("max", &n(u64::from(*max))),
            ],
        ),
        P::Record250Shape => plain("record_250_shape"),
        P::Record250Values => plain("record_250_values"),
        P::TooManyAccelerations { max } => with("too_many_accelerations", &[("max", &n(*max))]),
        P::Record260Shape => plain("record_260_shape"),
        P::ByeType => plain("bye_type"),
        P::ByeRoundExpected => plain("bye_round_expected"),
        P::Team013NotUsed => plain("team_013_not_used"),
        P::TeamTwice { team } => with("team_twice", &[("team", &n(u64::from(*team)))]),
        P::ColourSequence => plain("colour_sequence"),
        P::Record320Twice => plain("record_320_twice"),
        P::RecordNotUsed { tag } => with("record_not_used", &[("tag", tag)]),
        P::Tabs { stop, lines } => with(
            "tabs",
            &[("stop", &n(*stop as u64)), ("lines", &n(*lines as u64))],
        ),
        P::StartingRanks { players, found } => with(
            "starting_ranks",
            &[
                ("players", &n(*players as u64)),
                ("found", &n(u64::from(*found))),
            ],
        ),
        P::ToPlayNotBack { opponent, player } => with(
            "to_play_not_back",
            &[
                ("opponent", &n(u64::from(*opponent))),
                ("player", &n(u64::from(*player))),
            ],
        ),
        P::ToPlay { opponent } => with("to_play", &[("opponent", &n(u64::from(*opponent)))]),
        P::NoTeamOrRound { team, round } => with(
            "no_team_or_round",
            &[
                ("team", &n(u64::from(*team))),
                ("round", &n(u64::from(*round))),
            ],
        ),
        P::NoRoundAfter { max } => with("no_round_after", &[("max", &n(u64::from(*max)))]),
        P::NoPlayerOrRound { player, round } => with(
            "no_player_or_round",
            &[
                ("player", &n(u64::from(*player))),
                ("round", &n(u64::from(*round))),
            ],
        ),
        P::SquadPlayerMissing { team, player } => with(
            "squad_player_missing",
            &[
                ("team", &n(u64::from(*team))),
                ("player", &n(u64::from(*player))),
            ],
        ),
        P::TwoSquads {
            player,
            first,
            second,
        } => with(
            "two_squads",
            &[
                ("player", &n(u64::from(*player))),
                ("first", &n(u64::from(*first))),
                ("second", &n(u64::from(*second))),
            ],
        ),
        P::PenaltyPlayerMissing { player } => with(
            "penalty_player_missing",
            &[("player", &n(u64::from(*player)))],
        ),
        P::GameWithoutOpponent { code } => with("game_without_opponent", &[("code", code)]),
        P::ReadAsBye { code, bye } => {
            let key = match bye {
                'U' => "read_as_pab",
                'Z' => "read_as_zpb",
                _ => "read_as_hpb",
            };
            with(key, &[("code", &code.to_string())])
        }
        P::StartingRankMissing => plain("starting_rank_missing"),
        P::StartingRankZero => plain("starting_rank_zero"),
        P::EntryAfterToPlay { round } => {
            with("entry_after_to_play", &[("round", &n(u64::from(*round)))])
        }
        P::Colour { text } => with("colour", &[("text", text)]),
        P::ResultCode { text } => with("result_code", &[("text", text)]),
        P::ReadAsForfeit => plain("read_as_forfeit"),
        P::ByeWithOpponent { code } => with("bye_with_opponent", &[("code", code)]),
        P::GameWithoutColour { code } => with("game_without_colour", &[("code", code)]),
        P::XxsItem { text } => with("xxs_item", &[("text", text)]),
        P::UnknownCode { record, text } => {
            with("unknown_code", &[("record", record), ("text", text)])
        }
        P::TeamNumberRange => plain("team_number_range"),
        P::SquadTooLarge { max } => with("squad_too_large", &[("max", &n(*max as u64))]),
        P::Record362Points => plain("record_362_points"),
        P::ForfeitType => plain("forfeit_type"),
        P::Record330Shape => plain("record_330_shape"),
        P::PenaltyTwice => plain("penalty_twice"),
        P::RoundDate { round, text } => with(
            "round_date",
            &[("round", &n(u64::from(*round))), ("text", text)],
        ),
        P::HeaderDate { record, text } => {
            let key = match record {
                DateRecord::Start => "start_date",
                DateRecord::End => "end_date",
            };
            with(key, &[("text", text)])
        }
        P::PlayerCount { tag, text } => with("player_count", &[("tag", tag), ("text", text)]),
        P::Cross(problem) => cross_problem_text(lang, problem),
        P::PointsDiffer(problem) => with(
            "points_differ",
            &[("problem", &cross_problem_text(lang, problem))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf::CrossProblem;

    /// One of every problem, with figures that must reach the words.
    fn every_problem() -> Vec<TrfProblem> {
        use TrfProblem as P;
        let text = || "x9".to_owned();
        let mut all = vec![
            P::TooManyScheduled { max: 100_000 },
            P::RoundsExpected,
            P::UnknownXxcOption { text: text() },
            P::InitialColour,
            P::PlayerExpected,
            P::TooManyRounds {
                record: Some("XXA"),
                max: 999,
            },
            P::TooManyRounds {
                record: None,
                max: 999,
            },
            P::Record250Shape,
            P::Record250Values,
            P::TooManyAccelerations { max: 1_000_000 },
            P::Record260Shape,
            P::ByeType,
            P::ByeRoundExpected,
            P::Team013NotUsed,
            P::TeamTwice { team: 7 },
            P::ColourSequence,
            P::Record320Twice,
            P::RecordNotUsed { tag: "DAT".into() },
            P::Tabs { stop: 8, lines: 3 },
            P::StartingRanks {
                players: 10,
                found: 12,
            },
            P::ToPlayNotBack {
                opponent: 4,
                player: 8,
            },
            P::ToPlay { opponent: 4 },
            P::NoTeamOrRound { team: 7, round: 3 },
            P::NoRoundAfter { max: 999 },
            P::NoPlayerOrRound {
                player: 7,
                round: 3,
            },
            P::SquadPlayerMissing {
                team: 7,
                player: 41,
            },
            P::TwoSquads {
                player: 41,
                first: 2,
                second: 7,
            },
            P::PenaltyPlayerMissing { player: 41 },
            P::GameWithoutOpponent { code: "1".into() },
            P::ReadAsBye {
                code: '+',
                bye: 'U',
            },
            P::ReadAsBye {
                code: '-',
                bye: 'Z',
            },
            P::ReadAsBye {
                code: '=',
                bye: 'H',
            },
            P::StartingRankMissing,
            P::StartingRankZero,
            P::EntryAfterToPlay { round: 3 },
            P::Colour { text: text() },
            P::ResultCode { text: text() },
            P::ReadAsForfeit,
            P::ByeWithOpponent { code: "H".into() },
            P::GameWithoutColour { code: "1".into() },
            P::XxsItem { text: text() },
            P::UnknownCode {
                record: "XXS",
                text: text(),
            },
            P::TeamNumberRange,
            P::SquadTooLarge { max: 50 },
            P::Record362Points,
            P::ForfeitType,
            P::Record330Shape,
            P::PenaltyTwice,
            P::RoundDate {
                round: 3,
                text: text(),
            },
            P::HeaderDate {
                record: DateRecord::Start,
                text: text(),
            },
            P::HeaderDate {
                record: DateRecord::End,
                text: text(),
            },
            P::PlayerCount {
                tag: "062",
                text: text(),
            },
            P::Cross(CrossProblem::NoOpponent {
                round: 3,
                opponent: 41,
            }),
            P::PointsDiffer(CrossProblem::NoOpponent {
                round: 3,
                opponent: 41,
            }),
        ];
        for field in TrfField::ALL {
            all.push(P::NotANumber {
                field,
                text: text(),
            });
            all.push(P::AboveLimit {
                field,
                text: text(),
                max: 999,
            });
            all.push(P::ScoreTooLarge {
                field,
                text: text(),
            });
            all.push(P::NotAScore {
                field,
                text: text(),
            });
        }
        all.push(P::InRound {
            round: 3,
            problem: Box::new(P::Colour { text: text() }),
        });
        all
    }

    #[test]
    fn every_trf_problem_is_worded_in_every_language_with_its_figures() {
        for (code, _) in crate::web::i18n::LOCALES {
            let lang = Lang::from_code(code).expect("a locale");
            for problem in every_problem() {
                let words = trf_problem_text(lang, &problem);
                assert!(
                    !words.contains("%{") && !words.contains("trf."),
                    "{code}: {problem:?}: {words}"
                );
                // Every figure and every text the English names is in the words too.
                let english = problem.to_string();
                for figure in ["x9", "999", "41", "DAT", "XXA", "XXS", "062"] {
                    if english.contains(figure) {
                        assert!(words.contains(figure), "{code}: {problem:?}: {words}");
                    }
                }
            }
        }
    }
}
