-- A requested bye may be a full-point bye (TRF-2026 `240 F`, `0000 - F`) where the tournament
-- rules give one (an arbiter's decision, or a file another program wrote).
ALTER TABLE bye_requests DROP CONSTRAINT bye_requests_kind_check;
ALTER TABLE bye_requests ADD CONSTRAINT bye_requests_kind_check CHECK (kind IN ('F', 'H', 'Z'));
