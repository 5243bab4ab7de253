//! The app's integration tests, as one program: each file directly under
//! `tests/` is a program of its own that links Bevy and the app again.
//! The window tour (`tests/window.rs`) stays one: it needs the `dev`
//! feature and Xvfb, and as the longest program it is started first
//! beside these (libtest would start it last, in name order).

mod crossword;
mod online;
#[path = "../support/mod.rs"]
mod support;
mod trace;
