//! A board's game as its log gives it ([`crate::db::models::live_events`]): the log replayed
//! through the live engine ([`crate::rules::live`]) under the tournament's settings, and
//! brought up to date entry by entry as the feed goes on.

use std::collections::HashMap;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::GameId;
use crate::db::models::live_events::LiveEventRow;
use crate::db::models::players::PlayerRow;
use crate::db::models::tournament_day::GameScore;
use crate::db::models::{Game, Round, TournamentId, TournamentRow};
use crate::formats::fide_list::RatingKind;
use crate::formats::live_feed::LogEntry;
use crate::rules::clock::Category;
use crate::rules::live::{LiveGame, LiveSettings};
use crate::tournament::live_link::RoundBoard;

/// The settings a tournament's games are followed under: the category of its rating (standard,
/// rapid, blitz — Appendix A.1, B.1); in rapid and blitz no move count to a time control.
pub fn settings_of(tournament: &TournamentRow) -> LiveSettings {
    match tournament.rating_type {
        RatingKind::Standard => LiveSettings::default(),
        RatingKind::Rapid => LiveSettings {
            category: Category::Rapid,
            moves_to_control: None,
            ..LiveSettings::default()
        },
        RatingKind::Blitz => LiveSettings {
            category: Category::Blitz,
            moves_to_control: None,
            ..LiveSettings::default()
        },
    }
}

/// Replays `rows` into `game`. An operator's entry was checked when it was written; one that
/// no longer applies (it cannot: the log only grows) is passed over.
pub fn follow(rows: &[LiveEventRow], game: &mut LiveGame) {
    for row in rows {
        if let Ok(entry) = LogEntry::parse(&row.entry) {
            let _ = entry.apply(game);
        }
    }
}

/// One board's game followed from its log.
#[derive(Debug, Clone)]
pub struct Followed {
    /// The game.
    pub game: LiveGame,
    /// The last log row applied.
    pub last_id: i32,
    /// Entries applied.
    pub entries: usize,
    /// When the last entry was received (Unix milliseconds), 0 before any.
    pub last_at: i64,
}

impl Followed {
    /// A board with nothing applied yet.
    pub fn new(settings: LiveSettings) -> Followed {
        Followed {
            game: LiveGame::with_settings(settings),
            last_id: 0,
            entries: 0,
            last_at: 0,
        }
    }

    /// Applies the board's entries written since the last one applied.
    pub fn catch_up(
        &mut self,
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
        board: i32,
    ) -> diesel::QueryResult<bool> {
        let rows = LiveEventRow::of_board(conn, tournament, round, board, self.last_id, None)?;
        self.apply(&rows);
        Ok(!rows.is_empty())
    }

    /// Applies `rows` (the board's, after `last_id`, in order).
    pub fn apply(&mut self, rows: &[LiveEventRow]) {
        follow(rows, &mut self.game);
        if let Some(last) = rows.last() {
            self.last_id = last.id;
            self.last_at = last.received_at;
            self.entries += rows.len();
        }
    }
}

/// The game on `board` as the public may see it: the log received up to `until` (Unix
/// milliseconds, the broadcast's delay before now).
pub fn delayed_game(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    round: i32,
    board: i32,
    until: i64,
) -> diesel::QueryResult<Option<LiveGame>> {
    let rows = LiveEventRow::of_board(conn, tournament.id, round, board, 0, Some(until))?;
    if rows.is_empty() {
        return Ok(None);
    }
    let mut game = LiveGame::with_settings(settings_of(tournament));
    follow(&rows, &mut game);
    Ok(Some(game))
}

/// What the round page needs of the round's live games.
#[derive(Debug, Clone, Default)]
pub struct RoundLive {
    /// Some board of the round has a log.
    pub followed: bool,
    /// The results proposed by the games followed live that ended: (result, the alert that
    /// ended the game), for whoever runs the day (empty for anyone else).
    pub proposed: HashMap<GameId, (String, String)>,
}

/// The live games of round `number` of `data`; the proposed results only when `run_day`.
pub fn round_live(
    conn: &mut DbConn,
    data: &TournamentData,
    number: i32,
    run_day: bool,
) -> diesel::QueryResult<RoundLive> {
    let followed = LiveEventRow::round_has_log(conn, data.tournament.id, number)?;
    if !followed || !run_day {
        return Ok(RoundLive {
            followed,
            proposed: HashMap::new(),
        });
    }
    let games: Vec<GameId> = data.games_of_round(number).iter().map(|g| g.id).collect();
    let proposed = GameScore::for_games(conn, &games)?
        .into_iter()
        .filter(|score| score.source == GameScore::LIVE)
        .filter_map(|score| Some((score.game_id, (score.proposed_result?, score.proposed_by?))))
        .collect();
    Ok(RoundLive { followed, proposed })
}

/// The games of round `number` of `data` as the public may see them: the boards with two
/// players and a log, each as its log stood by `now` less the tournament's broadcast delay
/// (Unix milliseconds), by board; and the delay in minutes.
pub fn delayed_round(
    conn: &mut DbConn,
    data: &TournamentData,
    number: i32,
    now: i64,
) -> diesel::QueryResult<(HashMap<i32, LiveGame>, i32)> {
    let delay = crate::db::models::live_settings::LiveSettingsRow::of(conn, data.tournament.id)?
        .delay_minutes;
    let until = now - i64::from(delay) * 60_000;
    let mut games = HashMap::new();
    for g in data
        .games_of_round(number)
        .into_iter()
        .filter(|g| g.black_id.is_some())
    {
        if let Some(game) = delayed_game(conn, &data.tournament, number, g.board, until)? {
            games.insert(g.board, game);
        }
    }
    Ok((games, delay))
}

/// The games of round `round` as the linking of a source's games sees them
/// ([`crate::tournament::live_link`]): board, players' names and FIDE ids; a bye's row is not
/// among them. `None` when the round is not paired.
pub fn round_boards(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
) -> diesel::QueryResult<Option<Vec<RoundBoard>>> {
    let Some(found) = Round::by_number(conn, tournament, round)? else {
        return Ok(None);
    };
    let players: std::collections::HashMap<_, _> = PlayerRow::for_tournament(conn, tournament)?
        .into_iter()
        .map(|player| (player.id, player))
        .collect();
    let boards = Game::for_round(conn, found.id)?
        .into_iter()
        .filter_map(|game| {
            let white = players.get(&game.white_id)?;
            let black = players.get(&game.black_id?)?;
            Some(RoundBoard {
                board: game.board,
                white: white.name.clone(),
                white_fide_id: white.fide_id,
                black: black.name.clone(),
                black_fide_id: black.fide_id,
            })
        })
        .collect();
    Ok(Some(boards))
}
