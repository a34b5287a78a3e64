//! What the league's pages share: the league loaded for a visitor, which rounds they see, the
//! match lines of a round, points as halves and the line-up's refusals in words.

use crate::db::league::LeagueData;
use crate::db::models::team_leagues::{LeagueRow, ORDERS, colours_name, order_name, parse_colours};
use crate::db::models::team_matches::TeamMatchRow;
use crate::db::models::teams::TeamRowId;
use crate::db::models::{TournamentId, User};
use crate::tournament::scoring::Points;
use crate::tournament::team::lineup::LineupError;
use crate::tournament::team::score::match_score;
use crate::tournament::team::tiebreak::{TeamScore, TeamTieBreak};
use crate::tournament::team::{BoardColours, TeamEvent, TeamId};
use crate::web::access::{Access, load_visible};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};
use askama::Template;
use serde::Deserialize;

/// Loads the league of tournament `id` for `user`: 404 when it is not visible to them or is
/// not a team competition.
pub async fn load_league(
    state: &AppState,
    user: Option<User>,
    id: i32,
) -> Result<(LeagueData, Access), AppError> {
    let (data, access) = load_visible(state, user, id).await?;
    if !data.tournament.pairing_system.is_team() {
        return Err(AppError::NotFound);
    }
    let league = state
        .db(move |conn| Ok(LeagueData::load_for(conn, data)?))
        .await?;
    Ok((league, access))
}

/// Whether a visitor with `access` may see round `round`: a team Swiss's round once published
/// (whoever runs the day sees it before, to check it); a league's schedule always.
pub fn round_visible(league: &LeagueData, access: Access, round: i32) -> bool {
    !league.data.tournament.pairing_system.is_team_swiss()
        || access.run_day
        || league
            .data
            .rounds
            .iter()
            .any(|r| r.number == round && r.published)
}

/// A match as a line of a round's list.
#[derive(Debug, Clone)]
pub struct MatchLine {
    /// The match's row id (for links).
    pub id: i32,
    /// The round.
    pub round: i32,
    /// The home team's name.
    pub home: String,
    /// The away team's name (empty for the free round).
    pub away: String,
    /// `5½ : 2½`, empty while not played.
    pub score: String,
    /// What else to know: forfeited, postponed, line-ups missing.
    pub status: String,
    /// The free round of an odd number of teams.
    pub free: bool,
}

impl MatchLine {
    /// The line of `found`, with its score in `event`.
    pub fn new(
        ctx: &PageContext,
        league: &LeagueData,
        event: &TeamEvent,
        found: &TeamMatchRow,
    ) -> MatchLine {
        let name = |id: TeamRowId| league.team(id).map_or(String::new(), |t| t.name.clone());
        let number = |id: TeamRowId| league.team(id).map_or(0, |t| t.number as u32);
        let scored = event
            .matches
            .iter()
            .find(|m| m.round as i32 == found.round && m.home == TeamId(number(found.home_id)))
            .and_then(|m| match_score(event, m));
        let score = match (scored, found.away_id) {
            (Some(s), Some(_)) => format!(
                "{} : {}",
                half_points(s.home_game_points),
                half_points(s.away_game_points)
            ),
            // A team Swiss's bye scores its game points (C.04.6 Art. 1.4).
            (Some(s), None) if event.bye_value.is_some() => half_points(s.home_game_points),
            _ => String::new(),
        };
        let status = if found.away_id.is_none() && event.bye_value.is_some() {
            ctx.t("result.code.pairing_bye")
        } else if found.away_id.is_none() {
            ctx.t("league.free_round")
        } else if found.forfeit.is_some() {
            ctx.t("league.forfeited")
        } else if found.postponed && scored.is_none() {
            // A postponed match once played is just played.
            ctx.t("league.postponed")
        } else if scored.is_none() && !(found.home_lineup && found.away_lineup) {
            ctx.t("league.lineups_missing")
        } else {
            String::new()
        };
        MatchLine {
            id: found.id.0,
            round: found.round,
            home: name(found.home_id),
            away: found.away_id.map(name).unwrap_or_default(),
            score,
            status,
            free: found.away_id.is_none(),
        }
    }
}

/// Points with a half as `½` (`5½`, `½`, `4`), as the printed tables write them.
pub fn half_points(points: crate::tournament::scoring::Points) -> String {
    crate::print::points_text(points)
}

/// Why a line-up was refused, naming the boards.
pub fn lineup_message(ctx: &PageContext, error: &LineupError) -> String {
    match error {
        LineupError::TooManyPlayers { named, boards } => ctx.lang.t_with(
            "league.error.lineup_too_many",
            &[
                ("named", &ctx.lang.counted("players", *named as u64)),
                ("boards", &ctx.lang.counted("boards", u64::from(*boards))),
            ],
        ),
        LineupError::NamedTwice { first, second } => ctx.lang.t_with(
            "league.error.lineup_twice",
            &[
                ("first", &first.to_string()),
                ("second", &second.to_string()),
            ],
        ),
        LineupError::NotInSquad { board } => ctx.lang.t_with(
            "league.error.lineup_not_in_squad",
            &[("board", &board.to_string())],
        ),
        LineupError::OutOfOrder {
            board, lower_board, ..
        } => ctx.lang.t_with(
            "league.error.lineup_order",
            &[
                ("board", &board.to_string()),
                ("lower_board", &lower_board.to_string()),
            ],
        ),
    }
}

/// A player of a squad.
#[derive(Debug, Clone)]
pub struct SquadLine {
    /// Place in the squad.
    pub position: usize,
    /// The player's row id.
    pub id: i32,
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Rating (0 = unrated).
    pub rating: i32,
}

/// A team with its squad.
#[derive(Debug, Clone)]
pub struct TeamView {
    /// The row id.
    pub id: i32,
    /// Pairing number.
    pub number: i32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// The squad in board order.
    pub squad: Vec<SquadLine>,
    /// The team has given a line-up: its squad order can no longer change.
    pub order_fixed: bool,
}

/// A penalty as listed.
#[derive(Debug, Clone)]
pub struct PenaltyLine {
    /// The team's name.
    pub team: String,
    /// The round, if any.
    pub round: String,
    /// Match points given (negative: taken).
    pub match_points: String,
    /// Game points given.
    pub game_points: String,
    /// The reason.
    pub reason: String,
}

/// The arbiter's penalties of `league` as listed (teams page, standings).
pub fn penalty_lines(league: &LeagueData) -> Vec<PenaltyLine> {
    league
        .penalties
        .iter()
        .map(|p| PenaltyLine {
            team: league
                .team(p.team_id)
                .map_or(String::new(), |t| t.name.clone()),
            round: p.round.map(|r| r.to_string()).unwrap_or_default(),
            match_points: Points(p.match_points).to_string(),
            game_points: Points(p.game_points).to_string(),
            reason: p.reason.clone(),
        })
        .collect()
}

/// An option of a select: value, label, selected.
pub type Choice = (String, String, bool);

/// The teams page.
#[derive(Template)]
#[template(path = "league/teams.html")]
pub struct TeamsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The teams.
    pub teams: Vec<TeamView>,
    /// Boards per match.
    pub boards: i32,
    /// The colour rules.
    pub colours: Vec<Choice>,
    /// Match points of a win, draw and loss as typed.
    pub match_points: [String; 3],
    /// The ranking presets.
    pub orders: Vec<Choice>,
    /// The schedule is drawn.
    pub drawn: bool,
    /// Rounds scheduled.
    pub rounds: u32,
    /// The arbiter's penalties.
    pub penalties: Vec<PenaltyLine>,
    /// Paired round by round by the Swiss system (C.04.6), not drawn.
    pub swiss: bool,
    /// A team Swiss's systems (record 192 codes).
    pub swiss_systems: Vec<Choice>,
    /// Match and game points of its bye as typed (game points empty = half the boards).
    pub bye_points: [String; 2],
    /// The initial-colour: drawn, White, Black.
    pub initial_colours: Vec<Choice>,
    /// Rounds paired so far.
    pub paired: u32,
    /// "Rounds paired: 3 of 9".
    pub paired_text: String,
    /// A captain's link just issued: the team's name and the link, shown this once.
    pub new_link: Option<(String, crate::web::pages::desk::ShownLink)>,
    /// The line-up deadline in minutes before the round's start, empty for none.
    pub lineup_deadline: String,
}

impl TeamsPage {
    /// The page of `league` for a visitor with `access`.
    pub fn new(ctx: PageContext, league: &LeagueData, access: Access) -> TeamsPage {
        let teams = league
            .teams
            .iter()
            .map(|t| TeamView {
                id: t.id.0,
                number: t.number,
                name: t.name.clone(),
                club: t.club.clone(),
                squad: league
                    .squad(t.id)
                    .iter()
                    .enumerate()
                    .map(|(i, p)| SquadLine {
                        position: i + 1,
                        id: p.id.0,
                        name: p.name.clone(),
                        title: p.title.clone(),
                        rating: p.rating,
                    })
                    .collect(),
                order_fixed: league.matches.iter().any(|m| {
                    (m.home_id == t.id && m.home_lineup)
                        || (m.away_id == Some(t.id) && m.away_lineup)
                }),
            })
            .collect();
        let settings = &league.league;
        let colours = [
            BoardColours::HomeWhiteOnOdd,
            BoardColours::HomeBlackOnOdd,
            BoardColours::AlternateByRound,
        ]
        .into_iter()
        .map(|c| {
            let name = colours_name(c);
            (
                name.to_owned(),
                ctx.t(&format!("league.colours.{name}")),
                settings.colours == name,
            )
        })
        .collect();
        let mut orders: Vec<Choice> = ORDERS
            .into_iter()
            .map(|o| {
                let name = order_name(o);
                (
                    name.to_owned(),
                    ctx.t(&format!("league.order.{name}")),
                    settings.tie_breaks == name,
                )
            })
            .collect();
        if settings.order().is_none() {
            orders.push((
                settings.tie_breaks.clone(),
                settings.tie_breaks.clone(),
                true,
            ));
        }
        let penalties = penalty_lines(league);
        let swiss_systems = SWISS_SYSTEMS
            .iter()
            .map(|code| {
                (
                    (*code).to_owned(),
                    ctx.t(&format!(
                        "league.swiss.system.{}",
                        code.to_ascii_lowercase()
                    )),
                    settings.swiss_system == *code,
                )
            })
            .collect();
        let initial_colours = [
            ("", "league.swiss.colour_lots"),
            ("w", "round.white"),
            ("b", "round.black"),
        ]
        .into_iter()
        .map(|(value, key)| {
            (
                value.to_owned(),
                ctx.t(key),
                settings.initial_colour == value,
            )
        })
        .collect();
        TeamsPage {
            header: TournamentHeader::new(&league.data, access, "teams"),
            teams,
            boards: settings.boards,
            colours,
            match_points: [
                Points(settings.match_points_win).to_string(),
                Points(settings.match_points_draw).to_string(),
                Points(settings.match_points_loss).to_string(),
            ],
            orders,
            drawn: !league.matches.is_empty(),
            rounds: league.rounds(),
            penalties,
            swiss: league.data.tournament.pairing_system.is_team_swiss(),
            swiss_systems,
            bye_points: [
                Points(settings.bye_match_points).to_string(),
                settings
                    .bye_game_points
                    .map(|p| Points(p).to_string())
                    .unwrap_or_default(),
            ],
            initial_colours,
            paired: league.rounds_paired(),
            paired_text: ctx.lang.t_with(
                "league.swiss.paired_of",
                &[
                    ("paired", &league.rounds_paired().to_string()),
                    ("rounds", &league.rounds().to_string()),
                ],
            ),
            lineup_deadline: settings
                .lineup_deadline_minutes
                .map(|m| m.to_string())
                .unwrap_or_default(),
            ctx,
            new_link: None,
        }
    }
}

/// The team Swiss systems offered (C.04.6 Art. 1.2 and 1.7, as TRF-2026 record 192 codes).
pub const SWISS_SYSTEMS: [&str; 4] = [
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEA_GP_MP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_TYPEB_GP_MP",
];

/// The line-up deadline's range in minutes before the round's start (up to a week).
pub const LINEUP_DEADLINE: std::ops::RangeInclusive<i32> = 0..=7 * 24 * 60;

/// The fewest and most boards of a match.
pub const BOARDS: std::ops::RangeInclusive<i32> = 1..=20;

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SettingsForm {
    /// Boards per match.
    pub boards: String,
    /// Colour rule's stored name.
    pub colours: String,
    /// Match points of a win.
    pub win: String,
    /// Of a draw.
    pub draw: String,
    /// Of a loss.
    pub loss: String,
    /// A preset name or a list of team tie-break codes.
    pub tie_breaks: String,
    /// A list of team tie-break codes typed by the organiser (`MPTS,GPTS,DE:MP,EMGSB`): when
    /// given, it is the ranking instead of the preset.
    pub tie_break_list: String,
    /// A team Swiss's system code (TRF-2026 record 192); empty for a league.
    pub swiss_system: String,
    /// Match points of a team Swiss's pairing-allocated bye.
    pub bye_match_points: String,
    /// Its game points; empty = half the boards.
    pub bye_game_points: String,
    /// The initial-colour: `w`, `b` or empty (drawn before round 1).
    pub initial_colour: String,
    /// A league's line-up deadline in minutes before the round's start; empty for none.
    pub lineup_deadline: String,
}

impl SettingsForm {
    /// The settings, or the first problem in the page's language.
    pub fn check(&self, ctx: &PageContext, tournament: TournamentId) -> Result<LeagueRow, String> {
        let boards = self
            .boards
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|b| BOARDS.contains(b))
            .ok_or_else(|| ctx.t("league.error.boards"))?;
        let colours =
            parse_colours(self.colours.trim()).ok_or_else(|| ctx.t("league.error.colours"))?;
        let points = |text: &str| {
            Some(text)
                .filter(|t| t.trim().chars().count() <= 5)
                .and_then(Points::parse)
                .filter(|p| (0..=100).contains(&p.0))
                .ok_or_else(|| ctx.t("league.error.match_points"))
        };
        let (win, draw, loss) = (points(&self.win)?, points(&self.draw)?, points(&self.loss)?);
        if !(win.0 > draw.0 && draw.0 >= loss.0) {
            return Err(ctx.t("league.error.match_points"));
        }
        let tie_breaks = match self.tie_break_list.trim() {
            "" => self.tie_breaks.trim().to_owned(),
            list => list
                .chars()
                .take(200)
                .collect::<String>()
                .to_ascii_uppercase(),
        };
        let defaults = LeagueRow::default_for(tournament);
        let swiss_system = match self.swiss_system.trim() {
            "" => defaults.swiss_system,
            code => SWISS_SYSTEMS
                .iter()
                .find(|&&known| known == code)
                .map(|&known| known.to_owned())
                .ok_or_else(|| ctx.t("league.error.swiss_system"))?,
        };
        let bye_match_points = match self.bye_match_points.trim() {
            "" => defaults.bye_match_points,
            text => points(text)?.0,
        };
        let bye_game_points = match self.bye_game_points.trim() {
            "" => None,
            text => Some(
                Points::parse(text)
                    .filter(|p| (0..=boards * 10).contains(&p.0))
                    .ok_or_else(|| ctx.t("league.error.bye_game_points"))?
                    .0,
            ),
        };
        let initial_colour = match self.initial_colour.trim() {
            colour @ ("" | "w" | "b") => colour.to_owned(),
            _ => return Err(ctx.t("league.error.initial_colour")),
        };
        let lineup_deadline_minutes = match self.lineup_deadline.trim() {
            "" => None,
            text => Some(
                text.parse::<i32>()
                    .ok()
                    .filter(|m| LINEUP_DEADLINE.contains(m))
                    .ok_or_else(|| ctx.t("league.error.lineup_deadline"))?,
            ),
        };
        let row = LeagueRow {
            lineup_deadline_minutes,
            tournament_id: tournament,
            boards,
            colours: crate::db::models::team_leagues::colours_name(colours).into(),
            match_points_win: win.0,
            match_points_draw: draw.0,
            match_points_loss: loss.0,
            tie_breaks,
            swiss_system,
            bye_match_points,
            bye_game_points,
            initial_colour,
        };
        if row.order().is_none() && TeamTieBreak::parse_list(&row.tie_breaks).is_err() {
            return Err(ctx
                .lang
                .t_with("league.error.tie_breaks", &[("value", &row.tie_breaks)]));
        }
        Ok(row)
    }
}

/// A row of the standings.
#[derive(Debug, Clone)]
pub struct StandingLine {
    /// Rank (shared ranks repeat).
    pub rank: u32,
    /// The team.
    pub team: String,
    /// The team's number (its working's address).
    pub number: u32,
    /// Matches played.
    pub played: u32,
    /// Match points.
    pub match_points: String,
    /// Game points.
    pub game_points: String,
    /// The tie-break values after the primary score.
    pub values: Vec<String>,
    /// Matches still to play from the rounds so far.
    pub to_play: u32,
}

/// The standings page.
#[derive(Template)]
#[template(path = "league/standings.html")]
pub struct LeagueStandingsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub rounds: u32,
    /// The tie-break codes after MP and GP.
    pub codes: Vec<String>,
    /// Every code of the list with its name, in the list's order.
    pub legend: Vec<(String, String)>,
    /// The rows.
    pub rows: Vec<StandingLine>,
    /// Postponed matches.
    pub postponed: Vec<MatchLine>,
    /// Penalties.
    pub penalties: Vec<PenaltyLine>,
}

/// The name of a team tie-break in the visitor's language, with the score it is read on and
/// its cut (`Sonneborn-Berger (opponents: on match points; scored: on game points)`).
pub fn tie_break_name(ctx: &PageContext, tie_break: &TeamTieBreak) -> String {
    let on = |score: TeamScore| match score {
        TeamScore::Match => ctx.t("league.tb.on_mp"),
        TeamScore::Game => ctx.t("league.tb.on_gp"),
    };
    match *tie_break {
        TeamTieBreak::MatchPoints => ctx.t("league.tb.mpts"),
        TeamTieBreak::GamePoints => ctx.t("league.tb.gpts"),
        TeamTieBreak::SecondaryScore => ctx.t("league.tb.mpvgp"),
        TeamTieBreak::MatchesWon => ctx.t("league.tb.win"),
        TeamTieBreak::DirectEncounter(score) => {
            format!("{} ({})", ctx.t("league.tb.de"), on(score))
        }
        TeamTieBreak::ExtendedDirectEncounter => ctx.t("league.tb.ede"),
        TeamTieBreak::SonnebornBerger {
            opponents,
            scored,
            cut1,
        } => {
            let mut name = format!(
                "{} ({} × {}",
                ctx.t("league.tb.sb"),
                on(opponents),
                on(scored)
            );
            if cut1 {
                name.push_str("; ");
                name.push_str(&ctx.t("league.tb.cut1"));
            }
            name.push(')');
            name
        }
        TeamTieBreak::Buchholz(score) => format!("{} ({})", ctx.t("league.tb.bh"), on(score)),
        TeamTieBreak::BoardCount => ctx.t("league.tb.bc"),
        TeamTieBreak::TopBoardResults => ctx.t("league.tb.tbr"),
        TeamTieBreak::BottomBoardElimination => ctx.t("league.tb.bbe"),
        TeamTieBreak::GamesWon => ctx.t("league.tb.gwin"),
        TeamTieBreak::ResultsAgainstTop => ctx.t("league.tb.rtop"),
    }
}

/// The round page.
#[derive(Template)]
#[template(path = "league/round.html")]
pub struct LeagueRoundPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The round.
    pub round: i32,
    /// Its date and time, if scheduled.
    pub starts: String,
    /// Its matches.
    pub matches: Vec<MatchLine>,
    /// Matches of earlier rounds still to be played.
    pub postponed: Vec<MatchLine>,
    /// A team Swiss's round: what whoever runs the day may do with it.
    pub swiss: Option<SwissRound>,
    /// For whoever runs the day: the boards of the matches with both line-ups in, for results
    /// typed in one after another (`static/js/results.js`).
    pub entry: Vec<MatchEntry>,
}

/// A match's boards on the round page, for results by keyboard.
#[derive(Debug, Clone)]
pub struct MatchEntry {
    /// The match's row id.
    pub id: i32,
    /// `Home – Away`.
    pub title: String,
    /// Its boards with two players.
    pub boards: Vec<EntryBoard>,
}

/// A board whose result can be typed in.
#[derive(Debug, Clone)]
pub struct EntryBoard {
    /// The board's row id.
    pub id: i32,
    /// Board number.
    pub number: i32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result as printed (`½-½`), empty while not played.
    pub result: String,
    /// The board's version (for the form).
    pub version: i32,
}

/// A team Swiss round's state and actions (C.04.6).
#[derive(Debug, Clone)]
pub struct SwissRound {
    /// Its pairings are public.
    pub published: bool,
    /// It is the last round paired and nothing of it is entered: it can be unpaired.
    pub unpair: bool,
    /// Its matches still without a result.
    pub missing: usize,
    /// "2 matches without a result".
    pub missing_text: String,
    /// The round that can be paired next, once every result is in.
    pub next: Option<u32>,
    /// The teams of the round (row id, number and name), for an exchange.
    pub teams: Vec<(i32, String)>,
}
