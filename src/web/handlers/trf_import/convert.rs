//! How an imported TRF file becomes a tournament: the event's report records (`022` city,
//! `032` federation, `042`/`052` dates, `092` type, `102` chief arbiter, `112` deputies, `122`
//! time control, `132` round dates) are read by [`crate::formats::trf::ReportHeader`], the
//! rounds become boards through [`crate::tournament::board::boards_of_round`] (the one mapping
//! of round entries to boards). The tests below check both on a file as the import reads it.

#[cfg(test)]
mod tests {
    use crate::formats::trf::{self, ReportHeader, date};
    use crate::tournament::board::boards_of_round;
    use crate::tournament::model::PlayerId;
    use crate::tournament::result::BoardResult;

    /// A TRF-2026 `001` line (columns as in [`crate::formats::trf`]).
    pub fn player_line(
        rank: u32,
        name: &str,
        points: &str,
        rounds: &[(u32, char, char)],
    ) -> String {
        let mut line = format!(
            "001 {rank:>4} m    {name:<33} {:>4} CZE {:>11} {:<10} {points:>4} {rank:>4}",
            2500 - 100 * rank,
            "",
            "1990"
        );
        for (opponent, colour, result) in rounds {
            line.push_str(&format!("  {opponent:>4} {colour} {result}"));
        }
        line
    }

    fn file() -> String {
        [
            "012 Test Open".to_owned(),
            "022 Brno".to_owned(),
            "042 2026/11/20".to_owned(),
            "052 2026/11/22".to_owned(),
            "XXR 3".to_owned(),
            player_line(1, "Alpha, A", "1.5", &[(2, 'w', '1'), (3, 'b', '=')]),
            player_line(2, "Beta, B", "0.0", &[(1, 'b', '0'), (0, '-', 'Z')]),
            player_line(3, "Gamma, C", "1.5", &[(0, '-', 'U'), (1, 'w', '=')]),
        ]
        .join("\n")
    }

    #[test]
    fn trf26_rounds_become_boards_and_byes() {
        let read = trf::read(&file()).expect("valid");
        let model = &read.tournament;
        assert_eq!(model.rounds_played(), 2);
        let (header, problems) = ReportHeader::read(&read);
        assert!(problems.is_empty());
        assert_eq!(header.city, "Brno");
        assert_eq!(header.start_date, Some(time::macros::date!(2026 - 11 - 20)));
        let one = boards_of_round(model, 1).expect("round 1");
        assert_eq!(one[0].players(), Some((PlayerId(1), PlayerId(2))));
        assert_eq!(one[0].result, Some(BoardResult::WhiteWins));
        assert_eq!(one[1].white, PlayerId(3));
        assert_eq!(one[1].result, Some(BoardResult::PairingAllocatedBye));
        let two = boards_of_round(model, 2).expect("round 2");
        assert_eq!(two[0].players(), Some((PlayerId(3), PlayerId(1))));
        assert_eq!(two[0].result, Some(BoardResult::Draw));
        assert_eq!(two[1].result, Some(BoardResult::ZeroPointBye));
    }

    #[test]
    fn records_starting_with_letters_of_any_script_are_read_not_a_panic() {
        // A national record of another program, or a stray line: two-byte letters where the
        // tag's three columns are.
        let text = format!("{}\nÁÉÍ Some record\nČR Brno\n", file());
        let read = trf::read(&text).expect("valid");
        assert!(
            read.tournament
                .other_records
                .iter()
                .any(|r| r.starts_with("ÁÉÍ"))
        );
        assert_eq!(ReportHeader::read(&read).0.city, "Brno");
    }

    #[test]
    fn dates_must_have_four_digit_years() {
        assert_eq!(date("26/11/20"), None);
        assert_eq!(date("2026-02-30"), None);
        assert!(date("2026.02.28").is_some());
    }
}
