-- Tie-breaks chosen by the organiser (issue 6, FIDE C.07 Art. 4.1): the ordered list of codes
-- as FIDE writes them (`BH-C1,BH,SB,DE`), and what happens to ties left after the list
-- (Art. 4.2): drawing of lots from a recorded seed, or shared places.
-- No row: the FIDE-recommended default for the tournament's system.

CREATE TABLE tournament_tiebreaks (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    codes TEXT NOT NULL,
    shared_places BOOLEAN NOT NULL DEFAULT 0,
    lots_seed BIGINT NOT NULL DEFAULT 0
);
