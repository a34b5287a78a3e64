//! An event as a venue pushed it to this public server, built from the stored public state:
//! its standings and its rounds' boards; a team event's team standings and matches too.

use crate::formats::public_state::PublicState;
use crate::web::PageContext;
use askama::Template;

/// One board as the page shows it.
#[derive(Debug, Clone)]
pub struct BoardLine {
    /// Board number.
    pub board: u32,
    /// White's name (the player of a bye row).
    pub white: String,
    /// Black's name, empty on a bye row.
    pub black: String,
    /// The result's code, empty while the game is on.
    pub result: String,
}

/// One round.
#[derive(Debug, Clone)]
pub struct RoundLines {
    /// Its number.
    pub number: u32,
    /// Its boards.
    pub boards: Vec<BoardLine>,
}

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingLine {
    /// Place.
    pub rank: u32,
    /// Name.
    pub name: String,
    /// Points, in the page's language (`2,5`).
    pub points: String,
    /// Tie-break values.
    pub values: Vec<String>,
}

/// One line of a team event's standings.
#[derive(Debug, Clone)]
pub struct TeamStandingLine {
    /// Place.
    pub rank: u32,
    /// The team's name.
    pub team: String,
    /// Match points, in the page's language.
    pub match_points: String,
    /// Game points, in the page's language.
    pub game_points: String,
    /// Tie-break values.
    pub values: Vec<String>,
}

/// One match of a team event.
#[derive(Debug, Clone)]
pub struct MatchLine {
    /// The home team.
    pub home: String,
    /// The away team, empty for a free round.
    pub away: String,
    /// The score in game points (`2,5 : 1,5`), empty while not known.
    pub score: String,
}

/// A team event's round of matches.
#[derive(Debug, Clone)]
pub struct MatchRound {
    /// Its number.
    pub number: u32,
    /// Its matches.
    pub matches: Vec<MatchLine>,
}

/// The page.
#[derive(Template)]
#[template(path = "pushed/show.html")]
pub struct PushedEventPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name.
    pub name: String,
    /// Place and dates.
    pub subtitle: String,
    /// "Published from the venue at ...".
    pub published: String,
    /// The rounds, newest first.
    pub rounds: Vec<RoundLines>,
    /// The rounds the standings count.
    pub after_round: u32,
    /// Tie-break codes.
    pub codes: Vec<String>,
    /// The standings.
    pub standings: Vec<StandingLine>,
    /// A team event's rounds counted by its standings.
    pub team_after_round: u32,
    /// A team event's tie-break codes.
    pub team_codes: Vec<String>,
    /// A team event's standings (empty otherwise).
    pub team_standings: Vec<TeamStandingLine>,
    /// A team event's rounds of matches, newest first (empty otherwise).
    pub match_rounds: Vec<MatchRound>,
}

impl PushedEventPage {
    /// The page of `document`, published at `published` (the words of the page's language).
    pub fn of(ctx: PageContext, document: &PublicState, published: String) -> PushedEventPage {
        let name_of = |number: u32| {
            document
                .players
                .iter()
                .find(|player| player.number == Some(number))
                .map_or_else(|| number.to_string(), |player| player.name.clone())
        };
        let team_of = |number: u32| {
            document
                .teams
                .iter()
                .find(|team| team.number == number)
                .map_or_else(|| number.to_string(), |team| team.name.clone())
        };
        let event = &document.event;
        let dates = if event.start_date == event.end_date {
            event.start_date.clone()
        } else {
            format!("{} – {}", event.start_date, event.end_date)
        };
        let subtitle = if event.place.is_empty() {
            dates
        } else {
            format!("{} · {dates}", event.place)
        };
        let value = |value: &Option<String>| {
            value
                .as_deref()
                .map_or_else(|| "-".to_owned(), |v| ctx.num(v))
        };
        let rounds = document
            .rounds
            .iter()
            .rev()
            .map(|round| RoundLines {
                number: round.number,
                boards: round
                    .boards
                    .iter()
                    .map(|board| BoardLine {
                        board: board.board,
                        white: name_of(board.white),
                        black: board.black.map(name_of).unwrap_or_default(),
                        result: board.result.clone().unwrap_or_default(),
                    })
                    .collect(),
            })
            .collect();
        let standings = document
            .standings
            .rows
            .iter()
            .map(|row| StandingLine {
                rank: row.rank,
                name: name_of(row.player),
                points: ctx.num(&row.points),
                values: row.tie_breaks.iter().map(value).collect(),
            })
            .collect();
        let team = document.team_standings.as_ref();
        let team_standings = team
            .map(|standings| {
                standings
                    .rows
                    .iter()
                    .map(|row| TeamStandingLine {
                        rank: row.rank,
                        team: team_of(row.team),
                        match_points: ctx.num(&row.match_points),
                        game_points: ctx.num(&row.game_points),
                        values: row.tie_breaks.iter().map(value).collect(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut numbers: Vec<u32> = document.matches.iter().map(|m| m.round).collect();
        numbers.sort_unstable();
        numbers.dedup();
        let match_rounds = numbers
            .into_iter()
            .rev()
            .map(|number| MatchRound {
                number,
                matches: document
                    .matches
                    .iter()
                    .filter(|m| m.round == number)
                    .map(|m| MatchLine {
                        home: team_of(m.home),
                        away: m.away.map(team_of).unwrap_or_default(),
                        score: m.score.as_ref().map_or_else(String::new, |[home, away]| {
                            format!("{} : {}", ctx.num(home), ctx.num(away))
                        }),
                    })
                    .collect(),
            })
            .collect();
        PushedEventPage {
            name: event.name.clone(),
            subtitle,
            published,
            rounds,
            after_round: document.standings.after_round,
            codes: document.standings.tie_breaks.clone(),
            standings,
            team_after_round: team.map_or(0, |standings| standings.after_round),
            team_codes: team
                .map(|standings| standings.tie_breaks.clone())
                .unwrap_or_default(),
            team_standings,
            match_rounds,
            ctx,
        }
    }
}
