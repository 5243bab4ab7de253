//! Crossword rules for Wocable (SPEC §2, §3): the board and its premium
//! layouts, tiles and the bag, the three rule sets, validation and
//! scoring, games as logs of events, standings and GCG records.
//!
//! Pure and deterministic: no I/O, no clock; randomness comes from the
//! game's seed.

pub mod board;
pub mod computer;
mod endgame;
pub mod error;
pub mod game;
pub mod gcg;
pub mod movegen;
pub mod notation;
pub mod play;
pub mod rules;
pub mod standings;
pub mod tile;
mod view;

pub use board::{Board, Direction, Layout, PlacedTile, Pos, Premium};
pub use error::RuleError;
pub use game::{
    ConfigError, EndReason, Event, Game, GameConfig, GameSettings, Intent, LeaveReason, RestoreError, SavedGame,
    Visibility,
};
pub use play::{Placement, ScoredPlay, Scoring, check_words, score_placement};
pub use rules::{RuleSet, RuleSetKind};
pub use standings::{Outcome, PairResult, Standing};
pub use tile::Tile;
pub use view::{BuildError, SeatView, Sequenced, ViewError};
pub use wocable_lexicon as lexicon;
