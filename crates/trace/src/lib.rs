//! Trace (Wordz) rules for Wocable (SPEC §7): seeded puzzles with a hidden
//! crossword, the solver, trace input as a state machine, and rounds with
//! their clock and score, refereed through intents. Pure: time is passed
//! in, randomness is seeded. Items are reached from the crate's root; the
//! solver's from `solver`.

mod daily;
mod puzzle;
mod round;
mod shape;
pub mod solver;
mod tracer;

pub use daily::Day;
pub use puzzle::{Familiar, Mode, PlacedWord, Puzzle, PuzzleError, WORDS_TO_FIND, generate};
pub use round::{
    Clock, EndLists, Found, Outcome, Round, RoundEnd, RoundEvent, RoundIntent, perfect_bonus, word_points,
};
pub use shape::Shape;
pub use tracer::{Moved, Tracer};
