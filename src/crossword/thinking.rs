//! A computer player at work on its move. Natively it thinks on the async
//! compute pool, off the main thread; the web build has one thread, so
//! there it thinks one step a frame (a step is a few move generations:
//! one more rack looked ahead over, or one root move of the endgame search
//! within `SLICE_NODES` positions). Either way the Champion looks ahead
//! over `computer::SIMULATIONS` (12) racks, as `computer::choose` does:
//! over 60 it was measured no stronger (300 games each against Strong:
//! 202 wins against 199), so thinking longer would only cost battery.

use bevy::prelude::*;
use wocable_crossword::computer::{LeaveModel, Level};
#[cfg(target_arch = "wasm32")]
use wocable_crossword::computer::{SIMULATIONS, Thinker};
use wocable_crossword::game::{Game, Intent};

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
    Steps { game: Game, thinker: Thinker },
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
        let work = Work::Task(
            bevy::tasks::AsyncComputeTaskPool::get()
                .spawn(async move { wocable_crossword::computer::choose(&game, level, &leaves, seed) }),
        );
        #[cfg(target_arch = "wasm32")]
        let work = {
            let thinker = Thinker::new(&game, level, &leaves, seed).with_step_nodes(SLICE_NODES);
            Work::Steps { game, thinker }
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
                Work::Steps { game, thinker } => thought_enough(thinker, game).then(|| thinker.choice()),
            };
        }
        self.chosen.is_some()
    }

    /// The move found, once.
    pub fn take(&mut self) -> Option<Intent> {
        self.chosen.take()
    }
}

/// Steps `thinker` once, unless it has thought as much as
/// `computer::choose` does (its look-ahead over `SIMULATIONS` racks);
/// whether it has, or has nothing left to learn.
#[cfg(target_arch = "wasm32")]
fn thought_enough(thinker: &mut Thinker, game: &Game) -> bool {
    thinker.samples() >= SIMULATIONS || !thinker.step(game)
}
