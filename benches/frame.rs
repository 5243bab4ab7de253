//! The app's own work in a frame, without a GPU: the headless app
//! (`CorePlugin` on `MinimalPlugins`, as the tests run it) on the game
//! screen, one `app.update()` timed while the board waits for the player,
//! while a tile is dragged over it, and while a computer player thinks
//! (natively on another thread: the frame only looks in on it).
//!
//! `cargo bench -p wocable --bench frame`

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use criterion::{Criterion, criterion_group, criterion_main};
use std::time::{Duration, Instant};
use wocable::CorePlugin;
use wocable::Screen;
use wocable::crossword::composer::Composer;
use wocable::crossword::input::tile_centre;
use wocable::crossword::layout::BoardLayout;
use wocable::crossword::thinking::Thinking;
use wocable::crossword::{MatchSetup, NewMatch, Seat};
use wocable::input::{Pinch, PointerInput, PointerPhase};
use wocable::settings::Settings;
use wocable::storage::Storage;
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::Language;

fn headless_app() -> App {
    let dir = std::env::temp_dir().join(format!("wocable-frame-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(Storage::in_dir(dir))
        .add_plugins(CorePlugin)
        // Animations on, as players have them.
        .insert_resource(Settings::default())
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.update();
    app
}

/// Starts a game of `players` and waits for its screen.
fn start(app: &mut App, players: [(&str, Seat); 2], seed: u64) {
    let players = players.iter().map(|(name, seat)| (name.to_string(), *seat)).collect();
    let setup = MatchSetup {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players,
        turn_seconds: None,
        seed,
        word_list: None,
    };
    app.world_mut().write_message(NewMatch(setup));
    while *app.world().resource::<State<Screen>>().get() != Screen::Game {
        app.update();
    }
}

fn pointer(app: &mut App, phase: PointerPhase, at: Vec2) {
    app.world_mut().write_message(PointerInput::mouse(phase, at));
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    let human_first = [("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Strong))];

    let mut app = headless_app();
    start(&mut app, human_first, 1);
    // Past the game's first animations.
    for _ in 0..120 {
        app.update();
    }
    group.bench_function("idle", |b| b.iter(|| app.update()));

    let (from, board) = {
        let world = app.world();
        let layout = world.resource::<BoardLayout>();
        let centre = layout.cell_centre(wocable_crossword::CENTRE);
        (tile_centre(0, world.resource::<Composer>(), layout), centre)
    };
    pointer(&mut app, PointerPhase::Press, from);
    app.update();
    let mut step = 0_u32;
    group.bench_function("dragging a tile", |b| {
        b.iter(|| {
            // Back and forth over the board, a square's width a frame.
            step = (step + 1) % 60;
            let along = if step < 30 { step } else { 60 - step } as f32 / 30.0;
            pointer(&mut app, PointerPhase::Move, from.lerp(board, along));
            app.update();
        })
    });

    // The tile dropped on the centre square, the board is pinched in and
    // out between fitted and twice as close.
    pointer(&mut app, PointerPhase::Release, board);
    app.update();
    let mut pinch = 0_u32;
    group.bench_function("pinching the board", |b| {
        b.iter(|| {
            pinch = (pinch + 1) % 60;
            let scale = if pinch < 30 { 1.025 } else { 1.0 / 1.025 };
            app.world_mut().write_message(Pinch { from: board, to: board, scale });
            app.update();
        })
    });

    let bot_first = [("Bot", Seat::Computer(Level::Strong)), ("Ana", Seat::Human)];
    let mut app = headless_app();
    let mut seed = 0;
    let searching = |app: &App| app.world().get_resource::<Thinking>().is_some_and(|thinking| !thinking.found);
    group.bench_function("computer thinking", |b| {
        b.iter_custom(|iterations| {
            let mut spent = Duration::ZERO;
            for _ in 0..iterations {
                while !searching(&app) {
                    seed += 1;
                    start(&mut app, bot_first, seed);
                    // The computer sets to work in the frames after.
                    for _ in 0..10 {
                        if searching(&app) {
                            break;
                        }
                        app.update();
                    }
                }
                let started = Instant::now();
                app.update();
                spent += started.elapsed();
            }
            spent
        })
    });
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
