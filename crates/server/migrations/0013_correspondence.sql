-- Games that last days (§5.5). Their rooms and logs are in `rooms` and
-- `events` as any game's, but no instance holds them in memory: each
-- request reads one from here, and what it changes is written back in one
-- transaction that checks `version`, so that two at once count once. A
-- row per member seated lists a member's games by index, and the deadline
-- index finds the turns whose days ran out.
CREATE TABLE correspondence (
    code TEXT PRIMARY KEY REFERENCES rooms (code),
    days INTEGER NOT NULL,
    -- Bumped by every change: a change made on an older version is
    -- refused and made again on the new one.
    version BIGINT NOT NULL,
    -- When the player on turn runs out of days; NULL unless it is played.
    deadline_ms BIGINT,
    -- Their seat, and when they are reminded that their time is nearly
    -- up (NULL once they were, or when nobody is to be).
    turn_seat INTEGER,
    remind_ms BIGINT,
    -- Where it stands (wocable_net::GameSummary, JSON).
    summary TEXT NOT NULL,
    changed_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    -- A random game's queue (rules, language, players, word list, pace)
    -- while it waits for players; NULL otherwise.
    seeking TEXT
);

CREATE INDEX correspondence_deadlines ON correspondence (deadline_ms);
CREATE INDEX correspondence_reminders ON correspondence (remind_ms);
CREATE INDEX correspondence_seeking ON correspondence (seeking, changed_ms);

CREATE TABLE correspondence_seats (
    player BIGINT NOT NULL REFERENCES players (id),
    code TEXT NOT NULL REFERENCES correspondence (code),
    seat INTEGER NOT NULL,
    PRIMARY KEY (player, code)
);
