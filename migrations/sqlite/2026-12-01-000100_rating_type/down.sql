ALTER TABLE tournaments DROP COLUMN rating_type;
