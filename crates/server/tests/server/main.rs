//! The server's integration tests, as one program: each file directly
//! under `tests/` would be a program of its own, linking the server and
//! its WebRTC client again. `cargo xtask test` runs it a second time on
//! PostgreSQL.

mod arenas;
mod correspondence;
mod friends;
mod instances;
mod push;
mod rooms;
mod signalling;
mod support;
