//! The three rule sets as data (§3).

use crate::board::Layout;
use serde::{Deserialize, Serialize};
use std::fmt;
use wocable_lexicon::TileSetKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSetKind {
    Wocable,
    Webfeud,
    Remote,
}

/// When a run of passes ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassEnding {
    /// After this many consecutive passed turns, whoever passed.
    Consecutive(u32),
    /// When every player still in the game has passed twice in a row.
    EachPlayerTwice,
}

/// What happens to a play with a word that is not in the lexicon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvalidWord {
    /// Refused: the player tries again.
    Rejected,
    /// The tiles go back to the rack and the turn is lost.
    CostsTurn,
}

/// Everything that differs between rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    pub kind: RuleSetKind,
    pub min_players: usize,
    pub max_players: usize,
    pub tiles: TileSetKind,
    pub bingo_bonus: u32,
    /// The bag must hold at least this many tiles for an exchange; `None`
    /// means at least as many as are exchanged.
    pub exchange_min_bag: Option<usize>,
    pub invalid_word: InvalidWord,
    pub pass_ending: PassEnding,
    /// Whether racks are deducted when passes end the game.
    pub deduct_racks_on_passes: bool,
}

pub const RACK_SIZE: usize = 7;

impl RuleSet {
    /// How many tiles the bag must hold to exchange `count` tiles.
    pub fn bag_needed_to_exchange(&self, count: usize) -> usize {
        self.exchange_min_bag.unwrap_or(0).max(count)
    }
}

impl RuleSetKind {
    pub const ALL: [RuleSetKind; 3] = [RuleSetKind::Wocable, RuleSetKind::Webfeud, RuleSetKind::Remote];

    pub fn rules(self) -> RuleSet {
        match self {
            RuleSetKind::Wocable => RuleSet {
                kind: self,
                min_players: 2,
                max_players: 4,
                tiles: TileSetKind::Classic,
                bingo_bonus: 50,
                exchange_min_bag: None,
                invalid_word: InvalidWord::Rejected,
                pass_ending: PassEnding::Consecutive(4),
                deduct_racks_on_passes: false,
            },
            RuleSetKind::Webfeud => RuleSet {
                kind: self,
                min_players: 2,
                max_players: 2,
                tiles: TileSetKind::Webfeud,
                bingo_bonus: 40,
                exchange_min_bag: Some(RACK_SIZE),
                invalid_word: InvalidWord::Rejected,
                pass_ending: PassEnding::Consecutive(3),
                deduct_racks_on_passes: true,
            },
            RuleSetKind::Remote => RuleSet {
                kind: self,
                min_players: 2,
                max_players: 4,
                tiles: TileSetKind::Classic,
                bingo_bonus: 50,
                exchange_min_bag: Some(RACK_SIZE),
                invalid_word: InvalidWord::CostsTurn,
                pass_ending: PassEnding::EachPlayerTwice,
                deduct_racks_on_passes: true,
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RuleSetKind::Wocable => "wocable",
            RuleSetKind::Webfeud => "webfeud",
            RuleSetKind::Remote => "remote",
        }
    }

    pub fn from_name(name: &str) -> Option<RuleSetKind> {
        RuleSetKind::ALL.into_iter().find(|k| k.name() == name.to_ascii_lowercase())
    }

    /// The default premium layout of this rule set.
    pub fn layout(self) -> Layout {
        match self {
            RuleSetKind::Webfeud => Layout::webfeud(),
            RuleSetKind::Wocable | RuleSetKind::Remote => Layout::classic(),
        }
    }
}

impl fmt::Display for RuleSetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
