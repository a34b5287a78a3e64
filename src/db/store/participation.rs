//! Who takes part in which round: withdrawals, returns and late entries (C.04.2 Art. 3),
//! expulsion (Laws Art. 12.9.9) and requested byes.

use super::*;

/// How a player's participation changes (C.04.2 Art. 2.4, 3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParticipationChange {
    /// Withdraws the player from a round on (default: the next unpaired round); byes
    /// requested for those rounds are dropped.
    Withdraw,
    /// A withdrawn player returns from a round on.
    Return,
    /// The player is first paired in that round (a late entry).
    LateEntry,
}

/// Applies a participation change from `round` on (`None`: the next unpaired round). The
/// round must not be paired yet.
pub fn change_participation(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    change: ParticipationChange,
    round: Option<u32>,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        change_within(conn, tournament, player, change, round, audit)
    })
}

/// The body of [`change_participation`] inside the caller's write (an entrant's withdrawal
/// through their link, approved by the arbiter, withdraws the same way).
pub(super) fn change_within(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    change: ParticipationChange,
    round: Option<u32>,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<u32, StoreError> {
    let data = load(conn, tournament)?;
    if data.player(player).is_none() {
        return Err(StoreError::NotFound);
    }
    let paired = data.rounds.len() as u32;
    let total = u32::try_from(data.tournament.rounds).unwrap_or(0);
    let round = round.unwrap_or(paired + 1);
    if round <= paired || round > total.max(1) {
        return Err(Refusal::RoundNotOpen {
            round,
            paired,
            total,
        }
        .into());
    }
    let mut row = ParticipationRow::for_player(conn, player)?;
    let action = match change {
        ParticipationChange::Withdraw => {
            if row.withdrawn_from.is_some_and(|from| from as u32 <= round) {
                return Err(Refusal::ParticipationUnchanged.into());
            }
            row.withdrawn_from = Some(round as i32);
            ByeRequestRow::delete_from(conn, player, round as i32)?;
            "withdraw"
        }
        ParticipationChange::Return => {
            if row.expelled {
                return Err(Refusal::Expelled.into());
            }
            if row.withdrawn_from.is_none() {
                return Err(Refusal::ParticipationUnchanged.into());
            }
            row.withdrawn_from = None;
            "return"
        }
        ParticipationChange::LateEntry => {
            row.first_round = round as i32;
            "late_entry"
        }
    };
    row.save(conn)?;
    audit.push(NewAuditEntry {
        action,
        round: Some(round as i32),
        detail: data
            .player(player)
            .map(|p| p.name.clone())
            .unwrap_or_default(),
        ..NewAuditEntry::default()
    });
    Ok(round)
}

/// Expels a player from the competition (FIDE Laws Art. 12.9.9; 12.9 g of older editions)
/// from the next round not paired on: never paired again, no return, byes requested ahead
/// dropped; the games already played stand and the opponents keep their points. A board of a
/// paired round without a result is left to the arbiter (a forfeit). Audited with the reason.
/// Returns the first round the player is not paired in.
pub fn expel_player(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    reason: &str,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let name = data
            .player(player)
            .ok_or(StoreError::NotFound)?
            .name
            .clone();
        let mut row = ParticipationRow::for_player(conn, player)?;
        if row.expelled {
            return Err(Refusal::Expelled.into());
        }
        let round = data.rounds.len() as u32 + 1;
        let from = row
            .withdrawn_from
            .map_or(round, |withdrawn| (withdrawn.max(1) as u32).min(round));
        row.withdrawn_from = Some(from as i32);
        row.expelled = true;
        row.save(conn)?;
        ByeRequestRow::delete_from(conn, player, from as i32)?;
        audit.push(NewAuditEntry {
            action: "expel",
            round: Some(from as i32),
            detail: format!("{name} — Art. 12.9.9: {}", reason.trim()),
            ..NewAuditEntry::default()
        });
        Ok(from)
    })
}

/// Requests a bye for a round not yet paired, within the organiser's limits (C.04.2 Art. 3.3),
/// or cancels one (`kind` `None`).
pub fn request_bye(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    round: u32,
    kind: Option<ByeKind>,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        bye_within(conn, tournament, player, round, kind, audit)
    })
}

/// The body of [`request_bye`] inside the caller's write (a player's bye request approved
/// by the arbiter is checked and written the same way).
pub(super) fn bye_within(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    round: u32,
    kind: Option<ByeKind>,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<(), StoreError> {
    let data = load(conn, tournament)?;
    let name = data
        .player(player)
        .ok_or(StoreError::NotFound)?
        .name
        .clone();
    let paired = data.rounds.len() as u32;
    let total = u32::try_from(data.tournament.rounds).unwrap_or(0);
    match kind {
        None => {
            if round > paired {
                ByeRequestRow::delete(conn, player, round as i32)?;
            }
        }
        Some(kind) => {
            let settings = SwissSettings::for_tournament(conn, tournament)?;
            data.participation_of(player)
                .check_bye(round, kind, &settings.bye_policy(), total, paired)
                .map_err(Refusal::Bye)?;
            ByeRequestRow::insert(conn, player, round as i32, kind)?;
        }
    }
    audit.push(NewAuditEntry {
        action: if kind.is_some() { "bye" } else { "cancel_bye" },
        round: Some(round as i32),
        new_value: kind.map(|k| k.code().to_string()),
        detail: name,
        ..NewAuditEntry::default()
    });
    Ok(())
}
