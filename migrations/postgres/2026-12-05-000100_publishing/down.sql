DROP TABLE publish_outbox;
DROP TABLE publish_targets;
DROP TABLE published_events;
DROP TABLE publishing_keys;
DROP TABLE tournament_public_ids;
