//! `team_boards`: the boards of a team match, seated from the line-ups (an empty seat is
//! NULL and loses by forfeit), with a typed [`BoardResult`] and an optimistic-locking version.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::games::StoredResult;
use crate::db::models::team_matches::TeamMatchId;
use crate::db::models::{PlayerRowId, integer_id, load_in_chunks};
use crate::db::schema_team::team_boards;
use crate::tournament::result::BoardResult;

integer_id!(
    /// Id of a row in `team_boards`.
    TeamBoardId
);

/// A row of `team_boards`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = team_boards)]
pub struct TeamBoardRow {
    /// Row id.
    pub id: TeamBoardId,
    /// The match.
    pub match_id: TeamMatchId,
    /// Board number.
    pub board: i32,
    /// White, if seated.
    pub white_id: Option<PlayerRowId>,
    /// Black, if seated.
    pub black_id: Option<PlayerRowId>,
    /// The result; `None` while not played.
    #[diesel(deserialize_as = StoredResult)]
    pub result: Option<BoardResult>,
    /// Optimistic-locking version.
    pub version: i32,
}

impl TeamBoardRow {
    /// The boards of several matches, by match then board.
    pub fn for_matches(
        conn: &mut DbConn,
        matches: &[TeamMatchId],
    ) -> QueryResult<Vec<TeamBoardRow>> {
        let mut all = load_in_chunks(conn, matches, |conn, chunk| {
            team_boards::table
                .filter(team_boards::match_id.eq_any(chunk))
                .load::<TeamBoardRow>(conn)
        })?;
        all.sort_by_key(|b| (b.match_id, b.board));
        Ok(all)
    }

    /// The board with this id.
    pub fn find(conn: &mut DbConn, id: TeamBoardId) -> QueryResult<Option<TeamBoardRow>> {
        team_boards::table.find(id).first(conn).optional()
    }

    /// Seats one side of a board (creating the board if it is not there yet), bumping the
    /// version.
    pub fn seat(
        conn: &mut DbConn,
        of: TeamMatchId,
        board: i32,
        white: bool,
        player: Option<PlayerRowId>,
    ) -> QueryResult<()> {
        let existing: Option<TeamBoardRow> = team_boards::table
            .filter(team_boards::match_id.eq(of))
            .filter(team_boards::board.eq(board))
            .first(conn)
            .optional()?;
        match existing {
            Some(row) => {
                let target = team_boards::table.find(row.id);
                if white {
                    diesel::update(target)
                        .set((
                            team_boards::white_id.eq(player),
                            team_boards::version.eq(team_boards::version + 1),
                        ))
                        .execute(conn)?;
                } else {
                    diesel::update(target)
                        .set((
                            team_boards::black_id.eq(player),
                            team_boards::version.eq(team_boards::version + 1),
                        ))
                        .execute(conn)?;
                }
            }
            None => {
                let (w, b) = if white {
                    (player, None)
                } else {
                    (None, player)
                };
                diesel::insert_into(team_boards::table)
                    .values((
                        team_boards::match_id.eq(of),
                        team_boards::board.eq(board),
                        team_boards::white_id.eq(w),
                        team_boards::black_id.eq(b),
                        team_boards::version.eq(1),
                    ))
                    .execute(conn)?;
            }
        }
        Ok(())
    }

    /// Sets the result if the board is still at `expected_version`; returns the rows changed.
    pub fn set_result_if_version(
        conn: &mut DbConn,
        id: TeamBoardId,
        expected_version: i32,
        result: Option<BoardResult>,
    ) -> QueryResult<usize> {
        diesel::update(
            team_boards::table
                .filter(team_boards::id.eq(id))
                .filter(team_boards::version.eq(expected_version)),
        )
        .set((
            team_boards::result.eq(result.map(BoardResult::as_str)),
            team_boards::version.eq(team_boards::version + 1),
        ))
        .execute(conn)
    }
}
