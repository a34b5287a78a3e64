//! Queries on the tournament-day tables (`schema_day`): Swiss settings, participation (late
//! entries, withdrawals), requested byes, round starts, check-ins, self-reports, game scores.
//! Small tables that are always read together by the round view, hence one file.

use std::collections::HashSet;

use diesel::prelude::*;

use crate::db::models::{GameId, PlayerRowId, RoundId, TournamentId, load_in_chunks};
use crate::db::schema::players;
use crate::db::schema_day::{
    board_reports, bye_requests, check_ins, game_scores, player_participation, round_starts,
    swiss_settings,
};
use crate::db::{DbConn, write_transaction};
use crate::tournament::byes::{ByeKind, ByePolicy, LateEntryPoints};
use crate::tournament::default_time::ForfeitWithdrawalRule;
use crate::tournament::model::Color;
use crate::tournament::self_report::{
    BoardTokens, LinkKey, ReportedResult, SelfReport, token_digest,
};

diesel::define_sql_function! {
    /// The length of a text, in characters (SQLite and PostgreSQL both have `length`).
    fn length(text: diesel::sql_types::Text) -> diesel::sql_types::Integer;
}

/// A row of `swiss_settings`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = swiss_settings)]
pub struct SwissSettings {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Half-point byes per player (0 = not offered).
    pub max_half_point_byes: i32,
    /// Zero-point byes per player (`None` = no limit).
    pub max_zero_point_byes: Option<i32>,
    /// No half-point byes in the last this-many rounds.
    pub no_half_point_byes_in_last_rounds: i32,
    /// `zero`, `half` or `half:N`.
    pub late_entry_points: String,
    /// A forfeit without notice withdraws the player.
    pub forfeit_withdraws: bool,
}

impl SwissSettings {
    /// The defaults for a tournament with no row yet.
    pub fn defaults(tournament_id: TournamentId) -> SwissSettings {
        let policy = ByePolicy::default();
        SwissSettings {
            tournament_id,
            max_half_point_byes: policy.max_half_point_byes as i32,
            max_zero_point_byes: None,
            no_half_point_byes_in_last_rounds: policy.no_half_point_byes_in_last_rounds as i32,
            late_entry_points: "zero".to_owned(),
            forfeit_withdraws: true,
        }
    }

    /// The settings of a tournament (defaults when none were saved).
    pub fn for_tournament(conn: &mut DbConn, id: TournamentId) -> QueryResult<SwissSettings> {
        Ok(swiss_settings::table
            .find(id)
            .first(conn)
            .optional()?
            .unwrap_or_else(|| SwissSettings::defaults(id)))
    }

    /// Saves the settings (insert or update).
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        conn.transaction(|conn| {
            let updated = diesel::update(swiss_settings::table.find(self.tournament_id))
                .set(self)
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(swiss_settings::table)
                    .values(self)
                    .execute(conn)?;
            }
            Ok(())
        })
    }

    /// The bye policy.
    pub fn bye_policy(&self) -> ByePolicy {
        ByePolicy {
            max_half_point_byes: self.max_half_point_byes.max(0) as u32,
            max_zero_point_byes: self.max_zero_point_byes.map(|n| n.max(0) as u32),
            no_half_point_byes_in_last_rounds: self.no_half_point_byes_in_last_rounds.max(0) as u32,
        }
    }

    /// The late-entry rule (unknown text reads as the C.04.2 default, zero).
    pub fn late_entry(&self) -> LateEntryPoints {
        parse_late_entry(&self.late_entry_points).unwrap_or_default()
    }

    /// The forfeit → withdrawal rule.
    pub fn forfeit_rule(&self) -> ForfeitWithdrawalRule {
        if self.forfeit_withdraws {
            ForfeitWithdrawalRule::WithdrawUnlessExcused
        } else {
            ForfeitWithdrawalRule::KeepPaired
        }
    }
}

/// Parses `zero`, `half`, `half:N`.
pub fn parse_late_entry(text: &str) -> Option<LateEntryPoints> {
    match text.trim() {
        "zero" => Some(LateEntryPoints::Zero),
        "half" => Some(LateEntryPoints::HalfPointEach),
        other => other
            .strip_prefix("half:")
            .and_then(|n| n.trim().parse().ok())
            .map(LateEntryPoints::HalfPointForFirst),
    }
}

/// Writes a late-entry rule as stored.
pub fn late_entry_text(rule: LateEntryPoints) -> String {
    match rule {
        LateEntryPoints::Zero => "zero".to_owned(),
        LateEntryPoints::HalfPointEach => "half".to_owned(),
        LateEntryPoints::HalfPointForFirst(n) => format!("half:{n}"),
    }
}

/// A row of `player_participation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = player_participation)]
pub struct ParticipationRow {
    /// The player.
    pub player_id: PlayerRowId,
    /// First round paired.
    pub first_round: i32,
    /// Withdrawn from this round on.
    pub withdrawn_from: Option<i32>,
    /// Expelled from the competition (Laws Art. 12.9.9): `withdrawn_from` is the first round
    /// not paired, and the player cannot return.
    pub expelled: bool,
}

impl ParticipationRow {
    /// The rows of a tournament's players.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<ParticipationRow>> {
        player_participation::table
            .inner_join(players::table)
            .filter(players::tournament_id.eq(tournament))
            .select(ParticipationRow::as_select())
            .load(conn)
    }

    /// One player's row (from the start, not withdrawn, when none was saved).
    pub fn for_player(conn: &mut DbConn, player: PlayerRowId) -> QueryResult<ParticipationRow> {
        Ok(player_participation::table
            .find(player)
            .first(conn)
            .optional()?
            .unwrap_or(ParticipationRow {
                player_id: player,
                first_round: 1,
                withdrawn_from: None,
                expelled: false,
            }))
    }

    /// Saves the row (insert or update; inside the caller's transaction).
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        let updated = diesel::update(player_participation::table.find(self.player_id))
            .set((
                player_participation::first_round.eq(self.first_round),
                player_participation::withdrawn_from.eq(self.withdrawn_from),
                player_participation::expelled.eq(self.expelled),
            ))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(player_participation::table)
                .values(self)
                .execute(conn)?;
        }
        Ok(())
    }
    /// Removes a player's row (before the player's registration is deleted).
    pub fn delete(conn: &mut DbConn, player: PlayerRowId) -> QueryResult<usize> {
        diesel::delete(player_participation::table.find(player)).execute(conn)
    }
}

/// A row of `bye_requests`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = bye_requests)]
pub struct ByeRequestRow {
    /// Row id.
    pub id: i32,
    /// The player.
    pub player_id: PlayerRowId,
    /// The round.
    pub round: i32,
    /// `H`, `Z` or `F`.
    pub kind: String,
}

impl ByeRequestRow {
    /// The kind of bye.
    pub fn bye_kind(&self) -> ByeKind {
        ByeKind::from_code(&self.kind).unwrap_or(ByeKind::ZeroPoint)
    }

    /// Every request of a tournament's players, by round.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<ByeRequestRow>> {
        bye_requests::table
            .inner_join(players::table)
            .filter(players::tournament_id.eq(tournament))
            .order((bye_requests::round.asc(), bye_requests::player_id.asc()))
            .select(ByeRequestRow::as_select())
            .load(conn)
    }

    /// Records a request (the caller checked it against the policy).
    pub fn insert(
        conn: &mut DbConn,
        player: PlayerRowId,
        round: i32,
        kind: ByeKind,
    ) -> QueryResult<usize> {
        diesel::insert_into(bye_requests::table)
            .values((
                bye_requests::player_id.eq(player),
                bye_requests::round.eq(round),
                bye_requests::kind.eq(kind.code().to_string()),
            ))
            .execute(conn)
    }

    /// Removes a player's request for a round.
    pub fn delete(conn: &mut DbConn, player: PlayerRowId, round: i32) -> QueryResult<usize> {
        diesel::delete(
            bye_requests::table
                .filter(bye_requests::player_id.eq(player))
                .filter(bye_requests::round.eq(round)),
        )
        .execute(conn)
    }

    /// Removes a player's requests from `round` on (after a withdrawal).
    pub fn delete_from(conn: &mut DbConn, player: PlayerRowId, round: i32) -> QueryResult<usize> {
        diesel::delete(
            bye_requests::table
                .filter(bye_requests::player_id.eq(player))
                .filter(bye_requests::round.ge(round)),
        )
        .execute(conn)
    }
}

/// When rounds started.
pub struct RoundStart;

impl RoundStart {
    /// The start of a round (Unix seconds), if the arbiter started it.
    pub fn get(conn: &mut DbConn, round: RoundId) -> QueryResult<Option<i64>> {
        round_starts::table
            .find(round)
            .select(round_starts::started_at)
            .first(conn)
            .optional()
    }

    /// Starts a round at `at` (Unix seconds); a round already started keeps its start.
    pub fn start(conn: &mut DbConn, round: RoundId, at: i64) -> QueryResult<i64> {
        conn.transaction(|conn| {
            if let Some(existing) = RoundStart::get(conn, round)? {
                return Ok(existing);
            }
            diesel::insert_into(round_starts::table)
                .values((
                    round_starts::round_id.eq(round),
                    round_starts::started_at.eq(at),
                ))
                .execute(conn)?;
            Ok(at)
        })
    }
}

/// A row of `check_ins`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = check_ins)]
pub struct CheckIn {
    /// The game.
    pub game_id: GameId,
    /// `white` or `black`.
    pub colour: String,
    /// Unix seconds.
    pub checked_at: i64,
}

impl CheckIn {
    /// The check-ins of these games.
    pub fn for_games(conn: &mut DbConn, games: &[GameId]) -> QueryResult<Vec<CheckIn>> {
        load_in_chunks(conn, games, |conn, chunk| {
            check_ins::table
                .filter(check_ins::game_id.eq_any(chunk))
                .load(conn)
        })
    }

    /// Checks a player in (the first check-in counts; a second one changes nothing).
    pub fn check_in(conn: &mut DbConn, game: GameId, colour: &str, at: i64) -> QueryResult<()> {
        conn.transaction(|conn| {
            let exists = check_ins::table
                .filter(check_ins::game_id.eq(game))
                .filter(check_ins::colour.eq(colour))
                .count()
                .get_result::<i64>(conn)?;
            if exists == 0 {
                diesel::insert_into(check_ins::table)
                    .values((
                        check_ins::game_id.eq(game),
                        check_ins::colour.eq(colour),
                        check_ins::checked_at.eq(at),
                    ))
                    .execute(conn)?;
            }
            Ok(())
        })
    }

    /// Undoes a check-in made by mistake.
    pub fn undo(conn: &mut DbConn, game: GameId, colour: &str) -> QueryResult<usize> {
        diesel::delete(
            check_ins::table
                .filter(check_ins::game_id.eq(game))
                .filter(check_ins::colour.eq(colour)),
        )
        .execute(conn)
    }
}

/// A row of `board_reports`: the players' own reports of a board and the SHA-256 of their
/// secret tokens. The clear tokens are never stored: they are derived from the row's nonce
/// under the server's [`LinkKey`] ([`BoardReport::tokens`]), to be shown or printed as often
/// as needed, and a presented token is found by its digest.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = board_reports)]
pub struct BoardReport {
    /// The game.
    pub game_id: GameId,
    /// SHA-256 (hex) of White's secret token.
    #[diesel(column_name = white_token)]
    pub white_token_hash: String,
    /// SHA-256 (hex) of Black's secret token.
    #[diesel(column_name = black_token)]
    pub black_token_hash: String,
    /// White's report.
    pub white_report: Option<String>,
    /// Black's report.
    pub black_report: Option<String>,
    /// The approved result.
    pub approved: Option<String>,
    /// The nonce the tokens were derived from; `None` for tokens made before they were
    /// derived (they work, but cannot be shown again).
    pub token_nonce: Option<String>,
}

impl BoardReport {
    /// The reports of these games.
    pub fn for_games(conn: &mut DbConn, games: &[GameId]) -> QueryResult<Vec<BoardReport>> {
        load_in_chunks(conn, games, |conn, chunk| {
            board_reports::table
                .filter(board_reports::game_id.eq_any(chunk))
                .load(conn)
        })
    }

    /// The games among these that have no tokens yet.
    pub fn without_tokens(conn: &mut DbConn, games: &[GameId]) -> QueryResult<Vec<GameId>> {
        let with: HashSet<GameId> = BoardReport::for_games(conn, games)?
            .into_iter()
            .map(|report| report.game_id)
            .collect();
        Ok(games
            .iter()
            .copied()
            .filter(|game| !with.contains(game))
            .collect())
    }

    /// Issues tokens for these games under `key`, with a fresh nonce each, replacing any
    /// earlier ones (whose links stop working; the reports made with them stay). Only the
    /// tokens' SHA-256 and the nonce are stored. Runs inside a store write (the caller audits
    /// it); the one place tokens are made.
    pub fn issue_tokens(conn: &mut DbConn, key: &LinkKey, games: &[GameId]) -> QueryResult<usize> {
        let fresh: HashSet<GameId> = BoardReport::without_tokens(conn, games)?
            .into_iter()
            .collect();
        for &game_id in games {
            let nonce = LinkKey::new_nonce(&mut rand::rng());
            let tokens = key.board_tokens(i64::from(game_id.0), &nonce);
            let (white, black) = (token_digest(&tokens.white), token_digest(&tokens.black));
            if fresh.contains(&game_id) {
                diesel::insert_into(board_reports::table)
                    .values((
                        board_reports::game_id.eq(game_id),
                        board_reports::white_token.eq(white),
                        board_reports::black_token.eq(black),
                        board_reports::token_nonce.eq(nonce),
                    ))
                    .execute(conn)?;
            } else {
                diesel::update(board_reports::table.find(game_id))
                    .set((
                        board_reports::white_token.eq(white),
                        board_reports::black_token.eq(black),
                        board_reports::token_nonce.eq(nonce),
                    ))
                    .execute(conn)?;
            }
        }
        Ok(games.len())
    }

    /// The board's tokens derived again under `key`: `None` when they were made before tokens
    /// were derived, or under another key (the session key changed), so cannot be shown.
    pub fn tokens(&self, key: &LinkKey) -> Option<BoardTokens> {
        let nonce = self.token_nonce.as_deref()?;
        let tokens = key.board_tokens(i64::from(self.game_id.0), nonce);
        (token_digest(&tokens.white) == self.white_token_hash
            && token_digest(&tokens.black) == self.black_token_hash)
            .then_some(tokens)
    }

    /// Replaces tokens stored in clear by an earlier version (32 hex digits; a digest has 64)
    /// with their SHA-256, so that links printed before the upgrade keep working. Run after
    /// the migrations; does nothing once done.
    pub fn hash_clear_tokens(conn: &mut DbConn) -> QueryResult<usize> {
        write_transaction(conn, |conn| {
            let clear: Vec<BoardReport> = board_reports::table
                .filter(
                    length(board_reports::white_token)
                        .ne(64)
                        .or(length(board_reports::black_token).ne(64)),
                )
                .load(conn)?;
            for row in &clear {
                let digest = |token: &str| {
                    if token.len() == 64 {
                        token.to_owned()
                    } else {
                        token_digest(token)
                    }
                };
                diesel::update(board_reports::table.find(row.game_id))
                    .set((
                        board_reports::white_token.eq(digest(&row.white_token_hash)),
                        board_reports::black_token.eq(digest(&row.black_token_hash)),
                    ))
                    .execute(conn)?;
            }
            Ok(clear.len())
        })
    }

    /// The colour whose token `presented` is (compared by digest, in constant time).
    pub fn colour_of(&self, presented: &str) -> Option<Color> {
        BoardTokens {
            white: self.white_token_hash.clone(),
            black: self.black_token_hash.clone(),
        }
        .identify(&token_digest(presented))
    }

    /// The reports as the pure state machine reads them.
    pub fn state(&self) -> SelfReport {
        let parse = |value: &Option<String>| value.as_deref().and_then(ReportedResult::parse);
        SelfReport {
            white: parse(&self.white_report),
            black: parse(&self.black_report),
            approved: parse(&self.approved),
        }
    }

    /// The board a token belongs to (found by the token's SHA-256).
    pub fn by_token(conn: &mut DbConn, token: &str) -> QueryResult<Option<BoardReport>> {
        let digest = token_digest(token);
        board_reports::table
            .filter(
                board_reports::white_token
                    .eq(&digest)
                    .or(board_reports::black_token.eq(&digest)),
            )
            .first(conn)
            .optional()
    }

    /// Saves the reports and the approval.
    pub fn save_reports(&self, conn: &mut DbConn) -> QueryResult<usize> {
        diesel::update(board_reports::table.find(self.game_id))
            .set((
                board_reports::white_report.eq(&self.white_report),
                board_reports::black_report.eq(&self.black_report),
                board_reports::approved.eq(&self.approved),
            ))
            .execute(conn)
    }
}

/// The game score of a game: the text as written and its piece letters' language — entered
/// by the arbiter, or written from the board's log when a game followed live ends (with the
/// result it proposes for the round).
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct GameScore {
    /// The game.
    pub game_id: GameId,
    /// PGN or a move list, as entered.
    pub movetext: String,
    /// The language code of its piece letters (`en`, `cs`, `de`, ...).
    pub lang: String,
    /// [`GameScore::ENTERED`] or [`GameScore::LIVE`].
    pub source: String,
    /// The result a live game proposes (`1-0`, `0-1`, `1/2-1/2`).
    pub proposed_result: Option<String>,
    /// The alert that ended the live game (`checkmate`, `fivefold`, ...).
    pub proposed_by: Option<String>,
}

/// The columns of a [`GameScore`].
type GameScoreColumns = (
    game_scores::game_id,
    game_scores::movetext,
    game_scores::lang,
    game_scores::source,
    game_scores::proposed_result,
    game_scores::proposed_by,
);

const GAME_SCORE_COLUMNS: GameScoreColumns = (
    game_scores::game_id,
    game_scores::movetext,
    game_scores::lang,
    game_scores::source,
    game_scores::proposed_result,
    game_scores::proposed_by,
);

impl GameScore {
    /// The score of a game, if entered.
    pub fn get(conn: &mut DbConn, game: GameId) -> QueryResult<Option<GameScore>> {
        game_scores::table
            .find(game)
            .select(GAME_SCORE_COLUMNS)
            .first(conn)
            .optional()
    }

    /// The scores of these games.
    pub fn for_games(conn: &mut DbConn, games: &[GameId]) -> QueryResult<Vec<GameScore>> {
        load_in_chunks(conn, games, |conn, chunk| {
            game_scores::table
                .filter(game_scores::game_id.eq_any(chunk))
                .select(GAME_SCORE_COLUMNS)
                .load(conn)
        })
    }

    /// Written by the arbiter.
    pub const ENTERED: &'static str = "entered";
    /// Written from a live game's board log.
    pub const LIVE: &'static str = "live";

    /// Saves the score the arbiter entered (insert or replace; it replaces a live one).
    pub fn save(conn: &mut DbConn, game: GameId, movetext: &str, lang: &str) -> QueryResult<()> {
        conn.transaction(|conn| {
            let updated = diesel::update(game_scores::table.find(game))
                .set((
                    game_scores::movetext.eq(movetext),
                    game_scores::lang.eq(lang),
                    game_scores::source.eq(GameScore::ENTERED),
                    game_scores::proposed_result.eq(None::<String>),
                    game_scores::proposed_by.eq(None::<String>),
                ))
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(game_scores::table)
                    .values((
                        game_scores::game_id.eq(game),
                        game_scores::movetext.eq(movetext),
                        game_scores::lang.eq(lang),
                        game_scores::source.eq(GameScore::ENTERED),
                    ))
                    .execute(conn)?;
            }
            Ok(())
        })
    }

    /// Saves a live game's score (PGN, English letters) with the result it proposes and the
    /// alert that ended it — inserted, or replacing a live one, never an entered one.
    pub fn save_live(
        conn: &mut DbConn,
        game: GameId,
        movetext: &str,
        result: &str,
        by: &str,
    ) -> QueryResult<()> {
        let updated = diesel::update(
            game_scores::table
                .find(game)
                .filter(game_scores::source.eq(GameScore::LIVE)),
        )
        .set((
            game_scores::movetext.eq(movetext),
            game_scores::lang.eq("en"),
            game_scores::proposed_result.eq(Some(result)),
            game_scores::proposed_by.eq(Some(by)),
        ))
        .execute(conn)?;
        if updated == 0 && GameScore::get(conn, game)?.is_none() {
            diesel::insert_into(game_scores::table)
                .values((
                    game_scores::game_id.eq(game),
                    game_scores::movetext.eq(movetext),
                    game_scores::lang.eq("en"),
                    game_scores::source.eq(GameScore::LIVE),
                    game_scores::proposed_result.eq(Some(result)),
                    game_scores::proposed_by.eq(Some(by)),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    /// Removes a game's live score (the game no longer ended after a correction); an entered
    /// one stays.
    pub fn remove_live(conn: &mut DbConn, game: GameId) -> QueryResult<usize> {
        diesel::delete(
            game_scores::table
                .find(game)
                .filter(game_scores::source.eq(GameScore::LIVE)),
        )
        .execute(conn)
    }
}
