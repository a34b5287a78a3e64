-- The nonce a board's self-report tokens were derived from (with the server's link key): the
-- same tokens can be printed again; NULL for tokens made before (random, not derivable).
ALTER TABLE board_reports ADD COLUMN token_nonce TEXT;
