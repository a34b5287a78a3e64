//! Why a tournament file's team records do not make a team competition ([`TeamFileError`]),
//! in the reader's language (`locales/team.yml`). The command line says the same in English
//! (the error's `Display`).

use super::Lang;
use crate::tournament::team::TeamFileError;

/// `error` in the language `lang`.
pub fn team_file_text(lang: Lang, error: &TeamFileError) -> String {
    let n = |value: &u32| value.to_string();
    match error {
        TeamFileError::NoTeams => lang.t("team.file.no_teams"),
        TeamFileError::UnknownPlayer { team, player } => lang.t_with(
            "team.file.unknown_player",
            &[("team", &n(team)), ("player", &n(player))],
        ),
        TeamFileError::TwoSquads {
            player,
            first,
            second,
        } => lang.t_with(
            "team.file.two_squads",
            &[
                ("player", &n(player)),
                ("first", &n(first)),
                ("second", &n(second)),
            ],
        ),
        TeamFileError::NotATeamGame { round, player } => lang.t_with(
            "team.file.not_a_team_game",
            &[("round", &n(round)), ("player", &n(player))],
        ),
        TeamFileError::TwoOpponents { round, team } => lang.t_with(
            "team.file.two_opponents",
            &[("round", &n(round)), ("team", &n(team))],
        ),
        TeamFileError::ByeAndMatch { round, team } => lang.t_with(
            "team.file.bye_and_match",
            &[("round", &n(round)), ("team", &n(team))],
        ),
        TeamFileError::ScoredTeamBye { round, team, code } => lang.t_with(
            "team.file.scored_bye",
            &[
                ("round", &n(round)),
                ("team", &n(team)),
                ("code", &code.to_string()),
            ],
        ),
        TeamFileError::ByeAhead { round, team } => lang.t_with(
            "team.file.bye_ahead",
            &[("round", &n(round)), ("team", &n(team))],
        ),
        TeamFileError::TooManyBoards { round, team, max } => lang.t_with(
            "team.file.too_many_boards",
            &[("round", &n(round)), ("team", &n(team)), ("max", &n(max))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_team_file_error_is_worded_in_every_language_with_its_numbers() {
        let errors = [
            TeamFileError::NoTeams,
            TeamFileError::UnknownPlayer {
                team: 3,
                player: 41,
            },
            TeamFileError::TwoSquads {
                player: 41,
                first: 2,
                second: 3,
            },
            TeamFileError::NotATeamGame {
                round: 2,
                player: 41,
            },
            TeamFileError::TwoOpponents { round: 2, team: 3 },
            TeamFileError::ByeAndMatch { round: 2, team: 3 },
            TeamFileError::ScoredTeamBye {
                round: 2,
                team: 3,
                code: 'H',
            },
            TeamFileError::ByeAhead { round: 2, team: 3 },
            TeamFileError::TooManyBoards {
                round: 2,
                team: 3,
                max: 50,
            },
        ];
        for (code, _) in crate::web::i18n::LOCALES {
            let lang = Lang::from_code(code).expect("a locale");
            for error in &errors {
                let text = team_file_text(lang, error);
                assert!(
                    !text.contains("%{") && !text.starts_with("team."),
                    "{code}: {text}"
                );
                if !matches!(error, TeamFileError::NoTeams) {
                    assert!(text.contains('3') || text.contains("41"), "{code}: {text}");
                }
            }
        }
    }
}
