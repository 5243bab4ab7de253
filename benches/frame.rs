//! The app's own work in a frame, without a GPU: the headless app
//! (`CorePlugin` on `MinimalPlugins`, as the tests run it) on the game
//! screen, one `app.update()` timed while the board waits for the player,
//! while a tile is dragged over it, and while a computer player thinks
//! (natively on another thread: the frame only looks in on it). And the
//! list of games that last days, with 50 and 200 games: its page laid out
//! and tessellated by egui on a phone's screen in the app's look, the
//! CPU's share of a frame that shows it.
//!
//! `cargo bench -p wocable --bench frame`

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy_egui::egui;
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
use wocable::online::MyGamesList;
use wocable::screens::my_games::my_games_page;
use wocable::settings::Settings;
use wocable::storage::Storage;
use wocable::ui::i18n::{Locale, UiLanguage};
use wocable_crossword::computer::Level;
use wocable_crossword::{Event, RuleSetKind};
use wocable_lexicon::Language;
use wocable_net::{GameSummary, MyGame, MyGames, RoomCode, RoomSettings};

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

/// `count` games of a member's that last days, as the server lists them:
/// a third to play, a third waiting for the other player, a third over.
fn my_games(count: u64, now_ms: u64) -> MyGames {
    let room = RoomSettings {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players: 2,
        clock: None,
        word_list: None,
        hints: false,
        days: Some(3),
    };
    let games = (0..count)
        .map(|n| {
            let state = n % 3;
            let summary = GameSummary {
                seats: vec![Some("Ana".into()), Some(format!("Player{n}"))],
                scores: vec![(n * 7 % 400) as i32, (n * 11 % 400) as i32],
                turn: (state < 2).then_some(state as usize),
                last: Some(if n % 2 == 0 { Event::Passed { seat: 1 } } else { Event::Exchanged { seat: 0, count: 3 } }),
                standings: None,
            };
            let deadline_ms = (state < 2).then_some(now_ms + n * 3_600_000);
            MyGame {
                code: RoomCode::from_number(n),
                seat: 0,
                room: room.clone(),
                deadline_ms,
                changed_ms: now_ms,
                summary,
            }
        })
        .collect();
    MyGames { version: String::new(), games, now_ms }
}

fn my_games_list(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    let locale = Locale::new(UiLanguage::En);
    let now_ms = 1_800_000_000_000;
    // A phone held upright, in points.
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
    for count in [50, 200] {
        let mut list = MyGamesList::default();
        list.games = Some(my_games(count, now_ms));
        let ctx = egui::Context::default();
        wocable::ui::style(&ctx);
        group.bench_function(format!("my games, {count}"), |b| {
            b.iter(|| {
                let input = egui::RawInput { screen_rect: Some(screen), ..Default::default() };
                let mut output = ctx.run_ui(input, |ui| {
                    my_games_page(ui, &locale, &list, now_ms);
                });
                // The font atlas, which a renderer would take up.
                output.textures_delta.clear();
                ctx.tessellate(output.shapes, output.pixels_per_point)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frames, my_games_list);
criterion_main!(benches);
