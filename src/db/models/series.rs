//! `series`: an organiser's series (a club's Grand Prix, a region's cup) and its rules — the
//! points scale, best N of M, the categories. Written by [`crate::db::store::create_series`]
//! and [`crate::db::store::save_series_rules`]; its events are
//! [`crate::db::models::series_events`].

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{UserId, integer_id};
use crate::db::schema_series::series;
use crate::tournament::prizes::{Category, CategoryRule};
use crate::tournament::series::{Scale, SeriesPoints, parse_values};

integer_id!(
    /// Id of a row in `series`.
    SeriesId
);

/// A stored series.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = series)]
pub struct SeriesRow {
    /// Row id.
    pub id: SeriesId,
    /// Its organiser.
    pub owner_id: UserId,
    /// Its name.
    pub name: String,
    /// The public page's id (32 hex digits).
    pub public_id: String,
    /// The scale's kind (`place`, `game_points`).
    pub scale_kind: String,
    /// The place values as text.
    pub scale_values: String,
    /// A place beyond the list, hundredths.
    pub beyond_points: i32,
    /// The game-points multiplier.
    pub multiplier: i32,
    /// Best N (NULL: every score counts).
    pub best_n: Option<i32>,
    /// The categories, `kind<TAB>value<TAB>name` a line.
    pub categories: String,
    /// Raised by every change.
    pub revision: i32,
    /// When it was made.
    pub created_at: time::PrimitiveDateTime,
}

/// A series to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = series)]
pub struct NewSeries<'a> {
    /// Its organiser.
    pub owner_id: UserId,
    /// Its name.
    pub name: &'a str,
    /// A new public id.
    pub public_id: String,
    /// The scale's kind.
    pub scale_kind: &'a str,
    /// The place values.
    pub scale_values: String,
    /// Now.
    pub created_at: time::PrimitiveDateTime,
}

impl NewSeries<'_> {
    /// Inserts the series (inside the caller's transaction) and returns its row.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<SeriesRow> {
        diesel::insert_into(series::table)
            .values(self)
            .execute(conn)?;
        series::table
            .filter(series::public_id.eq(&self.public_id))
            .select(SeriesRow::as_select())
            .first(conn)
    }
}

/// The rules as the organiser's form saves them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesSettings {
    /// Name.
    pub name: String,
    /// The scale.
    pub scale: Scale,
    /// Best N.
    pub best: Option<u32>,
    /// The categories.
    pub categories: Vec<Category>,
}

impl SeriesRow {
    /// The series with this id.
    pub fn find(conn: &mut DbConn, id: SeriesId) -> QueryResult<Option<SeriesRow>> {
        series::table
            .find(id)
            .select(SeriesRow::as_select())
            .first(conn)
            .optional()
    }

    /// The series with this public id.
    pub fn by_public_id(conn: &mut DbConn, public_id: &str) -> QueryResult<Option<SeriesRow>> {
        series::table
            .filter(series::public_id.eq(public_id))
            .select(SeriesRow::as_select())
            .first(conn)
            .optional()
    }

    /// `owner`'s series, newest first; every series for `None` (an administrator).
    pub fn listed(conn: &mut DbConn, owner: Option<UserId>) -> QueryResult<Vec<SeriesRow>> {
        let mut query = series::table
            .order(series::id.desc())
            .select(SeriesRow::as_select())
            .into_boxed();
        if let Some(owner) = owner {
            query = query.filter(series::owner_id.eq(owner));
        }
        query.load(conn)
    }

    /// Raises the revision (the first write of every change, inside its transaction); the rows
    /// changed (0: the series is gone).
    pub fn bump(conn: &mut DbConn, id: SeriesId) -> QueryResult<usize> {
        diesel::update(series::table.find(id))
            .set(series::revision.eq(series::revision + 1))
            .execute(conn)
    }

    /// Saves the organiser's settings.
    pub fn save_settings(
        conn: &mut DbConn,
        id: SeriesId,
        settings: &SeriesSettings,
    ) -> QueryResult<usize> {
        let (values, beyond, multiplier) = match &settings.scale {
            Scale::ByPlace { values, beyond } => (
                crate::tournament::series::values_text(values),
                i32::try_from(beyond.0).unwrap_or(0),
                1,
            ),
            Scale::ByGamePoints { multiplier } => {
                (String::new(), 0, i32::try_from(*multiplier).unwrap_or(1))
            }
        };
        diesel::update(series::table.find(id))
            .set((
                series::name.eq(&settings.name),
                series::scale_kind.eq(settings.scale.kind()),
                series::scale_values.eq(values),
                series::beyond_points.eq(beyond),
                series::multiplier.eq(multiplier),
                series::best_n.eq(settings.best.and_then(|n| i32::try_from(n).ok())),
                series::categories.eq(categories_text(&settings.categories)),
            ))
            .execute(conn)
    }

    /// The scale the row holds (an unreadable list of values reads as the default one).
    pub fn scale(&self) -> Scale {
        match self.scale_kind.as_str() {
            "game_points" => Scale::ByGamePoints {
                multiplier: u32::try_from(self.multiplier).unwrap_or(1).max(1),
            },
            _ => Scale::ByPlace {
                values: parse_values(&self.scale_values).unwrap_or_else(default_values),
                beyond: SeriesPoints(i64::from(self.beyond_points.max(0))),
            },
        }
    }

    /// The categories the row holds (a line that does not read is left out).
    pub fn category_list(&self) -> Vec<Category> {
        self.categories
            .lines()
            .filter_map(|line| {
                let mut parts = line.split('\t');
                let kind = parts.next()?;
                let value = parts.next().unwrap_or_default();
                let name = parts.next().unwrap_or_default();
                Some(Category {
                    name: name.to_owned(),
                    rule: CategoryRule::parse(kind, value).ok()?,
                })
            })
            .collect()
    }

    /// Best N, when set.
    pub fn best(&self) -> Option<u32> {
        self.best_n
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n > 0)
    }

    /// The settings the row holds.
    pub fn settings(&self) -> SeriesSettings {
        SeriesSettings {
            name: self.name.clone(),
            scale: self.scale(),
            best: self.best(),
            categories: self.category_list(),
        }
    }
}

/// The usual Grand Prix scale: 25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1.
pub fn default_values() -> Vec<SeriesPoints> {
    [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
        .map(SeriesPoints::whole)
        .to_vec()
}

/// The categories as the column keeps them.
fn categories_text(categories: &[Category]) -> String {
    let clean = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    categories
        .iter()
        .map(|c| {
            format!(
                "{}\t{}\t{}",
                c.rule.kind(),
                clean(&c.rule.value()),
                clean(c.name.trim())
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
