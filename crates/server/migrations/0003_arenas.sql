-- Arenas (§6.2) and their entrants: the standings, kept after the end.
-- A room made for an arena's game names the arena and the game, so that
-- a restarted server credits its result.
CREATE TABLE arenas (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    language TEXT NOT NULL,
    players INTEGER NOT NULL,
    starts_ms BIGINT NOT NULL,
    ends_ms BIGINT NOT NULL,
    next_game BIGINT NOT NULL
);

CREATE INDEX arenas_by_end ON arenas (ends_ms);

CREATE TABLE arena_entrants (
    arena TEXT NOT NULL REFERENCES arenas (id),
    player BIGINT NOT NULL REFERENCES players (id),
    nick TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    score BIGINT NOT NULL,
    streak BIGINT NOT NULL,
    -- JSON: the points of each game, and the last game's opponents.
    sheet TEXT NOT NULL,
    last_opponents TEXT NOT NULL,
    PRIMARY KEY (arena, player)
);

CREATE INDEX arena_entrants_by_score ON arena_entrants (arena, score);

ALTER TABLE rooms ADD COLUMN arena TEXT;
ALTER TABLE rooms ADD COLUMN arena_game BIGINT;
