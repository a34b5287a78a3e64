//! The Swiss page of whoever runs the day: the players with their participation, and the notice of
//! a participation change.

use crate::db::models::tournament_day::{SwissSettings, late_entry_text};
use crate::db::store::ParticipationChange;
use crate::web::access::{load_for_day, pair_blocked};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};
use askama::Template;
use askama_web::WebTemplate;

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ParticipationForm {
    /// `withdraw`, `return` or `late`.
    pub action: String,
    /// The round it takes effect in (empty: the next unpaired round).
    #[serde(default)]
    pub round: Option<u32>,
}

/// What a participation change did, in the page's language.
pub fn participation_notice(ctx: &PageContext, change: ParticipationChange, round: u32) -> String {
    let key = match change {
        ParticipationChange::Withdraw => "day.notice.withdrawn",
        ParticipationChange::Return => "day.notice.returned",
        ParticipationChange::LateEntry => "day.notice.late_entry",
    };
    ctx.t_with_name(key, &round.to_string())
}

/// One player on the Swiss page.
#[derive(Debug, Clone)]
pub struct SwissPlayer {
    /// Row id.
    pub id: i32,
    /// Starting rank, if assigned.
    pub rank: String,
    /// Name.
    pub name: String,
    /// First round paired.
    pub first_round: u32,
    /// Withdrawn from this round on.
    pub withdrawn_from: Option<u32>,
    /// Requested byes as `round:H`.
    pub byes: Vec<(u32, char)>,
    /// What the status filter matches, space-separated: `playing` or `withdrawn`, `late`,
    /// `byes`.
    pub tags: String,
}

/// The Swiss page.
#[derive(Template, WebTemplate)]
#[template(path = "swiss/show.html")]
pub struct SwissPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rules.
    pub settings: SwissSettings,
    /// `zero`, `half`, `half:N`.
    pub late_entry: String,
    /// Rounds paired so far.
    pub rounds_paired: i32,
    /// Rounds announced.
    pub total_rounds: i32,
    /// The last round paired has no game result yet: it may be unpaired or changed.
    pub last_open: bool,
    /// The players.
    pub players: Vec<SwissPlayer>,
    /// Why the next round cannot be paired yet (results missing, which boards).
    pub pair_blocked: Option<String>,
    /// Why the last change was refused (e.g. the criterion a manual change breaks).
    pub errors: Vec<String>,
}

/// The Swiss page of tournament `id` for `user` (who runs its day), with `errors` on top.
pub async fn swiss_page(
    ctx: PageContext,
    user: crate::db::models::User,
    state: &AppState,
    id: i32,
    errors: Vec<String>,
) -> Result<SwissPage, AppError> {
    let (data, access) = load_for_day(state, user, id).await?;
    let header = TournamentHeader::new(&data, access, "swiss");
    let rounds_paired = data.rounds.len() as i32;
    let last_open = data
        .games_of_round(rounds_paired)
        .iter()
        .all(|g| g.black_id.is_none() || g.result.is_none());
    let tournament = data.tournament.id;
    let settings = state
        .db(move |conn| Ok(SwissSettings::for_tournament(conn, tournament)?))
        .await?;
    let mut players: Vec<_> = data.players.iter().collect();
    crate::tournament::collation::sort_by_name(&mut players, |p| &p.name);
    players.sort_by_key(|p| p.starting_rank.unwrap_or(i32::MAX));
    let players = players
        .iter()
        .map(|p| {
            let who = data.participation_of(p.id);
            let withdrawn_from = data.withdrawn_from(p.id).map(|r| r.max(1) as u32);
            let mut tags = vec![if withdrawn_from.is_some() {
                "withdrawn"
            } else {
                "playing"
            }];
            if who.first_round > 1 {
                tags.push("late");
            }
            if !who.byes.is_empty() {
                tags.push("byes");
            }
            SwissPlayer {
                id: p.id.0,
                rank: p.starting_rank.map(|r| r.to_string()).unwrap_or_default(),
                name: p.name.clone(),
                first_round: who.first_round,
                withdrawn_from,
                byes: who
                    .byes
                    .iter()
                    .map(|(round, kind)| (*round, kind.code()))
                    .collect(),
                tags: tags.join(" "),
            }
        })
        .collect();
    let pair_blocked = pair_blocked(&ctx, &data);
    Ok(SwissPage {
        ctx,
        header,
        late_entry: late_entry_text(settings.late_entry()),
        settings,
        rounds_paired,
        total_rounds: data.tournament.rounds,
        last_open,
        players,
        pair_blocked,
        errors,
    })
}
