//! The rules' integration tests, as one program: each file directly under
//! `tests/` would be a program of its own, linking the crate again.

mod computer;
mod game;
mod movegen_games;
mod movegen_vectors;
mod properties;
mod records;
mod scoring_vectors;
mod support;
