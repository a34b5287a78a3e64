//! The writes of a round: pairing it (with its boards' self-report codes), publishing,
//! unpairing and swapping two players, and issuing the round's codes again.

use super::*;

/// Pairs the next round by the tournament's system ([`plan_next_round`]): starting numbers,
/// late entries' bye rows, the round (unpublished) and its boards, and the boards'
/// self-report codes under `key` (issued once here; printing them writes nothing). Returns
/// the round number.
pub fn pair_next_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: UserId,
    key: &LinkKey,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let settings = SwissSettings::for_tournament(conn, tournament)?;
        let state = data.day_state(settings.late_entry());
        // The check-in rule (the players' desk): who did not check in is not paired.
        let (state, left_out) = super::desk::apply_check_in(conn, &data, state)?;
        let plan = plan_next_round(&state)?;
        if !left_out.is_empty() {
            audit.push(NewAuditEntry {
                action: "not_checked_in",
                round: Some(plan.round as i32),
                detail: left_out.join("; "),
                ..NewAuditEntry::default()
            });
        }
        let ranks: Vec<(PlayerRowId, i32)> = plan
            .new_ranks
            .iter()
            .map(|&(index, rank)| (data.players[index].id, rank as i32))
            .collect();
        PlayerRow::set_starting_ranks(conn, &ranks)?;
        // Starting numbers after the new ranks: positions in starting-rank order.
        let mut ranked: Vec<(i32, PlayerRowId)> = data
            .players
            .iter()
            .filter_map(|p| {
                let rank = p
                    .starting_rank
                    .or_else(|| ranks.iter().find(|(id, _)| *id == p.id).map(|(_, r)| *r))?;
                Some((rank, p.id))
            })
            .collect();
        ranked.sort();
        let rows: Vec<PlayerRowId> = ranked.iter().map(|(_, id)| *id).collect();
        for (round, board) in &plan.missed {
            let round_row = data
                .rounds
                .iter()
                .find(|r| r.number == *round as i32)
                .ok_or(StoreError::NotFound)?;
            let number = data.games_of_round(*round as i32).len() as i32 + 1;
            let number = number.max(board.number as i32);
            NewGame {
                round_id: round_row.id,
                board: number,
                white_id: row_of(&rows, board.white)?,
                black_id: None,
                result: board.result,
                colourless: false,
            }
            .insert(conn)?;
        }
        if plan.total_rounds as i32 != data.tournament.rounds {
            diesel::update(crate::db::schema::tournaments::table.find(tournament))
                .set(crate::db::schema::tournaments::rounds.eq(plan.total_rounds as i32))
                .execute(conn)?;
        }
        insert_round(
            conn,
            tournament,
            plan.round as i32,
            false,
            &plan.boards,
            &rows,
        )?;
        let issued = issue_codes(conn, tournament, plan.round as i32, false, key)?;
        audit.push(NewAuditEntry {
            action: "self_report_codes",
            round: Some(plan.round as i32),
            detail: format!("codes issued for {issued} boards"),
            ..NewAuditEntry::default()
        });
        audit.push(NewAuditEntry {
            action: "pair",
            round: Some(plan.round as i32),
            detail: format!(
                "{} boards; new starting numbers {}",
                plan.boards.len(),
                plan.new_ranks.len()
            ),
            ..NewAuditEntry::default()
        });
        Ok(plan.round)
    })
}

/// Publishes (or hides) the pairings of round `number`.
pub fn publish_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    published: bool,
    by: UserId,
) -> Result<PairingSystem, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let round = Round::by_number(conn, tournament, number)?.ok_or(StoreError::NotFound)?;
        Round::set_published(conn, round.id, published)?;
        audit.push(NewAuditEntry {
            action: if published { "publish" } else { "hide" },
            round: Some(number),
            ..NewAuditEntry::default()
        });
        let row = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        Ok(row.pairing_system)
    })
}

/// The round [`unpair_last_round`] removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpaired {
    /// Its number.
    pub round: u32,
    /// A team event's round (matches), not an individual one's (games).
    pub team: bool,
}

/// Removes the last round's pairing while no game of it has a result or a game score (bye
/// rows do not count), checked inside the transaction; for a team Swiss, its last round's
/// matches while no board has a result and no match was forfeited
/// (the team branch in `team_swiss.rs`). Its audit rows stay. Returns the round removed.
pub fn unpair_last_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: UserId,
) -> Result<Unpaired, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let event = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        if event.pairing_system.is_team() {
            return team_swiss::unpair_team_round(conn, tournament, audit)
                .map(|round| Unpaired { round, team: true });
        }
        let last: Option<Round> = rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .order(rounds::number.desc())
            .first(conn)
            .optional()?;
        let last = last.ok_or(DayRefusal::NothingPaired)?;
        let number = last.number as u32;
        let games = Game::for_round(conn, last.id)?;
        if games
            .iter()
            .any(|game| game.black_id.is_some() && game.result.is_some())
        {
            return Err(DayRefusal::RoundHasResults { round: number }.into());
        }
        let ids: Vec<GameId> = games.iter().map(|game| game.id).collect();
        if !GameScore::for_games(conn, &ids)?.is_empty() {
            return Err(Refusal::GameScoresEntered { round: number }.into());
        }
        Game::delete_round(conn, last.id)?;
        diesel::delete(rounds::table.find(last.id)).execute(conn)?;
        audit.push(NewAuditEntry {
            action: "unpair",
            round: Some(last.number),
            detail: format!("{} boards removed", games.len()),
            ..NewAuditEntry::default()
        });
        Ok(Unpaired {
            round: number,
            team: false,
        })
    })
}

/// Seats `first` and `second` (row ids) in each other's places in the last round, checked
/// against the pairing rules ([`swap_seats`]); absolute breaks need `confirmed`. Every board
/// changed gets a new version, so a result form made for the old players is refused.
pub fn swap_players(
    conn: &mut DbConn,
    tournament: TournamentId,
    first: PlayerRowId,
    second: PlayerRowId,
    confirmed: bool,
    by: UserId,
) -> Result<(u32, Vec<Violation>), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let round = data.rounds.len() as u32;
        let (Some(a), Some(b)) = (data.number_of(first), data.number_of(second)) else {
            return Err(DayRefusal::NotPaired { round }.into());
        };
        let state = data.day_state(Default::default());
        let (boards, violations) = swap_seats(&state, a, b, confirmed)?;
        let games = data.games_of_round(round as i32);
        for (game, board) in games.iter().zip(&boards) {
            let white = data.row_of(board.white).ok_or(StoreError::NotFound)?;
            let black = board.black.and_then(|black| data.row_of(black));
            if game.white_id != white || game.black_id != black {
                Game::set_players(conn, game.id, white, black)?;
                audit.push(NewAuditEntry {
                    action: "swap",
                    round: Some(round as i32),
                    board: Some(game.board),
                    game_id: Some(game.id),
                    new_value: Some(player_names(&data, board)),
                    ..NewAuditEntry::default()
                });
            }
        }
        Ok((round, violations))
    })
}

/// Issues the self-report codes of round `number` under `key`: with `renew`, new codes for
/// every board with two players (the earlier ones stop working: a lost sheet, a pairing
/// changed after printing), else codes for the boards that have none (a round imported or
/// paired before codes were issued at pairing). Audited with how many boards; returns it.
pub fn issue_report_codes(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    renew: bool,
    key: &LinkKey,
    by: UserId,
) -> Result<usize, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        Round::by_number(conn, tournament, number)?.ok_or(StoreError::NotFound)?;
        let issued = issue_codes(conn, tournament, number, renew, key)?;
        audit.push(NewAuditEntry {
            action: "self_report_codes",
            round: Some(number),
            detail: if renew {
                format!("new codes for {issued} boards (the earlier ones revoked)")
            } else {
                format!("codes issued for {issued} boards")
            },
            ..NewAuditEntry::default()
        });
        Ok(issued)
    })
}

/// The codes of round `number`'s boards with two players (all, or those without), inside a
/// store write.
fn issue_codes(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    renew: bool,
    key: &LinkKey,
) -> Result<usize, StoreError> {
    let round = Round::by_number(conn, tournament, number)?.ok_or(StoreError::NotFound)?;
    let boards: Vec<GameId> = Game::for_round(conn, round.id)?
        .iter()
        .filter(|game| game.black_id.is_some())
        .map(|game| game.id)
        .collect();
    let wanted = if renew {
        boards
    } else {
        BoardReport::without_tokens(conn, &boards)?
    };
    Ok(BoardReport::issue_tokens(conn, key, &wanted)?)
}
