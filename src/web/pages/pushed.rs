//! An event as a venue pushed it to this public server, built from the stored public state:
//! its standings and its rounds' boards; a team event's team standings and matches too.

use crate::formats::public_state::PublicState;
use crate::tournament::model::Tournament;
use crate::tournament::tiebreak::Standings as RankedStandings;
use crate::tournament::tiebreak::rank::rank_after;
use crate::web::PageContext;
use crate::web::pages::standings::{
    WallchartRow, WorkingView, value_text, wallchart_rows, working_view,
};
use askama::Template;

/// One board as the page shows it.
#[derive(Debug, Clone)]
pub struct BoardLine {
    /// Board number.
    pub board: u32,
    /// White's starting number (card link).
    pub white_number: u32,
    /// Black's starting number, 0 on a bye row.
    pub black_number: u32,
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
    /// Starting number (card link).
    pub number: u32,
    /// Name.
    pub name: String,
    /// Points, in the page's language (`2,5`).
    pub points: String,
    /// Tie-break values.
    pub values: Vec<String>,
}

/// One line of the prize list.
#[derive(Debug, Clone)]
pub struct PrizeLine {
    /// "Overall" or the category's name.
    pub group: String,
    /// The place in the group.
    pub place: u32,
    /// The prize as announced.
    pub prize: String,
    /// Who takes it: starting number (0: nobody) and name.
    pub number: u32,
    /// Their name, empty for nobody.
    pub name: String,
    /// Their points, in the page's language.
    pub points: String,
    /// Paid when shared.
    pub paid: String,
    /// The shared places.
    pub shared: String,
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
    /// The event's public id (links).
    pub event_id: String,
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
    /// The prize list as the venue published it (empty without prizes).
    pub prizes: Vec<PrizeLine>,
    /// Some prize was shared by equal players (the paid column is shown).
    pub sharing: bool,
    /// The rounds whose games the venue follows live (their page is linked).
    pub live_rounds: Vec<u32>,
}

/// "Published from the venue at 14:05 (read-only copy)" in the page's language, the moment
/// `at` (UTC) shown in the event's time zone.
pub fn published_words(
    ctx: &PageContext,
    document: &PublicState,
    at: time::PrimitiveDateTime,
) -> String {
    ctx.lang.t_with(
        "pushed.published_at",
        &[(
            "time",
            &crate::tournament::time_zone::local_text(&document.event.time_zone, at),
        )],
    )
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
                        white_number: board.white,
                        black_number: board.black.unwrap_or(0),
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
                number: row.player,
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
            event_id: document.id.clone(),
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
            prizes: document
                .prizes
                .iter()
                .map(|line| PrizeLine {
                    group: match (&line.category, &line.category_kind) {
                        (None, _) => ctx.t("prizes.overall"),
                        (Some(name), _) if !name.is_empty() => name.clone(),
                        (Some(_), kind) => ctx.t(&format!(
                            "prizes.kind.{}",
                            kind.as_deref().unwrap_or_default()
                        )),
                    },
                    place: line.place,
                    prize: line.prize.clone(),
                    number: line.player.unwrap_or(0),
                    name: line.player.map(name_of).unwrap_or_default(),
                    points: ctx.num(&line.points),
                    paid: line.paid.clone(),
                    shared: line.shared.clone(),
                })
                .collect(),
            sharing: document.prizes.iter().any(|line| !line.paid.is_empty()),
            live_rounds: Vec::new(),
            ctx,
        }
    }
}

/// One round on a pushed event's player card.
#[derive(Debug, Clone)]
pub struct CardRound {
    /// The round.
    pub round: u32,
    /// The opponent's starting number, 0 for none (a bye).
    pub opponent_number: u32,
    /// The opponent's name, or the bye's code.
    pub opponent: String,
    /// The opponent's rating, empty when unrated.
    pub opponent_rating: String,
    /// White or Black, in the page's language; empty on a bye.
    pub colour: String,
    /// The player's result (`1`, `½`, `0`, `+`, `−`, a bye's code), empty while playing.
    pub result: String,
}

/// A player's card of a pushed event: the rounds the document holds.
#[derive(Template)]
#[template(path = "pushed/player.html")]
pub struct PushedPlayerPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The event's public id (links).
    pub event_id: String,
    /// The event's name.
    pub event: String,
    /// "Published from the venue at ...".
    pub published: String,
    /// Starting number.
    pub number: u32,
    /// Name.
    pub name: String,
    /// Title, federation, FIDE id, club, as one line.
    pub details: String,
    /// Rating, empty when unrated.
    pub rating: String,
    /// Points and place in the standings, when ranked.
    pub standing: Option<(String, u32)>,
    /// Rounds, in order.
    pub rounds: Vec<CardRound>,
}

/// `code` (a board's result) as the player of `white`'s side scored it.
fn own_result(code: &str, white: bool) -> String {
    let (left, right) = match code {
        "1-0" => ("1", "0"),
        "0-1" => ("0", "1"),
        "1/2-1/2" => ("½", "½"),
        "+/-" => ("+", "−"),
        "-/+" => ("−", "+"),
        "-/-" => ("−", "−"),
        other => return other.to_owned(),
    };
    if white { left } else { right }.to_owned()
}

impl PushedPlayerPage {
    /// Player `number`'s card in `document`; `None` when the document has no such player.
    pub fn of(
        ctx: PageContext,
        document: &PublicState,
        number: u32,
        published: String,
    ) -> Option<PushedPlayerPage> {
        let player_of = |n: u32| document.players.iter().find(|p| p.number == Some(n));
        let player = player_of(number)?;
        let details = [
            player.title.clone(),
            player.federation.clone(),
            player
                .fide_id
                .map(|id| format!("FIDE {id}"))
                .unwrap_or_default(),
            player.club.clone(),
        ]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
        let rating = |p: Option<&crate::formats::public_state::Player>| {
            p.and_then(|p| p.rating)
                .map(|r| r.to_string())
                .unwrap_or_default()
        };
        // Every board of the player: the rounds' boards, or a team event's match boards.
        let boards = document
            .rounds
            .iter()
            .flat_map(|round| {
                round
                    .boards
                    .iter()
                    .map(move |b| (round.number, b.white, b.black, b.result.clone()))
            })
            .chain(document.matches.iter().flat_map(|m| {
                m.boards.iter().filter_map(move |b| {
                    Some((m.round, b.white?, Some(b.black?), b.result.clone()))
                })
            }));
        let mut rounds: Vec<CardRound> = boards
            .filter(|(_, white, black, _)| *white == number || *black == Some(number))
            .map(|(round, white, black, result)| {
                let as_white = white == number;
                let opponent = if as_white { black } else { Some(white) };
                let code = result.unwrap_or_default();
                CardRound {
                    round,
                    opponent_number: opponent.unwrap_or(0),
                    opponent: opponent
                        .and_then(player_of)
                        .map_or_else(|| code.clone(), |p| p.name.clone()),
                    opponent_rating: rating(opponent.and_then(player_of)),
                    colour: match (opponent, as_white) {
                        (None, _) => String::new(),
                        (Some(_), true) => ctx.t("round.white"),
                        (Some(_), false) => ctx.t("round.black"),
                    },
                    result: if opponent.is_some() {
                        own_result(&code, as_white)
                    } else {
                        code
                    },
                }
            })
            .collect();
        rounds.sort_by_key(|r| r.round);
        let standing = document
            .standings
            .rows
            .iter()
            .find(|row| row.player == number)
            .map(|row| (ctx.num(&row.points), row.rank));
        Some(PushedPlayerPage {
            event_id: document.id.clone(),
            event: document.event.name.clone(),
            published,
            number,
            name: player.name.clone(),
            details,
            rating: rating(Some(player)),
            standing,
            rounds,
            ctx,
        })
    }
}

/// A public id as this server knows it: a tournament of its own, or an event a venue pushed.
pub enum Published {
    /// A tournament of this server (its own pages serve it).
    Local(crate::db::models::TournamentId),
    /// A pushed event: its stored state and when it was accepted.
    Pushed(Box<PublicState>, time::PrimitiveDateTime),
}

/// Looks up the public id `id`; `NotFound` for an id of neither kind.
pub async fn load_published(
    state: &crate::web::AppState,
    id: String,
) -> Result<Published, crate::web::AppError> {
    use crate::db::models::published_events::PublishedEvent;
    use crate::db::models::tournament_public_ids::tournament_of;
    use crate::web::AppError;
    if !crate::formats::public_state::is_public_id(&id) {
        return Err(AppError::NotFound);
    }
    let (local, pushed) = state
        .db(move |conn| {
            Ok(match tournament_of(conn, &id)? {
                Some(tournament) => (Some(tournament), None),
                None => (None, PublishedEvent::find(conn, &id)?),
            })
        })
        .await?;
    if let Some(tournament) = local {
        return Ok(Published::Local(tournament));
    }
    let stored = pushed.ok_or(AppError::NotFound)?;
    let document = PublicState::parse(stored.document.as_bytes())
        .map_err(|error| AppError::Internal(format!("stored document: {error}")))?;
    Ok(Published::Pushed(Box::new(document), stored.published_at))
}

/// The crosstable of a pushed individual event: the venue's wallchart
/// ([`crate::web::pages::standings::wallchart_rows`]) built from the document's model
/// ([`PublicState::tournament`]) by the venue's engine.
#[derive(Template)]
#[template(path = "pushed/crosstable.html")]
pub struct PushedCrosstablePage {
    /// Layout context.
    pub ctx: PageContext,
    /// The event's public id (links).
    pub event_id: String,
    /// Name.
    pub name: String,
    /// "Published from the venue at ...".
    pub published: String,
    /// The rounds counted.
    pub after_round: u32,
    /// Round numbers (columns).
    pub rounds: Vec<u32>,
    /// Tie-break codes (columns).
    pub codes: Vec<String>,
    /// Rows by starting number.
    pub rows: Vec<WallchartRow>,
}

impl PushedCrosstablePage {
    /// The crosstable of `document`, published at `published`: the venue's wallchart rows
    /// ([`wallchart_rows`]) of the document's model, ranked by the document's tie-break list;
    /// the places are the document's.
    pub fn of(ctx: PageContext, document: &PublicState, published: String) -> PushedCrosstablePage {
        let after_round = document.standings.after_round;
        let (model, standings) = document_standings(document);
        let event_id = document.id.clone();
        let rows = wallchart_rows(&ctx, &model, after_round, &standings, |number| {
            format!("/events/{event_id}/players/{number}")
        });
        PushedCrosstablePage {
            event_id: document.id.clone(),
            name: document.event.name.clone(),
            published,
            after_round,
            rounds: (1..=after_round).collect(),
            codes: standings.tie_breaks.iter().map(|t| t.fide_code()).collect(),
            rows,
            ctx,
        }
    }
}

/// The model of `document` ([`PublicState::tournament`]) and its standings after the rounds
/// the document counts, computed by the venue's engine from the document's tie-break list;
/// each place is the document's (its drawing of lots is not repeated here).
pub fn document_standings(document: &PublicState) -> (Tournament, RankedStandings) {
    let model = document.tournament();
    let mut standings = rank_after(
        &model,
        &document.tie_break_settings(),
        document.standings.after_round,
    );
    for row in &mut standings.rows {
        if let Some(line) = document
            .standings
            .rows
            .iter()
            .find(|line| line.player == row.player.0)
        {
            row.rank = line.rank;
        }
    }
    standings.rows.sort_by_key(|row| row.rank);
    (model, standings)
}

/// The working of a pushed event's player's tie-break values: the venue's working
/// ([`working_view`], `standings/working_body.html`) computed by the venue's engine from the
/// document's model, so that each value is the one the document's standings carry.
#[derive(Template)]
#[template(path = "pushed/working.html")]
pub struct PushedWorkingPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The event's public id (links).
    pub event_id: String,
    /// The event's name.
    pub event: String,
    /// "Published from the venue at ...".
    pub published: String,
    /// The rounds counted.
    pub after_round: u32,
    /// The player's starting number.
    pub start: u32,
    /// The player's name.
    pub name: String,
    /// The player's points.
    pub points: String,
    /// One working per tie-break of the list.
    pub tie_breaks: Vec<WorkingView>,
}

impl PushedWorkingPage {
    /// Player `number`'s working in `document`; `None` when the standings have no such player.
    pub fn of(
        ctx: PageContext,
        document: &PublicState,
        number: u32,
        published: String,
    ) -> Option<PushedWorkingPage> {
        let after_round = document.standings.after_round;
        let (model, standings) = document_standings(document);
        let row = standings.rows.iter().find(|row| row.player.0 == number)?;
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        let calculator = crate::tournament::tiebreak::Calculator::after_round(
            &model,
            document.tie_break_settings().swiss,
            after_round,
        );
        let tie_breaks = standings
            .tie_breaks
            .iter()
            .zip(&row.values)
            .map(|(tie_break, value)| {
                working_view(
                    &ctx,
                    &model,
                    &calculator.working(index, tie_break),
                    value_text(*value),
                )
            })
            .collect();
        Some(PushedWorkingPage {
            event_id: document.id.clone(),
            event: document.event.name.clone(),
            published,
            after_round,
            start: number,
            name: model
                .player(row.player)
                .map(|player| player.name.clone())
                .unwrap_or_default(),
            points: row.points.to_string(),
            tie_breaks,
            ctx,
        })
    }
}

/// A pushed event's round followed live at the venue: each board's moves as the venue pushed
/// them (already delayed), in the reader's letters.
#[derive(Template)]
#[template(path = "pushed/games.html")]
pub struct PushedGamesPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The event's public id (links).
    pub event_id: String,
    /// Name.
    pub name: String,
    /// "Published from the venue at ...".
    pub published: String,
    /// The round.
    pub round: u32,
    /// The delay the venue shows the moves with, in minutes.
    pub delay_minutes: i32,
    /// The round's boards with two players, by number.
    pub boards: Vec<crate::web::pages::console::WatchBoard>,
}

impl PushedGamesPage {
    /// The page of round `round` of `document` with its live games `live`.
    pub fn of(
        ctx: PageContext,
        document: &PublicState,
        live: &crate::formats::public_live::PublicLive,
        published: String,
    ) -> PushedGamesPage {
        let label = |number: u32| {
            player_numbered(document, number).map_or_else(
                || number.to_string(),
                |player| format!("{} ({number})", player.name),
            )
        };
        let boards = round_boards(document, live.round)
            .iter()
            .filter_map(|board| {
                let black = board.black?;
                let moves = live
                    .boards
                    .iter()
                    .find(|b| b.board == board.board)
                    .map(|b| crate::web::pages::console::san_pairs(&ctx, &b.moves))
                    .unwrap_or_default();
                Some(crate::web::pages::console::WatchBoard {
                    board: i32::try_from(board.board).unwrap_or(i32::MAX),
                    white: label(board.white),
                    black: label(black),
                    result: board
                        .result
                        .as_deref()
                        .map(|r| r.replace("1/2", "½"))
                        .unwrap_or_default(),
                    moves,
                })
            })
            .collect();
        PushedGamesPage {
            event_id: document.id.clone(),
            name: document.event.name.clone(),
            published,
            round: live.round,
            delay_minutes: i32::try_from(live.delay_minutes).unwrap_or(0),
            boards,
            ctx,
        }
    }
}

/// The round's games followed live, as PGN: the players and results of `document`, the moves
/// of `live` (boards without a game followed are left out).
pub fn pushed_round_pgn(
    document: &PublicState,
    live: &crate::formats::public_live::PublicLive,
) -> String {
    use crate::formats::round_pgn::{RoundGame, RoundTags, write_round};
    let player = |number: u32| player_numbered(document, number);
    let games: Vec<RoundGame> = round_boards(document, live.round)
        .iter()
        .filter_map(|board| {
            let movetext = live.movetext(board.board)?;
            let (white, black) = (player(board.white), player(board.black?));
            Some(RoundGame {
                board: board.board,
                white: white.map(|p| p.name.clone()).unwrap_or_default(),
                black: black.map(|p| p.name.clone()).unwrap_or_default(),
                white_elo: white
                    .and_then(|p| p.rating)
                    .map_or(0, |r| u16::try_from(r).unwrap_or(0)),
                black_elo: black
                    .and_then(|p| p.rating)
                    .map_or(0, |r| u16::try_from(r).unwrap_or(0)),
                result: board.result.clone().unwrap_or_else(|| "*".to_owned()),
                movetext,
            })
        })
        .collect();
    let tags = RoundTags {
        event: document.event.name.clone(),
        site: document.event.place.clone(),
        date: document.event.start_date.replace('-', "."),
        round: live.round,
    };
    write_round(&tags, &games)
}

/// The live games of round `round` of the pushed event `id`, as the venue last pushed them;
/// `NotFound` when it pushed none.
pub async fn load_pushed_live(
    state: &crate::web::AppState,
    id: String,
    round: i32,
) -> Result<crate::formats::public_live::PublicLive, crate::web::AppError> {
    use crate::db::models::pushed_live::PushedLive;
    let stored = state
        .db(move |conn| Ok(PushedLive::find(conn, &id, round)?))
        .await?
        .ok_or(crate::web::AppError::NotFound)?;
    crate::formats::public_live::PublicLive::parse(stored.document.as_bytes())
        .map_err(|error| crate::web::AppError::Internal(format!("stored live games: {error}")))
}

/// The player of `document` with starting number `number`.
fn player_numbered(
    document: &PublicState,
    number: u32,
) -> Option<&crate::formats::public_state::Player> {
    document
        .players
        .iter()
        .find(|player| player.number == Some(number))
}

/// The boards of round `round` of `document` (none when it is not there).
fn round_boards(document: &PublicState, round: u32) -> &[crate::formats::public_state::BoardState] {
    document
        .rounds
        .iter()
        .find(|r| r.number == round)
        .map(|r| r.boards.as_slice())
        .unwrap_or_default()
}
