//! The writes of the players' desk: the organiser's settings, self-registration (an entry is
//! a player through the one player write, [`super::players::insert_registrations`]; beyond the
//! capacity it waits), entrants' changes and withdrawals through their personal link (the
//! first waiting entry moves up), fee marks, the personal links issued and revoked, presence
//! confirmed before a round, and players' requests answered by the arbiter (a bye through
//! the one bye write, C.04.2 Art. 3.3; a withdrawal through the one participation write,
//! Art. 3.2). Every one is a store write ([`super::write`]) with its audit rows; a write made
//! through a link has no user and says so in its audit row.

use super::participation::{bye_within, change_within};
use super::players::{Registration, delete_within, edit_within, insert_registrations};
use super::{NewAuditEntry, ParticipationChange, Refusal, StoreError, load, write};
use crate::day::DayState;
use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::desk_settings::DeskSettings;
use crate::db::models::entries::{Entry, EntryData, EntryId, NewEntry};
use crate::db::models::player_requests::{NewPlayerRequest, PlayerRequest, PlayerRequestId};
use crate::db::models::round_presence::{Presence, PresenceVia};
use crate::db::models::{Game, PlayerRow, PlayerRowId, TournamentId, UserId};
use crate::tournament::byes::ByeKind;
use crate::tournament::desk::{
    AbsentRule, EntryStatus, FeeMark, RegistrationClosed, RequestKind, RequestState, first_waiting,
};
use crate::tournament::entries;
use crate::tournament::personal_link::{LinkKey, LinkScope};

/// Why the desk did not write.
#[derive(Debug, Clone, PartialEq)]
pub enum DeskRefusal {
    /// The registration form takes no entry.
    Closed(RegistrationClosed),
    /// No round is waiting for a check-in (the rule asks for none, or every round is paired).
    CheckInClosed,
    /// The entry is withdrawn: its link can only show it.
    EntryWithdrawn,
    /// Round 1 is paired: personal data changes only by a request to the arbiter.
    ChangesByRequest,
    /// The request was answered already.
    RequestAnswered,
    /// The player is not paired in the round asked for (withdrawn or not in the tournament).
    NotPlaying,
}

impl From<DeskRefusal> for StoreError {
    fn from(refusal: DeskRefusal) -> Self {
        StoreError::Refused(Refusal::Desk(refusal))
    }
}

/// Saves the organiser's settings (the venue link stays as issued) and the fee due of every
/// entry under the new rules.
pub fn save_desk_settings(
    conn: &mut DbConn,
    settings: &DeskSettings,
    by: UserId,
) -> Result<(), StoreError> {
    let tournament = settings.tournament_id;
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let old = DeskSettings::for_tournament(conn, tournament)?;
        let settings = DeskSettings {
            check_in_link: old.check_in_link,
            ..settings.clone()
        };
        settings.save(conn)?;
        let year = data.tournament.start_date.year();
        for entry in Entry::of_tournament(conn, tournament)? {
            let (fee, _) = settings.fees().due(entry.birth_year, &entry.title, year);
            if fee != entry.fee_due {
                Entry::set_fee_due(conn, entry.id, fee)?;
            }
        }
        audit.push(NewAuditEntry {
            action: "desk_settings",
            detail: format!(
                "registration {}, capacity {}, check-in {} ({})",
                if settings.registration_open {
                    "open"
                } else {
                    "closed"
                },
                settings
                    .capacity
                    .map_or_else(|| "-".to_owned(), |c| c.to_string()),
                settings.check_in,
                settings.absent_rule
            ),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// A self-registration written: the entry and its personal link's token (to show once).
#[derive(Debug, Clone)]
pub struct Registered {
    /// The entry.
    pub entry: Entry,
    /// The personal link's token in clear.
    pub token: String,
}

/// Takes a self-registration on `today`: refused when the form is closed or the person is
/// entered already (FIDE ID, national ID, or name and year of birth —
/// [`crate::tournament::entries`]); within the capacity the entry becomes a player, beyond it
/// waits. Issues the entrant's personal link.
pub fn self_register(
    conn: &mut DbConn,
    tournament: TournamentId,
    data: &EntryData,
    lang: &str,
    today: time::Date,
    key: &LinkKey,
) -> Result<Registered, StoreError> {
    write(conn, tournament, None, |conn, audit| {
        let event = load(conn, tournament)?;
        let settings = DeskSettings::for_tournament(conn, tournament)?;
        let known = Entry::of_tournament(conn, tournament)?;
        let entered = known
            .iter()
            .filter(|e| e.status() == EntryStatus::Entered)
            .count() as u32;
        let status = settings
            .window()
            .admit(today, entered)
            .map_err(DeskRefusal::Closed)?;
        refuse_duplicate(&event, &known, None, data)?;
        let (fee, _) = settings.fees().due(
            data.birth_year,
            &data.title,
            event.tournament.start_date.year(),
        );
        let player = match status {
            EntryStatus::Entered => Some(enter(conn, tournament, data, audit)?),
            _ => None,
        };
        let entry = NewEntry {
            tournament_id: tournament,
            player_id: player,
            status: status.code().to_owned(),
            lang: lang.to_owned(),
            fee_due: fee,
            link_hash: None,
            created_at: crate::db::now(),
            data: data.clone(),
        }
        .insert(conn)?;
        let link = key.issue(
            LinkScope::Entry {
                entry: i64::from(entry.id.0),
            },
            &mut rand::rng(),
        );
        Entry::set_link(conn, entry.id, Some(&link.digest))?;
        audit.push(NewAuditEntry {
            action: "self_register",
            new_value: Some(status.code().to_owned()),
            detail: entry.name.clone(),
            ..NewAuditEntry::default()
        });
        Ok(Registered {
            entry: Entry {
                link_hash: Some(link.digest),
                ..entry
            },
            token: link.token,
        })
    })
}

/// Refuses `data` when it is a person already entered, among the tournament's players and
/// the entries not withdrawn (except the entry `except` itself and its player).
fn refuse_duplicate(
    event: &TournamentData,
    known: &[Entry],
    except: Option<&Entry>,
    data: &EntryData,
) -> Result<(), StoreError> {
    let skip_player = except.and_then(|e| e.player_id);
    let players = event
        .players
        .iter()
        .filter(|p| Some(p.id) != skip_player)
        .map(|p| entries::EntryIds {
            name: &p.name,
            fide_id: p.fide_id,
            national_id: &p.national_id,
            birth_year: p.birth_year,
        });
    let waiting = known
        .iter()
        .filter(|e| e.status() == EntryStatus::Waiting && Some(e.id) != except.map(|x| x.id))
        .map(|e| entries::EntryIds {
            name: &e.name,
            fide_id: e.fide_id,
            national_id: &e.national_id,
            birth_year: e.birth_year,
        });
    let new = entries::EntryIds {
        name: &data.name,
        fide_id: data.fide_id,
        national_id: &data.national_id,
        birth_year: data.birth_year,
    };
    let found = entries::duplicates(players.chain(waiting), [new]);
    if found.is_empty() {
        Ok(())
    } else {
        Err(Refusal::AlreadyRegistered(found).into())
    }
}

/// Makes the entry a player through the one player write.
fn enter(
    conn: &mut DbConn,
    tournament: TournamentId,
    data: &EntryData,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<PlayerRowId, StoreError> {
    let registration = Registration {
        player: data.player(tournament),
        team: None,
    };
    let saved = insert_registrations(conn, tournament, &[registration], audit)?;
    saved.first().map(|p| p.id).ok_or(StoreError::NotFound)
}

/// The entry of `tournament` whose link is `digest`.
fn linked_entry(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: EntryId,
) -> Result<Entry, StoreError> {
    Entry::find(conn, entry)?
        .filter(|e| e.tournament_id == tournament && e.link_hash.is_some())
        .ok_or(StoreError::NotFound)
}

/// The entrant changes their data through their link, before round 1 is paired (after it, a
/// correction is a request to the arbiter); an entered entry's player changes with it.
pub fn change_entry(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: EntryId,
    data: &EntryData,
) -> Result<(), StoreError> {
    write(conn, tournament, None, |conn, audit| {
        let event = load(conn, tournament)?;
        let entry = linked_entry(conn, tournament, entry)?;
        if entry.status() == EntryStatus::Withdrawn {
            return Err(DeskRefusal::EntryWithdrawn.into());
        }
        if !event.rounds.is_empty() {
            return Err(DeskRefusal::ChangesByRequest.into());
        }
        let known = Entry::of_tournament(conn, tournament)?;
        refuse_duplicate(&event, &known, Some(&entry), data)?;
        if let Some(player) = entry.player_id {
            edit_within(conn, tournament, player, &data.player(tournament), audit)?;
        }
        Entry::set_data(conn, entry.id, data)?;
        let settings = DeskSettings::for_tournament(conn, tournament)?;
        let (fee, _) = settings.fees().due(
            data.birth_year,
            &data.title,
            event.tournament.start_date.year(),
        );
        Entry::set_fee_due(conn, entry.id, fee)?;
        audit.push(NewAuditEntry {
            action: "change_entry",
            detail: format!("{} (personal link)", data.name),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// The entrant withdraws through their link before round 1 is paired (after it, withdrawal is
/// a request to the arbiter); a place freed moves the first waiting entry up.
pub fn withdraw_entry(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: EntryId,
) -> Result<(), StoreError> {
    write(conn, tournament, None, |conn, audit| {
        let entry = linked_entry(conn, tournament, entry)?;
        if !load(conn, tournament)?.rounds.is_empty() {
            return Err(DeskRefusal::ChangesByRequest.into());
        }
        withdraw_within(conn, tournament, &entry, audit)
    })
}

/// The body of [`withdraw_entry`] and of an approved withdrawal request: a player never paired
/// is deleted (a registration never paired), one paired is withdrawn from the next round on
/// (C.04.2 Art. 3.2).
fn withdraw_within(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: &Entry,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<(), StoreError> {
    match (entry.status(), entry.player_id) {
        (EntryStatus::Withdrawn, _) => return Err(DeskRefusal::EntryWithdrawn.into()),
        (EntryStatus::Entered, Some(player)) => {
            let never_paired = PlayerRow::find(conn, player)?
                .is_some_and(|p| p.starting_rank.is_none())
                && Game::count_for_player(conn, player)? == 0;
            if never_paired {
                delete_within(conn, tournament, player, audit)?;
                Entry::set_status(conn, entry.id, EntryStatus::Withdrawn, None)?;
            } else {
                change_within(
                    conn,
                    tournament,
                    player,
                    ParticipationChange::Withdraw,
                    None,
                    audit,
                )?;
                Entry::set_status(conn, entry.id, EntryStatus::Withdrawn, Some(player))?;
            }
        }
        _ => {
            Entry::set_status(conn, entry.id, EntryStatus::Withdrawn, entry.player_id)?;
        }
    }
    audit.push(NewAuditEntry {
        action: "withdraw_entry",
        detail: entry.name.clone(),
        ..NewAuditEntry::default()
    });
    move_up(conn, tournament, audit)
}

/// Moves waiting entries up while the capacity has room.
fn move_up(
    conn: &mut DbConn,
    tournament: TournamentId,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<(), StoreError> {
    let window = DeskSettings::for_tournament(conn, tournament)?.window();
    loop {
        let known = Entry::of_tournament(conn, tournament)?;
        let entered = known
            .iter()
            .filter(|e| e.status() == EntryStatus::Entered)
            .count() as u32;
        if !window.has_room(entered) {
            return Ok(());
        }
        let next = first_waiting(known.iter().map(|e| (i64::from(e.id.0), e.status())));
        let Some(next) = next.and_then(|id| known.iter().find(|e| i64::from(e.id.0) == id)) else {
            return Ok(());
        };
        let player = enter(conn, tournament, &next.data(), audit)?;
        Entry::set_status(conn, next.id, EntryStatus::Entered, Some(player))?;
        audit.push(NewAuditEntry {
            action: "entry_moved_up",
            detail: next.name.clone(),
            ..NewAuditEntry::default()
        });
    }
}

/// The organiser marks an entry's fee paid, unpaid or waived.
pub fn set_fee_mark(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: EntryId,
    mark: FeeMark,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let entry = Entry::find(conn, entry)?
            .filter(|e| e.tournament_id == tournament)
            .ok_or(StoreError::NotFound)?;
        Entry::set_fee_mark(conn, entry.id, mark)?;
        audit.push(NewAuditEntry {
            action: "fee_mark",
            old_value: Some(entry.fee_mark.clone()),
            new_value: Some(mark.code().to_owned()),
            detail: entry.name.clone(),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// The organiser revokes an entry's personal link, or (`revoke` false) issues a new one,
/// which replaces the old; the new token is returned to show once.
pub fn reissue_entry_link(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: EntryId,
    revoke: bool,
    key: &LinkKey,
    by: UserId,
) -> Result<Option<String>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let entry = Entry::find(conn, entry)?
            .filter(|e| e.tournament_id == tournament)
            .ok_or(StoreError::NotFound)?;
        let token = if revoke {
            Entry::set_link(conn, entry.id, None)?;
            None
        } else {
            let link = key.issue(
                LinkScope::Entry {
                    entry: i64::from(entry.id.0),
                },
                &mut rand::rng(),
            );
            Entry::set_link(conn, entry.id, Some(&link.digest))?;
            Some(link.token)
        };
        audit.push(NewAuditEntry {
            action: if revoke {
                "revoke_entry_link"
            } else {
                "new_entry_link"
            },
            detail: entry.name.clone(),
            ..NewAuditEntry::default()
        });
        Ok(token)
    })
}

/// The organiser issues the venue's check-in page link (replacing the old) or revokes it.
pub fn issue_check_in_link(
    conn: &mut DbConn,
    tournament: TournamentId,
    revoke: bool,
    key: &LinkKey,
    by: UserId,
) -> Result<Option<String>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let mut settings = DeskSettings::for_tournament(conn, tournament)?;
        let token = if revoke {
            settings.check_in_link = None;
            None
        } else {
            let link = key.issue(
                LinkScope::CheckInDesk {
                    tournament: i64::from(tournament.0),
                },
                &mut rand::rng(),
            );
            settings.check_in_link = Some(link.digest);
            Some(link.token)
        };
        settings.save(conn)?;
        audit.push(NewAuditEntry {
            action: if revoke {
                "revoke_check_in_link"
            } else {
                "new_check_in_link"
            },
            ..NewAuditEntry::default()
        });
        Ok(token)
    })
}

/// The round check-in is open for: the next round to pair, when the rule asks for a
/// check-in before it.
pub fn check_in_round(data: &TournamentData, settings: &DeskSettings) -> Option<u32> {
    let round = data.rounds.len() as u32 + 1;
    let total = u32::try_from(data.tournament.rounds).unwrap_or(0);
    (round <= total.max(1) && settings.check_in_rule().required_for(round)).then_some(round)
}

/// Confirms a player's presence before the next round (or `undo`es a confirmation made by
/// mistake), `via` the player's link, the venue page or the desk; `by` is the user at the desk.
pub fn confirm_presence(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    via: PresenceVia,
    undo: bool,
    at: i64,
    by: Option<UserId>,
) -> Result<u32, StoreError> {
    write(conn, tournament, by, |conn, audit| {
        let data = load(conn, tournament)?;
        let settings = DeskSettings::for_tournament(conn, tournament)?;
        let round = check_in_round(&data, &settings).ok_or(DeskRefusal::CheckInClosed)?;
        let name = data
            .player(player)
            .ok_or(StoreError::NotFound)?
            .name
            .clone();
        let participation = data.participation_of(player);
        if participation.is_withdrawn(round) || participation.is_not_yet_entered(round) {
            return Err(DeskRefusal::NotPlaying.into());
        }
        if undo {
            Presence::undo(conn, player, round as i32)?;
        } else {
            Presence::confirm(conn, player, round as i32, at, via)?;
        }
        audit.push(NewAuditEntry {
            action: if undo { "undo_presence" } else { "presence" },
            round: Some(round as i32),
            new_value: Some(via.code().to_owned()),
            detail: name,
            ..NewAuditEntry::default()
        });
        Ok(round)
    })
}

/// The planner's state with the check-in rule applied to the next round: under
/// [`AbsentRule::NotPaired`] a player who must check in and did not is absent for the round
/// (a zero-point bye, C.04.2 Art. 3.3), unless a bye is requested already. Swiss systems
/// only: a round robin's schedule is fixed. Returns the state and the players left out.
pub(super) fn apply_check_in(
    conn: &mut DbConn,
    data: &TournamentData,
    mut state: DayState,
) -> Result<(DayState, Vec<String>), StoreError> {
    let settings = DeskSettings::for_tournament(conn, data.tournament.id)?;
    let round = state.next_round();
    if !state.system.is_swiss()
        || !settings.check_in_rule().required_for(round)
        || settings.absent_rule() != AbsentRule::NotPaired
    {
        return Ok((state, Vec::new()));
    }
    let ids: Vec<PlayerRowId> = data.players.iter().map(|p| p.id).collect();
    let present: Vec<PlayerRowId> = Presence::for_round(conn, &ids, round as i32)?
        .into_iter()
        .map(|p| p.player_id)
        .collect();
    let mut left_out = Vec::new();
    for (row, entrant) in data.players.iter().zip(state.entrants.iter_mut()) {
        let participation = &mut entrant.participation;
        if present.contains(&row.id)
            || participation.is_withdrawn(round)
            || participation.is_not_yet_entered(round)
            || participation.byes.contains_key(&round)
        {
            continue;
        }
        participation.byes.insert(round, ByeKind::ZeroPoint);
        left_out.push(row.name.clone());
    }
    Ok((state, left_out))
}

/// A player asks the arbiter through their link.
pub fn submit_request(
    conn: &mut DbConn,
    tournament: TournamentId,
    entry: EntryId,
    request: &RequestKind,
) -> Result<(), StoreError> {
    write(conn, tournament, None, |conn, audit| {
        let entry = linked_entry(conn, tournament, entry)?;
        if entry.status() == EntryStatus::Withdrawn {
            return Err(DeskRefusal::EntryWithdrawn.into());
        }
        let (round, bye_kind, detail) = match request {
            RequestKind::Bye { round, kind } => {
                (Some(*round as i32), kind.code().to_string(), String::new())
            }
            RequestKind::Withdraw => (None, String::new(), String::new()),
            RequestKind::Correction(text) => (None, String::new(), text.clone()),
        };
        NewPlayerRequest {
            entry_id: entry.id,
            kind: request.code().to_owned(),
            round,
            bye_kind,
            detail,
            created_at: crate::db::now(),
        }
        .insert(conn)?;
        audit.push(NewAuditEntry {
            action: "player_request",
            round,
            new_value: Some(request.code().to_owned()),
            detail: format!("{} (personal link)", entry.name),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// The arbiter approves or refuses a request. Approving a bye writes it through the one bye
/// write (refused there when it breaks the bye rules, C.04.2 Art. 3.3, and then nothing is
/// answered); approving a withdrawal withdraws the entry; a correction approved is made by the
/// arbiter on the player's page.
pub fn answer_request(
    conn: &mut DbConn,
    tournament: TournamentId,
    request: PlayerRequestId,
    approve: bool,
    note: &str,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let request = PlayerRequest::find(conn, request)?.ok_or(StoreError::NotFound)?;
        let entry = Entry::find(conn, request.entry_id)?
            .filter(|e| e.tournament_id == tournament)
            .ok_or(StoreError::NotFound)?;
        if request.state() != RequestState::Pending {
            return Err(DeskRefusal::RequestAnswered.into());
        }
        if approve {
            match request.kind.as_str() {
                "bye" => {
                    let player = entry.player_id.ok_or(DeskRefusal::NotPlaying)?;
                    let round = request
                        .round
                        .and_then(|r| u32::try_from(r).ok())
                        .ok_or(StoreError::NotFound)?;
                    let kind = ByeKind::parse(&request.bye_kind).ok_or(StoreError::NotFound)?;
                    bye_within(conn, tournament, player, round, Some(kind), audit)?;
                }
                "withdraw" => withdraw_within(conn, tournament, &entry, audit)?,
                _ => {}
            }
        }
        let state = if approve {
            RequestState::Approved
        } else {
            RequestState::Refused
        };
        if PlayerRequest::answer(conn, request.id, state, note.trim())? == 0 {
            return Err(DeskRefusal::RequestAnswered.into());
        }
        audit.push(NewAuditEntry {
            action: "answer_request",
            round: request.round,
            old_value: Some(request.kind.clone()),
            new_value: Some(state.code().to_owned()),
            detail: format!("{}: {}", entry.name, note.trim()),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}
