//! The pages of the players' desk: the public registration form, an entrant's page behind
//! their personal link, the venue's check-in page, and the organiser's desk (settings,
//! entries and fees with the treasurer's totals, the players' requests) and check-in desk.

use askama::Template;
use askama_web::WebTemplate;

use crate::db::domain::TournamentData;
use crate::db::models::FidePlayer;
use crate::db::models::RatingKind;
use crate::db::models::desk_settings::DeskSettings;
use crate::db::models::entries::{Entry, EntryData};
use crate::db::models::player_requests::PlayerRequest;
use crate::db::read::desk::DeskView;
use crate::tournament::desk::{
    AbsentRule, CheckInRule, EntryStatus, FeeMark, FeeTotals, RequestState,
};
use crate::tournament::prizes::{amount_text, parse_amount};
use crate::tournament::rating_refresh::title_from_list;
use crate::web::PageContext;
use crate::web::access::Access;
use crate::web::pages::self_report::qr_svg;
use crate::web::pages::tournament::TournamentHeader;

/// The most characters of a name, club or national ID the form takes.
const MAX_TEXT: usize = 200;

/// The registration form as typed (also the entrant's change form).
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct EntryForm {
    /// "Surname, Given".
    #[serde(default)]
    pub name: String,
    /// FIDE ID.
    #[serde(default)]
    pub fide_id: String,
    /// National ID.
    #[serde(default)]
    pub national_id: String,
    /// Year of birth.
    #[serde(default)]
    pub birth_year: String,
    /// `m`, `w` or empty.
    #[serde(default)]
    pub sex: String,
    /// Federation (three letters).
    #[serde(default)]
    pub federation: String,
    /// Club.
    #[serde(default)]
    pub club: String,
}

impl EntryForm {
    /// The form filled with an entry's data.
    pub fn of(data: &EntryData) -> EntryForm {
        EntryForm {
            name: data.name.clone(),
            fide_id: data.fide_id.map(|id| id.to_string()).unwrap_or_default(),
            national_id: data.national_id.clone(),
            birth_year: data.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            sex: data.sex.clone(),
            federation: data.federation.clone(),
            club: data.club.clone(),
        }
    }

    /// The FIDE ID typed, if it is one.
    pub fn fide_id(&self) -> Option<i64> {
        let typed = self.fide_id.trim();
        typed.parse::<i64>().ok().filter(|id| {
            (1..=9_999_999_999).contains(id) && typed.chars().all(|c| c.is_ascii_digit())
        })
    }

    /// The entry's data, or what is wrong, field by field, in the reader's language. With a
    /// FIDE ID, `listed` (the player in the loaded rating list) gives the name, title, rating,
    /// federation, year of birth and sex; the entrant types the rest.
    pub fn check(
        &self,
        ctx: &PageContext,
        listed: Option<&FidePlayer>,
        kind: RatingKind,
        year: i32,
    ) -> Result<EntryData, Vec<String>> {
        let mut errors = Vec::new();
        let field = |key: &str, problem: &str| format!("{}: {}", ctx.t(key), ctx.t(problem));
        let fide_id = match self.fide_id.trim() {
            "" => None,
            _ => match self.fide_id() {
                Some(id) => Some(id),
                None => {
                    errors.push(field("player.fide_id", "desk.form.bad_number"));
                    None
                }
            },
        };
        if fide_id.is_some() && listed.is_none() {
            errors.push(
                ctx.lang
                    .t_with("desk.form.not_in_list", &[("id", self.fide_id.trim())]),
            );
        }
        let name = self.name.trim();
        if listed.is_none() && name.is_empty() {
            errors.push(field("player.name", "desk.form.required"));
        }
        let birth_year = match self.birth_year.trim() {
            "" => None,
            typed => match typed
                .parse::<i32>()
                .ok()
                .filter(|y| (1900..=year).contains(y))
            {
                Some(y) => Some(y),
                None => {
                    errors.push(field("player.birth_year", "desk.form.bad_year"));
                    None
                }
            },
        };
        let federation = self.federation.trim().to_ascii_uppercase();
        if !federation.is_empty()
            && (federation.len() != 3 || !federation.chars().all(|c| c.is_ascii_alphabetic()))
        {
            errors.push(field("player.federation", "desk.form.bad_federation"));
        }
        let sex = match self.sex.trim() {
            "" => String::new(),
            "m" | "w" => self.sex.trim().to_owned(),
            _ => {
                errors.push(field("player.sex", "desk.form.bad_sex"));
                String::new()
            }
        };
        for (key, text) in [
            ("player.name", name),
            ("player.club", self.club.trim()),
            ("player.national_id", self.national_id.trim()),
        ] {
            if text.chars().count() > MAX_TEXT {
                errors.push(field(key, "desk.form.too_long"));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut data = EntryData {
            name: name.to_owned(),
            fide_id,
            national_id: self.national_id.trim().to_owned(),
            birth_year,
            sex,
            title: String::new(),
            rating: 0,
            federation,
            club: self.club.trim().to_owned(),
        };
        if let Some(listed) = listed {
            data.name = listed.name.clone();
            data.title = title_from_list(&listed.title, &listed.women_title);
            data.rating = listed.rating(kind).unwrap_or(0);
            data.federation = listed.federation.clone();
            data.birth_year = listed.birth_year.or(data.birth_year);
            data.sex = listed.sex.clone();
        }
        Ok(data)
    }
}

/// The address and QR code of a personal link just issued (shown once).
#[derive(Debug, Clone)]
pub struct ShownLink {
    /// The whole address.
    pub url: String,
    /// Its QR code (SVG).
    pub qr: String,
}

impl ShownLink {
    /// The link at `path` on the site at `base`.
    pub fn new(base: &str, path: &str) -> ShownLink {
        let url = format!("{base}{path}");
        ShownLink {
            qr: qr_svg(&url, 180).unwrap_or_default(),
            url,
        }
    }
}

/// A rating as shown: empty for the unrated.
fn rating_text(rating: i32) -> String {
    if rating > 0 {
        rating.to_string()
    } else {
        String::new()
    }
}

/// An amount as shown, with the tournament's currency.
fn money(cents: i64, settings: &DeskSettings) -> String {
    amount_text(cents, &settings.currency)
}

/// The public registration form (`/tournaments/{id}/register`).
#[derive(Template, WebTemplate)]
#[template(path = "desk/register.html")]
pub struct RegisterPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's id.
    pub id: i32,
    /// Its name.
    pub tournament: String,
    /// Why the form takes no entry, if it does not.
    pub closed: Option<String>,
    /// The deadline, if any.
    pub deadline: String,
    /// Places left (empty without a capacity; "0": the waiting list).
    pub places_left: Option<u32>,
    /// The fees as the organiser set them, one line each.
    pub fees: Vec<String>,
    /// The form as typed.
    pub form: EntryForm,
    /// What is wrong with it.
    pub errors: Vec<String>,
    /// What the look-up found.
    pub notice: Option<String>,
}

impl RegisterPage {
    /// The page of `data`'s tournament under `settings` on `today`.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        view: &DeskView,
        today: time::Date,
        form: EntryForm,
        errors: Vec<String>,
    ) -> RegisterPage {
        let settings = &view.settings;
        let window = settings.window();
        let closed = window.check_open(today).err().map(|closed| match closed {
            crate::tournament::desk::RegistrationClosed::NotOpen => ctx.t("desk.refused.closed"),
            crate::tournament::desk::RegistrationClosed::DeadlinePassed { deadline } => ctx
                .lang
                .t_with("desk.refused.deadline", &[("date", &deadline.to_string())]),
        });
        let entered = view
            .entries
            .iter()
            .filter(|e| e.status() == EntryStatus::Entered)
            .count() as u32;
        let places_left = window
            .capacity
            .map(|capacity| capacity.saturating_sub(entered));
        RegisterPage {
            fees: fee_lines(&ctx, settings),
            id: data.tournament.id.0,
            tournament: data.tournament.name.clone(),
            closed,
            deadline: settings.deadline.map(|d| d.to_string()).unwrap_or_default(),
            places_left,
            form,
            errors,
            notice: None,
            ctx,
        }
    }
}

/// The fee rules, one line each, in the reader's language.
fn fee_lines(ctx: &PageContext, settings: &DeskSettings) -> Vec<String> {
    let rules = settings.fees();
    let mut lines = vec![ctx.lang.t_with(
        "desk.fee.base_line",
        &[("amount", &money(rules.base, settings))],
    )];
    if rules.junior_under > 0 {
        lines.push(ctx.lang.t_with(
            "desk.fee.junior_line",
            &[
                ("age", &rules.junior_under.to_string()),
                ("amount", &money(rules.junior_fee, settings)),
            ],
        ));
    }
    if rules.senior_from > 0 {
        lines.push(ctx.lang.t_with(
            "desk.fee.senior_line",
            &[
                ("age", &rules.senior_from.to_string()),
                ("amount", &money(rules.senior_fee, settings)),
            ],
        ));
    }
    if let Some(fee) = rules.titled_fee {
        lines.push(
            ctx.lang
                .t_with("desk.fee.titled_line", &[("amount", &money(fee, settings))]),
        );
    }
    lines
}

/// A player's request as shown.
#[derive(Debug, Clone)]
pub struct RequestRow {
    /// Id.
    pub id: i32,
    /// Who asks.
    pub name: String,
    /// What, in the reader's words.
    pub what: String,
    /// `pending`, `approved` or `refused`.
    pub state: &'static str,
    /// The state in the reader's words.
    pub state_text: String,
    /// The arbiter's note.
    pub answer: String,
}

impl RequestRow {
    /// The row of `request` by `name`.
    pub fn new(ctx: &PageContext, request: &PlayerRequest, name: &str) -> RequestRow {
        let what = match request.kind.as_str() {
            "bye" => ctx.lang.t_with(
                if request.bye_kind == "H" {
                    "desk.request.half_bye_in"
                } else {
                    "desk.request.zero_bye_in"
                },
                &[("round", &request.round.unwrap_or(0).to_string())],
            ),
            "withdraw" => ctx.t("desk.request.withdraw"),
            _ => ctx
                .lang
                .t_with("desk.request.correction_of", &[("text", &request.detail)]),
        };
        let state = request.state();
        RequestRow {
            id: request.id.0,
            name: name.to_owned(),
            what,
            state: state.code(),
            state_text: ctx.t(&format!("desk.request.state.{}", state.code())),
            answer: request.answer.clone(),
        }
    }
}

/// An entrant's page behind their personal link (`/tournaments/{id}/entry/{token}`).
#[derive(Template, WebTemplate)]
#[template(path = "desk/entry.html")]
pub struct EntryPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's id.
    pub id: i32,
    /// Its name.
    pub tournament: String,
    /// The token (the page's own address).
    pub token: String,
    /// The entrant's name.
    pub name: String,
    /// `entered`, `waiting`, `withdrawn`.
    pub status: &'static str,
    /// The status in the reader's words.
    pub status_text: String,
    /// The details as shown (label, value).
    pub details: Vec<(String, String)>,
    /// The fee due and its mark, in words.
    pub fee: String,
    /// The link just issued (shown once, after registering).
    pub new_link: Option<ShownLink>,
    /// The change form (before round 1 is paired, while not withdrawn).
    pub form: Option<EntryForm>,
    /// The round check-in is open for, and whether the player checked in.
    pub check_in: Option<(u32, bool)>,
    /// The rounds a bye may be asked for.
    pub bye_rounds: Vec<u32>,
    /// The player's requests, newest first.
    pub requests: Vec<RequestRow>,
}

impl EntryPage {
    /// The page of `entry`.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        view: &DeskView,
        entry: &Entry,
        token: String,
        requests: &[PlayerRequest],
        new_link: Option<ShownLink>,
    ) -> EntryPage {
        let status = entry.status();
        let paired = data.rounds.len() as u32;
        let total = u32::try_from(data.tournament.rounds).unwrap_or(0);
        let playing = status == EntryStatus::Entered;
        let details = [
            (
                "player.fide_id",
                entry.fide_id.map(|i| i.to_string()).unwrap_or_default(),
            ),
            ("player.title", entry.title.clone()),
            ("player.rating", rating_text(entry.rating)),
            ("player.federation", entry.federation.clone()),
            (
                "player.birth_year",
                entry.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            ),
            ("player.club", entry.club.clone()),
            ("player.national_id", entry.national_id.clone()),
        ]
        .into_iter()
        .filter(|(_, value)| !value.is_empty())
        .map(|(key, value)| (ctx.t(key), value))
        .collect();
        let fee = ctx.lang.t_with(
            &format!("desk.fee.mark.{}", entry.fee_mark().code()),
            &[("amount", &money(entry.fee_due, &view.settings))],
        );
        EntryPage {
            id: data.tournament.id.0,
            tournament: data.tournament.name.clone(),
            token,
            name: entry.name.clone(),
            status: status.code(),
            status_text: ctx.t(&format!("desk.status.{}", status.code())),
            details,
            fee,
            new_link,
            form: (status != EntryStatus::Withdrawn && paired == 0)
                .then(|| EntryForm::of(&entry.data())),
            check_in: view.check_in_round.filter(|_| playing).map(|round| {
                (
                    round,
                    entry.player_id.is_some_and(|p| view.present.contains(&p)),
                )
            }),
            bye_rounds: if playing {
                (paired + 1..=total).collect()
            } else {
                Vec::new()
            },
            requests: requests
                .iter()
                .map(|r| RequestRow::new(&ctx, r, &entry.name))
                .collect(),
            ctx,
        }
    }
}

/// An entry on the organiser's desk.
#[derive(Debug, Clone)]
pub struct EntryRow {
    /// Id.
    pub id: i32,
    /// Name.
    pub name: String,
    /// Rating (empty: unrated).
    pub rating: String,
    /// Federation.
    pub federation: String,
    /// `entered`, `waiting`, `withdrawn`.
    pub status: &'static str,
    /// In words.
    pub status_text: String,
    /// The fee due.
    pub fee: String,
    /// Why (base, junior, senior, titled), in words.
    pub fee_reason: String,
    /// `unpaid`, `paid`, `waived`.
    pub mark: &'static str,
    /// The link is revoked.
    pub revoked: bool,
}

/// The organiser's desk (`/tournaments/{id}/desk`).
#[derive(Template, WebTemplate)]
#[template(path = "desk/show.html")]
pub struct DeskPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's header.
    pub header: TournamentHeader,
    /// The settings (for the form).
    pub settings: DeskSettings,
    /// The fees as typed in the form.
    pub fee_fields: Vec<(&'static str, String)>,
    /// The check-in rules: code, words, chosen.
    pub check_in_options: Vec<(&'static str, String, bool)>,
    /// What pairing does with those not checked in: code, words, chosen.
    pub absent_options: Vec<(&'static str, String, bool)>,
    /// The visitor may change the settings.
    pub manage: bool,
    /// The entries.
    pub entries: Vec<EntryRow>,
    /// Entries entered, waiting.
    pub counts: (usize, usize),
    /// The treasurer's totals: due, paid, unpaid, waived.
    pub totals: Vec<(String, String)>,
    /// The requests.
    pub requests: Vec<RequestRow>,
    /// A link just issued (an entry's new link), shown once.
    pub new_link: Option<ShownLink>,
}

impl DeskPage {
    /// The desk of `data`.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        access: Access,
        view: &DeskView,
        new_link: Option<ShownLink>,
    ) -> DeskPage {
        let settings = &view.settings;
        let year = data.tournament.start_date.year();
        let entries: Vec<EntryRow> = view
            .entries
            .iter()
            .map(|entry| {
                let (_, reason) = settings.fees().due(entry.birth_year, &entry.title, year);
                EntryRow {
                    id: entry.id.0,
                    name: entry.name.clone(),
                    rating: rating_text(entry.rating),
                    federation: entry.federation.clone(),
                    status: entry.status().code(),
                    status_text: ctx.t(&format!("desk.status.{}", entry.status().code())),
                    fee: money(entry.fee_due, settings),
                    fee_reason: ctx.t(&format!("desk.fee.reason.{}", reason.key())),
                    mark: entry.fee_mark().code(),
                    revoked: entry.link_hash.is_none(),
                }
            })
            .collect();
        let totals = FeeTotals::of(
            view.entries
                .iter()
                .filter(|e| e.status() != EntryStatus::Withdrawn)
                .map(|e| (e.fee_due, e.fee_mark())),
        );
        let count = |status| entries.iter().filter(|e| e.status == status).count();
        let name_of = |request: &PlayerRequest| {
            view.entries
                .iter()
                .find(|e| e.id == request.entry_id)
                .map(|e| e.name.clone())
                .unwrap_or_default()
        };
        let amount = |cents: i64| {
            if cents == 0 {
                String::new()
            } else {
                amount_text(cents, "")
            }
        };
        DeskPage {
            header: TournamentHeader::new(data, access, "desk"),
            fee_fields: vec![
                ("base_fee", amount(settings.base_fee)),
                ("junior_fee", amount(settings.junior_fee)),
                ("senior_fee", amount(settings.senior_fee)),
                (
                    "titled_fee",
                    settings
                        .titled_fee
                        .map(|f| amount_text(f, ""))
                        .unwrap_or_default(),
                ),
            ],
            check_in_options: [
                CheckInRule::NotRequired,
                CheckInRule::BeforeFirstRound,
                CheckInRule::BeforeEveryRound,
            ]
            .into_iter()
            .map(|rule| {
                (
                    rule.code(),
                    ctx.t(&format!("desk.check_in_rule.{}", rule.code())),
                    rule == settings.check_in_rule(),
                )
            })
            .collect(),
            absent_options: [AbsentRule::NotPaired, AbsentRule::PairedAnyway]
                .into_iter()
                .map(|rule| {
                    (
                        rule.code(),
                        ctx.t(&format!("desk.absent.{}", rule.code())),
                        rule == settings.absent_rule(),
                    )
                })
                .collect(),
            manage: access.manage,
            counts: (count("entered"), count("waiting")),
            totals: [
                ("desk.totals.due", totals.due),
                ("desk.totals.paid", totals.paid),
                ("desk.totals.unpaid", totals.unpaid),
                ("desk.totals.waived", totals.waived),
            ]
            .into_iter()
            .map(|(key, cents)| (ctx.t(key), money(cents, settings)))
            .collect(),
            requests: view
                .requests
                .iter()
                .map(|r| RequestRow::new(&ctx, r, &name_of(r)))
                .collect(),
            entries,
            settings: settings.clone(),
            new_link,
            ctx,
        }
    }

    /// True when `mark` is the entry's fee mark (for the form's radio buttons).
    pub fn marks(&self) -> [(&'static str, String); 3] {
        [FeeMark::Unpaid, FeeMark::Paid, FeeMark::Waived]
            .map(|m| (m.code(), self.ctx.t(&format!("desk.fee.{}", m.code()))))
    }

    /// True when the request is waiting for an answer.
    pub fn pending(&self, row: &RequestRow) -> bool {
        row.state == RequestState::Pending.code()
    }
}

/// A player on a check-in page.
#[derive(Debug, Clone)]
pub struct PresenceRow {
    /// The player's row id.
    pub player: i32,
    /// Name.
    pub name: String,
    /// Rating (empty: unrated).
    pub rating: String,
    /// Checked in.
    pub present: bool,
}

/// The players of the check-in round matching `query` (any part of the name, letter case
/// aside), missing ones first, each group by name.
pub fn presence_rows(data: &TournamentData, view: &DeskView, query: &str) -> Vec<PresenceRow> {
    let Some(round) = view.check_in_round else {
        return Vec::new();
    };
    let query = query.trim().to_lowercase();
    let mut rows: Vec<PresenceRow> = data
        .players
        .iter()
        .filter(|p| {
            let participation = data.participation_of(p.id);
            !participation.is_withdrawn(round) && !participation.is_not_yet_entered(round)
        })
        .filter(|p| query.is_empty() || p.name.to_lowercase().contains(&query))
        .map(|p| PresenceRow {
            player: p.id.0,
            name: p.name.clone(),
            rating: rating_text(p.rating),
            present: view.present.contains(&p.id),
        })
        .collect();
    rows.sort_by(|a, b| {
        a.present
            .cmp(&b.present)
            .then_with(|| crate::tournament::collation::compare_names(&a.name, &b.name))
    });
    rows
}

/// The check-in desk (`/tournaments/{id}/check-in`) and the venue's check-in page
/// (`/tournaments/{id}/venue/{token}`): who is missing, searchable, one tap each.
#[derive(Template, WebTemplate)]
#[template(path = "desk/check_in.html")]
pub struct CheckInPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's header (the organiser's desk), `None` on the venue page.
    pub header: Option<TournamentHeader>,
    /// The tournament's id.
    pub id: i32,
    /// Its name.
    pub tournament: String,
    /// Where the forms post (the desk, or the venue link's address).
    pub action: String,
    /// The round check-in is open for.
    pub round: Option<u32>,
    /// The search typed.
    pub query: String,
    /// The players shown.
    pub rows: Vec<PresenceRow>,
    /// Players checked in, of all.
    pub counts: (usize, usize),
    /// The venue link just issued (organiser only), shown once.
    pub venue_link: Option<ShownLink>,
    /// The venue link is issued (organiser only).
    pub venue_issued: bool,
    /// The visitor may issue the venue link.
    pub manage: bool,
}

impl CheckInPage {
    /// The page for `data` with the search `query`.
    #[expect(clippy::too_many_arguments, reason = "what the page shows")]
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        header: Option<TournamentHeader>,
        view: &DeskView,
        action: String,
        query: String,
        manage: bool,
        venue_link: Option<ShownLink>,
    ) -> CheckInPage {
        let all = presence_rows(data, view, "");
        let rows = presence_rows(data, view, &query);
        CheckInPage {
            counts: (all.iter().filter(|r| r.present).count(), all.len()),
            id: data.tournament.id.0,
            tournament: data.tournament.name.clone(),
            header,
            action,
            round: view.check_in_round,
            query,
            rows,
            venue_issued: view.settings.check_in_link.is_some(),
            venue_link,
            manage,
            ctx,
        }
    }
}

/// Reads an amount typed in the settings form (empty: `None`), or says where it is wrong.
pub fn amount_field(ctx: &PageContext, key: &str, text: &str) -> Result<Option<i64>, String> {
    match text.trim() {
        "" => Ok(None),
        typed => parse_amount(typed)
            .map(Some)
            .ok_or_else(|| format!("{}: {}", ctx.t(key), ctx.t("desk.form.bad_amount"))),
    }
}

/// Loads tournament `id` and its desk for a page anyone may open (404 when it does not exist).
pub async fn load_desk(
    state: &crate::web::AppState,
    id: i32,
) -> Result<(TournamentData, DeskView), crate::web::AppError> {
    state
        .db(move |conn| {
            let data = TournamentData::load(conn, crate::db::models::TournamentId(id))?
                .ok_or(crate::web::AppError::NotFound)?;
            let view = crate::db::read::desk::desk_view(conn, &data)?;
            Ok((data, view))
        })
        .await
}

/// What an entrant's link opens: the tournament, its desk, the entry and its requests.
pub struct LinkedEntry {
    /// The tournament.
    pub data: TournamentData,
    /// Its desk.
    pub view: DeskView,
    /// The entry.
    pub entry: Entry,
    /// The entry's requests, newest first.
    pub requests: Vec<PlayerRequest>,
}

/// Loads the entry of tournament `id` whose personal link is `token`: 404 for a malformed,
/// unknown or revoked link, or the link of another tournament's entry.
pub async fn load_linked_entry(
    state: &crate::web::AppState,
    id: i32,
    token: String,
) -> Result<LinkedEntry, crate::web::AppError> {
    use crate::web::AppError;
    state
        .db(move |conn| {
            let tournament = crate::db::models::TournamentId(id);
            let entry = crate::db::read::desk::entry_by_link(conn, tournament, &token)?
                .ok_or(AppError::NotFound)?;
            let data = TournamentData::load(conn, tournament)?.ok_or(AppError::NotFound)?;
            let view = crate::db::read::desk::desk_view(conn, &data)?;
            let requests = PlayerRequest::of_entry(conn, entry.id)?;
            Ok(LinkedEntry {
                data,
                view,
                entry,
                requests,
            })
        })
        .await
}
