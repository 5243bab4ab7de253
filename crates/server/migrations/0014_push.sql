-- Web Push: each member's browsers, told when it is their turn, when
-- their time is nearly up, and of invitations; and the server's keys kept
-- for every instance (its VAPID key, as base64 PKCS#8).
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    player BIGINT NOT NULL REFERENCES players (id),
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    language TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

CREATE INDEX push_subscriptions_player ON push_subscriptions (player);

CREATE TABLE server_keys (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
