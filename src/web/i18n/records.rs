//! What the cross-check of a TRF file's player records finds ([`CrossProblem`]), in the
//! reader's language (`locales/record.yml`): the rating report's check and the TRF import say
//! it alike. The reader words the same problems in English for the command line
//! ([`CrossProblem::reason`]).

use super::Lang;
use crate::formats::trf::CrossProblem;

/// `problem` in the language `lang`.
pub fn cross_problem_text(lang: Lang, problem: &CrossProblem) -> String {
    let n = |value: u32| value.to_string();
    match problem {
        CrossProblem::NoOpponent { round, opponent } => lang.t_with(
            "report.issue.no_opponent",
            &[("round", &n(*round)), ("opponent", &n(*opponent))],
        ),
        CrossProblem::NotPairedBack {
            round,
            player,
            opponent,
        } => lang.t_with(
            "report.issue.not_paired_back",
            &[
                ("round", &n(*round)),
                ("player", &n(*player)),
                ("opponent", &n(*opponent)),
            ],
        ),
        CrossProblem::PointsDiffer {
            player,
            given,
            total,
        } => lang.t_with(
            "report.issue.points_differ",
            &[
                ("player", &n(*player)),
                ("given", &given.to_string()),
                ("total", &total.to_string()),
            ],
        ),
    }
}
