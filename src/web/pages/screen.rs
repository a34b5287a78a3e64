//! The hall screen: a full-screen page for a television in the playing hall that shows, one
//! slide after another in large type, the current round's pairings by board, the same pairings
//! by name (a player finds their board), and the standings; a team event's matches and team
//! standings. It is built from the event's public state document alone
//! ([`crate::formats::public_state`]), so it shows exactly what the public sees, for a
//! tournament of this server and for an event a venue pushed alike; the slides cycle and the
//! page reloads itself (`static/js/screen.js`; without scripts it reloads once a minute).

use askama::Template;
use serde::Deserialize;

use crate::formats::public_state::PublicState;
use crate::web::PageContext;

/// How a visitor may tune the screen: `?every=SECONDS&rows=N`.
#[derive(Debug, Deserialize, Default)]
pub struct ScreenQuery {
    /// Seconds each slide stays (5 to 120; 12 when absent).
    pub every: Option<String>,
    /// Lines on a slide (6 to 40; 15 when absent).
    pub rows: Option<String>,
}

/// The slide time and lines the screen uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenSettings {
    /// Seconds a slide stays.
    pub every: u32,
    /// Lines on a slide.
    pub rows: usize,
}

impl ScreenQuery {
    /// The settings asked for; the message key and the bad value when one is out of its
    /// range or not a number.
    pub fn settings(&self) -> Result<ScreenSettings, (&'static str, String)> {
        let read = |value: &Option<String>, key, low: u32, high: u32, default: u32| match value
            .as_deref()
            .map(str::trim)
        {
            None | Some("") => Ok(default),
            Some(text) => text
                .parse::<u32>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or((key, text.to_owned())),
        };
        Ok(ScreenSettings {
            every: read(&self.every, "screen.error.every", 5, 120, 12)?,
            rows: read(&self.rows, "screen.error.rows", 6, 40, 15)? as usize,
        })
    }
}

/// One board of the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenBoard {
    /// Board number.
    pub board: u32,
    /// White: title and name, rating.
    pub white: String,
    /// Black, or the word for a bye.
    pub black: String,
    /// The result as printed (`1–0`, `½–½`), empty while the game is on.
    pub result: String,
}

/// One player of the round by name: where they play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameLine {
    /// The player's name.
    pub name: String,
    /// The board, empty for a bye.
    pub board: String,
    /// "White" or "Black" in the page's language, empty for a bye.
    pub colour: String,
    /// The opponent, or the word for a bye.
    pub opponent: String,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenStanding {
    /// Place.
    pub rank: u32,
    /// Title and name, or a team's name.
    pub name: String,
    /// Points (a team's match points), in the page's language.
    pub points: String,
    /// The tie-break values (a team's game points first).
    pub values: Vec<String>,
}

/// One match of a team event's round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenMatch {
    /// Home team.
    pub home: String,
    /// Away team, or the words for a free round.
    pub away: String,
    /// The score (`2½ : 1½`), empty until a result is in.
    pub score: String,
}

/// A slide: a heading and one kind of lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slide {
    /// The round's boards.
    Boards(Vec<ScreenBoard>),
    /// The round's players by name.
    Names(Vec<NameLine>),
    /// The standings: the column heads of the values, and the lines.
    Standings(Vec<String>, Vec<ScreenStanding>),
    /// A team event's round of matches.
    Matches(Vec<ScreenMatch>),
}

/// A slide with its heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitledSlide {
    /// The heading (`Round 5 · Pairings (2/3)`).
    pub heading: String,
    /// The lines.
    pub slide: Slide,
}

/// The page.
#[derive(Template)]
#[template(path = "screen/show.html")]
pub struct ScreenPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The event's name.
    pub name: String,
    /// The slides in the order they are shown.
    pub slides: Vec<TitledSlide>,
    /// Seconds a slide stays.
    pub every: u32,
    /// Lines on a slide (the type is sized to fit them).
    pub rows: usize,
}

/// A result code of the document as the hall reads it.
fn shown_result(code: &str) -> &str {
    match code {
        "1-0" => "1–0",
        "0-1" => "0–1",
        "1/2-1/2" => "½–½",
        "+/-" => "+–−",
        "-/+" => "−–+",
        "-/-" => "−–−",
        other => other,
    }
}

/// `(1/3)` after a heading of a list shown on several slides, nothing for one.
fn part(heading: &str, index: usize, count: usize) -> String {
    if count > 1 {
        format!("{heading} ({}/{count})", index + 1)
    } else {
        heading.to_owned()
    }
}

/// Splits `lines` into slides of `rows` lines under `heading`.
fn paged<T: Clone>(
    heading: &str,
    lines: &[T],
    rows: usize,
    make: impl Fn(Vec<T>) -> Slide,
) -> Vec<TitledSlide> {
    let count = lines.len().div_ceil(rows.max(1));
    lines
        .chunks(rows.max(1))
        .enumerate()
        .map(|(index, chunk)| TitledSlide {
            heading: part(heading, index, count),
            slide: make(chunk.to_vec()),
        })
        .collect()
}

impl ScreenPage {
    /// The screen of `document`.
    pub fn of(ctx: PageContext, document: &PublicState, settings: ScreenSettings) -> ScreenPage {
        let rows = settings.rows;
        let named = |number: u32| {
            document.player(number).map_or_else(
                || number.to_string(),
                |p| {
                    if p.title.is_empty() {
                        p.name.clone()
                    } else {
                        format!("{} {}", p.title, p.name)
                    }
                },
            )
        };
        let with_rating = |number: u32| match document.player(number).and_then(|p| p.rating) {
            Some(rating) if rating > 0 => format!("{} ({rating})", named(number)),
            _ => named(number),
        };
        let team_name = |number: u32| {
            document
                .team(number)
                .map_or_else(|| number.to_string(), |t| t.name.clone())
        };
        let bye = ctx.t("card.bye");
        let round_word = ctx.t("round.title");
        let mut slides = Vec::new();
        if document.event.team {
            if let Some(round) = document.matches.iter().map(|m| m.round).max() {
                let matches: Vec<ScreenMatch> = document
                    .matches
                    .iter()
                    .filter(|m| m.round == round)
                    .map(|m| ScreenMatch {
                        home: team_name(m.home),
                        away: m.away.map_or_else(|| ctx.t("league.free_round"), team_name),
                        score: m.score.as_ref().map_or_else(String::new, |[home, away]| {
                            format!("{} : {}", ctx.num(home), ctx.num(away))
                        }),
                    })
                    .collect();
                slides.extend(paged(
                    &format!("{round_word} {round}"),
                    &matches,
                    rows,
                    Slide::Matches,
                ));
            }
            if let Some(standings) = &document.team_standings {
                let lines: Vec<ScreenStanding> = standings
                    .rows
                    .iter()
                    .map(|row| ScreenStanding {
                        rank: row.rank,
                        name: team_name(row.team),
                        points: ctx.num(&row.match_points),
                        values: std::iter::once(ctx.num(&row.game_points))
                            .chain(row.tie_breaks.iter().map(|v| value_text(&ctx, v)))
                            .collect(),
                    })
                    .collect();
                let heads: Vec<String> = std::iter::once(ctx.t("league.gp"))
                    .chain(standings.tie_breaks.iter().cloned())
                    .collect();
                let heading = standings_heading(&ctx, standings.after_round);
                slides.extend(paged(&heading, &lines, rows, |lines| {
                    Slide::Standings(heads.clone(), lines)
                }));
            }
        } else {
            if let Some(round) = document.rounds.iter().max_by_key(|round| round.number) {
                let boards: Vec<ScreenBoard> = round
                    .boards
                    .iter()
                    .map(|board| ScreenBoard {
                        board: board.board,
                        white: with_rating(board.white),
                        black: board.black.map_or_else(|| bye.clone(), with_rating),
                        result: board
                            .result
                            .as_deref()
                            .filter(|_| board.black.is_some())
                            .map(shown_result)
                            .unwrap_or_default()
                            .to_owned(),
                    })
                    .collect();
                let mut names: Vec<NameLine> = round
                    .boards
                    .iter()
                    .flat_map(|board| {
                        let line = |me: u32, other: Option<u32>, colour: &str| NameLine {
                            name: named(me),
                            board: if other.is_some() {
                                board.board.to_string()
                            } else {
                                String::new()
                            },
                            colour: if other.is_some() {
                                ctx.t(colour)
                            } else {
                                String::new()
                            },
                            opponent: other.map_or_else(|| bye.clone(), named),
                        };
                        let mut lines = vec![line(board.white, board.black, "round.white")];
                        if let Some(black) = board.black {
                            lines.push(line(black, Some(board.white), "round.black"));
                        }
                        lines
                    })
                    .collect();
                names.sort_by_cached_key(|line| line.name.to_lowercase());
                let heading = format!("{round_word} {}", round.number);
                slides.extend(paged(&heading, &boards, rows, Slide::Boards));
                let by_name = format!("{heading} · {}", ctx.t("screen.by_name"));
                slides.extend(paged(&by_name, &names, rows, Slide::Names));
            }
            let standings = &document.standings;
            let lines: Vec<ScreenStanding> = standings
                .rows
                .iter()
                .map(|row| ScreenStanding {
                    rank: row.rank,
                    name: named(row.player),
                    points: ctx.num(&row.points),
                    values: row.tie_breaks.iter().map(|v| value_text(&ctx, v)).collect(),
                })
                .collect();
            let heads = standings.tie_breaks.clone();
            let heading = standings_heading(&ctx, standings.after_round);
            slides.extend(paged(&heading, &lines, rows, |lines| {
                Slide::Standings(heads.clone(), lines)
            }));
        }
        ScreenPage {
            name: document.event.name.clone(),
            slides,
            every: settings.every,
            rows: settings.rows,
            ctx,
        }
    }
}

impl ScreenPage {
    /// The screen of an event with nothing public yet: its name and the words saying so.
    pub fn empty(ctx: PageContext, name: &str, settings: ScreenSettings) -> ScreenPage {
        ScreenPage {
            ctx,
            name: name.to_owned(),
            slides: Vec::new(),
            every: settings.every,
            rows: settings.rows,
        }
    }
}

/// "Standings after round 4", or "Standings" before any round counts.
fn standings_heading(ctx: &PageContext, after_round: u32) -> String {
    if after_round == 0 {
        ctx.t("standings.title")
    } else {
        format!(
            "{} · {} {after_round}",
            ctx.t("standings.title"),
            ctx.t("round.title")
        )
    }
}

/// A tie-break value in the page's language, `-` when it cannot be computed.
fn value_text(ctx: &PageContext, value: &Option<String>) -> String {
    value
        .as_deref()
        .map_or_else(|| "-".to_owned(), |v| ctx.num(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screen_settings_are_read_in_their_ranges() {
        let query = |every: &str, rows: &str| ScreenQuery {
            every: Some(every.to_owned()),
            rows: Some(rows.to_owned()),
        };
        assert_eq!(
            ScreenQuery::default().settings(),
            Ok(ScreenSettings {
                every: 12,
                rows: 15
            })
        );
        assert_eq!(
            query("30", "20").settings(),
            Ok(ScreenSettings {
                every: 30,
                rows: 20
            })
        );
        assert_eq!(
            query("4", "20").settings(),
            Err(("screen.error.every", "4".to_owned()))
        );
        assert_eq!(
            query("10", "many").settings(),
            Err(("screen.error.rows", "many".to_owned()))
        );
    }

    #[test]
    fn long_lists_are_cut_into_numbered_slides() {
        let lines: Vec<u32> = (1..=31).collect();
        let make = |chunk: Vec<u32>| {
            Slide::Matches(
                chunk
                    .iter()
                    .map(|n| ScreenMatch {
                        home: n.to_string(),
                        away: String::new(),
                        score: String::new(),
                    })
                    .collect(),
            )
        };
        let slides = paged("Round 3", &lines, 15, make);
        let headings: Vec<&str> = slides.iter().map(|s| s.heading.as_str()).collect();
        assert_eq!(
            headings,
            ["Round 3 (1/3)", "Round 3 (2/3)", "Round 3 (3/3)"]
        );
        let last = &slides[2].slide;
        assert!(matches!(last, Slide::Matches(lines) if lines.len() == 1 && lines[0].home == "31"));
        let one = paged("Round 3", &lines[..4], 15, make);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].heading, "Round 3");
    }
}
