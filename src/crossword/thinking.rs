//! A computer player at work on its move. Natively it thinks on the async
//! compute pool, off the main thread; the web build has one thread, so
//! there (and natively with [`ThinkInSteps`]) it thinks one step a frame:
//! a few move generations, one more rack looked ahead over or
//! `SLICE_NODES` positions more of the endgame search, which goes on where
//! the last step stopped. Either way it makes the same move. The Champion
//! looks ahead over `computer::SIMULATIONS` (12) racks, as
//! `computer::choose` does:
//! over 60 it was measured no stronger (300 games each against Strong:
//! 202 wins against 199), so thinking longer would only cost battery.

use bevy::prelude::*;
use wocable_crossword::computer::{LeaveModel, Level, Thinker};
use wocable_crossword::game::{Game, Intent};

/// Computers think on the main thread, one step a frame: always on the
/// web (one thread); natively when this resource is there (the tests run
/// the web build's way of thinking with it).
#[derive(Resource)]
pub struct ThinkInSteps;

#[derive(Resource)]
pub struct Thinking {
    pub seat: usize,
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
    },
}

/// The most positions an endgame step may search on the main thread, each
/// a move generation (30–100 µs natively): a few milliseconds a frame, and
/// the whole search (`computer::ENDGAME_NODES`) in a few seconds.
const SLICE_NODES: u64 = 32;

impl Thinking {
    /// Starts thinking for the player on turn in `game`: on another
    /// thread, or `in_steps` on this one.
    pub fn start(game: &Game, level: Level, seed: u64, since: f32, in_steps: bool) -> Thinking {
        let seat = game.turn();
        let game = game.clone();
        let leaves = LeaveModel::bundled(game.config().language);
        #[cfg(not(target_arch = "wasm32"))]
        if !in_steps {
            let task = bevy::tasks::AsyncComputeTaskPool::get()
                .spawn(async move { wocable_crossword::computer::choose(&game, level, &leaves, seed) });
            return Thinking { seat, since, work: Work::Task(task), chosen: None };
        }
        #[cfg(target_arch = "wasm32")]
        debug_assert!(in_steps, "the web build has one thread");
        let thinker = Thinker::new(&game, level, &leaves, seed).with_step_nodes(SLICE_NODES);
        Thinking { seat, since, work: Work::Steps { game: Box::new(game), thinker }, chosen: None }
    }

    /// Thinks on (one step, on this thread); whether the move is found.
    pub fn ready(&mut self) -> bool {
        if self.chosen.is_none() {
            self.chosen = match &mut self.work {
                #[cfg(not(target_arch = "wasm32"))]
                Work::Task(task) => bevy::tasks::futures::check_ready(task),
                Work::Steps { game, thinker } => (!thinker.step(game)).then(|| thinker.choice()),
            };
        }
        self.chosen.is_some()
    }

    /// The move found, once.
    pub fn take(&mut self) -> Option<Intent> {
        self.chosen.take()
    }
}
