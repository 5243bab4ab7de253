//! The protocol's integration tests, as one program: each file directly
//! under `tests/` would be a program of its own.

mod decode;
mod room;
