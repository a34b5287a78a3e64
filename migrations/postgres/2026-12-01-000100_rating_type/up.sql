-- Which of FIDE's ratings the event uses (standard, rapid or blitz, FIDE Rating Regulations
-- B.02): the FIDE ID look-up and the refresh before round 1 take that rating from the list.
ALTER TABLE tournaments ADD COLUMN rating_type TEXT NOT NULL DEFAULT 'standard';
