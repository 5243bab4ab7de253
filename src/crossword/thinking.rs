//! A computer player at work on its move. Natively it thinks on the async
//! compute pool, off the main thread; the web build has one thread, so
//! there (and natively with [`ThinkInSteps`]) it thinks a few milliseconds
//! a frame, in steps: a few move generations, one more rack looked ahead
//! over or `SLICE_NODES` positions more of the endgame search, which goes
//! on where the last step stopped. Either way it makes the same move. The
//! Champion looks ahead over `computer::SIMULATIONS` (12) racks, as
//! `computer::choose` does:
//! over 60 it was measured no stronger (300 games each against Strong:
//! 202 wins against 199), so thinking longer would only cost battery.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::time::Duration;
use wocable_crossword::computer::{LeaveModel, Thinker};
use wocable_crossword::{Game, Intent};
use wocable_lexicon::Lexicon;
use wocable_net::ComputerTurn;

/// Computers think, and the results' review is made, on the main thread,
/// in steps for `per_frame` each frame (and at least one step): always on
/// the web (one thread), for `THINKING_PER_FRAME`; natively when this
/// resource is there (the tests run the web build's way with it).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ThinkInSteps {
    pub per_frame: Duration,
}

impl Default for ThinkInSteps {
    fn default() -> Self {
        ThinkInSteps { per_frame: THINKING_PER_FRAME }
    }
}

/// A computer player at work on its move, as the screen shows it.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub seat: usize,
    /// Whether it has found its move (it may be held back a moment, to be
    /// seen arriving).
    pub found: bool,
}

/// A computer player's search for its move, on its seat's view.
pub(super) struct Search {
    pub turn: ComputerTurn,
    /// When it started, in the app's time.
    pub since: f32,
    work: Work,
    chosen: Option<Intent>,
}

enum Work {
    #[cfg(not(target_arch = "wasm32"))]
    Task(bevy::tasks::Task<Intent>),
    Steps {
        game: Box<Game>,
        thinker: Thinker,
        per_frame: Duration,
    },
    /// Nothing to think about: the move is chosen.
    Done,
}

/// Takes `step`s (each saying whether work is left) for `per_frame`, and
/// at least one; whether the work is done.
pub(crate) fn steps_for(per_frame: Duration, mut step: impl FnMut() -> bool) -> bool {
    let started = Instant::now();
    loop {
        if !step() {
            return true;
        }
        if started.elapsed() >= per_frame {
            return false;
        }
    }
}

/// How long the main thread thinks a frame, in steps: a third of a 60 Hz
/// frame, so that a slow phone keeps its frame rate and a fast computer
/// gets on with it (a fixed amount of work could not do both).
const THINKING_PER_FRAME: Duration = Duration::from_millis(6);

/// The most positions an endgame step may search on the main thread, each
/// at most a move generation: small, so a slow device's step ends not long
/// after `THINKING_PER_FRAME`.
const SLICE_NODES: u64 = 8;

impl Search {
    /// Starts thinking on `turn`: on another thread, or `in_steps` on
    /// this one.
    pub fn start(turn: ComputerTurn, lexicon: Lexicon, since: f32, in_steps: Option<ThinkInSteps>) -> Search {
        let leaves = LeaveModel::bundled(turn.view.settings().language);
        #[cfg(not(target_arch = "wasm32"))]
        let Some(ThinkInSteps { per_frame }) = in_steps else {
            let thinking = turn.clone();
            let task = bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { thinking.choose(lexicon, &leaves) });
            return Search { turn, since, work: Work::Task(task), chosen: None };
        };
        // The web build has one thread.
        #[cfg(target_arch = "wasm32")]
        let ThinkInSteps { per_frame } = in_steps.unwrap_or_default();
        let Some(game) = turn.game(lexicon) else {
            let pass = Intent::Pass { seat: turn.seat };
            return Search { turn, since, work: Work::Done, chosen: Some(pass) };
        };
        let thinker = Thinker::new(&game, turn.level, &leaves, turn.seed).with_step_nodes(SLICE_NODES);
        Search { turn, since, work: Work::Steps { game: Box::new(game), thinker, per_frame }, chosen: None }
    }

    /// Thinks on (for its time a frame, when on this thread); whether the
    /// move is found.
    pub fn ready(&mut self) -> bool {
        if self.chosen.is_none() {
            self.chosen = match &mut self.work {
                #[cfg(not(target_arch = "wasm32"))]
                Work::Task(task) => bevy::tasks::futures::check_ready(task),
                Work::Steps { game, thinker, per_frame } => {
                    steps_for(*per_frame, || thinker.step(game)).then(|| thinker.choice())
                }
                Work::Done => None,
            };
        }
        self.found()
    }

    /// Whether the move is found (and not yet taken).
    pub fn found(&self) -> bool {
        self.chosen.is_some()
    }

    /// The move found, once.
    pub fn take(&mut self) -> Option<Intent> {
        self.chosen.take()
    }
}
