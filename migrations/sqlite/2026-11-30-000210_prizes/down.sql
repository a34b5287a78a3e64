DROP TABLE prizes;
DROP TABLE prize_categories;
DROP TABLE prize_settings;
