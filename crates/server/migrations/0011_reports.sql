-- Lines of chat reported to the moderators, each with its room: one report
-- of a line by each player who reports it.
CREATE TABLE reports (
    room TEXT NOT NULL,
    line BIGINT NOT NULL,
    reporter TEXT NOT NULL,
    reported TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (room, line, reporter)
);
CREATE INDEX reports_by_time ON reports (at_ms);
