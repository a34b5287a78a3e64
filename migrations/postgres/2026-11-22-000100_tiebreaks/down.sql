DROP TABLE tournament_tiebreaks;
