//! A series: a club's Grand Prix, a region's cup — several events ranked together.
//!
//! Each event's final standings ([`EventStandings`]: place, points and games of every player,
//! read from the event's public state document) give each player series points by the
//! series' [`Scale`] (by place, shared places taking the average of their values; or by the
//! game points scored). With *best N of M* ([`SeriesRules::best`]) only a player's N best
//! scores count; the others stay on the page, marked "not counted". The same person across
//! events is found by [`identity`]'s rules (the FIDE id, else the name with the year of birth
//! and the federation).
//!
//! **Order** ([`rank_series`]). No FIDE regulation covers series (C.07 ranks one
//! tournament); the order is ours, chosen for a Grand Prix and written here once:
//!
//! 1. more series points counted;
//! 2. a higher sum of *all* the player's scores, counted or not;
//! 3. a better best single score;
//! 4. more events played;
//! 5. otherwise the place is shared (listed by name, [`compare_names`]).
//!
//! **Categories** are the prize list's ([`CategoryRule`]: age in the series' year, women,
//! rating band, unrated, club, federation), applied to what the latest event says of the
//! player's rating, club and federation (the year of birth and sex from any event that gives
//! them; the name as the first event spells it). A category's ranking is
//! the overall order restricted to its members, with its own places.
//!
//! Every score keeps its trace ([`Score`]): the event, the place and points there, the series
//! points, whether it counted, and for the game-points scale the games that made it.

pub mod identity;
pub mod scale;

use std::cmp::Ordering;

pub use identity::Person;
pub use scale::{Scale, SeriesPoints, parse_values, values_text};

use crate::tournament::collation::compare_names;
use crate::tournament::model::Color;
use crate::tournament::prizes::{Category, CategoryRule, Entrant};
use crate::tournament::scoring::Points;

/// The most events a series may hold.
pub const MAX_EVENTS: usize = 60;

/// The organiser's rules of a series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesRules {
    /// How an event's result becomes series points.
    pub scale: Scale,
    /// Best N of M: only a player's `best` highest scores count; `None`: every score.
    pub best: Option<u32>,
    /// The categories, in the organiser's order.
    pub categories: Vec<Category>,
    /// The year ages are counted in (the year of the series' last event).
    pub year: i32,
}

/// One game (or bye) of a player in an event, as the trace shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    /// The round.
    pub round: u32,
    /// The opponent's name; `None` for a bye or a round not played.
    pub opponent: Option<String>,
    /// The player's colour, when a game was played or forfeited.
    pub color: Option<Color>,
    /// The result from the player's side in TRF letters (`1`, `=`, `0`, `+`, `-`, `H`, `F`,
    /// `U`, `Z`, `W`, `D`, `L`).
    pub result: char,
    /// The points the event's point system gives for it.
    pub points: Points,
}

/// One line of an event's final standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    /// Who.
    pub person: Person,
    /// The player's starting number in the event.
    pub number: u32,
    /// The place (shared places repeat).
    pub place: u32,
    /// The points scored in the event.
    pub points: Points,
    /// The games, by round.
    pub games: Vec<GameLine>,
}

/// One event of the series as its standings ended (or stand).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EventStandings {
    /// The event's name.
    pub title: String,
    /// The standings' lines in rank order.
    pub rows: Vec<EventRow>,
}

/// One event's score of a player in the series, with its trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The event (index into the series' events).
    pub event: usize,
    /// The place there.
    pub place: u32,
    /// How many players shared that place (1 when alone).
    pub sharing: u32,
    /// The points scored there.
    pub event_points: Points,
    /// The series points the scale gives.
    pub series_points: SeriesPoints,
    /// True when it is one of the player's best N (counted in the total).
    pub counted: bool,
    /// The games of the event (the trace of a game-points score).
    pub games: Vec<GameLine>,
}

/// One line of the series' ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesRow {
    /// Place (shared places repeat).
    pub rank: u32,
    /// Who ([`Person::merged_with`]: the first event's spelling of the name, the latest
    /// event's rating, club and federation).
    pub person: Person,
    /// The series points counted.
    pub total: SeriesPoints,
    /// Every score, counted or not, in the order of the events.
    pub scores: Vec<Score>,
    /// The categories the player belongs to (indexes into [`SeriesRules::categories`]).
    pub categories: Vec<usize>,
}

impl SeriesRow {
    /// The sum of every score, counted or not (the second criterion of the order).
    pub fn all_scores(&self) -> SeriesPoints {
        self.scores.iter().map(|s| s.series_points).sum()
    }

    /// The best single score (the third criterion).
    pub fn best_score(&self) -> SeriesPoints {
        self.scores
            .iter()
            .map(|s| s.series_points)
            .max()
            .unwrap_or_default()
    }

    /// The score of event `event`, if the player played it.
    pub fn score_in(&self, event: usize) -> Option<&Score> {
        self.scores.iter().find(|s| s.event == event)
    }
}

/// The series' ranking: every player of every event, with their scores traced, in the order
/// of the module doc.
pub fn rank_series(rules: &SeriesRules, events: &[EventStandings]) -> Vec<SeriesRow> {
    let mut rows: Vec<SeriesRow> = Vec::new();
    for (event_index, event) in events.iter().enumerate() {
        for line in &event.rows {
            let sharing = event.rows.iter().filter(|r| r.place == line.place).count() as u32;
            let score = Score {
                event: event_index,
                place: line.place,
                sharing,
                event_points: line.points,
                series_points: rules.scale.value(line.place, sharing, line.points),
                counted: false,
                games: line.games.clone(),
            };
            // The first person of the series this line is, who has no score in this event.
            let known = rows.iter_mut().find(|row| {
                row.score_in(event_index).is_none() && row.person.same_as(&line.person)
            });
            match known {
                Some(row) => {
                    row.person.merged_with(&line.person);
                    row.scores.push(score);
                }
                None => rows.push(SeriesRow {
                    rank: 0,
                    person: line.person.clone(),
                    total: SeriesPoints::default(),
                    scores: vec![score],
                    categories: Vec::new(),
                }),
            }
        }
    }
    for row in &mut rows {
        count_best(&mut row.scores, rules.best);
        row.total = row
            .scores
            .iter()
            .filter(|s| s.counted)
            .map(|s| s.series_points)
            .sum();
        row.categories = rules
            .categories
            .iter()
            .enumerate()
            .filter(|(_, category)| category.rule.includes(&entrant(&row.person), rules.year))
            .map(|(index, _)| index)
            .collect();
    }
    rows.sort_by(|a, b| order(a, b).then_with(|| compare_names(&a.person.name, &b.person.name)));
    assign_ranks(&mut rows);
    rows
}

/// Marks the `best` highest scores counted (all when `None`); between equal scores the earlier
/// event counts.
fn count_best(scores: &mut [Score], best: Option<u32>) {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|a, b| {
        scores[*b]
            .series_points
            .cmp(&scores[*a].series_points)
            .then(scores[*a].event.cmp(&scores[*b].event))
    });
    let take = best.map_or(scores.len(), |n| n as usize);
    for (position, index) in order.into_iter().enumerate() {
        scores[index].counted = position < take;
    }
}

/// The series' order without the shared-place fallback: `Less` when `a` ranks above `b`.
pub fn order(a: &SeriesRow, b: &SeriesRow) -> Ordering {
    b.total
        .cmp(&a.total)
        .then_with(|| b.all_scores().cmp(&a.all_scores()))
        .then_with(|| b.best_score().cmp(&a.best_score()))
        .then_with(|| b.scores.len().cmp(&a.scores.len()))
}

/// The places of the rows (already in order): rows equal by [`order`] share a place.
fn assign_ranks(rows: &mut [SeriesRow]) {
    let mut place = 0u32;
    for index in 0..rows.len() {
        let tied = index > 0 && order(&rows[index - 1], &rows[index]) == Ordering::Equal;
        if !tied {
            place = index as u32 + 1;
        }
        rows[index].rank = place;
    }
}

/// The ranking of category `category`: its members in the overall order with the category's
/// own places.
pub fn category_ranking(rows: &[SeriesRow], category: usize) -> Vec<SeriesRow> {
    let mut members: Vec<SeriesRow> = rows
        .iter()
        .filter(|row| row.categories.contains(&category))
        .cloned()
        .collect();
    assign_ranks(&mut members);
    members
}

/// What the categories need of a person ([`CategoryRule::includes`]).
fn entrant(person: &Person) -> Entrant {
    Entrant {
        birth_year: person.birth_year,
        sex: person.sex.clone(),
        rating: person.rating,
        club: person.club.clone(),
        federation: person.federation.clone(),
        ..Entrant::default()
    }
}

/// True when `rule` includes `person` in `year` (the prize list's rule, on a series' person).
pub fn in_category(rule: &CategoryRule, person: &Person, year: i32) -> bool {
    rule.includes(&entrant(person), year)
}
