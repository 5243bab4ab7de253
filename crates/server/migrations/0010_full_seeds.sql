-- A room's seed of 256 bits, as 64 hexadecimal digits; NULL for the rooms
-- made before, whose seed is the number in `seed`.
ALTER TABLE rooms ADD COLUMN seed_text TEXT;
