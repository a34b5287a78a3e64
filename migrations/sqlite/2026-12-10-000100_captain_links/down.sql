DROP TABLE captain_links;
