-- Logins kept on the server (hardening): the session cookie carries a random secret, this table
-- its SHA-256 (hex). Logging out deletes the row; a password change or reset and disabling the
-- account delete every row of the user, which ends those sessions on every instance at their
-- next request. Same shape on SQLite and PostgreSQL.

CREATE TABLE user_sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX user_sessions_user_id ON user_sessions (user_id);
