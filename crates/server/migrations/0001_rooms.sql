-- Rooms and the log of their games. Every event is stored before it is
-- sent, so a restarted server resumes each game where it was. Portable
-- SQL: SQLite now, PostgreSQL for several instances.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    created_ms BIGINT NOT NULL
);

CREATE TABLE events (
    code TEXT NOT NULL REFERENCES rooms (code),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
