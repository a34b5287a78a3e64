-- The piece letters of a stored game score (issue 7): a move list typed in the scoresheet's
-- language is kept as written and read with that language's letters (Laws Appendix C.3).
ALTER TABLE game_scores ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
