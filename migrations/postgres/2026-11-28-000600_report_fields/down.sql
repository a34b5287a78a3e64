ALTER TABLE players DROP COLUMN birth_date;
ALTER TABLE tournaments DROP COLUMN report_records;
ALTER TABLE tournaments DROP COLUMN report_type;
ALTER TABLE tournaments DROP COLUMN deputy_arbiters;
