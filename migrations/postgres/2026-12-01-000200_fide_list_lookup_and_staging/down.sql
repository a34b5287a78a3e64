-- After imports the two tables have swapped names (and their indexes with them): drop both
-- indexes by either name.
DROP TABLE fide_players_staging;
DROP INDEX IF EXISTS fide_players_name_key;
DROP INDEX IF EXISTS fide_players_staging_name_key;
ALTER TABLE fide_players DROP COLUMN name_key;
