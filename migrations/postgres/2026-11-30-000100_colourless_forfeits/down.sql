ALTER TABLE games DROP COLUMN colourless;
