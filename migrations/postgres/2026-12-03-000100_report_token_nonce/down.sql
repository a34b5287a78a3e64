ALTER TABLE board_reports DROP COLUMN token_nonce;
