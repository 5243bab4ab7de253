-- Players, their rating on each rating list (rule set × language) with
-- the figures of their profile, and their result in each game: profiles
-- and leaderboards read them. Portable SQL, as 0001.
CREATE TABLE players (
    id BIGINT PRIMARY KEY,
    nick TEXT NOT NULL,
    -- The nickname in lower case: no two players differ only by case.
    folded TEXT NOT NULL UNIQUE,
    -- Hashes of the app's secret key and of the recovery code.
    key_hash TEXT NOT NULL UNIQUE,
    recovery_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

CREATE TABLE ratings (
    player BIGINT NOT NULL REFERENCES players (id),
    rules TEXT NOT NULL,
    language TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    turns BIGINT NOT NULL,
    points BIGINT NOT NULL,
    bingos BIGINT NOT NULL,
    best_word TEXT,
    best_score BIGINT,
    PRIMARY KEY (player, rules, language)
);

CREATE INDEX ratings_by_list ON ratings (rules, language, rating);

CREATE TABLE results (
    code TEXT NOT NULL REFERENCES rooms (code),
    seat INTEGER NOT NULL,
    player BIGINT NOT NULL REFERENCES players (id),
    rules TEXT NOT NULL,
    language TEXT NOT NULL,
    place INTEGER NOT NULL,
    score INTEGER NOT NULL,
    -- The rating after the game; NULL when the game was not rated (the
    -- player met only guests).
    rating DOUBLE PRECISION,
    deviation DOUBLE PRECISION,
    finished_ms BIGINT NOT NULL,
    PRIMARY KEY (code, seat)
);

CREATE INDEX results_by_player ON results (player, rules, language, finished_ms);
