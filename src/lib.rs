pub use wocable_crossword;
