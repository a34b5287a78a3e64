DROP TABLE kept_uploads;
