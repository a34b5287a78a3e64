DROP TABLE captain_confirmations;
DROP TABLE captain_links;
