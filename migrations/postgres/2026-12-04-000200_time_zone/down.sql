ALTER TABLE tournaments DROP COLUMN time_zone;
