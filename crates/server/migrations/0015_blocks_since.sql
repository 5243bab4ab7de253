-- Each server looks for the blocks made lately on any server of the
-- database, to apply them to the games it holds.
CREATE INDEX blocks_since ON blocks (since_ms);
