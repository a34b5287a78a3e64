//! The incident log of a tournament, for its arbiters only: the decisions taken during play,
//! each with its round, board (linked to the game), time, the arbiter who decided, the
//! Article of the Laws ([`IncidentArticle`]), the decision and its consequence for the clock
//! or the score; printed in the chief arbiter's report
//! ([`crate::print::arbiter_report`]).

pub mod add;
pub mod list;
pub mod report;
