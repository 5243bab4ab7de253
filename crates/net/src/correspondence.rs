//! Games that last days (§5.5), as the lobby and the app speak of them.
//! Nobody stays connected: a member reads the list of their games, opens
//! one (the events their seat may see, from the last they have), and sends
//! a move made on the view they had, over plain HTTP. The referee keeps
//! each game in the database between moves.

use crate::protocol::{Clock, RoomSettings};
use crate::{PlayerKey, RoomCode};
use serde::{Deserialize, Serialize};
use wocable_crossword::{Event, Game, GameSettings, Intent, Sequenced, Standing};

/// How long a finished game stays in its players' lists, with its result.
pub const FINISHED_LISTED_MS: u64 = 7 * 24 * 60 * 60 * 1000;

/// `POST /api/games`: a member asks for their games; with `since` (the
/// `version` they have), once something changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGamesAsked {
    pub key: PlayerKey,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
}

/// A member's games that last days: those where it is their turn first,
/// the nearest deadline first, then those waiting for others, then the
/// finished ones, the latest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MyGames {
    /// Changes whenever the games do.
    pub version: String,
    pub games: Vec<MyGame>,
    /// The server's time when it answered, which deadlines are on.
    #[serde(default)]
    pub now_ms: u64,
}

/// One game in a member's list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyGame {
    pub code: RoomCode,
    /// The member's seat in it.
    pub seat: usize,
    pub room: RoomSettings,
    /// When the player on turn runs out of days, while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// When it last changed.
    pub changed_ms: u64,
    #[serde(flatten)]
    pub summary: GameSummary,
}

impl MyGame {
    /// Whether the member is to move.
    pub fn my_turn(&self) -> bool {
        self.summary.turn == Some(self.seat)
    }
}

/// What anyone in a game may know of where it stands: kept beside the
/// game, so that a list is read without replaying any game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Who sits in each seat (`None`: not taken yet).
    pub seats: Vec<Option<String>>,
    pub scores: Vec<i32>,
    /// The seat on turn, while the game is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<usize>,
    /// The last turn taken, or player leaving, as everyone saw it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Event>,
    /// The result, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings: Option<Vec<Standing>>,
}

impl GameSummary {
    /// Where `game` stands, its seats taken by `seats`.
    pub fn of(game: &Game, seats: Vec<Option<String>>) -> GameSummary {
        let last = game.log().iter().rev().find(|event| event.is_turn() || matches!(event, Event::Left { .. }));
        GameSummary {
            seats,
            scores: game.scores().to_vec(),
            turn: (!game.is_over()).then(|| game.turn()),
            last: last.cloned(),
            standings: game.is_over().then(|| game.standings()),
        }
    }
}

/// `POST /api/games/CODE`: a member's seat's view of a game from event
/// `since` on (0: the whole view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAsked {
    pub key: PlayerKey,
    #[serde(default)]
    pub since: u32,
}

/// `POST /api/games/CODE/move`: a move, made on a view of `at` events.
/// Sent again (its answer lost), it is answered as played, not played
/// twice; made on a view the game has moved on from, it is refused as
/// stale, and the player is shown what they missed first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatMove {
    pub key: PlayerKey,
    pub at: u32,
    pub intent: Intent,
}

/// What a seat may see of a game that lasts days, from an event on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatGame {
    pub code: RoomCode,
    pub seat: usize,
    pub room: RoomSettings,
    /// Who sits in each seat (`None`: not taken yet).
    pub seats: Vec<Option<String>>,
    /// The game's settings, once it started (every seat taken).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<GameSettings>,
    /// The referee's commitment to the game's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The seat's events from the one asked for.
    pub events: Vec<Sequenced>,
    /// The length of the whole log: the `since` to ask with next, and the
    /// `at` of a move made on this view.
    pub next: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// The standings and the record (with every rack and the seed), once
    /// the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<(Vec<Standing>, String)>,
}
