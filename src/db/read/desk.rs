//! The players' desk as its pages read it: an entry by its personal link (only within the
//! tournament of the address), the venue check-in page by its link, and everything the
//! organiser's desk shows (entries, fees, check-ins of the next round, requests).

use diesel::QueryResult;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::desk_settings::DeskSettings;
use crate::db::models::entries::Entry;
use crate::db::models::player_requests::PlayerRequest;
use crate::db::models::round_presence::Presence;
use crate::db::models::{FidePlayer, PlayerRowId, RatingKind, TournamentId};
use crate::db::rating_list::{Found, look_up};
use crate::db::store::check_in_round;
use crate::tournament::personal_link::{is_well_formed, token_digest};

/// The entry of `tournament` whose personal link is `token`; `None` for a malformed token, a
/// revoked or unknown one, or the link of another tournament's entry.
pub fn entry_by_link(
    conn: &mut DbConn,
    tournament: TournamentId,
    token: &str,
) -> QueryResult<Option<Entry>> {
    if !is_well_formed(token) {
        return Ok(None);
    }
    Ok(Entry::by_link(conn, &token_digest(token))?.filter(|e| e.tournament_id == tournament))
}

/// True when `token` is the venue check-in link of `tournament`.
pub fn is_venue_link(
    conn: &mut DbConn,
    tournament: TournamentId,
    token: &str,
) -> QueryResult<bool> {
    if !is_well_formed(token) {
        return Ok(false);
    }
    Ok(DeskSettings::by_check_in_link(conn, &token_digest(token))?
        .is_some_and(|s| s.tournament_id == tournament))
}

/// What the desk pages show of a tournament.
#[derive(Debug, Clone)]
pub struct DeskView {
    /// The settings.
    pub settings: DeskSettings,
    /// The entries in the order they came.
    pub entries: Vec<Entry>,
    /// The players' requests, oldest first.
    pub requests: Vec<PlayerRequest>,
    /// The round check-in is open for.
    pub check_in_round: Option<u32>,
    /// The players checked in for it.
    pub present: Vec<PlayerRowId>,
}

/// Reads the desk of `data`'s tournament.
pub fn desk_view(conn: &mut DbConn, data: &TournamentData) -> QueryResult<DeskView> {
    let tournament = data.tournament.id;
    let settings = DeskSettings::for_tournament(conn, tournament)?;
    let round = check_in_round(data, &settings);
    let present = match round {
        Some(round) => {
            let ids: Vec<PlayerRowId> = data.players.iter().map(|p| p.id).collect();
            Presence::for_round(conn, &ids, round as i32)?
                .into_iter()
                .map(|p| p.player_id)
                .collect()
        }
        None => Vec::new(),
    };
    Ok(DeskView {
        settings,
        entries: Entry::of_tournament(conn, tournament)?,
        requests: PlayerRequest::of_tournament(conn, tournament)?,
        check_in_round: round,
        present,
    })
}

/// The players left out of round `round` because they had not checked in (the pairing's
/// audit row, so that the pairing page says who and why).
pub fn left_out_of_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
) -> QueryResult<Vec<String>> {
    use crate::db::schema::audit_log;
    use diesel::prelude::*;
    let of_round = audit_log::table
        .filter(audit_log::tournament_id.eq(tournament))
        .filter(audit_log::round.eq(round));
    // The newest pairing of the round (an unpaired round paired again has its own).
    let paired: Option<i64> = of_round
        .filter(audit_log::action.eq("pair"))
        .order(audit_log::id.desc())
        .select(audit_log::revision)
        .first(conn)
        .optional()?;
    let Some(revision) = paired else {
        return Ok(Vec::new());
    };
    let names: Option<String> = of_round
        .filter(audit_log::action.eq("not_checked_in"))
        .filter(audit_log::revision.eq(revision))
        .select(audit_log::detail)
        .first(conn)
        .optional()?;
    Ok(names
        .map(|names| names.split("; ").map(str::to_owned).collect())
        .unwrap_or_default())
}

/// The player of the loaded rating list with FIDE ID `fide_id`, if a list is loaded and has it.
pub fn listed_player(conn: &mut DbConn, fide_id: i64) -> QueryResult<Option<FidePlayer>> {
    Ok(match look_up(conn, &fide_id.to_string(), 1)? {
        Found::One(player, _) if player.fide_id == fide_id => Some(*player),
        _ => None,
    })
}

/// The rating of a listed player in the tournament's rating type (0 when they have none).
pub fn listed_rating(player: &FidePlayer, kind: RatingKind) -> i32 {
    player.rating(kind).unwrap_or(0)
}

/// What the pairing page of round `round` says about check-in: who was not paired for not
/// checking in, and (under the rule "paired anyway") who was paired without checking in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckInNote {
    /// Not paired: not checked in.
    pub left_out: Vec<String>,
    /// Paired without checking in.
    pub paired_unchecked: Vec<String>,
}

/// The check-in note of round `round` of `data`.
pub fn check_in_note(
    conn: &mut DbConn,
    data: &TournamentData,
    round: i32,
) -> QueryResult<CheckInNote> {
    use crate::tournament::desk::AbsentRule;
    let settings = DeskSettings::for_tournament(conn, data.tournament.id)?;
    let required = u32::try_from(round).is_ok_and(|r| settings.check_in_rule().required_for(r));
    let mut note = CheckInNote {
        left_out: left_out_of_round(conn, data.tournament.id, round)?,
        paired_unchecked: Vec::new(),
    };
    if required && settings.absent_rule() == AbsentRule::PairedAnyway {
        let games = data.games_of_round(round);
        let paired: Vec<PlayerRowId> = games
            .iter()
            .filter(|g| g.black_id.is_some())
            .flat_map(|g| [Some(g.white_id), g.black_id])
            .flatten()
            .collect();
        let present: Vec<PlayerRowId> = Presence::for_round(conn, &paired, round)?
            .into_iter()
            .map(|p| p.player_id)
            .collect();
        note.paired_unchecked = paired
            .iter()
            .filter(|id| !present.contains(id))
            .filter_map(|id| data.player(*id).map(|p| p.name.clone()))
            .collect();
    }
    Ok(note)
}
