DROP TABLE user_sessions;
