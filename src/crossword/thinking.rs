//! A computer player at work on its move. Natively it thinks on the async
//! compute pool, off the main thread; the web build has one thread, so
//! there it thinks one step a frame (a step is a few move generations:
//! one more rack looked ahead over, or an endgame search a turn deeper
//! within `SLICE_NODES`). Either way the Champion looks ahead over at
//! least [`SIMULATIONS`] racks, then for as long as [`BUDGET`] allows.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::time::Duration;
use wocable_crossword::computer::{LeaveModel, Level, SIMULATIONS, Thinker};
use wocable_crossword::game::{Game, Intent};

/// How long a computer may think about a move (past its minimum
/// look-ahead): as long as its move takes to be shown arriving, when
/// animations are on. Its move therefore depends on the machine's speed.
pub const BUDGET: Duration = Duration::from_millis(800);

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
    #[cfg(target_arch = "wasm32")]
    Steps { game: Game, thinker: Thinker, started: Instant },
}

/// The most positions an endgame step may search on the web, each a move
/// generation: a few milliseconds.
#[cfg(target_arch = "wasm32")]
const SLICE_NODES: u64 = 16;

impl Thinking {
    /// Starts thinking for the player on turn in `game`.
    pub fn start(game: &Game, level: Level, seed: u64, since: f32) -> Thinking {
        let seat = game.turn();
        let game = game.clone();
        let leaves = LeaveModel::bundled(game.config().language);
        #[cfg(not(target_arch = "wasm32"))]
        let work = Work::Task(bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
            let started = Instant::now();
            let mut thinker = Thinker::new(&game, level, &leaves, seed);
            while !thought_enough(&mut thinker, &game, started) {}
            thinker.choice()
        }));
        #[cfg(target_arch = "wasm32")]
        let work = {
            let thinker = Thinker::new(&game, level, &leaves, seed).with_step_nodes(SLICE_NODES);
            Work::Steps { game, thinker, started: Instant::now() }
        };
        Thinking { seat, since, work, chosen: None }
    }

    /// Thinks on (on the web, one step); whether the move is found.
    pub fn ready(&mut self) -> bool {
        if self.chosen.is_none() {
            self.chosen = match &mut self.work {
                #[cfg(not(target_arch = "wasm32"))]
                Work::Task(task) => bevy::tasks::futures::check_ready(task),
                #[cfg(target_arch = "wasm32")]
                Work::Steps { game, thinker, started } => {
                    thought_enough(thinker, game, *started).then(|| thinker.choice())
                }
            };
        }
        self.chosen.is_some()
    }

    /// The move found, once.
    pub fn take(&mut self) -> Option<Intent> {
        self.chosen.take()
    }
}

/// Steps `thinker` once, unless it has thought enough (its minimum
/// look-ahead, then the budget since `started`); whether it has, or has
/// nothing left to learn.
fn thought_enough(thinker: &mut Thinker, game: &Game, started: Instant) -> bool {
    let enough = thinker.samples() >= SIMULATIONS && started.elapsed() >= BUDGET;
    enough || !thinker.step(game)
}
