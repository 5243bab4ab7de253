//! Headless tests of the app: the real plugins on `MinimalPlugins`, the
//! real input systems fed with pointer and keyboard messages, frame by
//! frame, asserting on the world.

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
use wocable::screens::results::{Results, Reviewing};
use wocable::screens::title::PageTitle;
use wocable::settings::Settings;
use wocable::storage::Storage;
use wocable_crossword::computer::{Level, hints};
use wocable_crossword::movegen::Move;
use wocable_crossword::{Event, Game};
use wocable_crossword::{RuleError, RuleSetKind, Sequenced, Tile};
use wocable_lexicon::{Language, Lexicon};

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

#[test]
fn dragging_three_tiles_previews_plays_scores_and_refills() {
    let dir = data_dir("drag");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() == 3 && m.tiles.iter().all(|(_, t)| !t.blank));
    start(&mut app, setup);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
    drag_move(&mut app, &chosen);
    match app.world().resource::<Preview>() {
        Preview::Valid { score, .. } => assert_eq!(*score, chosen.score),
        other => panic!("expected a valid preview, found {other:?}"),
    }
    act(&mut app, Action::Play);
    assert_eq!(players(&mut app)[0].score, chosen.score as i32);
    // The computer may already have answered: every tile on the board is
    // drawn, the three played among them.
    let on_board = app.world().resource::<Match>().view().board().tiles().count();
    assert!(on_board >= 3);
    assert_eq!(board_tiles(&mut app), on_board);
    let mut drawn = app.world_mut().query::<&BoardTile>();
    let drawn: Vec<_> = drawn.iter(app.world()).map(|t| (t.pos, t.tile)).collect();
    assert!(chosen.tiles.iter().all(|tile| drawn.contains(tile)));
    let m = app.world().resource::<Match>();
    let composer = app.world().resource::<Composer>();
    assert_eq!(composer.rack_len(), 7, "the rack is refilled");
    let mut shown: Vec<Tile> = composer.rack().map(|i| composer.tiles()[i].tile).collect();
    let mut held = m.rack(0).to_vec();
    shown.sort();
    held.sort();
    assert_eq!(shown, held);
    assert_eq!(*app.world().resource::<Preview>(), Preview::Nothing);
    // The computer answers on its own.
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    assert!(players(&mut app)[1].score > 0 || app.world().resource::<Match>().view().log().len() > 3);
}

#[test]
fn an_invalid_placement_is_refused_with_its_reason_and_changes_nothing() {
    let dir = data_dir("invalid");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 7));
    let layout = *app.world().resource::<BoardLayout>();
    // Two tiles in a corner: not on the centre star.
    drag(&mut app, 0, layout.cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1")));
    drag(&mut app, 1, layout.cell_centre(wocable_crossword::Pos::new(0, 1).expect("B1")));
    assert_eq!(*app.world().resource::<Preview>(), Preview::Invalid(RuleError::FirstMoveMissesCentre));
    let log_before = app.world().resource::<Match>().view().log().to_vec();
    let composer_before = app.world().resource::<Composer>().clone();
    app.world_mut().write_message(Action::Play);
    app.update();
    let refusals: Vec<Unplayed> =
        app.world_mut().resource_mut::<Messages<MoveRefused>>().drain().map(|MoveRefused(reason)| reason).collect();
    assert_eq!(refusals, vec![Unplayed::Rule(RuleError::FirstMoveMissesCentre)]);
    assert!(app.world().resource::<Notice>().text.contains("centre"), "the reason is shown");
    assert_eq!(app.world().resource::<Match>().view().log(), log_before.as_slice());
    assert_eq!(*app.world().resource::<Composer>(), composer_before, "the tiles stay where they were put");
    assert_eq!(board_tiles(&mut app), 0);
    // Tapping a tile on the board sends it home; Recall takes the rest.
    let tapped = layout.cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
    pointer(&mut app, PointerPhase::Press, tapped);
    pointer(&mut app, PointerPhase::Release, tapped);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Rack);
    act(&mut app, Action::Recall);
    assert!(!app.world().resource::<Composer>().has_placed());
}

#[test]
fn a_blank_gets_its_letter_before_it_is_played() {
    let dir = data_dir("blank");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.iter().filter(|(_, t)| t.blank).count() == 1);
    start(&mut app, setup);
    drag_move(&mut app, &chosen);
    assert_eq!(*app.world().resource::<Preview>(), Preview::NeedsBlankLetter);
    act(&mut app, Action::Play);
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::BlankLetter);
    let (pos, blank) = *chosen.tiles.iter().find(|(_, t)| t.blank).expect("a blank");
    act(&mut app, Action::ChooseBlank(blank.letter));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::None);
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    act(&mut app, Action::Play);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().board().get(pos), Some(blank), "the blank lies with its letter");
    assert_eq!(m.view().scores()[0], chosen.score as i32);
}

#[test]
fn back_closes_a_dialog_then_leaves_the_game_saved() {
    let dir = data_dir("back");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    act(&mut app, Action::OpenOverlay(Overlay::Exchange));
    let back = |app: &mut App| {
        app.world_mut().write_message(GoBack);
        app.update();
        app.update();
    };
    back(&mut app);
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::None, "Back closes the dialog");
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    back(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home, "then leaves the game");
    assert!(app.world().resource::<SavedGameInfo>().0.is_some(), "which home offers to continue");
    back(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home, "home has nowhere back to go");
    // Each screen goes back where its own Back button leads.
    for (screen, back_to) in [
        (Screen::NewGame, Screen::Home),
        (Screen::Credits, Screen::Settings),
        (Screen::WordLists, Screen::Settings),
        (Screen::TraceMenu, Screen::Home),
    ] {
        app.world_mut().resource_mut::<NextState<Screen>>().set(screen);
        app.update();
        back(&mut app);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), back_to, "Back from {screen:?}");
    }
}

#[test]
fn a_finger_drags_a_tile_above_it_and_drops_it_where_it_shows() {
    let dir = data_dir("finger");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    let layout = *app.world().resource::<BoardLayout>();
    let from = tile_centre(0, app.world().resource::<Composer>(), &layout);
    let touch = |app: &mut App, phase: PointerPhase, at: Vec2| {
        app.world_mut().write_message(PointerInput::touch(phase, at));
        app.update();
    };
    touch(&mut app, PointerPhase::Press, from);
    let finger = layout.cell_centre(wocable_crossword::CENTRE);
    touch(&mut app, PointerPhase::Move, finger);
    let dragged = app.world().resource::<Drag>().tile.expect("a tile is dragged");
    assert_eq!(dragged.at + dragged.offset, finger + Vec2::Y * TOUCH_LIFT, "shown above the finger");
    touch(&mut app, PointerPhase::Release, finger);
    let shown = layout.pos_at(finger + Vec2::Y * TOUCH_LIFT).expect("a square above the centre");
    assert_ne!(shown, wocable_crossword::CENTRE);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Board(shown), "dropped where it showed");
}

fn touch(app: &mut App, phase: PointerPhase, at: Vec2) {
    app.world_mut().write_message(PointerInput::touch(phase, at));
    app.update();
}

fn layout(app: &App) -> BoardLayout {
    *app.world().resource::<BoardLayout>()
}

/// A game against the computer in a phone's window, and its layout.
fn phone_game(name: &str) -> (App, BoardLayout) {
    let mut app = app(&data_dir(name));
    app.world_mut().insert_resource(wocable::input::Viewport(Vec2::new(360.0, 640.0)));
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    let fitted = layout(&app);
    (app, fitted)
}

/// Where the square `pos` is drawn: its cell under the zoomed root.
fn drawn_at(app: &mut App, pos: wocable_crossword::Pos) -> Vec2 {
    let root = *app.world_mut().query_filtered::<&Transform, With<BoardRoot>>().single(app.world()).expect("a board");
    let mut cells = app.world_mut().query::<(&Cell, &Transform)>();
    let (_, cell) = cells.iter(app.world()).find(|(cell, _)| cell.pos == pos).expect("the square");
    root.transform_point(cell.translation).truncate()
}

/// Where rack tile `index` is drawn.
fn tile_drawn_at(app: &mut App, index: usize) -> Vec2 {
    let mut tiles = app.world_mut().query::<(&RackTile, &Transform)>();
    let (_, transform) = tiles.iter(app.world()).find(|(tile, _)| tile.index == index).expect("the tile");
    transform.translation.truncate()
}

#[test]
fn two_fingers_zoom_the_board_and_tiles_go_where_it_shows_them() {
    use wocable_crossword::Pos;
    let (mut app, fitted) = phone_game("pinch");
    assert_eq!(fitted.zoom(), 1.0);
    let centre = fitted.cell_centre(wocable_crossword::CENTRE);
    app.world_mut().write_message(Pinch { from: centre, to: centre, scale: 2.0 });
    app.update();
    let zoomed = layout(&app);
    assert_eq!(zoomed.zoom(), 2.0, "twice as close");
    assert_eq!(zoomed.cell_centre(wocable_crossword::CENTRE), centre, "about the fingers");
    for pos in [Pos::new(4, 10), Pos::new(7, 7), Pos::new(9, 3)].into_iter().flatten() {
        assert!(drawn_at(&mut app, pos).distance(zoomed.cell_centre(pos)) < 0.01, "{pos:?} drawn where found");
    }
    // A tile goes to the square shown where it is dropped.
    let k10 = Pos::new(4, 10).expect("K5");
    let to = zoomed.cell_centre(k10);
    assert_ne!(fitted.pos_at(to), Some(k10), "another square there unzoomed");
    drag(&mut app, 0, to);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Board(k10));
    assert!(tile_drawn_at(&mut app, 0).distance(to) < 0.5, "drawn on its square");
    // Dragging the board pans it, and the tile put down moves with it.
    let empty = zoomed.cell_centre(Pos::new(8, 5).expect("F9"));
    let pan = Vec2::new(-40.0, 25.0);
    touch(&mut app, PointerPhase::Press, empty);
    for step in 1..=4 {
        touch(&mut app, PointerPhase::Move, empty + pan * step as f32 / 4.0);
    }
    touch(&mut app, PointerPhase::Release, empty + pan);
    let panned = layout(&app);
    assert!((panned.board_corner - zoomed.board_corner - pan).length() < 0.01, "moved with the finger");
    assert_eq!(panned.zoom(), 2.0);
    assert!(app.world().resource::<Drag>().tile.is_none(), "no tile was dragged");
    assert!(tile_drawn_at(&mut app, 0).distance(panned.cell_centre(k10)) < 0.5, "the tile moved with it");
    assert!(drawn_at(&mut app, k10).distance(panned.cell_centre(k10)) < 0.01);
    // Pinched back out, the board is whole and in its place again.
    app.world_mut().write_message(Pinch { from: centre, to: centre, scale: 0.2 });
    app.update();
    assert_eq!(layout(&app), fitted);
    assert_eq!(drawn_at(&mut app, k10), fitted.cell_centre(k10));
    assert!(tile_drawn_at(&mut app, 0).distance(fitted.cell_centre(k10)) < 0.5);
}

#[test]
fn a_hidden_part_of_the_zoomed_board_is_not_under_the_rack() {
    use wocable_crossword::Pos;
    let (mut app, fitted) = phone_game("hidden");
    // A tile on the bottom row, then the board zoomed in on the top.
    let o15 = Pos::new(14, 7).expect("H15");
    drag(&mut app, 0, fitted.cell_centre(o15));
    let top = fitted.cell_centre(Pos::new(0, 7).expect("H1"));
    app.world_mut().write_message(Pinch { from: top, to: top, scale: 2.5 });
    app.update();
    let zoomed = layout(&app);
    let hidden = zoomed.cell_centre(o15);
    assert!(!zoomed.shows_board_at(hidden), "pushed out of sight");
    assert_eq!(zoomed.pos_at(hidden), None);
    // A press on the rack takes a rack tile, never the hidden one.
    let slot = tile_centre(1, app.world().resource::<Composer>(), &zoomed);
    touch(&mut app, PointerPhase::Press, slot);
    assert_eq!(app.world().resource::<Drag>().tile.map(|d| d.index), Some(1));
    touch(&mut app, PointerPhase::Release, slot);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Board(o15), "the hidden tile stays");
}

#[test]
fn a_double_tap_zooms_in_where_tapped_and_out_again() {
    use wocable_crossword::Pos;
    let (mut app, fitted) = phone_game("double-tap");
    let at = fitted.cell_centre(Pos::new(3, 4).expect("E4")) + Vec2::new(3.0, -2.0);
    let tap = |app: &mut App, at: Vec2| {
        touch(app, PointerPhase::Press, at);
        touch(app, PointerPhase::Release, at);
    };
    tap(&mut app, at);
    for _ in 0..5 {
        app.update();
    }
    tap(&mut app, at);
    assert_eq!(layout(&app).zoom(), 1.0, "two taps half a second apart are two taps");
    tap(&mut app, at + Vec2::new(4.0, 4.0));
    let zoomed = layout(&app);
    assert_eq!(zoomed.zoom(), DOUBLE_TAP_ZOOM, "a double tap zooms in");
    assert_eq!(zoomed.pos_at(at), fitted.pos_at(at), "on the square tapped");
    tap(&mut app, at);
    tap(&mut app, at);
    assert_eq!(layout(&app), fitted, "and back out");
    // With a tile chosen, a tap puts it down: two taps do not zoom.
    let slot = tile_centre(2, app.world().resource::<Composer>(), &fitted);
    tap(&mut app, slot);
    assert_eq!(app.world().resource::<Selected>().0, Some(2));
    tap(&mut app, at);
    assert_eq!(app.world().resource::<Composer>().tiles()[2].spot, Spot::Board(Pos::new(3, 4).expect("E4")));
    assert_eq!(layout(&app).zoom(), 1.0);
}

#[test]
fn a_second_finger_drops_the_tile_being_dragged() {
    let dir = data_dir("second-finger");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    let from = tile_centre(0, app.world().resource::<Composer>(), &layout(&app));
    let over = layout(&app).cell_centre(wocable_crossword::CENTRE);
    touch(&mut app, PointerPhase::Press, from);
    touch(&mut app, PointerPhase::Move, over);
    assert!(app.world().resource::<Drag>().tile.is_some());
    touch(&mut app, PointerPhase::Cancel, over);
    assert!(app.world().resource::<Drag>().tile.is_none(), "dropped");
    touch(&mut app, PointerPhase::Release, over);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Rack, "back on the rack, not played");
    assert!(tile_drawn_at(&mut app, 0).distance(from) < 0.5);
}

#[test]
fn exchange_and_pass_go_through_the_rules() {
    let dir = data_dir("exchange");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    act(&mut app, Action::OpenOverlay(Overlay::Exchange));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Exchange);
    act(&mut app, Action::Exchange(vec![0, 1, 2]));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::None);
    let m = app.world().resource::<Match>();
    assert!(m.view().log().iter().any(|e| matches!(e.event, Event::Exchanged { seat: 0, count: 3 })));
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    act(&mut app, Action::Pass);
    assert!(app.world().resource::<Match>().view().log().iter().any(|e| matches!(e.event, Event::Passed { seat: 0 })));
    // Nothing chosen is refused, with its reason, and changes nothing.
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    let before = app.world().resource::<Match>().view().log().len();
    act(&mut app, Action::Exchange(vec![]));
    assert_eq!(app.world().resource::<Match>().view().log().len(), before);
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

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::KeyA, Key::Character(c.to_lowercase().to_string().as_str().into()));
    }
}

#[test]
fn spanish_digraph_tiles_are_typed_as_their_two_letters() {
    let dir = data_dir("digraph");
    let mut app = app(&dir);
    let ch = Language::Es.letter("CH").expect("CH");
    let players = [("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Strong))];
    let (setup, chosen) = (0..2000)
        .find_map(|seed| {
            let mut setup = setup(&players, seed);
            setup.language = Language::Es;
            let found = hints(&game_of(&setup), 400).into_iter().find(|m| {
                m.tiles.iter().all(|(_, t)| !t.blank)
                    && m.tiles.iter().any(|(_, t)| t.letter == ch)
                    && m.direction == wocable_crossword::Direction::Across
                    && m.tiles[0].0 == wocable_crossword::CENTRE
            });
            found.map(|m| (setup, m))
        })
        .expect("a Spanish rack with CH");
    start(&mut app, setup.clone());
    let spelt: String = chosen.tiles.iter().map(|(_, t)| setup.language.label(t.letter)).collect();
    type_text(&mut app, &spelt);
    assert!(
        matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score),
        "{spelt}: {:?}",
        app.world().resource::<Preview>()
    );
}

#[test]
fn keyboard_places_tiles_and_plays() {
    let dir = data_dir("keyboard");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| {
        m.tiles.len() >= 2
            && m.tiles.iter().all(|(_, t)| !t.blank)
            && m.direction == wocable_crossword::Direction::Across
            && m.tiles[0].0 == wocable_crossword::CENTRE
    });
    start(&mut app, setup.clone());
    let spelt: String = chosen.tiles.iter().map(|(_, t)| setup.language.label(t.letter)).collect();
    type_text(&mut app, &spelt);
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    press(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(app.world().resource::<Match>().view().scores()[0], chosen.score as i32);
}

#[test]
fn a_whole_game_against_the_computer_reaches_the_results() {
    let dir = data_dir("whole");
    let mut app = app(&dir);
    start(&mut app, setup(&[("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Casual))], 11));
    let over = |w: &World| *w.resource::<State<Screen>>().get() == Screen::Results;
    let ana_or_over = |w: &World| over(w) || w.resource::<Match>().human_to_play();
    // A game has far fewer turns than this.
    for _ in 0..100 {
        until(&mut app, "Ana's turn or the end", ana_or_over);
        if over(app.world()) {
            break;
        }
        act(&mut app, Action::Hint);
        let has_hint = !app.world().resource::<wocable::crossword::turn::Hints>().0.is_empty();
        if has_hint {
            act(&mut app, Action::LayHint(0));
            act(&mut app, Action::Play);
        } else {
            act(&mut app, Action::Pass);
        }
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Results);
    // The standings show at once; the review, made off the frame, after.
    let results = app.world().resource::<Results>();
    assert_eq!(results.seats.len(), 2);
    assert_eq!(results.seats[0].rank, 1);
    until(&mut app, "the review", |w| !w.contains_resource::<Reviewing>());
    let results = app.world().resource::<Results>();
    assert!(!results.review.is_empty());
    let m = app.world().resource::<Match>();
    assert!(m.is_over());
    // The review's pictures of the board: each turn's tiles, and the best move's.
    assert_eq!(results.board_before(0).count(), 0, "the first turn starts on an empty board");
    let on_board = m.view().board().tiles().count();
    assert_eq!(results.board_before(results.review.len()).count(), on_board, "every tile was played on one turn");
    for line in &results.review {
        if line.name == "Ana" && line.played.is_some() {
            assert_eq!(line.best.as_ref().map(|best| best.2), Some(line.score), "Ana played the best hint: {line:?}");
        }
    }
    assert!(!dir.join(wocable::crossword::SAVE_FILE).exists(), "a finished game is no longer saved");
}

#[test]
fn a_game_is_saved_after_every_turn_and_resumes_exactly() {
    let dir = data_dir("resume");
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() >= 2);
    let (log, rack) = {
        let mut app = app(&dir);
        start(&mut app, setup);
        drag_move(&mut app, &chosen);
        act(&mut app, Action::Play);
        until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
        // A move being composed is not part of the save.
        let corner = app.world().resource::<BoardLayout>().cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
        drag(&mut app, 0, corner);
        let m = app.world().resource::<Match>();
        (m.view().log().to_vec(), m.rack(0).to_vec())
    };
    // The app was killed; it starts again.
    let mut app = app(&dir);
    assert!(app.world().resource::<SavedGameInfo>().0.as_deref().is_some_and(|s| s.contains("Ana")));
    app.world_mut().write_message(ResumeMatch);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().log(), log.as_slice());
    assert_eq!(m.rack(0), rack.as_slice());
    assert_eq!(board_tiles(&mut app), chosen.tiles.len() + count_played_after(&log, chosen.tiles.len()));
    assert!(!app.world().resource::<Composer>().has_placed());
}

/// Tiles played after the first move of a log.
fn count_played_after(log: &[Sequenced], first: usize) -> usize {
    let played = |e: &Sequenced| if let Event::Played { tiles, .. } = &e.event { Some(tiles.len()) } else { None };
    log.iter().filter_map(played).sum::<usize>() - first
}

#[test]
fn pass_and_play_hides_each_rack_until_its_player_takes_the_device() {
    let dir = data_dir("handover");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&[("Ana", Seat::Human), ("Ben", Seat::Human)], |m| m.tiles.len() >= 2);
    start(&mut app, setup);
    app.update();
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Handover);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 0, "no rack shows before Ana takes the device");
    act(&mut app, Action::TakeOver);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
    drag_move(&mut app, &chosen);
    act(&mut app, Action::Play);
    app.update();
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Handover);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 0, "Ana's rack is hidden from Ben");
    act(&mut app, Action::TakeOver);
    let m = app.world().resource::<Match>();
    assert_eq!((m.viewer, m.turn()), (1, 1));
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
}

#[test]
fn the_turn_clock_running_out_is_leaving_the_game() {
    let dir = data_dir("clock");
    let mut app = app(&dir);
    let mut clocked = setup(&[("Ana", Seat::Human), ("Ben", Seat::Human)], 5);
    clocked.turn_seconds = Some(2);
    start(&mut app, clocked);
    act(&mut app, Action::TakeOver);
    // Twenty frames of a tenth of a second.
    for _ in 0..25 {
        app.update();
    }
    let m = app.world().resource::<Match>();
    assert!(m.view().has_left(0), "Ana ran out of time");
    assert!(m.is_over(), "two players: the other wins at once");
    until(&mut app, "the results", |w| *w.resource::<State<Screen>>().get() == Screen::Results);
    assert_eq!(app.world().resource::<Results>().seats[0].name, "Ben");
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

/// Ana to play against the computer with a minute a turn, four seconds
/// of it gone.
fn clock_running(dir: &PathBuf) -> App {
    let mut app = app(dir);
    let mut clocked = setup(&VERSUS_COMPUTER, 5);
    clocked.turn_seconds = Some(60);
    start(&mut app, clocked);
    for _ in 0..40 {
        app.update();
    }
    assert!(app.world().resource::<Match>().human_to_play());
    assert!((55.0..57.0).contains(&seconds_left(&app)), "the clock runs: {}", seconds_left(&app));
    app
}

/// The turn clock resumed with `left` seconds, give or take a frame, not
/// a whole turn.
fn assert_resumed_with(app: &App, left: f32) {
    let now = seconds_left(app);
    assert!(left - now <= 0.2 && now <= left, "{now} seconds left, {left} before");
}

#[test]
fn leaving_the_game_does_not_reset_the_turn_clock() {
    let dir = data_dir("clock-home");
    let left = {
        let mut game = clock_running(&dir);
        let left = seconds_left(&game);
        game.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
        // A while on the home screen: the clock waits.
        for _ in 0..30 {
            game.update();
        }
        assert_eq!(*game.world().resource::<State<Screen>>().get(), Screen::Home);
        resume(&mut game);
        assert_resumed_with(&game, left);
        seconds_left(&game)
    };
    // The app starts again, from the save written when the game was left.
    let mut restarted = app(&dir);
    resume(&mut restarted);
    assert_resumed_with(&restarted, left);
    restarted.update();
    assert!(seconds_left(&restarted) < left, "and it runs on");
}

#[test]
fn closing_the_app_mid_turn_keeps_the_turn_clock() {
    let dir = data_dir("clock-exit");
    let left = {
        let mut game = clock_running(&dir);
        game.world_mut().write_message(AppExit::Success);
        game.update();
        seconds_left(&game)
    };
    let mut restarted = app(&dir);
    resume(&mut restarted);
    assert_resumed_with(&restarted, left);
}

#[test]
fn a_killed_app_gives_back_at_most_a_few_seconds_of_the_turn() {
    let dir = data_dir("clock-killed");
    let left = {
        let mut game = clock_running(&dir);
        for _ in 0..80 {
            game.update();
        }
        // Killed: no frame runs to save on the way out (nor does dropping
        // the app).
        seconds_left(&game)
    };
    let mut restarted = app(&dir);
    resume(&mut restarted);
    let now = seconds_left(&restarted);
    assert!(left < 50.0 && now <= left + 5.0, "{now} seconds left after a kill at {left}");
}

#[test]
fn a_save_from_before_the_clock_was_kept_resumes_with_a_whole_turn() {
    let dir = data_dir("clock-old");
    let mut clocked = setup(&VERSUS_COMPUTER, 5);
    clocked.turn_seconds = Some(60);
    let referee = LocalReferee::start(&clocked, Lexicon::bundled(clocked.language)).expect("a match");
    let mut saved = serde_json::to_value(referee.save().expect("kept on the device")).expect("json");
    saved.as_object_mut().expect("an object").remove("seconds_left");
    Storage::in_dir(&dir).write(wocable::crossword::SAVE_FILE, &saved.to_string()).expect("saved");
    let mut app = app(&dir);
    resume(&mut app);
    assert_resumed_with(&app, 60.0);
}

fn title(app: &App) -> &str {
    &app.world().resource::<PageTitle>().0
}

#[cfg(feature = "dev")]
#[test]
fn the_demo_plays_a_move_and_the_title_follows_the_screen_and_the_save() {
    let dir = data_dir("demo");
    let saved_title = {
        let mut app = app(&dir);
        assert_eq!(title(&app), "Wocable", "home, nothing saved");
        app.insert_resource(Demo::default());
        let played = |w: &World| w.get_resource::<Match>().is_some_and(|m| m.view().scores()[0] > 0);
        until(&mut app, "Ana's first move", played);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
        let scores = app.world().resource::<Match>().scores();
        assert!(scores.starts_with("Ana ") && scores.contains(" · Bot "), "{scores}");
        assert_eq!(title(&app), format!("{scores} — Wocable"));
        until(&mut app, "back home", |w| *w.resource::<State<Screen>>().get() == Screen::Home);
        app.update();
        assert!(!app.world().contains_resource::<Demo>(), "the demo is over");
        let saved = app.world().resource::<SavedGameInfo>().0.clone().expect("a saved game");
        assert_eq!(title(&app), format!("Wocable — Continue: {saved}"));
        title(&app).to_string()
    };
    // As the browser reloads the page.
    let app = app(&dir);
    assert_eq!(title(&app), saved_title);
}

#[cfg(feature = "dev")]
#[test]
fn the_demo_never_replaces_a_saved_game() {
    let dir = data_dir("demo-saved");
    let read_save = || Storage::in_dir(&dir).read(wocable::crossword::SAVE_FILE);
    {
        let mut app = app(&dir);
        start(&mut app, setup(&VERSUS_COMPUTER, 3));
    }
    let saved = read_save().expect("a saved game");
    let mut app = app(&dir);
    app.insert_resource(Demo::default());
    for _ in 0..20 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Demo>(), "the demo gave way");
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
    assert_eq!(read_save(), Some(saved));
}

#[test]
fn no_rack_shows_while_computers_play_before_the_first_human() {
    let dir = data_dir("hidden");
    let mut app = app(&dir);
    let seats = [("Bot", Seat::Computer(Level::Strong)), ("Ana", Seat::Human), ("Ben", Seat::Human)];
    start(&mut app, setup(&seats, 9));
    for _ in 0..3000 {
        let handover = *app.world().resource::<State<Overlay>>().get() == Overlay::Handover;
        assert_eq!(app.world().resource::<Composer>().rack_len(), 0, "no rack before someone takes the device");
        if handover {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Handover);
    assert_eq!(app.world().resource::<Match>().turn(), 1);
    act(&mut app, Action::TakeOver);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
}

#[test]
fn a_drag_left_hanging_when_the_rack_changes_is_forgotten() {
    let dir = data_dir("stale");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 4));
    // Ana picks up her last tile; before she lets go, her rack changes
    // (an exchange here; a computer's move or a handover alike).
    let last = app.world().resource::<Composer>().rack().last().expect("a rack");
    let from = {
        let world = app.world();
        tile_centre(last, world.resource::<Composer>(), world.resource::<BoardLayout>())
    };
    pointer(&mut app, PointerPhase::Press, from);
    let generation = app.world().resource::<Composer>().generation();
    act(&mut app, Action::Exchange(vec![0, 1]));
    assert_ne!(app.world().resource::<Composer>().generation(), generation);
    let to = app.world().resource::<BoardLayout>().cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
    pointer(&mut app, PointerPhase::Move, to);
    pointer(&mut app, PointerPhase::Release, to);
    assert!(!app.world().resource::<Composer>().has_placed(), "the old drag does not drop a tile");
}

#[test]
fn the_champion_thinks_while_frames_go_on_and_its_move_arrives() {
    use wocable::crossword::thinking::Thinking;
    let dir = data_dir("champion");
    let mut app = app(&dir);
    // An endgame, the Champion's longest think: a search of thousands of
    // positions, some 150 frames here. Its opening move was so quick that,
    // with the other tests running beside it, it was once found before a
    // second frame ran.
    let champion = 1;
    let setup = MatchSetup::against_computer(Level::Champion, 1);
    let saved = SavedMatch::at_the_endgame(&setup, Lexicon::bundled(Language::En), champion).expect("an endgame");
    let moves_before = saved.game.events.len() as u32;
    let saved = serde_json::to_string(&saved).expect("a save");
    app.world().resource::<Storage>().write(wocable::crossword::SAVE_FILE, &saved).expect("saved");
    app.world_mut().write_message(ResumeMatch);
    let moved = |app: &App| app.world().resource::<Match>().view().last_seq().is_some_and(|seq| seq >= moves_before);
    until(&mut app, "the endgame resumed", |w| w.contains_resource::<Thinking>());
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let mut frames_thinking = 0;
    while !moved(&app) {
        assert!(std::time::Instant::now() < deadline, "the Champion never played");
        frames_thinking += usize::from(app.world().contains_resource::<Thinking>());
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(frames_thinking >= 2, "thought through only {frames_thinking} frames");
    let m = app.world().resource::<Match>();
    assert!(m.is_over() || m.turn() != champion, "its move was played");
}

/// The Champion's first move (seed 6), thought the web build's way for
/// `per_frame` a frame, and the frames it thought through. Frames alone
/// move it on: no thread, no sleeping.
fn first_move_in_steps(name: &str, per_frame: Duration) -> (Vec<Sequenced>, usize) {
    use wocable::crossword::thinking::{ThinkInSteps, Thinking};
    let dir = data_dir(name);
    let mut app = app(&dir);
    app.insert_resource(ThinkInSteps { per_frame });
    start(&mut app, setup(&[("Bot", Seat::Computer(Level::Champion)), ("Ana", Seat::Human)], 6));
    let mut frames_thinking = 0;
    while app.world().resource::<Match>().turn() == 0 {
        assert!(frames_thinking < 200, "the Champion never played");
        frames_thinking += usize::from(app.world().contains_resource::<Thinking>());
        app.update();
    }
    (app.world().resource::<Match>().view().log().to_vec(), frames_thinking)
}

#[test]
fn the_web_builds_way_of_thinking_goes_on_from_frame_to_frame() {
    // No time a frame: one step each, so that it surely spans frames (its
    // twelve racks looked ahead over take a frame each).
    let (one_step_a_frame, frames_thinking) = first_move_in_steps("steps", Duration::ZERO);
    assert!(frames_thinking >= 12, "thought through only {frames_thinking} frames");
    let web = wocable::crossword::thinking::ThinkInSteps::default();
    let as_on_the_web = first_move_in_steps("steps-web", web.per_frame).0;
    let threaded = {
        let dir = data_dir("steps-threaded");
        let mut app = app(&dir);
        start(&mut app, setup(&[("Bot", Seat::Computer(Level::Champion)), ("Ana", Seat::Human)], 6));
        until(&mut app, "the Champion's move", |world| world.resource::<Match>().turn() == 1);
        app.world().resource::<Match>().view().log().to_vec()
    };
    assert_eq!(one_step_a_frame, threaded, "the same move either way");
    assert_eq!(as_on_the_web, threaded, "the same move either way");
}

#[test]
fn the_review_is_made_in_steps_over_frames_as_on_the_web() {
    use wocable::crossword::thinking::ThinkInSteps;
    use wocable::crossword::turn::{FinalRecord, Hints};
    let dir = data_dir("review-steps");
    let mut app = app(&dir);
    // One step a frame: each turn reviewed in a frame of its own.
    app.insert_resource(ThinkInSteps { per_frame: Duration::ZERO });
    start(&mut app, setup(&[("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Beginner))], 3));
    for _ in 0..3 {
        until(&mut app, "Ana's turn", |w| w.resource::<Match>().human_to_play());
        act(&mut app, Action::Hint);
        if app.world().resource::<Hints>().0.is_empty() {
            act(&mut app, Action::Pass);
        } else {
            act(&mut app, Action::LayHint(0));
            act(&mut app, Action::Play);
        }
    }
    until(&mut app, "Ana's turn", |w| w.resource::<Match>().human_to_play());
    act(&mut app, Action::Resign);
    until(&mut app, "the results", |w| *w.resource::<State<Screen>>().get() == Screen::Results);
    let mut progress = Vec::new();
    while let Some(reviewing) = app.world().get_resource::<Reviewing>() {
        assert!(progress.len() < 100, "the review never ends");
        progress.push(reviewing.progress());
        app.update();
    }
    // Its turns: Ana's three, the Bot's three; resigning is not reviewed.
    assert!(progress.len() >= 6, "reviewed in {} frames: {progress:?}", progress.len());
    assert!(progress.is_sorted() && progress[0] < 1.0, "{progress:?}");
    let expected = wocable_crossword::computer::review(&app.world().resource::<FinalRecord>().0);
    let review = &app.world().resource::<Results>().review;
    assert_eq!(review.len(), expected.len());
    for (line, turn) in review.iter().zip(&expected) {
        assert_eq!(line.score, turn.score);
        assert_eq!(line.best.as_ref().map(|best| best.2), turn.best.as_ref().map(|best| best.score));
    }
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

#[test]
fn arrows_choose_the_square_and_direction_backspace_and_escape_take_tiles_back() {
    use wocable::crossword::input::KeyCursor;
    use wocable_crossword::{Direction, Pos};
    let dir = data_dir("arrows");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 5));
    let cursor = |app: &App| {
        let c = app.world().resource::<KeyCursor>();
        (c.pos, c.direction)
    };
    let square = |row, col| Pos::new(row, col).expect("a square");
    assert_eq!(cursor(&app), (square(7, 7), Direction::Across));
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    assert_eq!(cursor(&app), (square(8, 7), Direction::Down), "down moves down and types down");
    press(&mut app, KeyCode::ArrowUp, Key::ArrowUp);
    assert_eq!(cursor(&app), (square(7, 7), Direction::Down));
    // Two letters of the rack go down from the centre.
    let letters: String = {
        let m = app.world().resource::<Match>();
        m.rack(0)
            .iter()
            .filter_map(|t| match t {
                Tile::Letter(l) => Some(m.language().label(*l).to_string()),
                Tile::Blank => None,
            })
            .take(2)
            .collect()
    };
    type_text(&mut app, &letters);
    assert_eq!(composed(&app), vec![square(7, 7), square(8, 7)]);
    press(&mut app, KeyCode::Backspace, Key::Backspace);
    assert_eq!(composed(&app), vec![square(7, 7)], "Backspace takes the last tile back");
    assert_eq!(cursor(&app), (square(8, 7), Direction::Down), "and the cursor goes back to its square");
    press(&mut app, KeyCode::ArrowRight, Key::ArrowRight);
    assert_eq!(cursor(&app), (square(8, 8), Direction::Across), "right moves right and types across");
    press(&mut app, KeyCode::Space, Key::Space);
    assert_eq!(cursor(&app).1, Direction::Down, "Space turns the direction");
    press(&mut app, KeyCode::Escape, Key::Escape);
    app.update();
    assert!(composed(&app).is_empty(), "Esc recalls every tile");
}

#[test]
fn a_game_on_the_clock_pauses_when_the_app_loses_the_focus() {
    use bevy::window::WindowFocused;
    let dir = data_dir("pause");
    let mut game = clock_running(&dir);
    let lose_focus = |app: &mut App| {
        app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: false });
        app.update();
        app.update();
    };
    lose_focus(&mut game);
    assert_eq!(*game.world().resource::<State<Pause>>().get(), Pause(true));
    let paused_at = seconds_left(&game);
    for _ in 0..30 {
        game.update();
    }
    assert_eq!(seconds_left(&game), paused_at, "the clock stops while paused");
    // Saved as it paused: a phone may end a paused app.
    let mut killed = app(&dir);
    resume(&mut killed);
    assert_resumed_with(&killed, paused_at);
    act(&mut game, Action::Pause(false));
    for _ in 0..10 {
        game.update();
    }
    assert!(seconds_left(&game) < paused_at - 0.5, "resumed, the clock runs again");
    // Without a clock there is nothing to pause.
    let mut unclocked = app(&data_dir("no-pause"));
    start(&mut unclocked, setup(&VERSUS_COMPUTER, 5));
    lose_focus(&mut unclocked);
    assert_eq!(paused(&unclocked), Pause(false));
}

#[test]
fn resigning_asks_first_and_ends_a_two_player_game() {
    let dir = data_dir("resign");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 5));
    act(&mut app, Action::OpenOverlay(Overlay::ConfirmResign));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::ConfirmResign);
    assert!(!app.world().resource::<Match>().is_over(), "asking changes nothing");
    act(&mut app, Action::OpenOverlay(Overlay::None));
    assert!(!app.world().resource::<Match>().is_over(), "cancelled");
    act(&mut app, Action::OpenOverlay(Overlay::ConfirmResign));
    act(&mut app, Action::Resign);
    let m = app.world().resource::<Match>();
    assert!(m.view().has_left(0) && m.is_over(), "Ana resigned: Bot wins at once");
    until(&mut app, "the results", |w| *w.resource::<State<Screen>>().get() == Screen::Results);
    assert_eq!(app.world().resource::<Results>().seats[0].name, "Bot");
}

#[test]
fn an_exchange_with_too_few_tiles_in_the_bag_is_refused_with_the_reason() {
    let dir = data_dir("exchange-late");
    let mut app = app(&dir);
    let mut remote = setup(&VERSUS_COMPUTER, 5);
    remote.rules = RuleSetKind::Remote;
    // The game played on, outside the app, until Ana has fewer than seven
    // tiles in the bag to exchange with, and resumed.
    let mut game = Game::new(remote.config(), Lexicon::bundled(Language::En)).expect("a game");
    let leaves = wocable_crossword::computer::LeaveModel::bundled(Language::En);
    while game.bag().len() >= 7 || game.turn() != 0 {
        let intent = wocable_crossword::computer::choose(&game, Level::Strong, &leaves, 1);
        game.apply(intent).expect("a legal move");
        assert!(!game.is_over());
    }
    let rack = game.rack(0).to_vec();
    let seats = remote.players.iter().map(|(_, seat)| *seat).collect();
    let saved = SavedMatch { version: 1, game: game.save(), seats, turn_seconds: None, seconds_left: None };
    Storage::in_dir(&dir).write(SAVE_FILE, &serde_json::to_string(&saved).expect("json")).expect("saved");
    resume(&mut app);
    let log_before = app.world().resource::<Match>().view().log().len();
    app.world_mut().write_message(Action::Exchange(vec![0, 1]));
    app.update();
    let refusals: Vec<Unplayed> =
        app.world_mut().resource_mut::<Messages<MoveRefused>>().drain().map(|MoveRefused(reason)| reason).collect();
    assert!(
        matches!(refusals.as_slice(), [Unplayed::Rule(RuleError::ExchangeNotAllowed { needed: 7, .. })]),
        "{refusals:?}"
    );
    assert!(app.world().resource::<Notice>().text.contains("exchange"), "{}", app.world().resource::<Notice>().text);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().log().len(), log_before, "nothing changed");
    assert_eq!(m.rack(0), rack.as_slice());
}

/// The cues sent since the last call.
fn cues(app: &mut App) -> Vec<Cue> {
    app.world_mut().resource_mut::<Messages<Cue>>().drain().collect()
}

#[test]
fn turns_tiles_refusals_and_plays_are_heard_and_seen() {
    let dir = data_dir("feedback");
    let mut app = app(&dir);
    app.insert_resource(Settings { animations: true, ..default() });
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() >= 2 && m.tiles.iter().all(|(_, t)| !t.blank));
    start(&mut app, setup);
    assert!(cues(&mut app).contains(&Cue::YourTurn), "a game starts with the player's turn sounded");
    let layout = *app.world().resource::<BoardLayout>();
    let from = tile_centre(0, app.world().resource::<Composer>(), &layout);
    let corner = layout.cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
    pointer(&mut app, PointerPhase::Press, from);
    assert_eq!(cues(&mut app), vec![Cue::Pick]);
    pointer(&mut app, PointerPhase::Move, corner);
    pointer(&mut app, PointerPhase::Release, corner);
    assert_eq!(cues(&mut app), vec![Cue::Drop]);
    drag(&mut app, 1, layout.cell_centre(wocable_crossword::Pos::new(0, 1).expect("B1")));
    act(&mut app, Action::Play);
    assert!(cues(&mut app).contains(&Cue::Invalid));
    let shaking = app.world_mut().query::<&Shake>().iter(app.world()).count();
    assert_eq!(shaking, 2, "the two tiles put down shake");
    act(&mut app, Action::Recall);
    drag_move(&mut app, &chosen);
    act(&mut app, Action::Play);
    assert!(cues(&mut app).iter().any(|c| matches!(c, Cue::Play | Cue::Bingo)));
    let flights =
        |app: &mut App| app.world_mut().query::<&ScoreFlight>().iter(app.world()).copied().collect::<Vec<_>>();
    let flying = flights(&mut app);
    assert!(
        flying.iter().any(|f| f.seat == 0 && f.score == chosen.score),
        "the score flies to the scoreboard: {flying:?}"
    );
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    app.update();
    assert!(cues(&mut app).contains(&Cue::YourTurn), "the turn coming back is sounded");
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(flights(&mut app), vec![], "the scores have landed, 1.2 s after the last one took off");
}

#[test]
fn after_a_play_only_the_new_tiles_are_dealt() {
    use wocable::crossword::board::RackTile;
    let dir = data_dir("deal");
    let mut app = app(&dir);
    app.insert_resource(Settings { animations: true, ..default() });
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() == 2 && m.tiles.iter().all(|(_, t)| !t.blank));
    start(&mut app, setup);
    drag_move(&mut app, &chosen);
    // Frames of a millisecond: the tiles barely move after they appear.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(1)));
    act(&mut app, Action::Play);
    let layout = *app.world().resource::<BoardLayout>();
    let rack_row = layout.rack_slot_centre(0, 7).y;
    let below: Vec<f32> = app
        .world_mut()
        .query::<(&RackTile, &Transform)>()
        .iter(app.world())
        .map(|(_, t)| t.translation.y)
        .filter(|y| *y < rack_row - layout.rack_tile)
        .collect();
    assert_eq!(below.len(), 2, "the two tiles drawn come up from below, the five kept stay on the rack");
}

#[test]
fn dialogs_answer_the_keyboard() {
    let dir = data_dir("dialog-keys");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.iter().filter(|(_, t)| t.blank).count() == 1);
    start(&mut app, setup.clone());
    let overlay = |app: &App| *app.world().resource::<State<Overlay>>().get();
    drag_move(&mut app, &chosen);
    act(&mut app, Action::Play);
    assert_eq!(overlay(&app), Overlay::BlankLetter);
    let (_, blank) = *chosen.tiles.iter().find(|(_, t)| t.blank).expect("a blank");
    type_text(&mut app, setup.language.label(blank.letter));
    app.update();
    assert_eq!(overlay(&app), Overlay::None, "a letter names the blank's");
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    act(&mut app, Action::OpenOverlay(Overlay::Exchange));
    press(&mut app, KeyCode::Escape, Key::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::None, "Esc closes a dialog");
    assert!(app.world().resource::<Composer>().has_placed(), "and is not read again as Esc on the board");
    // Enter resumes a paused game, and does not then play the tiles down.
    let turns = app.world().resource::<Match>().view().log().len();
    act(&mut app, Action::Pause(true));
    press(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(paused(&app), Pause(false), "Enter resumes");
    assert_eq!(
        app.world().resource::<Match>().view().log().len(),
        turns,
        "and is not read again as Enter on the board"
    );
    // Resigning cannot be undone: Enter does not confirm it.
    act(&mut app, Action::OpenOverlay(Overlay::ConfirmResign));
    press(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(overlay(&app), Overlay::ConfirmResign);
    assert!(!app.world().resource::<Match>().is_over());
    // A key held down does not answer a dialog.
    act(&mut app, Action::Pause(true));
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Enter,
        logical_key: Key::Enter,
        state: ButtonState::Pressed,
        text: None,
        repeat: true,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    app.update();
    assert_eq!(paused(&app), Pause(true), "a repeated Enter is not an answer");
}

#[test]
fn a_damaged_save_or_settings_file_is_set_aside_and_said_on_the_home_screen() {
    use wocable::settings::SETTINGS_FILE;
    use wocable::storage::{Damage, DamagedFile, DamagedFiles};
    let referee = LocalReferee::start(&setup(&VERSUS_COMPUTER, 5), Lexicon::bundled(Language::En)).expect("a match");
    let whole = serde_json::to_string(&referee.save().expect("kept on the device")).expect("json");
    let mut newer: serde_json::Value = serde_json::from_str(&whole).expect("json");
    newer["version"] = 99.into();
    newer["game"] = "changed beyond reading".into();
    let mut moved_on: serde_json::Value = serde_json::from_str(&whole).expect("json");
    // A pass by a seat the game does not have: the rules refuse the record.
    moved_on["game"]["events"][0] = serde_json::json!({ "Passed": { "seat": 7 } });
    let cases: [(&str, Vec<u8>, Damage); 4] = [
        ("cut", whole.as_bytes()[..whole.len() / 2].to_vec(), Damage::Unreadable),
        ("bytes", (0..200u8).map(|b| b.wrapping_mul(151)).collect(), Damage::Unreadable),
        ("newer", newer.to_string().into_bytes(), Damage::Newer),
        ("rules", moved_on.to_string().into_bytes(), Damage::AgainstTheRules),
    ];
    for (name, bytes, damage) in cases {
        let dir = data_dir(&format!("damaged-{name}"));
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join(SAVE_FILE), &bytes).expect("written");
        std::fs::write(dir.join(SETTINGS_FILE), b"{\"sound_volume\": ").expect("written");
        let mut app = app(&dir);
        app.update();
        let expected = [
            DamagedFile {
                name: SETTINGS_FILE,
                damage: Damage::Unreadable,
                kept_as: Some("settings.json.damaged".into()),
            },
            DamagedFile { name: SAVE_FILE, damage, kept_as: Some("game.json.damaged".into()) },
        ];
        assert_eq!(app.world().resource::<DamagedFiles>().0, expected, "{name}");
        assert_eq!(app.world().resource::<SavedGameInfo>().0, None, "{name}: nothing to continue");
        assert!(!dir.join(SAVE_FILE).exists(), "{name}: a new game may be saved");
        assert_eq!(std::fs::read(dir.join("game.json.damaged")).expect("kept"), bytes, "{name}: nothing is lost");
        assert!(dir.join("settings.json.damaged").exists(), "{name}");
        // A new game is saved beside what was set aside.
        start(&mut app, setup(&VERSUS_COMPUTER, 3));
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
        app.update();
        app.update();
        assert!(app.world().resource::<SavedGameInfo>().0.is_some(), "{name}: the new game is offered");
        assert_eq!(std::fs::read(dir.join("game.json.damaged")).expect("kept"), bytes, "{name}");
    }
}

/// A list of 300,000 words of four letters from A to X: none of them
/// longer, many of them no English word.
fn four_letter_words() -> String {
    let letters: Vec<char> = ('A'..='X').collect();
    let mut words = String::new();
    for a in &letters {
        for b in &letters {
            for c in &letters {
                for d in &letters {
                    words.extend([*a, *b, *c, *d, '\n']);
                }
            }
        }
    }
    words.lines().take(300_000).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_players_own_word_list_is_built_off_the_frame_played_on_and_missed_once_removed() {
    let dir = data_dir("word-list");
    let mut app = app(&dir);
    let text = format!("{}\nnot a word\n", four_letter_words()).into_bytes();
    let import = ImportWordList { name: "Fours".into(), language: Language::En, source: "fours.txt".into(), text };
    app.world_mut().write_message(import);
    // The frames go on while it is built, each told how far it has gone.
    let mut cursor = app.world().resource::<Messages<ImportProgress>>().get_cursor();
    let (mut shown, mut frames) = (Vec::new(), 0);
    let started = std::time::Instant::now();
    let report = loop {
        app.update();
        frames += 1;
        let messages = app.world().resource::<Messages<ImportProgress>>();
        shown.extend(cursor.read(messages).map(|p| p.done));
        match app.world().resource::<Import>() {
            Import::Built { name, report } if name == "Fours" => break report.clone(),
            Import::Failed { error, .. } => panic!("{error}"),
            _ => {}
        }
        assert!(started.elapsed() < Duration::from_secs(120), "built in time");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!((report.words, report.bad_characters), (300_000, 1));
    assert!(shown.len() > 10 && frames > shown.len() / 10, "{} progress messages over {frames} frames", shown.len());
    assert!(shown.windows(2).all(|w| w[0] <= w[1]) && shown.iter().all(|d| (0.0..1.0).contains(d)));
    let storage = Storage::in_dir(&dir);
    let fours = app.world().resource::<WordLists>().open(&storage, "Fours").expect("kept and opened again");
    assert_eq!(fours.len(), 300_000);

    // A game on it: its words are played, the English list's are not words.
    let english = Lexicon::bundled(Language::En);
    let (setup, chosen) = (0..500)
        .find_map(|seed| {
            let setup = MatchSetup { word_list: Some("Fours".into()), ..setup(&VERSUS_COMPUTER, seed) };
            let game = Game::new(setup.config(), fours.clone()).expect("a game");
            let not_english = |m: &Move| !english.contains(&m.tiles.iter().map(|(_, t)| t.letter).collect::<Vec<_>>());
            hints(&game, 400)
                .into_iter()
                .find(|m| m.tiles.len() == 4 && m.tiles.iter().all(|(_, t)| !t.blank) && not_english(m))
                .map(|m| (setup, m))
        })
        .expect("a rack with a word of the list");
    start(&mut app, setup);
    let lexicon = app.world().resource::<Match>().lexicon().clone();
    assert!(lexicon.contains_word("QQQQ") && !lexicon.contains_word("CAT") && !lexicon.contains_word("QUIXOTIC"));
    drag_move(&mut app, &chosen);
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    act(&mut app, Action::Play);
    assert_eq!(players(&mut app)[0].score, chosen.score as i32);
    let saved = storage.read(SAVE_FILE).expect("saved");
    assert!(saved.contains("\"word_list\":\"Fours\""), "the save names its list");
    // The dictionary looks in it as games do.
    let look_up = |app: &mut App| {
        let found = app.world_mut().run_system_once(|mut lexicons: GameLexicons| {
            lexicons.list(Language::En, Some("Fours")).map(|found| found.map(|l| l.contains_word("QQQQ")))
        });
        found.expect("the system runs")
    };
    assert_eq!(look_up(&mut app), Ok(Some(true)));

    // Removed, the list leaves the saved game saying why it cannot go on.
    app.world_mut().resource_mut::<WordLists>().remove(&storage, "Fours").expect("removed");
    drop(app);
    let mut app = self::app(&dir);
    assert!(app.world().resource::<WordLists>().get("Fours").is_none());
    assert_eq!(look_up(&mut app), Err(Unavailable::Removed("Fours".into())));
    let removed = Some(Unavailable::Removed("Fours".into()));
    assert_eq!(app.world().resource::<SavedGameWaits>().0, removed, "home says why Continue is not offered");
    assert!(app.world().resource::<SavedGameInfo>().0.is_none());
    assert!(storage.read(SAVE_FILE).is_some(), "the save is kept: the list may be imported again");
    app.world_mut().write_message(ResumeMatch);
    app.update();
    app.update();
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    assert_eq!(app.world().resource::<PendingStart>().failed, removed);
}
