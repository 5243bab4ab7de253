-- Leaderboards list settled ratings (deviation at most 110) best first:
-- an index of those alone, in that order, pages them and places a player
-- without reading the rest.
CREATE INDEX ratings_settled ON ratings (rules, language, rating DESC, player) WHERE deviation <= 110;
