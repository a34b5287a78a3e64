//! The rules core's report on a game score in the reader's language (`locales/score.yml`, in
//! the words of the Laws' translations): how the game ended, claims, illegal moves and every
//! [`Warning`], each with its article. The core words the same things in English for the
//! command line ([`Warning`]'s `Display`).

use super::Lang as Ui;
use crate::rules::arbiter::{ClaimReport, IllegalMoveReport, LossEvent, Termination, Warning};
use crate::rules::draw::ClaimKind;
use crate::rules::illegal::IllegalMovePenalty;
use crate::rules::san::SanErrorKind;
use crate::rules::types::Color;

/// "12." for White's move 12, "12…" for Black's.
fn move_label(number: u32, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}…"),
    }
}

/// The move label of record entry `ply` of a game from the standard start.
fn ply_label(ply: usize) -> String {
    let number = u32::try_from(ply.div_ceil(2)).unwrap_or(u32::MAX);
    let side = if ply % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    move_label(number, side)
}

/// "Art. 9.5" (in Hungarian "9.5 cikkely").
fn article(ui: Ui, number: &str) -> String {
    ui.t_with("score.article", &[("n", number)])
}

fn side(ui: Ui, color: Color) -> String {
    ui.t(match color {
        Color::White => "day.live.white",
        Color::Black => "day.live.black",
    })
}

fn claim_kind(ui: Ui, kind: ClaimKind) -> String {
    ui.t(&format!("score.claim.{}", kind.name()))
}

/// The Laws' name for how a game ended, without the article.
fn termination_name(ui: Ui, termination: Termination) -> String {
    ui.t(&format!("score.end.{}", termination.name()))
}

/// How the game ended, with its article and, when known, the ply.
pub fn termination(ui: Ui, termination: Termination, ply: Option<usize>) -> String {
    let mut text = format!(
        "{} ({})",
        termination_name(ui, termination),
        article(ui, termination.article())
    );
    if let Some(ply) = ply {
        text.push_str(", ");
        text.push_str(&ui.t_with("score.after_ply", &[("ply", &ply.to_string())]));
    }
    text
}

/// Why a written move could not be played: the core's own words in English (they say more,
/// e.g. which promotion piece is missing), the kind of problem in the other languages.
pub fn bad_move_reason(ui: Ui, kind: SanErrorKind, english: &str) -> String {
    if ui.code() == "en" {
        english.to_owned()
    } else {
        ui.t(&format!("score.reason.{}", kind.name()))
    }
}

/// "ply 9 (5. Dxe5): reason".
pub fn bad_move(ui: Ui, ply: usize, written: &str, reason: &str) -> String {
    let ply_text = ply.to_string();
    let written = format!("{} {written}", ply_label(ply));
    ui.t_with(
        "score.bad_move",
        &[("ply", &ply_text), ("move", &written), ("reason", reason)],
    )
}

/// One draw claim and its verdict (9.2, 9.3, 9.5).
pub fn claim(ui: Ui, claim: &ClaimReport) -> String {
    let art = match claim.kind {
        ClaimKind::Threefold => "9.2",
        ClaimKind::Fifty => "9.3",
    };
    let mut text = format!(
        "{} {} ({})",
        ply_label(claim.ply),
        claim_kind(ui, claim.kind),
        article(ui, art)
    );
    if let Some(written) = &claim.written_move {
        text.push_str(", ");
        text.push_str(&ui.t_with("score.claim.on_written", &[("move", written)]));
    }
    text.push_str(": ");
    if claim.valid {
        text.push_str(&ui.t("score.claim.valid"));
    } else {
        text.push_str(&ui.t_with("score.claim.invalid", &[("article", &article(ui, "9.5"))]));
    }
    text
}

/// One illegal move and what followed (7.5.5, A.5.2).
pub fn illegal_move(ui: Ui, illegal: &IllegalMoveReport) -> String {
    let penalty = match illegal.penalty {
        IllegalMovePenalty::TimeToOpponent(seconds) => ui.t_with(
            "score.penalty.time",
            &[
                ("seconds", &seconds.to_string()),
                ("article", &article(ui, "7.5.5")),
            ],
        ),
        IllegalMovePenalty::LossUnlessOpponentCannotMate => {
            ui.t_with("score.penalty.loss", &[("article", &article(ui, "7.5.5"))])
        }
        IllegalMovePenalty::Stands => ui.t_with(
            "score.penalty.stands",
            &[("article", &article(ui, "A.5.2"))],
        ),
    };
    format!(
        "{} {}: {penalty}",
        move_label(illegal.move_number, illegal.side),
        illegal.text
    )
}

fn loss_event(ui: Ui, event: LossEvent) -> String {
    let (name, art) = match event {
        LossEvent::SecondIllegalMove => (termination_name(ui, Termination::IllegalMove), "7.5.5"),
        LossEvent::FlagFall => (termination_name(ui, Termination::FlagFall), "6.9"),
        LossEvent::TimeForfeit => (ui.t("score.event.time_forfeit"), "6.9"),
        LossEvent::Resignation => (termination_name(ui, Termination::Resignation), "5.1.2"),
    };
    format!("{name} ({})", article(ui, art))
}

/// One thing the arbiter should look at.
pub fn warning(ui: Ui, warning: &Warning) -> String {
    let n = |x: usize| x.to_string();
    let art = |number: &str| article(ui, number);
    match warning {
        Warning::StartPosition { error } => {
            ui.t_with("score.warn.start_position", &[("error", error)])
        }
        Warning::MateUndecided { event, side: s } => ui.t_with(
            "score.warn.mate_undecided",
            &[("event", &loss_event(ui, *event)), ("side", &side(ui, *s))],
        ),
        Warning::MovesAfterEnd {
            at,
            termination,
            more,
        } => ui.t_with(
            "score.warn.moves_after_end",
            &[
                ("ply", &n(*at)),
                ("termination", &termination_name(ui, *termination)),
                ("more", &n(*more)),
            ],
        ),
        Warning::IncorrectClaim {
            ply,
            kind,
            by,
            seconds,
        } => ui.t_with(
            "score.warn.incorrect_claim",
            &[
                ("ply", &n(*ply)),
                ("kind", &claim_kind(ui, *kind)),
                ("side", &side(ui, *by)),
                ("seconds", &seconds.to_string()),
                ("article", &art("9.5")),
            ],
        ),
        Warning::IncorrectFinalClaim { kind } => ui.t_with(
            "score.warn.incorrect_final_claim",
            &[("kind", &claim_kind(ui, *kind)), ("article", &art("9.5"))],
        ),
        Warning::IllegalNotCorrected { ply, text, by } => ui.t_with(
            "score.warn.illegal_not_corrected",
            &[
                ("ply", &n(*ply)),
                ("move", text),
                ("side", &side(ui, *by)),
                ("article", &art("7.5.1")),
            ],
        ),
        Warning::IllegalStands { ply, text } => ui.t_with(
            "score.warn.illegal_stands",
            &[
                ("ply", &n(*ply)),
                ("move", text),
                ("article", &art("A.5.2")),
            ],
        ),
        Warning::IllegalReinstated {
            ply,
            text,
            by,
            seconds,
        } => ui.t_with(
            "score.warn.illegal_reinstated",
            &[
                ("ply", &n(*ply)),
                ("move", text),
                ("side", &side(ui, *by)),
                ("seconds", &seconds.to_string()),
                ("article", &art("7.5.1")),
            ],
        ),
        Warning::EarlyDrawOffer {
            ply,
            move_number,
            first_allowed,
        } => ui.t_with(
            "score.warn.early_draw_offer",
            &[
                ("ply", &n(*ply)),
                ("move", &move_number.to_string()),
                ("first", &first_allowed.to_string()),
                ("article", &art("9.1.1")),
            ],
        ),
        Warning::EarlyAgreement {
            move_number,
            first_allowed,
        } => ui.t_with(
            "score.warn.early_agreement",
            &[
                ("move", &move_number.to_string()),
                ("first", &first_allowed.to_string()),
                ("article", &art("9.1.1")),
            ],
        ),
        Warning::AgreementBeforeMoves => ui.t_with(
            "score.warn.agreement_before_moves",
            &[("article", &art("5.2.3"))],
        ),
        Warning::BothFlagsEarly => ui.t_with(
            "score.warn.both_flags_early",
            &[("article", &art("6.11.1.1"))],
        ),
        Warning::DeadUndecided { ply } => ui.t_with(
            "score.warn.dead_undecided",
            &[("ply", &n(*ply)), ("article", &art("5.2.2"))],
        ),
        Warning::NotFollowed => ui.t("score.warn.not_followed"),
        Warning::UnreadableFrom { ply, text } => ui.t_with(
            "score.warn.unreadable_from",
            &[("ply", &n(*ply)), ("move", text), ("article", &art("8"))],
        ),
        Warning::SignedDiffers { signed, by_laws } => ui.t_with(
            "score.warn.signed_differs",
            &[
                ("signed", signed.as_pgn()),
                ("laws", by_laws.as_pgn()),
                ("article", &art("8.7")),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Outcome;
    use crate::web::i18n::LOCALES;

    /// One of every warning the core gives.
    fn every_warning() -> Vec<Warning> {
        let text = || "Kd4".to_owned();
        vec![
            Warning::StartPosition {
                error: "bad rank".to_owned(),
            },
            Warning::MateUndecided {
                event: LossEvent::TimeForfeit,
                side: Color::Black,
            },
            Warning::MateUndecided {
                event: LossEvent::SecondIllegalMove,
                side: Color::White,
            },
            Warning::MovesAfterEnd {
                at: 7,
                termination: Termination::Checkmate,
                more: 2,
            },
            Warning::IncorrectClaim {
                ply: 4,
                kind: ClaimKind::Threefold,
                by: Color::Black,
                seconds: 120,
            },
            Warning::IncorrectFinalClaim {
                kind: ClaimKind::Fifty,
            },
            Warning::IllegalNotCorrected {
                ply: 3,
                text: text(),
                by: Color::White,
            },
            Warning::IllegalStands {
                ply: 1,
                text: text(),
            },
            Warning::IllegalReinstated {
                ply: 1,
                text: text(),
                by: Color::White,
                seconds: 120,
            },
            Warning::EarlyDrawOffer {
                ply: 3,
                move_number: 2,
                first_allowed: 30,
            },
            Warning::EarlyAgreement {
                move_number: 2,
                first_allowed: 30,
            },
            Warning::AgreementBeforeMoves,
            Warning::BothFlagsEarly,
            Warning::DeadUndecided { ply: 40 },
            Warning::NotFollowed,
            Warning::UnreadableFrom {
                ply: 7,
                text: text(),
            },
            Warning::SignedDiffers {
                signed: Outcome::BlackWins,
                by_laws: Outcome::Draw,
            },
        ]
    }

    #[test]
    fn every_warning_termination_and_reason_is_worded_in_every_language() {
        let terminations = [
            Termination::Checkmate,
            Termination::Stalemate,
            Termination::DeadPosition,
            Termination::Fivefold,
            Termination::Seventyfive,
            Termination::ThreefoldClaim,
            Termination::FiftyClaim,
            Termination::FlagFall,
            Termination::BothFlags,
            Termination::IllegalMove,
            Termination::Resignation,
            Termination::Agreement,
        ];
        let kinds = [
            SanErrorKind::Garbage,
            SanErrorKind::Illegal,
            SanErrorKind::Ambiguous,
            SanErrorKind::WrongPiece,
            SanErrorKind::NullMove,
        ];
        for (code, _) in LOCALES {
            let ui = Ui::from_code(code).expect("a supported locale");
            let mut texts: Vec<String> = every_warning().iter().map(|w| warning(ui, w)).collect();
            texts.extend(terminations.iter().map(|&t| termination(ui, t, Some(7))));
            texts.extend(
                kinds
                    .iter()
                    .map(|&k| bad_move_reason(ui, k, "the core's reason")),
            );
            for text in &texts {
                // A missing key comes back as the key itself; a left placeholder as `%{..}`.
                assert!(
                    !text.contains("score.") && !text.contains("%{") && !text.is_empty(),
                    "{code}: {text}"
                );
            }
        }
    }

    #[test]
    fn art_7_5_5_illegal_move_and_art_9_5_claim_lines() {
        let ui = Ui::default();
        let illegal = IllegalMoveReport {
            ply: 3,
            move_number: 2,
            side: Color::White,
            text: "Ke3".to_owned(),
            penalty: IllegalMovePenalty::TimeToOpponent(120),
        };
        assert_eq!(
            illegal_move(ui, &illegal),
            "2. Ke3: position reinstated, 120 s to the opponent (Art. 7.5.5)"
        );
        let claim_report = ClaimReport {
            ply: 12,
            kind: ClaimKind::Threefold,
            valid: false,
            written_move: Some("Nf3".to_owned()),
        };
        assert_eq!(
            claim(ui, &claim_report),
            "6… threefold repetition (Art. 9.2), on the written move Nf3: incorrect: the \
             opponent gets time (Art. 9.5)"
        );
        let sk = Ui::from_code("sk").expect("sk");
        assert_eq!(
            claim(sk, &claim_report),
            "6… rovnaká pozícia tretíkrát (čl. 9.2), na zapísaný ťah Nf3: neoprávnená: súperovi \
             sa pridá čas (čl. 9.5)"
        );
    }
}
