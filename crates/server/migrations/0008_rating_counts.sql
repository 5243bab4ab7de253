-- How many settled ratings (see 0006) each rating list has in each whole
-- rating point: a leaderboard's total, a deep page and a player's place
-- are found by adding these up rather than counting through the list.
-- Each game's transaction keeps them; here they are counted once.
CREATE TABLE rating_counts (
    rules TEXT NOT NULL,
    language TEXT NOT NULL,
    -- The rating rounded down.
    rating_point BIGINT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (rules, language, rating_point)
);

-- Rounded down alike on both: PostgreSQL's cast rounds to the nearest,
-- SQLite's cuts the fraction off.
INSERT INTO rating_counts (rules, language, rating_point, players)
SELECT rules, language, rating_point, COUNT(*) FROM (
    SELECT rules, language,
        CAST(rating AS BIGINT) - CASE WHEN CAST(rating AS BIGINT) > rating THEN 1 ELSE 0 END AS rating_point
    FROM ratings WHERE deviation <= 110
) settled GROUP BY rules, language, rating_point;
