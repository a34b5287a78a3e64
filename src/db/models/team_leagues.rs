//! `team_leagues`: the settings of a team league — boards per match, board colours, match
//! points and the ranking ([`crate::tournament::team`]); for a team Swiss also its system code,
//! the bye's value and the initial-colour ([`crate::pairing::team_swiss`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_team::team_leagues;
use crate::pairing::team_swiss::Options;
use crate::pairing::team_swiss::generator::{options_of_code, system_code};
use crate::tournament::model::Color;
use crate::tournament::scoring::Points;
use crate::tournament::team::BoardColours;
use crate::tournament::team::score::MatchPoints;
use crate::tournament::team::tiebreak::{TeamOrder, TeamTieBreak};

/// A row of `team_leagues`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = team_leagues, treat_none_as_null = true)]
pub struct LeagueRow {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Boards per match.
    pub boards: i32,
    /// Board colours, as [`colours_name`].
    pub colours: String,
    /// Match points of a win (tenths).
    pub match_points_win: i32,
    /// Of a draw.
    pub match_points_draw: i32,
    /// Of a loss.
    pub match_points_loss: i32,
    /// A preset name ([`order_name`]) or a list of codes.
    pub tie_breaks: String,
    /// A team Swiss's system code (TRF-2026 record 192): primary score and colour type.
    pub swiss_system: String,
    /// Match points of the pairing-allocated bye (tenths).
    pub bye_match_points: i32,
    /// Its game points (tenths); `None` = half the boards.
    pub bye_game_points: Option<i32>,
    /// The initial-colour (`w`, `b`), empty until drawn before round 1.
    pub initial_colour: String,
    /// A league's line-up deadline: minutes before the round's scheduled start; `None`: the
    /// line-ups are revealed only when both are in.
    pub lineup_deadline_minutes: Option<i32>,
}

/// The stored name of a colour rule.
pub fn colours_name(colours: BoardColours) -> &'static str {
    match colours {
        BoardColours::HomeWhiteOnOdd => "home_white_odd",
        BoardColours::HomeBlackOnOdd => "home_black_odd",
        BoardColours::AlternateByRound => "alternate",
    }
}

/// The colour rule of a stored name.
pub fn parse_colours(name: &str) -> Option<BoardColours> {
    [
        BoardColours::HomeWhiteOnOdd,
        BoardColours::HomeBlackOnOdd,
        BoardColours::AlternateByRound,
    ]
    .into_iter()
    .find(|c| colours_name(*c) == name)
}

/// The stored name of a preset order.
pub fn order_name(order: TeamOrder) -> &'static str {
    match order {
        TeamOrder::Fide => "fide",
        TeamOrder::MatchPointsFirst => "match_points_first",
        TeamOrder::GamePointsFirst => "game_points_first",
        TeamOrder::Czech => "czech",
        TeamOrder::Slovak => "slovak",
        TeamOrder::Hungarian => "hungarian",
        TeamOrder::Serbian => "serbian",
    }
}

/// The stored form of a ranking list: the preset's name when it is a preset's list, else
/// the codes (`MPTS,GPTS,WIN`), as the settings form stores a list typed in.
pub fn stored_list(list: &[TeamTieBreak]) -> String {
    ORDERS
        .iter()
        .find(|order| order.list() == list)
        .map_or_else(
            || {
                list.iter()
                    .map(TeamTieBreak::code)
                    .collect::<Vec<_>>()
                    .join(",")
            },
            |order| order_name(*order).to_owned(),
        )
}

/// The presets, in the order the form offers them.
pub const ORDERS: [TeamOrder; 7] = [
    TeamOrder::Czech,
    TeamOrder::Slovak,
    TeamOrder::Hungarian,
    TeamOrder::Serbian,
    TeamOrder::Fide,
    TeamOrder::MatchPointsFirst,
    TeamOrder::GamePointsFirst,
];

impl LeagueRow {
    /// The settings of a league nobody has set up yet: 4 boards, home White on odd boards,
    /// 2/1/0, ranked by match points first.
    pub fn default_for(tournament: TournamentId) -> LeagueRow {
        LeagueRow {
            tournament_id: tournament,
            boards: 4,
            colours: colours_name(BoardColours::HomeWhiteOnOdd).into(),
            match_points_win: 20,
            match_points_draw: 10,
            match_points_loss: 0,
            tie_breaks: order_name(TeamOrder::MatchPointsFirst).into(),
            swiss_system: system_code(Options::default()).into(),
            bye_match_points: 20,
            bye_game_points: None,
            initial_colour: String::new(),
            lineup_deadline_minutes: None,
        }
    }

    /// The team Swiss options of the stored system code (the default ones for an unknown
    /// code).
    pub fn swiss_options(&self) -> Options {
        options_of_code(&self.swiss_system).unwrap_or_default()
    }

    /// What the pairing-allocated bye scores: match points, game points (half the boards
    /// unless set).
    pub fn bye_value(&self) -> (Points, Points) {
        let game = self
            .bye_game_points
            .unwrap_or(self.boards.max(0).saturating_mul(5));
        (Points(self.bye_match_points), Points(game))
    }

    /// The initial-colour once drawn (Art. 4.1).
    pub fn initial_colour(&self) -> Option<Color> {
        match self.initial_colour.as_str() {
            "w" => Some(Color::White),
            "b" => Some(Color::Black),
            _ => None,
        }
    }

    /// The league's row, if set up.
    pub fn find(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Option<LeagueRow>> {
        team_leagues::table
            .find(tournament)
            .select(LeagueRow::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts or replaces the row (inside the caller's transaction).
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        let updated = diesel::update(team_leagues::table.find(self.tournament_id))
            .set(self)
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(team_leagues::table)
                .values(self)
                .execute(conn)?;
        }
        Ok(())
    }

    /// The board colours (an unknown name reads as the usual rule).
    pub fn board_colours(&self) -> BoardColours {
        parse_colours(&self.colours).unwrap_or_default()
    }

    /// The match points.
    pub fn match_points(&self) -> MatchPoints {
        MatchPoints {
            win: Points(self.match_points_win),
            draw: Points(self.match_points_draw),
            loss: Points(self.match_points_loss),
        }
    }

    /// The preset order, when the ranking is one.
    pub fn order(&self) -> Option<TeamOrder> {
        ORDERS
            .into_iter()
            .find(|o| order_name(*o) == self.tie_breaks)
    }

    /// The tie-break list, the primary score first.
    pub fn tie_break_list(&self) -> Vec<TeamTieBreak> {
        match self.order() {
            Some(order) => order.list(),
            None => TeamTieBreak::parse_list(&self.tie_breaks)
                .unwrap_or_else(|_| TeamOrder::MatchPointsFirst.list()),
        }
    }
}
