DELETE FROM bye_requests WHERE kind = 'F';
ALTER TABLE bye_requests DROP CONSTRAINT bye_requests_kind_check;
ALTER TABLE bye_requests ADD CONSTRAINT bye_requests_kind_check CHECK (kind IN ('H', 'Z'));
