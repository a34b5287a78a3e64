DROP TABLE series_events;
DROP TABLE series;
