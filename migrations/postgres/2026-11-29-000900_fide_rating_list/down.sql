DROP TABLE fide_rating_lists;
DROP TABLE fide_players;
