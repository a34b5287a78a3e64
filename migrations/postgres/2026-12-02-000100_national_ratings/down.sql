DROP TABLE column_mappings;
ALTER TABLE tournaments DROP COLUMN reported_rating;
ALTER TABLE tournaments DROP COLUMN pairing_rating;
ALTER TABLE players DROP COLUMN national_rating;
ALTER TABLE players DROP COLUMN national_id;
