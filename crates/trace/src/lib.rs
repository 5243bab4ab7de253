//! Trace (Wordz) rules for Wocable (SPEC §7): seeded puzzles with a hidden
//! crossword, the solver, trace input as a state machine, and rounds with
//! their clock and score. Pure: time is passed in, randomness is seeded.

pub mod daily;
pub mod puzzle;
pub mod round;
pub mod shape;
pub mod solver;
pub mod tracer;

pub use daily::Day;
pub use puzzle::{Familiar, Mode, PlacedWord, Puzzle, PuzzleError, generate};
pub use round::{Clock, EndLists, Outcome, Round, RoundEnd, RoundEvent, RoundIntent, perfect_bonus, word_points};
pub use shape::Shape;
pub use tracer::{Moved, Tracer};
