DROP TABLE live_events;
DROP TABLE live_settings;
