//! The tournament's header: its name and the tabs above every tournament page.

use crate::db::domain::TournamentData;
use crate::web::access::Access;

/// The tournament's name and tabs, shown above every tournament page.
#[derive(Debug, Clone)]
pub struct TournamentHeader {
    /// Id (for links).
    pub id: i32,
    /// Name.
    pub name: String,
    /// Place and dates.
    pub subtitle: String,
    /// Published?
    pub published: bool,
    /// The visitor may manage it.
    pub manage: bool,
    /// The visitor may run the tournament day.
    pub run_day: bool,
    /// The round numbers the visitor may open.
    pub rounds: Vec<i32>,
    /// Paired by a Swiss system (whoever runs the day gets the Swiss tab).
    pub swiss: bool,
    /// A team competition: the Teams tab, and rounds, standings and crosstable of the league.
    pub team: bool,
    /// Which tab is open (`info`, `players`, `round-N`, `standings`, `crosstable`).
    pub active: String,
}

impl TournamentHeader {
    /// The header of `data` for a visitor with `access`, with tab `active` open.
    pub fn new(data: &TournamentData, access: Access, active: &str) -> TournamentHeader {
        let t = &data.tournament;
        let dates = if t.start_date == t.end_date {
            t.start_date.to_string()
        } else {
            format!("{} – {}", t.start_date, t.end_date)
        };
        let subtitle = if t.place.is_empty() {
            dates
        } else {
            format!("{} · {}", t.place, dates)
        };
        TournamentHeader {
            id: t.id.0,
            name: t.name.clone(),
            subtitle,
            published: t.published,
            manage: access.manage,
            run_day: access.run_day,
            rounds: if t.pairing_system.is_team() && !t.pairing_system.is_team_swiss() {
                // A league's rounds are its schedule, public with the tournament; a team
                // Swiss's, like an individual Swiss's, once paired and published.
                (1..=t.rounds).collect()
            } else {
                data.rounds
                    .iter()
                    .filter(|round| round.published || access.run_day)
                    .map(|round| round.number)
                    .collect()
            },
            swiss: t.pairing_system.is_swiss(),
            team: t.pairing_system.is_team(),
            active: active.to_owned(),
        }
    }

    /// True when `tab` is the open one.
    pub fn is_active(&self, tab: &str) -> bool {
        self.active == tab
    }

    /// The tab name of round `number`.
    pub fn round_tab(&self, number: &i32) -> String {
        format!("round-{number}")
    }
}
