-- The server instance that holds each room (its address for clients), so
-- that instances sharing one database can send a player to the room's.
-- NULL for rooms made before: the only instance there was holds them.
ALTER TABLE rooms ADD COLUMN instance TEXT;
