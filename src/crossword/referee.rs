//! The seam of ARCHITECTURE.md: the app sends intents to whoever referees
//! the game and applies the events it is answered with to the views of
//! the seats on this device. The [`LocalReferee`] holds the whole game, the
//! computer players and the clock on this device; an online game's referee
//! is the server, reached through the `online` feature.

use super::thinking::{Search, ThinkInSteps, Thinking};
use super::{MatchSetup, SAVE_VERSION, SavedMatch, Seat};
use bevy::prelude::*;
use wocable_crossword::computer::{self, LeaveModel, Level};
use wocable_crossword::game::{ConfigError, Game, GameSettings, Intent, RestoreError};
use wocable_crossword::{RuleError, Sequenced};
use wocable_lexicon::Lexicon;

/// Whoever referees the game on screen.
pub trait Referee: Send + Sync + 'static {
    /// Asks for `intent`; the answer comes with an `update`.
    fn send(&mut self, intent: Intent);
    /// Referees on for a frame: what happened since the last update.
    fn update(&mut self, frame: &Frame) -> Vec<Ruling>;
    /// The clock of the turn to play, when the game has one.
    fn clock(&self) -> Option<TurnClock>;
    /// A computer player at work on its move here.
    fn thinking(&self) -> Option<Thinking>;
    /// The match as kept on this device; `None` when it is kept elsewhere
    /// (online, the server keeps it).
    fn save(&self) -> Option<SavedMatch>;
    /// How this device is connected to its referee (a local one always is).
    fn connection(&self) -> Connection {
        Connection::Connected
    }
}

/// How the device is connected to the referee of the game on screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    #[default]
    Connected,
    /// Not yet connected.
    Connecting,
    /// The connection dropped; it is being made again.
    Reconnecting,
    /// The server closed the game to this device.
    Lost,
}

/// The referee of the match on screen.
#[derive(Resource)]
pub struct ActiveReferee(pub Box<dyn Referee>);

/// What a frame tells the referee.
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame {
    /// The app's time, in seconds.
    pub now: f32,
    /// Seconds since the last frame.
    pub delta: f32,
    /// No one can play (the game is paused, or the device is being passed
    /// on): the clock waits.
    pub clock_stopped: bool,
    /// The game is paused: computer players wait too.
    pub paused: bool,
    /// A computer's move shows after at least this long.
    pub min_thinking: f32,
    /// Computers think on this thread, in steps (the web build's way).
    pub in_steps: Option<ThinkInSteps>,
}

/// What the referee says.
#[derive(Clone, Debug)]
pub enum Ruling {
    /// Events the seats on this device may see, numbered as in the log.
    Events(Vec<Sequenced>),
    /// The intent sent was refused; nothing changed.
    Refused(RuleError),
    /// The intent could not reach the referee (online, with the
    /// connection down); nothing changed.
    NotSent,
    /// The game is over: its whole record, every rack in it, for the
    /// results and the review.
    Record(Box<Game>),
}

/// The clock of the seat to play (§3.3).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TurnClock {
    pub seat: usize,
    pub moves_made: usize,
    pub seconds_left: f32,
}

/// The game refereed on this device: the rules, the computer players and
/// the clock, for local play and pass-and-play.
pub struct LocalReferee {
    game: Game,
    seats: Vec<Seat>,
    turn_seconds: Option<u32>,
    clock: TurnClock,
    search: Option<Search>,
    /// How many events of the log have been handed on.
    handed_on: usize,
    rulings: Vec<Ruling>,
}

impl LocalReferee {
    pub fn start(setup: &MatchSetup, lexicon: Lexicon) -> Result<LocalReferee, ConfigError> {
        let game = Game::new(setup.config(), lexicon)?;
        let seats = setup.players.iter().map(|(_, seat)| *seat).collect();
        Ok(LocalReferee::around(game, seats, setup.turn_seconds, None))
    }

    /// Resumes a saved match with the lexicon of its language.
    pub fn resume(saved: &SavedMatch, lexicon: Lexicon) -> Result<LocalReferee, RestoreError> {
        if saved.version > SAVE_VERSION {
            return Err(RestoreError::Version);
        }
        let game = Game::restore(&saved.game, lexicon)?;
        if saved.seats.len() != game.scores().len() {
            return Err(RestoreError::Damaged { index: 0, reason: "the seats do not match the players".into() });
        }
        // A clock of no seconds would end every turn at once.
        let turn_seconds = saved.turn_seconds.filter(|seconds| *seconds > 0);
        Ok(LocalReferee::around(game, saved.seats.clone(), turn_seconds, saved.seconds_left))
    }

    fn around(game: Game, seats: Vec<Seat>, turn_seconds: Option<u32>, seconds_left: Option<f32>) -> LocalReferee {
        let clock = clock_for(&game, turn_seconds, seconds_left);
        LocalReferee { game, seats, turn_seconds, clock, search: None, handed_on: 0, rulings: Vec::new() }
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn turn_seconds(&self) -> Option<u32> {
        self.turn_seconds
    }

    pub fn settings(&self) -> &GameSettings {
        self.game.settings()
    }

    /// The events of the log not yet handed on that a seat on this device
    /// may see: those of its humans (a spectator's when there are none).
    pub fn hand_on(&mut self) -> Vec<Sequenced> {
        let humans: Vec<usize> = (0..self.seats.len()).filter(|s| self.seats[*s] == Seat::Human).collect();
        let visible = |sequenced: &Sequenced| {
            if humans.is_empty() {
                sequenced.event.visible_to(None)
            } else {
                humans.iter().any(|seat| sequenced.event.visible_to(Some(*seat)))
            }
        };
        let events: Vec<Sequenced> = self.game.numbered_from(self.handed_on).filter(visible).collect();
        self.handed_on = self.game.log().len();
        events
    }

    fn apply(&mut self, intent: Intent) {
        match self.game.apply(intent) {
            Ok(_) => {
                let events = self.hand_on();
                self.rulings.push(Ruling::Events(events));
                if self.game.is_over() {
                    self.rulings.push(Ruling::Record(Box::new(self.game.clone())));
                }
            }
            Err(reason) => self.rulings.push(Ruling::Refused(reason)),
        }
    }

    /// Counts down the turn clock; at zero the player has left (§3.3).
    fn run_clock(&mut self, frame: &Frame) {
        if self.clock.moves_made != self.game.log().len() {
            self.clock = clock_for(&self.game, self.turn_seconds, None);
        }
        if self.turn_seconds.is_none() || self.game.is_over() || frame.clock_stopped {
            return;
        }
        self.clock.seconds_left -= frame.delta;
        if self.clock.seconds_left <= 0.0 {
            self.apply(Intent::TimeOut { seat: self.game.turn() });
        }
    }

    /// Starts the computer's search when it is its turn, and plays the
    /// move it found.
    fn computer_turn(&mut self, frame: &Frame) {
        let seat = self.game.turn();
        let Some(Seat::Computer(level)) = self.seats.get(seat).copied().filter(|_| !self.game.is_over()) else {
            self.search = None;
            return;
        };
        if frame.paused {
            return;
        }
        let Some(search) = self.search.as_mut().filter(|search| search.seat == seat) else {
            let seed = self.game.config().seed ^ (self.game.log().len() as u64).rotate_left(32);
            self.search = Some(Search::start(&self.game, level, seed, frame.now, frame.in_steps));
            return;
        };
        let shown_long_enough = frame.now - search.since >= frame.min_thinking;
        if search.ready()
            && shown_long_enough
            && let Some(intent) = search.take()
        {
            self.search = None;
            let before = self.rulings.len();
            self.apply(intent);
            if matches!(self.rulings.get(before), Some(Ruling::Refused(_))) {
                // The computer plays by the same rules; should it ever be
                // refused, it passes rather than stalling the game.
                if let Some(Ruling::Refused(reason)) = self.rulings.pop() {
                    error!("the computer's move was refused: {reason}");
                }
                self.apply(Intent::Pass { seat });
            }
        }
    }
}

impl Referee for LocalReferee {
    fn send(&mut self, intent: Intent) {
        // Only the referee times a player out.
        if matches!(intent, Intent::TimeOut { .. }) {
            return;
        }
        self.apply(intent);
    }

    fn update(&mut self, frame: &Frame) -> Vec<Ruling> {
        // The clock first: a move in its last frame is then not followed
        // by a time-out of the next player.
        self.run_clock(frame);
        self.computer_turn(frame);
        std::mem::take(&mut self.rulings)
    }

    fn clock(&self) -> Option<TurnClock> {
        self.turn_seconds.map(|_| self.clock)
    }

    fn thinking(&self) -> Option<Thinking> {
        self.search.as_ref().map(|search| Thinking { seat: search.seat, found: search.found() })
    }

    fn save(&self) -> Option<SavedMatch> {
        let this_turn = self.turn_seconds.is_some() && self.clock.moves_made == self.game.log().len();
        Some(SavedMatch {
            version: SAVE_VERSION,
            game: self.game.save(),
            seats: self.seats.clone(),
            turn_seconds: self.turn_seconds,
            seconds_left: this_turn.then_some(self.clock.seconds_left),
        })
    }
}

/// The clock of the turn to play: `seconds_left` of it (a resumed turn),
/// else a whole turn. A save cannot give more than a whole turn.
fn clock_for(game: &Game, turn_seconds: Option<u32>, seconds_left: Option<f32>) -> TurnClock {
    let whole = turn_seconds.unwrap_or(0) as f32;
    let seconds_left = seconds_left.filter(|s| s.is_finite()).map_or(whole, |s| s.clamp(0.0, whole));
    TurnClock { seat: game.turn(), moves_made: game.log().len(), seconds_left }
}

impl SavedMatch {
    /// `setup`'s game played by Strong for every seat until the bag is
    /// empty with `seat` to move: a position for an endgame search, the
    /// Champion's longest think. `None` if the game ends first.
    pub fn at_the_endgame(setup: &MatchSetup, lexicon: Lexicon, seat: usize) -> Option<SavedMatch> {
        let mut game = Game::new(setup.config(), lexicon).ok()?;
        let leaves = LeaveModel::zero(setup.language);
        while !(game.bag().is_empty() && game.turn() == seat) {
            if game.is_over() {
                return None;
            }
            let intent = computer::choose(&game, Level::Strong, &leaves, setup.seed);
            game.apply(intent).ok()?;
        }
        Some(SavedMatch {
            version: SAVE_VERSION,
            game: game.save(),
            seats: setup.players.iter().map(|(_, seat)| *seat).collect(),
            turn_seconds: setup.turn_seconds,
            seconds_left: None,
        })
    }
}
