//! Headless tests of the crossword game on screen, a module per feature:
//! the real plugins on `MinimalPlugins`, the real input systems fed with
//! pointer and keyboard messages, frame by frame, asserting on the world.

mod clock;
mod computer;
mod keyboard;
mod pointer;
mod saves;
mod turns;

use bevy::ecs::system::RunSystemOnce;
use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::path::PathBuf;
use std::time::Duration;
use wocable::CorePlugin;
use wocable::Screen;
use wocable::crossword::board::{BoardRoot, BoardTile, Cell, Player, RackTile};
use wocable::crossword::composer::{Composer, Spot};
use wocable::crossword::effects::ScoreFlight;
use wocable::crossword::input::{DOUBLE_TAP_ZOOM, Drag, Selected, TOUCH_LIFT, tile_centre};
use wocable::crossword::layout::BoardLayout;
use wocable::crossword::referee::{LocalReferee, Referee, TurnClock};
use wocable::crossword::turn::{PendingStart, Preview};
use wocable::crossword::{
    Action, Match, MatchSetup, MoveRefused, NewMatch, Overlay, ResumeMatch, SAVE_FILE, SavedMatch, Seat, Unplayed,
    rule_error,
};
#[cfg(feature = "dev")]
use wocable::demo::Demo;
use wocable::feedback::animation::Shake;
use wocable::feedback::{Cue, Notice};
use wocable::input::{GoBack, Pinch, PointerInput, PointerPhase};
use wocable::lexicons::{GameLexicons, Unavailable};
use wocable::lexicons::{Import, ImportProgress, ImportWordList, WordLists};
use wocable::pause::Pause;
use wocable::screens::home::{SavedGameInfo, SavedGameWaits};
use wocable::screens::new_game::NewGameForm;
use wocable::screens::results::{Results, Reviewing};
use wocable::screens::title::PageTitle;
use wocable::settings::Settings;
use wocable::storage::Storage;
use wocable::ui::i18n::Locale;
use wocable_crossword::computer::{Level, hints};
use wocable_crossword::movegen::{Move, all_moves};
use wocable_crossword::{Event, Game};
use wocable_crossword::{RuleError, RuleSetKind, Sequenced, Tile};
use wocable_lexicon::{FAMILY_LIST, Language, Lexicon, Offensive};

/// A fresh data folder for one test.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wocable-app-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn app(dir: &PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(Storage::in_dir(dir))
        .add_plugins(CorePlugin)
        .insert_resource(Settings { animations: false, ..default() })
        // Every frame is a tenth of a second, whatever the machine.
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)));
    app.update();
    app
}

fn setup(players: &[(&str, Seat)], seed: u64) -> MatchSetup {
    MatchSetup {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players: players.iter().map(|(name, seat)| (name.to_string(), *seat)).collect(),
        turn_seconds: None,
        seed,
        word_list: None,
    }
}

fn start(app: &mut App, setup: MatchSetup) {
    app.world_mut().write_message(NewMatch(setup));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
}

fn game_of(setup: &MatchSetup) -> Game {
    Game::new(setup.config(), Lexicon::bundled(setup.language)).expect("a game")
}

/// The first seed whose opening rack has a move `wanted` accepts.
fn seed_with(players: &[(&str, Seat)], wanted: impl Fn(&Move) -> bool) -> (MatchSetup, Move) {
    (0..500)
        .find_map(|seed| {
            let setup = setup(players, seed);
            hints(&game_of(&setup), 400).into_iter().find(&wanted).map(|m| (setup, m))
        })
        .expect("some seed deals such a rack")
}

fn paused(app: &App) -> Pause {
    *app.world().resource::<State<Pause>>().get()
}

fn pointer(app: &mut App, phase: PointerPhase, at: Vec2) {
    app.world_mut().write_message(PointerInput::mouse(phase, at));
    app.update();
}

/// Drags tile `index` of the rack on screen to `to`, in a few moves.
fn drag(app: &mut App, index: usize, to: Vec2) {
    let from = {
        let world = app.world();
        tile_centre(index, world.resource::<Composer>(), world.resource::<BoardLayout>())
    };
    pointer(app, PointerPhase::Press, from);
    for step in 1..=4 {
        pointer(app, PointerPhase::Move, from.lerp(to, step as f32 / 4.0));
    }
    pointer(app, PointerPhase::Release, to);
}

/// Drags the tiles of `suggestion` from the rack to their squares.
fn drag_move(app: &mut App, suggestion: &Move) {
    for &(pos, placed) in &suggestion.tiles {
        let wanted = if placed.blank { Tile::Blank } else { Tile::Letter(placed.letter) };
        let index = {
            let composer = app.world().resource::<Composer>();
            composer.rack().find(|&i| composer.tiles()[i].tile == wanted).expect("the tile is on the rack")
        };
        let to = app.world().resource::<BoardLayout>().cell_centre(pos);
        drag(app, index, to);
        assert_eq!(app.world().resource::<Composer>().tiles()[index].spot, Spot::Board(pos));
    }
}

fn act(app: &mut App, action: Action) {
    app.world_mut().write_message(action);
    app.update();
    app.update();
}

fn players(app: &mut App) -> Vec<Player> {
    let mut query = app.world_mut().query::<&Player>();
    let mut players: Vec<Player> = query.iter(app.world()).cloned().collect();
    players.sort_by_key(|p| p.seat);
    players
}

fn board_tiles(app: &mut App) -> usize {
    app.world_mut().query::<&BoardTile>().iter(app.world()).count()
}

/// Runs frames until `done`, or fails after a minute however slow the
/// machine (computer players think on other threads).
fn until(app: &mut App, what: &str, done: impl Fn(&World) -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        if done(app.world()) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("never happened: {what}");
}

const VERSUS_COMPUTER: [(&str, Seat); 2] = [("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Strong))];

fn layout(app: &App) -> BoardLayout {
    *app.world().resource::<BoardLayout>()
}

/// One key pressed, as the window reports it.
fn press(app: &mut App, key_code: KeyCode, logical_key: Key) {
    let text = match &logical_key {
        Key::Character(text) => Some(text.clone()),
        _ => None,
    };
    let window = Entity::PLACEHOLDER;
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key,
        state: ButtonState::Pressed,
        text,
        repeat: false,
        window,
    });
    app.update();
}

/// Seconds left on the turn clock.
fn seconds_left(app: &App) -> f32 {
    app.world().resource::<TurnClock>().seconds_left
}

/// Back to the saved game, as "Continue" on the home screen does.
fn resume(app: &mut App) {
    app.world_mut().write_message(ResumeMatch);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
}

/// The tiles the composer has on the board, by square.
fn composed(app: &App) -> Vec<wocable_crossword::Pos> {
    let composer = app.world().resource::<Composer>();
    let mut squares: Vec<_> = composer
        .tiles()
        .iter()
        .filter_map(|t| match t.spot {
            Spot::Board(pos) => Some(pos),
            Spot::Rack => None,
        })
        .collect();
    squares.sort();
    squares
}
