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

/// The order of an exchange's two halves (§2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeOrder {
    /// New tiles are drawn before the chosen ones go back: a tile thrown
    /// back can only come back later (the tournament order).
    DrawFirst,
    /// The chosen tiles go back first: one can come straight back.
    ReturnFirst,
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
    pub exchange_order: ExchangeOrder,
    pub invalid_word: InvalidWord,
    pub pass_ending: PassEnding,
    /// Whether a play withdrawn for an invalid word counts as a passed
    /// turn for [`PassEnding`].
    pub withdrawn_play_passes: bool,
    /// Whether, with the bag empty, the game ends as by passes as soon as
    /// no player still in has a legal play.
    pub ends_when_no_play_left: bool,
    /// The game ends after this many turns in a row per player still in
    /// that put no tile on the board (passes, exchanges, withdrawn plays),
    /// as by passes: without it, exchanging for ever never ends a game.
    pub scoreless_rounds: Option<u32>,
    /// Whether racks are deducted when passes end the game.
    pub deduct_racks_on_passes: bool,
}

pub const RACK_SIZE: usize = 7;

/// The edition of the rules that new games are played under. A game keeps
/// the edition it began with (its save's version), so that a log written
/// before a rule changed still replays: edition 1 drew before returning in
/// every exchange, counted no withdrawn play as a pass, and had neither
/// the Remote end when no play is left nor the scoreless-turn limit.
pub const RULES_EDITION: u32 = 2;

/// Scoreless turns allowed per player still in: six for two players, as
/// in club play.
const SCORELESS_ROUNDS: u32 = 3;

impl RuleSet {
    /// How many tiles the bag must hold to exchange `count` tiles.
    pub fn bag_needed_to_exchange(&self, count: usize) -> usize {
        self.exchange_min_bag.unwrap_or(0).max(count)
    }
}

impl RuleSetKind {
    pub const ALL: [RuleSetKind; 3] = [RuleSetKind::Wocable, RuleSetKind::Webfeud, RuleSetKind::Remote];

    /// The rules of the current edition.
    pub fn rules(self) -> RuleSet {
        self.rules_of_edition(RULES_EDITION)
    }

    /// The rules as they were in `edition` (see [`RULES_EDITION`]).
    pub fn rules_of_edition(self, edition: u32) -> RuleSet {
        let rules = self.current_rules();
        if edition >= 2 {
            return rules;
        }
        RuleSet {
            exchange_order: ExchangeOrder::DrawFirst,
            withdrawn_play_passes: false,
            ends_when_no_play_left: false,
            scoreless_rounds: None,
            ..rules
        }
    }

    fn current_rules(self) -> RuleSet {
        match self {
            RuleSetKind::Wocable => RuleSet {
                kind: self,
                min_players: 2,
                max_players: 4,
                tiles: TileSetKind::Classic,
                bingo_bonus: 50,
                exchange_min_bag: None,
                exchange_order: ExchangeOrder::DrawFirst,
                invalid_word: InvalidWord::Rejected,
                pass_ending: PassEnding::Consecutive(4),
                withdrawn_play_passes: false,
                ends_when_no_play_left: false,
                scoreless_rounds: Some(SCORELESS_ROUNDS),
                deduct_racks_on_passes: false,
            },
            RuleSetKind::Webfeud => RuleSet {
                kind: self,
                min_players: 2,
                max_players: 2,
                tiles: TileSetKind::Webfeud,
                bingo_bonus: 40,
                exchange_min_bag: Some(RACK_SIZE),
                exchange_order: ExchangeOrder::ReturnFirst,
                invalid_word: InvalidWord::Rejected,
                pass_ending: PassEnding::Consecutive(3),
                withdrawn_play_passes: false,
                ends_when_no_play_left: false,
                scoreless_rounds: Some(SCORELESS_ROUNDS),
                deduct_racks_on_passes: true,
            },
            RuleSetKind::Remote => RuleSet {
                kind: self,
                min_players: 2,
                max_players: 4,
                tiles: TileSetKind::Classic,
                bingo_bonus: 50,
                exchange_min_bag: Some(RACK_SIZE),
                exchange_order: ExchangeOrder::DrawFirst,
                invalid_word: InvalidWord::CostsTurn,
                pass_ending: PassEnding::EachPlayerTwice,
                withdrawn_play_passes: true,
                ends_when_no_play_left: true,
                scoreless_rounds: Some(SCORELESS_ROUNDS),
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
