//! The rules core's check of a stored game score ([`check_score_text`]), as the score page
//! shows it next to the result, in the reader's language ([`crate::web::i18n::score`]): the
//! first move that cannot be read or played, how the game ended by the Laws, the claims and
//! illegal moves, whether the signed result agrees (Art. 8.7: the signed result stands; a
//! disagreement is a warning for the arbiter, never a change) and the PGN tags that name
//! another board.
