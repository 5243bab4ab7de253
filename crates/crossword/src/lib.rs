//! Crossword rules for Wocable (SPEC §2, §3): the board and its premium
//! layouts, tiles and the bag, the three rule sets, validation and
//! scoring, games as logs of events, standings and GCG records.
//!
//! Pure and deterministic: no I/O, no clock; randomness comes from the
//! game's seed.

mod board;
pub mod computer;
mod endgame;
mod error;
mod game;
pub mod gcg;
pub mod movegen;
pub mod notation;
mod play;
mod rules;
mod seed;
mod standings;
mod tile;
mod view;

pub use board::{Board, CENTRE, CLASSIC, Direction, Layout, LayoutError, PlacedTile, Pos, Premium, SIZE};
pub use error::RuleError;
pub use game::{
    ConfigError, EndReason, Event, FinishedGame, Game, GameConfig, GameSettings, Intent, LeaveReason, RestoreError,
    SavedGame, Setup, Visibility,
};
pub use play::{Placement, ScoredPlay, Scoring, check_words, score_placement};
pub use rules::{ExchangeOrder, InvalidWord, PassEnding, RACK_SIZE, RULES_EDITION, RuleSet, RuleSetKind};
pub use seed::Seed;
pub use standings::{Outcome, PairResult, Standing};
pub use tile::{Tile, bracketed, format_rack, full_bag, take_from};
pub use view::{BuildError, SeatView, Sequenced, ViewError};
