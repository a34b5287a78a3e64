//! Database access with diesel over SQLite (default) or PostgreSQL (chosen by URL).
