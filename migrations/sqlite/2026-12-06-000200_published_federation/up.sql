-- The list of events (`/api/v1/events?federation=CZE`) filters pushed events by their
-- organising federation, as it filters the server's own; taken from the stored documents.
ALTER TABLE published_events ADD COLUMN federation TEXT NOT NULL DEFAULT '';
UPDATE published_events
    SET federation = COALESCE(json_extract(document, '$.event.federation'), '');
