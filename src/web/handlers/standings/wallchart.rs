//! The Swiss crosstable (wallchart) shown by `GET /tournaments/{id}/crosstable` for a Swiss
//! tournament: one row per player in starting-rank order, and per round the opponent's
//! starting number, the colour and the result (`12w½`), byes by their TRF letter
//! ([`crate::tournament::standings::result_symbol`], the symbols of the printed wallchart); then points,
//! the tie-break values and the place from the tournament's C.07 ranking.
