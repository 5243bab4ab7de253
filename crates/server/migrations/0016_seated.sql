-- The members seated in each room a server holds, while its game is not
-- over: any server of the database can tell a member's friends which game
-- they play, whichever server holds it. (Rooms made before are not
-- listed until a seat of theirs changes.)
CREATE TABLE seated (
    player BIGINT NOT NULL REFERENCES players (id),
    code TEXT NOT NULL REFERENCES rooms (code),
    PRIMARY KEY (player, code)
);
