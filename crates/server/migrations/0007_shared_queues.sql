-- Instances sharing one database pair their players together.
--
-- Players waiting for a random game, whichever instance they asked: the
-- instance that pairs them claims their rows, makes the room and leaves
-- each their answer, which the instance they asked hands over.
CREATE TABLE waiting (
    ticket BIGINT PRIMARY KEY,
    -- The instance that was asked, which answers the player.
    instance TEXT NOT NULL,
    -- JSON: the queue (rule set, language, players) and who waits.
    queue TEXT NOT NULL,
    name TEXT NOT NULL,
    player TEXT NOT NULL,
    -- A member waits in one queue at a time.
    account BIGINT UNIQUE,
    since_ms BIGINT NOT NULL,
    wait_ms BIGINT NOT NULL,
    claimed BOOLEAN NOT NULL DEFAULT FALSE,
    -- JSON: their seat, or why there is none.
    answer TEXT
);

CREATE INDEX waiting_by_instance ON waiting (instance);

-- The instance that opened an arena runs it; the others send its players
-- there. NULL for arenas opened before: the only instance there was.
ALTER TABLE arenas ADD COLUMN instance TEXT;
