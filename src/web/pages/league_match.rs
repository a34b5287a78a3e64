//! A league match's page: its boards with the line-ups and results, the line-up form of each team.

use std::collections::HashMap;

use crate::db::league::LeagueData;
use crate::db::models::PlayerRowId;
use crate::db::models::team_matches::{TeamMatchId, forfeit_name};
use crate::db::models::teams::TeamRowId;
use crate::tournament::model::Color;
use crate::tournament::result::BoardResult;
use crate::tournament::team::MatchForfeit;
use crate::web::access::Access;
use crate::web::pages::league::MatchLine;
use crate::web::pages::result::{article_choices, penalty_choices};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, PageContext};
use askama::Template;

/// A board of the match.
#[derive(Debug, Clone)]
pub struct BoardLine {
    /// The board's row id (0 before the line-ups).
    pub id: i32,
    /// Board number.
    pub number: u32,
    /// The home team has White here.
    pub home_white: bool,
    /// White's name (empty seat: empty).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result's code, empty while not played.
    pub result: String,
    /// The result as shown (an empty seat's forfeit included).
    pub shown: String,
    /// The board's version, for the result form.
    pub version: i32,
    /// Both seats are taken: the board takes a result.
    pub playable: bool,
    /// The result is the arbiter's penalty score (Laws Art. 12.9): shown beside the form.
    pub penalty: bool,
}

/// One team's line-up form.
#[derive(Debug, Clone)]
pub struct LineupForm {
    /// `home` or `away`.
    pub side: &'static str,
    /// The team's name.
    pub team: String,
    /// Given already.
    pub given: bool,
    /// Per board, the player chosen (row id, 0 = none).
    pub chosen: Vec<(u32, i32)>,
    /// The squad: row id and label.
    pub squad: Vec<(i32, String)>,
}

/// The match page.
#[derive(Template)]
#[template(path = "league/match.html")]
pub struct MatchPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The match as listed.
    pub line: MatchLine,
    /// The boards.
    pub boards: Vec<BoardLine>,
    /// The line-up forms (for whoever runs the day).
    pub lineups: Vec<LineupForm>,
    /// The match's version.
    pub version: i32,
    /// The forfeit's stored name, empty if none.
    pub forfeit: String,
    /// Postponed.
    pub postponed: bool,
    /// The result codes of a game, with labels.
    pub results: Vec<(&'static str, &'static str)>,
    /// The visitor may enter line-ups and results.
    pub run_day: bool,
    /// The arbiter's penalty results (code, label; Laws Art. 12.9, 11.3) for the penalty form
    /// of each board; empty for a visitor who does not run the day.
    pub penalties: Vec<(&'static str, String)>,
    /// The articles a penalty is entered under (code, label).
    pub articles: Vec<(&'static str, String)>,
    /// The captains' words on the results (team, word), once the match is played.
    pub words: Vec<(String, String)>,
}

impl MatchPage {
    /// The page of match `id`, or `None` when the league has no such match.
    pub fn new(
        ctx: PageContext,
        league: &LeagueData,
        access: Access,
        id: TeamMatchId,
    ) -> Option<MatchPage> {
        let found = league.find_match(id)?;
        let event = league.event();
        let line = MatchLine::new(&ctx, league, &event, found);
        let name = |p: Option<crate::db::models::PlayerRowId>| {
            p.and_then(|p| league.data.player(p))
                .map_or(String::new(), |p| label(&p.name, p.rating))
        };
        let colours = league.league.board_colours();
        let round = u32::try_from(found.round).unwrap_or(0);
        let stored = league.boards_of(id);
        let count = u32::try_from(league.league.boards).unwrap_or(0);
        let lineups_in = league.lineups_revealed(found, crate::db::now());
        let boards = if found.away_id.is_none() {
            Vec::new()
        } else {
            (1..=count)
                .map(|n| {
                    let row = stored.iter().find(|b| b.board as u32 == n);
                    let white = row.and_then(|b| b.white_id);
                    let black = row.and_then(|b| b.black_id);
                    let result = row.and_then(|b| b.result);
                    let shown = match (white, black) {
                        _ if !lineups_in => result,
                        (Some(_), None) => Some(BoardResult::WhiteWinsByForfeit),
                        (None, Some(_)) => Some(BoardResult::BlackWinsByForfeit),
                        (None, None) => Some(BoardResult::DoubleForfeit),
                        _ => result,
                    };
                    BoardLine {
                        id: row.map_or(0, |b| b.id.0),
                        number: n,
                        home_white: colours.home_colour(n, round) == Color::White,
                        // A visitor sees the seats when both line-ups are in or the deadline
                        // has passed (they are revealed together), whoever runs the day at
                        // once.
                        white: if lineups_in || access.run_day {
                            name(white)
                        } else {
                            String::new()
                        },
                        black: if lineups_in || access.run_day {
                            name(black)
                        } else {
                            String::new()
                        },
                        result: result.map(|r| r.as_str().to_owned()).unwrap_or_default(),
                        shown: shown.map(|r| r.label().to_owned()).unwrap_or_default(),
                        version: row.map_or(0, |b| b.version),
                        playable: lineups_in && white.is_some() && black.is_some(),
                        penalty: result.is_some_and(BoardResult::is_penalty),
                    }
                })
                .collect()
        };
        let lineups = match found.away_id {
            Some(away) if access.run_day => vec![
                lineup_form(&ctx, league, found, "home", found.home_id),
                lineup_form(&ctx, league, found, "away", away),
            ],
            _ => Vec::new(),
        };
        Some(MatchPage {
            header: TournamentHeader::new(&league.data, access, &format!("round-{}", found.round)),
            line,
            boards,
            lineups,
            version: found.version,
            forfeit: found
                .match_forfeit()
                .map(forfeit_name)
                .unwrap_or_default()
                .to_owned(),
            postponed: found.postponed,
            results: BoardResult::GAME
                .iter()
                .map(|r| (r.as_str(), r.label()))
                .collect(),
            penalties: if access.run_day {
                penalty_choices(&ctx)
            } else {
                Vec::new()
            },
            articles: if access.run_day {
                article_choices(&ctx)
            } else {
                Vec::new()
            },
            run_day: access.run_day,
            words: captains_words(&ctx, league, found),
            ctx,
        })
    }

    /// The forfeit choices: stored name and label key.
    pub fn forfeits(&self) -> Vec<(&'static str, String)> {
        let mut all = vec![("", self.ctx.t("league.forfeit.none"))];
        for f in [
            MatchForfeit::HomeWins,
            MatchForfeit::AwayWins,
            MatchForfeit::Both,
        ] {
            let name = forfeit_name(f);
            all.push((name, self.ctx.t(&format!("league.forfeit.{name}"))));
        }
        all
    }
}

fn label(name: &str, rating: i32) -> String {
    if rating > 0 {
        format!("{name} ({rating})")
    } else {
        name.to_owned()
    }
}

/// The line-up form of one side (`home` or `away`) of match `found`, `team` being that side's
/// team: the seats as stored once the line-up is given (or as a refused form chose them), the
/// squad in its order.
pub fn lineup_form(
    ctx: &PageContext,
    league: &LeagueData,
    found: &crate::db::models::team_matches::TeamMatchRow,
    side: &'static str,
    team: TeamRowId,
) -> LineupForm {
    let home = side == "home";
    let given = if home {
        found.home_lineup
    } else {
        found.away_lineup
    };
    let colours = league.league.board_colours();
    let round = u32::try_from(found.round).unwrap_or(0);
    let stored = league.boards_of(found.id);
    let count = u32::try_from(league.league.boards).unwrap_or(0);
    let chosen = (1..=count)
        .map(|n| {
            let row = stored.iter().find(|b| b.board as u32 == n);
            let home_white = colours.home_colour(n, round) == Color::White;
            let seat = row.and_then(|b| {
                if home == home_white {
                    b.white_id
                } else {
                    b.black_id
                }
            });
            // A refused line-up comes back with the boards as they were chosen.
            let kept = (ctx.kept("side") == Some(side))
                .then(|| ctx.kept(&format!("board_{n}")))
                .map(|value| {
                    value
                        .and_then(|v| v.trim().parse::<i32>().ok())
                        .unwrap_or(0)
                });
            let stored = if given { seat.map_or(0, |p| p.0) } else { 0 };
            (n, kept.unwrap_or(stored))
        })
        .collect();
    LineupForm {
        side,
        team: league.team(team).map_or(String::new(), |t| t.name.clone()),
        given,
        chosen,
        squad: league
            .squad(team)
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.0, format!("{}. {}", i + 1, label(&p.name, p.rating))))
            .collect(),
    }
}

/// The captains' words on the results of played match `found`: per team (home first) its name
/// and the word in the page's language — confirmed, disputed with the note, given before a
/// result changed, or not given yet; empty while the match is not played.
pub fn captains_words(
    ctx: &PageContext,
    league: &LeagueData,
    found: &crate::db::models::team_matches::TeamMatchRow,
) -> Vec<(String, String)> {
    let Some(away) = found.away_id else {
        return Vec::new();
    };
    if !league.match_played(found) {
        return Vec::new();
    }
    [found.home_id, away]
        .into_iter()
        .map(|team| {
            let word = match league.confirmation(found, team) {
                None => ctx.t("captain.word.none"),
                Some((_, false)) => ctx.t("captain.word.stale"),
                Some((c, true)) if c.agrees => ctx.t("captain.word.agrees"),
                Some((c, true)) => format!("{}: {}", ctx.t("captain.word.disputes"), c.note),
            };
            (
                league.team(team).map_or(String::new(), |t| t.name.clone()),
                word,
            )
        })
        .collect()
}

/// The most boards a line-up form may name.
const MAX_BOARDS: u32 = 20;

/// A line-up form as sent (`side` = `home` or `away`; `board_1`, `board_2`, … a squad
/// player's row id or empty; `version`), by the arbiter or a captain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentLineup {
    /// The home team's line-up.
    pub home: bool,
    /// The players, board 1 first.
    pub players: Vec<PlayerRowId>,
    /// The match's version the form was made at.
    pub version: i32,
}

impl SentLineup {
    /// Reads the form; what is wrong with it in the page's language.
    pub fn read(ctx: &PageContext, form: &HashMap<String, String>) -> Result<SentLineup, AppError> {
        let home = match form.get("side").map(String::as_str) {
            Some("home") => true,
            Some("away") => false,
            _ => return Err(AppError::Unprocessable(ctx.t("league.error.side"))),
        };
        let version = form
            .get("version")
            .and_then(|v| v.trim().parse::<i32>().ok())
            .ok_or_else(|| AppError::Unprocessable(ctx.t("league.error.changed")))?;
        let players = players_of(form).map_err(|board| {
            AppError::Unprocessable(
                ctx.lang
                    .t_with("league.error.lineup_gap", &[("board", &board.to_string())]),
            )
        })?;
        Ok(SentLineup {
            home,
            players,
            version,
        })
    }
}

/// The players of a line-up form, board 1 first, or the board whose empty seat is above a
/// taken one.
pub fn players_of(form: &HashMap<String, String>) -> Result<Vec<PlayerRowId>, u32> {
    let mut players = Vec::new();
    let mut first_empty = None;
    for board in 1..=MAX_BOARDS {
        let value = form
            .get(&format!("board_{board}"))
            .map(|v| v.trim())
            .unwrap_or("");
        match value.parse::<i32>() {
            Ok(id) if id > 0 => {
                if let Some(empty) = first_empty {
                    return Err(empty);
                }
                players.push(PlayerRowId(id));
            }
            _ => {
                first_empty.get_or_insert(board);
            }
        }
    }
    Ok(players)
}
