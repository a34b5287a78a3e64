//! The event's header records of an imported TRF file (`022` place, `032` federation,
//! `042`/`052` dates, `102` chief arbiter, `122` time control), read from the records the TRF
//! reader keeps verbatim. The rounds become boards through
//! [`crate::tournament::board::boards_of_round`] (the one mapping of round entries to boards).

use crate::tournament::model::Tournament;

/// The header facts of the event, as written (empty when absent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventFacts {
    /// `022` place.
    pub place: String,
    /// `032` federation.
    pub federation: String,
    /// `042` start date, `YYYY/MM/DD` or `YYYY-MM-DD`.
    pub start_date: String,
    /// `052` end date.
    pub end_date: String,
    /// `102` chief arbiter.
    pub chief_arbiter: String,
    /// `122` time control.
    pub time_control: String,
}

/// Reads the header records kept verbatim by the TRF reader.
pub fn event_facts(tournament: &Tournament) -> EventFacts {
    let mut facts = EventFacts::default();
    for record in &tournament.other_records {
        // By characters: a record may start with a letter of any script.
        let tag: String = record.chars().take(3).collect();
        let value = record.chars().skip(3).collect::<String>().trim().to_owned();
        match tag.as_str() {
            "022" => facts.place = value,
            "032" => facts.federation = value,
            "042" => facts.start_date = value,
            "052" => facts.end_date = value,
            "102" => facts.chief_arbiter = value,
            "122" => facts.time_control = value,
            _ => {}
        }
    }
    facts
}

/// A TRF date (`2026/11/21`, `2026-11-21`, `26/11/21` is not accepted) as a date.
pub fn trf_date(text: &str) -> Option<time::Date> {
    let parts: Vec<&str> = text.trim().split(['/', '-', '.']).collect();
    let [year, month, day] = parts.as_slice() else {
        return None;
    };
    if year.len() != 4 {
        return None;
    }
    let month = time::Month::try_from(month.parse::<u8>().ok()?).ok()?;
    time::Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf;
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
        let model = trf::parse(&file()).expect("valid");
        assert_eq!(model.rounds_played(), 2);
        let facts = event_facts(&model);
        assert_eq!(facts.place, "Brno");
        assert_eq!(
            trf_date(&facts.start_date),
            Some(time::macros::date!(2026 - 11 - 20))
        );
        let one = boards_of_round(&model, 1).expect("round 1");
        assert_eq!(one[0].players(), Some((PlayerId(1), PlayerId(2))));
        assert_eq!(one[0].result, Some(BoardResult::WhiteWins));
        assert_eq!(one[1].white, PlayerId(3));
        assert_eq!(one[1].result, Some(BoardResult::PairingAllocatedBye));
        let two = boards_of_round(&model, 2).expect("round 2");
        assert_eq!(two[0].players(), Some((PlayerId(3), PlayerId(1))));
        assert_eq!(two[0].result, Some(BoardResult::Draw));
        assert_eq!(two[1].result, Some(BoardResult::ZeroPointBye));
    }

    #[test]
    fn records_starting_with_letters_of_any_script_are_read_not_a_panic() {
        // A national record of another program, or a stray line: two-byte letters where the
        // tag's three columns are.
        let text = format!("{}\nÁÉÍ Some record\nČR Brno\n", file());
        let model = trf::parse(&text).expect("valid");
        assert!(model.other_records.iter().any(|r| r.starts_with("ÁÉÍ")));
        assert_eq!(event_facts(&model).place, "Brno");
    }

    #[test]
    fn dates_must_have_four_digit_years() {
        assert_eq!(trf_date("26/11/20"), None);
        assert_eq!(trf_date("2026-02-30"), None);
        assert!(trf_date("2026.02.28").is_some());
    }
}
