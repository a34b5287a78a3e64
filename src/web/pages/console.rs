//! The arbiter's console of a round followed live from electronic boards: every board's state,
//! clocks, last move and the Laws' alerts (each citing its article, queued by urgency), and the
//! claim hints (Art. 9.2, 9.3) — for the arbiter only, never on a public page. The same board
//! line goes to the console's Server-Sent Events as JSON when the board changes.

use askama::Template;
use serde::Serialize;

use crate::db::domain::TournamentData;
use crate::db::models::Game;
use crate::db::models::live_events::LiveEventRow;
use crate::db::models::live_settings::LiveSettingsRow;
use crate::db::read::live::Followed;
use crate::formats::live_feed::{EntryError, LogEntry};
use crate::rules::Position;
use crate::rules::live::{Alert, AlertKind, CorrectionError, LiveGame, SourceError};
use crate::rules::san::{Lang as SanLang, to_san};
use crate::web::access::Access;
use crate::web::pages::round::player_label;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};

/// One alert as the console shows it.
#[derive(Debug, Clone, Serialize)]
pub struct AlertLine {
    /// The ply (1 = White's first move).
    pub ply: u32,
    /// The move number and side, as `12… ` (empty before any move).
    pub at: String,
    /// `Art. 7.5.1`, empty for the board's result signal.
    pub article: String,
    /// What happened, in the arbiter's language.
    pub text: String,
    /// 0: act now (an illegal move, a flag), 1: the game has ended, 2: for information.
    pub urgency: u8,
    /// The alert's name (`illegal_move`, `fivefold`, …).
    pub kind: &'static str,
    /// The arbiter has confirmed it: it leaves the queue.
    pub confirmed: bool,
}

/// One claim hint (Art. 9.2, 9.3): for the arbiter only.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimLine {
    /// The ply after which the claim would be correct.
    pub ply: u32,
    /// `Art. 9.2` or `Art. 9.3`.
    pub article: String,
    /// What the claim is, in the arbiter's language, with the plies of the position.
    pub text: String,
}

/// One board of the console (also the JSON of its Server-Sent Events).
#[derive(Debug, Clone, Serialize)]
pub struct ConsoleBoard {
    /// Board number.
    pub board: i32,
    /// White, "Name (rank)".
    pub white: String,
    /// Black.
    pub black: String,
    /// `waiting` (nothing received), `playing`, `held` (a press to confirm) or `ended`.
    pub state: &'static str,
    /// The state in the arbiter's language.
    pub state_text: String,
    /// Plies played.
    pub plies: usize,
    /// The last move in the arbiter's letters, as `23. Jf3` or `23… Dxe4`.
    pub last_move: String,
    /// White's time left (`1:05:09`), empty without a clock.
    pub white_clock: String,
    /// Black's.
    pub black_clock: String,
    /// Whose clock runs: `white`, `black` or empty.
    pub running: &'static str,
    /// The proposed result (`1-0`, `½-½`, …), empty while playing.
    pub result: String,
    /// The alerts, most urgent first, then the latest first.
    pub alerts: Vec<AlertLine>,
    /// The claim hints, the latest first.
    pub claims: Vec<ClaimLine>,
    /// Entries of the board's log applied.
    pub entries: usize,
}

/// The moves of `game` in `lang`'s letters.
pub fn local_moves(game: &LiveGame, lang: SanLang) -> Vec<String> {
    let mut position = Position::new();
    game.played()
        .iter()
        .map(|m| {
            let san = to_san(&position, *m, lang);
            position.play_unchecked(*m);
            san
        })
        .collect()
}

/// A move in SAN with English letters, played after the game's first `ply` moves, in
/// `lang`'s letters (as it was, when it cannot be read there).
fn local_san(game: &LiveGame, ply: u32, san: &str, lang: SanLang) -> String {
    let mut position = Position::new();
    for m in game.played().iter().take(ply as usize) {
        position.play_unchecked(*m);
    }
    crate::rules::san::parse_move(&position, san, SanLang::En)
        .map(|m| to_san(&position, m, lang))
        .unwrap_or_else(|_| san.to_owned())
}

/// `12.` before White's move at `ply`, `12…` before Black's.
fn move_number(ply: u32) -> String {
    if ply == 0 {
        return String::new();
    }
    let number = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{number}.")
    } else {
        format!("{number}…")
    }
}

/// Seconds as `1:05:09` or `4:09`.
pub fn clock_text(seconds: Option<u64>) -> String {
    match seconds {
        None => String::new(),
        Some(s) if s >= 3600 => format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
        Some(s) => format!("{}:{:02}", s / 60, s % 60),
    }
}

fn urgency(kind: AlertKind) -> u8 {
    match kind {
        AlertKind::IllegalMove
        | AlertKind::SecondIllegalMove
        | AlertKind::FlagFall
        // Art. 6.11.2: the player has called the arbiter.
        | AlertKind::ClockStopped => 0,
        AlertKind::TimeControlReached | AlertKind::LastFiveMinutes => 2,
        _ => 1,
    }
}

fn alert_line(ctx: &PageContext, alert: &Alert) -> AlertLine {
    let mut text = ctx.t(&format!("console.alert.{}", alert.kind.name()));
    if let Some(player) = alert.player {
        let colour = match player {
            crate::rules::Color::White => ctx.t("round.white"),
            crate::rules::Color::Black => ctx.t("round.black"),
        };
        text = format!("{text} ({colour})");
    }
    AlertLine {
        ply: alert.ply,
        at: move_number(alert.ply),
        article: alert
            .article
            .map(|a| format!("{} {a}", ctx.t("console.article")))
            .unwrap_or_default(),
        text,
        urgency: urgency(alert.kind),
        kind: alert.kind.name(),
        confirmed: alert.confirmed,
    }
}

/// The result a game followed live proposes, as the round page shows it to the arbiter:
/// `proposed: ½-½ · Art. 9.6.1`, and why in words (`The same position for the fifth time:
/// drawn`). `by` is the alert that ended the game.
pub fn proposed_text(ctx: &PageContext, result: &str, by: &str) -> (String, String) {
    let kind = AlertKind::from_name(by);
    let mut short = ctx.lang.t_with(
        "console.proposed",
        &[("result", &result.replace("1/2", "½"))],
    );
    if let Some(article) = kind.and_then(AlertKind::article) {
        short = format!("{short} · {} {article}", ctx.t("console.article"));
    }
    let why = kind
        .map(|kind| ctx.t(&format!("console.alert.{}", kind.name())))
        .unwrap_or_default();
    (short, why)
}

/// Why an arbiter's entry does not fit the game, in the arbiter's language.
pub fn entry_error_text(ctx: &PageContext, error: &EntryError) -> String {
    let number = |n: u32| n.to_string();
    match error {
        EntryError::Move { text, .. } => ctx
            .lang
            .t_with("console.entry.move", &[("move", text.as_str())]),
        EntryError::Refused(CorrectionError::NoSuchPly { ply, moves }) => ctx.lang.t_with(
            "console.entry.no_such_ply",
            &[("ply", &number(*ply)), ("plies", &number(*moves))],
        ),
        EntryError::Refused(CorrectionError::IllegalMove { ply }) => ctx
            .lang
            .t_with("console.entry.illegal_at", &[("ply", &number(*ply))]),
        EntryError::Refused(CorrectionError::Ended { ply }) => ctx
            .lang
            .t_with("console.entry.ended", &[("ply", &number(*ply))]),
        EntryError::Refused(CorrectionError::NothingHeld) => ctx.t("console.entry.nothing_held"),
        EntryError::Refused(CorrectionError::NoSuchAlert { ply, .. }) => ctx
            .lang
            .t_with("console.entry.no_such_alert", &[("ply", &number(*ply))]),
        EntryError::Source(SourceError::IllegalMove { san, .. }) => ctx
            .lang
            .t_with("console.entry.move", &[("move", san.as_str())]),
        EntryError::Source(SourceError::FedByBoard) => ctx.t("console.entry.fed_by_board"),
        EntryError::Source(SourceError::FedByMoves) => ctx.t("console.entry.fed_by_moves"),
        EntryError::Resolution(_) | EntryError::Alert(_) => ctx.t("desk.form.bad_request"),
    }
}

impl ConsoleBoard {
    /// The board of `game` (a round's game row) as `followed` from its log (`None`: nothing
    /// received yet).
    pub fn new(
        ctx: &PageContext,
        data: &TournamentData,
        game: &Game,
        followed: Option<&Followed>,
    ) -> ConsoleBoard {
        let lang = SanLang::from_code(ctx.lang_code()).unwrap_or_default();
        let mut line = ConsoleBoard {
            board: game.board,
            white: player_label(data, game.white_id),
            black: game
                .black_id
                .map(|id| player_label(data, id))
                .unwrap_or_default(),
            state: "waiting",
            state_text: ctx.t("console.state.waiting"),
            plies: 0,
            last_move: String::new(),
            white_clock: String::new(),
            black_clock: String::new(),
            running: "",
            result: String::new(),
            alerts: Vec::new(),
            claims: Vec::new(),
            entries: 0,
        };
        let Some(followed) = followed.filter(|f| f.entries > 0) else {
            return line;
        };
        let live = &followed.game;
        let moves = local_moves(live, lang);
        line.state = if live.result().is_some() {
            "ended"
        } else if live.is_held() {
            "held"
        } else {
            "playing"
        };
        line.state_text = ctx.t(&format!("console.state.{}", line.state));
        line.plies = moves.len();
        line.last_move = moves
            .last()
            .map(|m| format!("{} {m}", move_number(moves.len() as u32)))
            .unwrap_or_default();
        let [white, black] = live.clock_reading();
        line.white_clock = clock_text(white);
        line.black_clock = clock_text(black);
        line.running = match live.running() {
            Some(crate::rules::Color::White) => "white",
            Some(crate::rules::Color::Black) => "black",
            None => "",
        };
        line.result = live
            .result()
            .map(|r| r.as_pgn().replace("1/2", "½"))
            .unwrap_or_default();
        let mut alerts: Vec<AlertLine> = live.alerts().iter().map(|a| alert_line(ctx, a)).collect();
        alerts.sort_by(|a, b| a.urgency.cmp(&b.urgency).then(b.ply.cmp(&a.ply)));
        line.alerts = alerts;
        line.claims = live
            .claims()
            .iter()
            .rev()
            .map(|hint| {
                let plies: Vec<String> = hint.plies.iter().map(u32::to_string).collect();
                ClaimLine {
                    ply: hint.ply,
                    article: format!("{} {}", ctx.t("console.article"), hint.article()),
                    text: match &hint.written_move {
                        Some(san) => ctx.lang.t_with(
                            &format!("console.claim.{}", hint.kind.name()),
                            &[
                                ("move", &local_san(live, hint.ply, san, lang)),
                                ("plies", &plies.join(", ")),
                            ],
                        ),
                        None => ctx.lang.t_with(
                            &format!("console.claim.{}_now", hint.kind.name()),
                            &[("plies", &plies.join(", "))],
                        ),
                    },
                }
            })
            .collect();
        line.entries = followed.entries;
        line
    }
}

/// The console of a round.
#[derive(Template)]
#[template(path = "console/show.html")]
pub struct ConsolePage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's header.
    pub header: TournamentHeader,
    /// The round.
    pub round: i32,
    /// Its boards with two players, by number.
    pub boards: Vec<ConsoleBoard>,
    /// The boards' feed address, `{board}` for the board's number.
    pub feed_url: String,
    /// A feed key is issued.
    pub has_key: bool,
    /// A key just issued, shown this once.
    pub new_key: Option<String>,
    /// The public broadcast's delay in minutes.
    pub delay_minutes: i32,
    /// The visitor manages the event (the key and the delay are theirs).
    pub manage: bool,
}

/// One row of a board's raw log.
#[derive(Debug, Clone)]
pub struct LogLine {
    /// Row id.
    pub id: i32,
    /// When received (UTC, `14:05:09.250`).
    pub at: String,
    /// `board`, `correction` or `resolution`.
    pub kind: &'static str,
    /// The entry as stored.
    pub entry: String,
    /// An operator's entry.
    pub operator: bool,
}

impl LogLine {
    /// The line of a stored row.
    pub fn new(row: &LiveEventRow) -> LogLine {
        let at = time::OffsetDateTime::from_unix_timestamp_nanos(
            i128::from(row.received_at) * 1_000_000,
        )
        .map(|t| {
            format!(
                "{} {:02}:{:02}:{:02}.{:03}",
                t.date(),
                t.hour(),
                t.minute(),
                t.second(),
                t.millisecond()
            )
        })
        .unwrap_or_default();
        let kind = match LogEntry::parse(&row.entry) {
            Ok(LogEntry::Board(_)) => "board",
            Ok(LogEntry::Correction { .. }) => "correction",
            Ok(LogEntry::Resolution { .. }) => "resolution",
            Ok(LogEntry::Confirmation { .. }) => "confirmation",
            Ok(LogEntry::Moves { .. }) => "moves",
            Err(_) => "",
        };
        LogLine {
            id: row.id,
            at,
            kind,
            entry: row.entry.clone(),
            operator: row.user_id.is_some(),
        }
    }
}

/// A board's page: the moves, alerts, claims, the raw log and the arbiter's corrections.
#[derive(Template)]
#[template(path = "console/board.html")]
pub struct BoardPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's header.
    pub header: TournamentHeader,
    /// The round.
    pub round: i32,
    /// The board's line.
    pub line: ConsoleBoard,
    /// The moves by number: (number, White's, Black's).
    pub moves: Vec<(u32, String, String)>,
    /// The latest log rows, newest first.
    pub log: Vec<LogLine>,
    /// A press is held: the resolution form is offered.
    pub held: bool,
}

impl BoardPage {
    /// The moves of `game` in pairs, in `ctx`'s letters.
    pub fn move_pairs(ctx: &PageContext, game: &LiveGame) -> Vec<(u32, String, String)> {
        let lang = SanLang::from_code(ctx.lang_code()).unwrap_or_default();
        in_pairs(local_moves(game, lang))
    }
}

/// Moves numbered in pairs: (number, White's, Black's).
fn in_pairs(moves: Vec<String>) -> Vec<(u32, String, String)> {
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            (
                i as u32 + 1,
                pair[0].clone(),
                pair.get(1).cloned().unwrap_or_default(),
            )
        })
        .collect()
}

/// Moves in SAN with English letters, from the initial position (a pushed live game, already
/// checked), in pairs in `ctx`'s letters; a move that cannot be read ends the list.
pub fn san_pairs(ctx: &PageContext, moves: &[String]) -> Vec<(u32, String, String)> {
    let lang = SanLang::from_code(ctx.lang_code()).unwrap_or_default();
    let mut position = Position::new();
    let mut local = Vec::with_capacity(moves.len());
    for text in moves {
        let Ok(m) = crate::rules::san::parse_move(&position, text, SanLang::En) else {
            break;
        };
        local.push(to_san(&position, m, lang));
        position.play_unchecked(m);
    }
    in_pairs(local)
}

/// The games of round `round` of `data` that are followed (the boards with two players), by
/// board; `NotFound` when the round is not paired.
pub fn followed_games(data: &TournamentData, round: i32) -> Result<Vec<Game>, AppError> {
    let games: Vec<Game> = data
        .games_of_round(round)
        .into_iter()
        .filter(|g| g.black_id.is_some())
        .cloned()
        .collect();
    if games.is_empty() {
        return Err(AppError::NotFound);
    }
    Ok(games)
}

/// The game on `board` of round `round` of `data`; `NotFound` when it is not followed.
pub fn followed_game(data: &TournamentData, round: i32, board: i32) -> Result<Game, AppError> {
    followed_games(data, round)?
        .into_iter()
        .find(|g| g.board == board)
        .ok_or(AppError::NotFound)
}

/// The reason an arbiter gives with a correction or a resolution (at most 500 characters),
/// refused when empty: it is kept in the board's log.
pub fn operator_reason(ctx: &PageContext, reason: &str) -> Result<String, AppError> {
    let reason: String = reason.trim().chars().take(500).collect();
    if reason.is_empty() {
        return Err(AppError::Unprocessable(ctx.t("console.error.reason")));
    }
    Ok(reason)
}

/// The console of round `round` for a visitor with `access` (who runs the day): every
/// board's game brought up to date with its log; `new_key` is a feed key just issued.
pub async fn console_page(
    state: &AppState,
    ctx: PageContext,
    data: TournamentData,
    access: Access,
    round: i32,
    new_key: Option<String>,
) -> Result<ConsolePage, AppError> {
    let games = followed_games(&data, round)?;
    let live = state.live.clone();
    let tournament = data.tournament.clone();
    let boards: Vec<i32> = games.iter().map(|g| g.board).collect();
    let (followed, settings) = state
        .db(move |conn| {
            let followed = boards
                .iter()
                .map(|board| live.catch_up(conn, &tournament, round, *board))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((followed, LiveSettingsRow::of(conn, tournament.id)?))
        })
        .await?;
    let id = data.tournament.id.0;
    Ok(ConsolePage {
        header: TournamentHeader::new(&data, access, &format!("round-{round}")),
        round,
        boards: games
            .iter()
            .zip(&followed)
            .map(|(game, followed)| ConsoleBoard::new(&ctx, &data, game, Some(followed)))
            .collect(),
        feed_url: format!("/api/v1/live/{id}/rounds/{round}/boards/{{board}}"),
        has_key: settings.feed_key_hash.is_some(),
        new_key,
        delay_minutes: settings.delay_minutes,
        manage: access.manage,
        ctx,
    })
}

/// Writes an operator's entry and brings the board's working copy up to date (telling the
/// consoles).
pub async fn operator_entry(
    ctx: &PageContext,
    state: &AppState,
    tournament: &crate::db::models::TournamentRow,
    round: i32,
    board: i32,
    entry: LogEntry,
    by: crate::db::models::UserId,
) -> Result<(), AppError> {
    let id = tournament.id;
    let at = crate::db::now_millis();
    state
        .write(ctx, move |conn| {
            crate::db::store::record_operator_entry(conn, id, round, board, &entry, at, by)
        })
        .await?;
    state.live.forget((id.0, round, board));
    let (live, row) = (state.live.clone(), tournament.clone());
    state
        .db(move |conn| Ok(live.catch_up(conn, &row, round, board)?))
        .await?;
    Ok(())
}

/// One board of the public page of a round's live games: the moves as they stood the
/// broadcast's delay ago, in the reader's letters — no alert, claim hint or proposed result.
#[derive(Debug, Clone)]
pub struct WatchBoard {
    /// Board number.
    pub board: i32,
    /// White, "Name (rank)".
    pub white: String,
    /// Black.
    pub black: String,
    /// The recorded result (the arbiter's), empty while none.
    pub result: String,
    /// The moves by number: (number, White's, Black's); empty before any is shown.
    pub moves: Vec<(u32, String, String)>,
}

/// The public page of a round's games followed live, delayed.
#[derive(Template)]
#[template(path = "console/watch.html")]
pub struct WatchPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's header.
    pub header: TournamentHeader,
    /// The round.
    pub round: i32,
    /// The broadcast's delay in minutes.
    pub delay_minutes: i32,
    /// The boards with two players, by number.
    pub boards: Vec<WatchBoard>,
}

impl WatchBoard {
    /// The board of `game` (a round's game row) with its delayed live game, if any.
    pub fn new(
        ctx: &PageContext,
        data: &TournamentData,
        game: &Game,
        live: Option<&LiveGame>,
    ) -> WatchBoard {
        WatchBoard {
            board: game.board,
            white: player_label(data, game.white_id),
            black: game
                .black_id
                .map(|id| player_label(data, id))
                .unwrap_or_default(),
            result: game
                .result
                .map(|r| r.label().to_owned())
                .unwrap_or_default(),
            moves: live
                .map(|live| BoardPage::move_pairs(ctx, live))
                .unwrap_or_default(),
        }
    }
}
