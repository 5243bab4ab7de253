-- The edition of the crossword rules a room's game is played under,
-- written when the game begins: games begun before a rule changed replay
-- under the rules they were played with (every earlier game: edition 1).
ALTER TABLE rooms ADD COLUMN rules_edition INTEGER NOT NULL DEFAULT 1;
