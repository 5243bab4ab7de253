-- The rating before each game beside the rating after it, so that a game's
-- results can say how each rating changed. NULL where the game was not
-- rated, and in rows written before this column.
ALTER TABLE results ADD COLUMN rating_before DOUBLE PRECISION;
ALTER TABLE results ADD COLUMN deviation_before DOUBLE PRECISION;
