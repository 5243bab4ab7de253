//! The seam of ARCHITECTURE.md: the app sends intents to whoever referees
//! the game and applies the events it is answered with to the views of
//! the seats on this device. The [`LocalReferee`] holds the whole game, the
//! computer players and the clock on this device; an online game's referee
//! is the server, reached through the `online` feature.

use super::thinking::{Search, ThinkInSteps, Thinking};
use super::{MatchSetup, SAVE_VERSION, SavedMatch, Seat};
use bevy::prelude::*;
use wocable_crossword::computer::{self, HINTS, LeaveModel, Level};
use wocable_crossword::movegen::Move;
use wocable_crossword::{ConfigError, FinishedGame, Game, GameSettings, Intent, RestoreError};
use wocable_crossword::{RuleError, Sequenced};
use wocable_lexicon::Lexicon;
use wocable_net::{ChatLine, Clock, Player, Refusal, visible_to};

/// Whoever referees the game on screen.
pub trait Referee: Send + Sync + 'static {
    /// Asks for `intent`; the answer comes with an `update`.
    fn send(&mut self, intent: Intent);
    /// Asks for the best moves of `seat`'s rack on its turn, in a game
    /// with hints on (§4.3); they come with an `update` as
    /// [`Ruling::Hints`].
    fn ask_hints(&mut self, seat: usize);
    /// Referees on for a frame: what happened since the last update.
    fn update(&mut self, frame: &Frame) -> Vec<Ruling>;
    /// The clock of the turn to play, when the game has one.
    fn clock(&self) -> Option<TurnClock>;
    /// A computer player at work on its move here (a referee elsewhere
    /// has none).
    fn thinking(&self) -> Option<Thinking> {
        None
    }
    /// The match as kept on this device; `None` when it is kept elsewhere
    /// (online, the server keeps it).
    fn save(&self) -> Option<SavedMatch> {
        None
    }
    /// How this device is connected to its referee (a local one always is).
    fn connection(&self) -> Connection {
        Connection::Connected
    }
    /// Whether the game has a chat (an online one, for its seats).
    fn has_chat(&self) -> bool {
        false
    }
    /// Says a line in the game's chat.
    fn say(&mut self, _text: String) {}
    /// Reports line `id` of the chat to the moderators.
    fn report(&mut self, _id: u32) {}
    /// Something changed at the referee (another player moved): a referee
    /// asked by requests asks for it.
    fn refresh(&mut self) {}
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
    /// The best moves for the rack of the seat that asked, best first.
    Hints(Vec<Move>),
    /// The intent could not reach the referee (online, with the
    /// connection down); nothing changed.
    NotSent,
    /// The game is over: its whole record, every rack in it, for the
    /// results and the review.
    Record(Box<FinishedGame>),
    /// An online game's bag, checked against the seed committed to when
    /// the game began.
    Bag(BagCheck),
    /// A line of the game's chat.
    Chat(ChatLine),
    /// The player's line of chat, or report, was refused.
    ChatRefused(Refusal),
}

impl Ruling {
    /// The record of a finished game as replayed from what its referee
    /// wrote, or nothing (why, to the log).
    pub fn record(replayed: Result<Game, String>) -> Option<Ruling> {
        match replayed.map(FinishedGame::of) {
            Ok(Some(record)) => Some(Ruling::Record(Box::new(record))),
            Ok(None) => {
                warn!("the game's record does not end the game");
                None
            }
            Err(reason) => {
                warn!("the game's record could not be read: {reason}");
                None
            }
        }
    }
}

/// Whether an online game's bag was fair: the seed its record reveals is
/// the one whose commitment the referee sent when the game began, and the
/// game dealt from it draws every rack in the record.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum BagCheck {
    Verified,
    /// Why not.
    Failed(String),
}

/// The clock of the seat to play (§3.3).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TurnClock {
    pub seat: usize,
    pub moves_made: usize,
    pub seconds_left: f32,
}

/// The game refereed on this device, for local play and pass-and-play:
/// the referee every game has ([`wocable_net::Referee`]), run on the
/// app's frames, and its computer players' searches.
pub struct LocalReferee {
    referee: wocable_net::Referee,
    seats: Vec<Seat>,
    /// The seats played on this device.
    humans: Vec<usize>,
    /// The time on the game's clock (ms): the app's, less while it was
    /// stopped.
    clock_ms: f64,
    search: Option<Search>,
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
        let left_ms = saved.seconds_left.filter(|s| s.is_finite()).map(|s| (s.max(0.0) * 1000.0) as u64);
        Ok(LocalReferee::around(game, saved.seats.clone(), turn_seconds, left_ms))
    }

    fn around(game: Game, seats: Vec<Seat>, turn_seconds: Option<u32>, left_ms: Option<u64>) -> LocalReferee {
        let players = seats
            .iter()
            .map(|seat| match seat {
                Seat::Human | Seat::Remote => Player::Human,
                Seat::Computer(level) => Player::Computer(*level),
            })
            .collect();
        let referee = wocable_net::Referee::new(game, players, turn_seconds, 0).resumed(left_ms);
        let humans = (0..seats.len()).filter(|s| seats[*s] == Seat::Human).collect();
        LocalReferee { referee, seats, humans, clock_ms: 0.0, search: None, rulings: Vec::new() }
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn turn_seconds(&self) -> Option<u32> {
        self.referee.turn_seconds()
    }

    pub fn settings(&self) -> &GameSettings {
        self.referee.game().settings()
    }

    fn now(&self) -> u64 {
        self.clock_ms as u64
    }

    /// The whole log as far as the seats on this device may see it: those
    /// of its humans (a spectator's when there are none).
    pub fn log_on_this_device(&self) -> Vec<Sequenced> {
        let log: Vec<Sequenced> = self.referee.game().numbered_from(0).collect();
        visible_to(&log, &self.humans)
    }

    /// Hands on the events of a change, and the record once it is over.
    fn hand_on(&mut self, events: Vec<Sequenced>) {
        self.rulings.push(Ruling::Events(visible_to(&events, &self.humans)));
        if let Some(record) = FinishedGame::of(self.referee.game().clone()) {
            self.rulings.push(Ruling::Record(Box::new(record)));
        }
    }

    /// Starts the computer's search when it is its turn, and plays the
    /// move it found.
    fn computer_turn(&mut self, frame: &Frame) {
        let on_turn = self.referee.clock(self.now()).map(|clock| clock.seat);
        let Some(seat) = on_turn.filter(|seat| self.seats[*seat] != Seat::Human) else {
            self.search = None;
            return;
        };
        if frame.paused {
            return;
        }
        let Some(search) = self.search.as_mut().filter(|search| search.turn.seat == seat) else {
            self.search = self.referee.computer_turn().map(|turn| {
                let lexicon = self.referee.game().lexicon().clone();
                Search::start(turn, lexicon, frame.now, frame.in_steps)
            });
            return;
        };
        let shown_long_enough = frame.now - search.since >= frame.min_thinking;
        if search.ready()
            && shown_long_enough
            && let Some(intent) = search.take()
        {
            let turn = search.turn.clone();
            self.search = None;
            let events = self.referee.computer_move(&turn, intent, self.now());
            self.hand_on(events);
        }
    }
}

impl Referee for LocalReferee {
    fn send(&mut self, intent: Intent) {
        match self.referee.intent(intent.seat(), intent, self.now()) {
            Ok(events) => self.hand_on(events),
            Err(Refusal::Rule(reason)) => self.rulings.push(Ruling::Refused(reason)),
            Err(refusal) => warn!("the referee refused: {refusal}"),
        }
    }

    fn ask_hints(&mut self, seat: usize) {
        let game = self.referee.game();
        if game.settings().hints && !game.is_over() && game.turn() == seat && self.humans.contains(&seat) {
            self.rulings.push(Ruling::Hints(computer::hints(game, HINTS)));
        }
    }

    fn update(&mut self, frame: &Frame) -> Vec<Ruling> {
        if !frame.clock_stopped {
            self.clock_ms += f64::from(frame.delta) * 1000.0;
        }
        // The clock first: a move in its last frame is then not followed
        // by a time-out of the next player.
        let timed_out = self.referee.tick(self.now(), &[]);
        if !timed_out.is_empty() {
            self.hand_on(timed_out);
        }
        self.computer_turn(frame);
        std::mem::take(&mut self.rulings)
    }

    fn clock(&self) -> Option<TurnClock> {
        self.referee.turn_seconds()?;
        let Clock { seat, left_ms } = self.referee.clock(self.now())?;
        let seconds_left = left_ms.map_or(0.0, |ms| ms as f32 / 1000.0);
        Some(TurnClock { seat, moves_made: self.referee.game().log().len(), seconds_left })
    }

    fn thinking(&self) -> Option<Thinking> {
        self.search.as_ref().map(|search| Thinking { seat: search.turn.seat, found: search.found() })
    }

    fn save(&self) -> Option<SavedMatch> {
        let left_ms = self.referee.clock(self.now()).and_then(|clock| clock.left_ms);
        Some(SavedMatch {
            version: SAVE_VERSION,
            game: self.referee.game().save(),
            seats: self.seats.clone(),
            turn_seconds: self.referee.turn_seconds(),
            seconds_left: left_ms.map(|ms| ms as f32 / 1000.0),
        })
    }
}

impl SavedMatch {
    /// `setup`'s game played by Strong for every seat until the bag is
    /// empty with `seat` to move: a position for an endgame search, the
    /// Champion's longest think. `None` if the game ends first.
    pub fn at_the_endgame(setup: &MatchSetup, lexicon: Lexicon, seat: usize) -> Option<SavedMatch> {
        let game = Game::new(setup.config(), lexicon.clone()).ok()?;
        let players = setup.players.iter().map(|_| Player::Computer(Level::Strong)).collect();
        let mut referee = wocable_net::Referee::new(game, players, None, 0);
        let leaves = LeaveModel::zero(setup.language);
        while !(referee.game().bag().is_empty() && referee.game().turn() == seat) {
            let turn = referee.computer_turn()?;
            let intent = turn.choose(lexicon.clone(), &leaves);
            referee.computer_move(&turn, intent, 0);
        }
        Some(SavedMatch {
            version: SAVE_VERSION,
            game: referee.game().save(),
            seats: setup.players.iter().map(|(_, seat)| *seat).collect(),
            turn_seconds: setup.turn_seconds,
            seconds_left: None,
        })
    }
}
