-- A pairing not played whose colours were never given (TRF `- +` / `- -`, as some programs
-- write a forfeit): kept so that the rating report gives it back as the file had it.

ALTER TABLE games ADD COLUMN colourless BOOLEAN NOT NULL DEFAULT 0;
