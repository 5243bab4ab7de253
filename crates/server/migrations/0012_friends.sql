-- Friends, blocks and invitations. A request is a row with `accepted`
-- 0, from the one who asked; friends are one row (1), either way round.
-- Flags are integers, read alike from SQLite and PostgreSQL.
CREATE TABLE friends (
    asker BIGINT NOT NULL REFERENCES players (id),
    asked BIGINT NOT NULL REFERENCES players (id),
    accepted BIGINT NOT NULL,
    since_ms BIGINT NOT NULL,
    PRIMARY KEY (asker, asked)
);
CREATE INDEX friends_asked ON friends (asked);

CREATE TABLE blocks (
    blocker BIGINT NOT NULL REFERENCES players (id),
    blocked BIGINT NOT NULL REFERENCES players (id),
    since_ms BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);

CREATE TABLE invitations (
    id BIGINT PRIMARY KEY,
    room TEXT NOT NULL,
    inviter BIGINT NOT NULL REFERENCES players (id),
    invitee BIGINT NOT NULL REFERENCES players (id),
    -- The room's settings, as JSON, to show the one invited.
    settings TEXT NOT NULL,
    expires_ms BIGINT NOT NULL,
    -- NULL until answered; 1 yes, 0 no.
    accepted BIGINT
);
CREATE INDEX invitations_invitee ON invitations (invitee, expires_ms);
CREATE INDEX invitations_inviter ON invitations (inviter, expires_ms);

-- When each player's app last asked for their friends: online, when lately.
ALTER TABLE players ADD COLUMN seen_ms BIGINT NOT NULL DEFAULT 0;
