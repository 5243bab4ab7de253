//! Headless tests of Trace in the app: the real plugins on
//! `MinimalPlugins`, the real input systems fed with pointer messages,
//! frame by frame (a tenth of a second each), asserting on the world.

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowFocused;
use std::path::PathBuf;
use std::time::Duration;
use wocable::CorePlugin;
use wocable::Screen;
use wocable::input::{GoBack, PointerInput, PointerPhase};
use wocable::pause::Pause;
use wocable::settings::Settings;
use wocable::storage::{Damage, DamagedFiles, Storage};
use wocable::trace::board::{PathSegment, WordShown};
use wocable::trace::input::Tracing;
use wocable::trace::layout::TraceLayout;
use wocable::trace::{
    GRID_SIDE, ROUND_FILE, ResumeRound, RoundSetup, SavedRoundInfo, StartRound, TraceAction, TraceRound, WheelOrder,
};
use wocable_lexicon::{Language, Letter, Lexicon, Offensive};
use wocable_trace::solver::trace_path;
use wocable_trace::{Familiar, Mode, RoundEnd, generate};

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wocable-trace-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn app(dir: &PathBuf, animations: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(Storage::in_dir(dir))
        .add_plugins(CorePlugin)
        .insert_resource(Settings { animations, ..default() })
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)));
    app.update();
    app
}

fn setup(mode: Mode, seed: u64) -> RoundSetup {
    RoundSetup { mode, language: Language::En, seed, daily: None }
}

/// Starts the round and waits for its letters.
fn start(app: &mut App, setup: RoundSetup) {
    app.world_mut().write_message(StartRound(setup));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(app), Screen::TraceRound);
    assert!(app.world().contains_resource::<TraceLayout>(), "the letters are laid out");
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn round(app: &App) -> &TraceRound {
    app.world().resource::<TraceRound>()
}

/// The trace being drawn: the player's, not yet the round's.
fn tracing(app: &App) -> &Tracing {
    app.world().resource::<Tracing>()
}

fn score(app: &App) -> u32 {
    round(app).round.score()
}

fn left_ms(app: &App) -> u64 {
    let now = app.world().resource::<Time>().elapsed().as_millis() as u64;
    round(app).round.remaining_ms(now)
}

fn centre(app: &App, cell: usize) -> Vec2 {
    app.world().resource::<TraceLayout>().letters[cell]
}

fn pointer(app: &mut App, phase: PointerPhase, at: Vec2) {
    app.world_mut().write_message(PointerInput::mouse(phase, at));
    app.update();
}

/// Traces the cells one by one, then lets go.
fn trace(app: &mut App, path: &[usize]) {
    pointer(app, PointerPhase::Press, centre(app, path[0]));
    for cell in &path[1..] {
        pointer(app, PointerPhase::Move, centre(app, *cell));
    }
    pointer(app, PointerPhase::Release, centre(app, *path.last().expect("a path")));
}

/// The cells that trace `word` in the round's letters.
fn path_of(app: &App, word: &[Letter]) -> Vec<usize> {
    let puzzle = round(app).round.puzzle();
    trace_path(puzzle.shape, &puzzle.letters, word).expect("the word can be traced")
}

fn target(app: &App, index: usize) -> Vec<Letter> {
    round(app).round.puzzle().targets[index].word.clone()
}

fn a_bonus_word(app: &App) -> Vec<Letter> {
    let puzzle = round(app).round.puzzle();
    let bonus = puzzle.solutions.iter().find(|w| !puzzle.targets.iter().any(|t| &t.word == *w));
    bonus.expect("a bonus word").clone()
}

fn word_shown(app: &mut App) -> String {
    let mut shown = app.world_mut().query_filtered::<&Text2d, With<WordShown>>();
    shown.single(app.world()).expect("one word line").0.clone()
}

/// Four cells in a straight line, one after another in the path.
fn straight_run(path: &[usize], side: usize) -> Option<usize> {
    let step = |a: usize, b: usize| {
        (
            b as isize / side as isize - a as isize / side as isize,
            b as isize % side as isize - a as isize % side as isize,
        )
    };
    (0..path.len().saturating_sub(3)).find(|&i| {
        let first = step(path[i], path[i + 1]);
        first == step(path[i + 1], path[i + 2]) && first == step(path[i + 2], path[i + 3])
    })
}

#[test]
fn a_fast_straight_swipe_that_skips_two_letters_traces_the_whole_word() {
    // A grid whose words include one with four letters in a straight line.
    let lexicon = Lexicon::bundled(Language::En);
    let familiar = Familiar::bundled(Language::En);
    let (seed, word, path, run) = (1..200)
        .find_map(|seed| {
            let puzzle = generate(Mode::Grid, 4, &lexicon, &familiar, seed).ok()?;
            puzzle.solutions.iter().find_map(|word| {
                let path = trace_path(puzzle.shape, &puzzle.letters, word)?;
                straight_run(&path, 4).map(|run| (seed, word.clone(), path, run))
            })
        })
        .expect("a grid with a straight word");
    let mut app = app(&data_dir("swipe"), false);
    start(&mut app, setup(Mode::Grid, seed));
    let at = centre(&app, path[0]);
    pointer(&mut app, PointerPhase::Press, at);
    for (k, cell) in path.iter().enumerate().skip(1) {
        // The two letters after the run's first are jumped over.
        if k == run + 1 || k == run + 2 {
            continue;
        }
        let at = centre(&app, *cell);
        pointer(&mut app, PointerPhase::Move, at);
    }
    assert_eq!(tracing(&app).tracer.path(), path, "the letters skipped are added in order");
    assert_eq!(word_shown(&mut app), Language::En.spell(&word), "the whole word grows above the letters");
    let at = centre(&app, *path.last().expect("a path"));
    pointer(&mut app, PointerPhase::Release, at);
    assert!(round(&app).round.found().iter().any(|found| found.word == word), "and it counts");
    assert!(score(&app) > 0);
}

#[test]
fn going_back_over_a_letter_keeps_the_letters_traced() {
    let mut app = app(&data_dir("backtrack"), false);
    start(&mut app, setup(Mode::Grid, 7));
    let word = target(&app, 0);
    let path = path_of(&app, &word);
    let at = centre(&app, path[0]);
    pointer(&mut app, PointerPhase::Press, at);
    let at = centre(&app, path[1]);
    pointer(&mut app, PointerPhase::Move, at);
    let at = centre(&app, path[0]);
    pointer(&mut app, PointerPhase::Move, at);
    let at = centre(&app, path[1]);
    pointer(&mut app, PointerPhase::Move, at);
    assert_eq!(tracing(&app).tracer.path(), &path[..2], "moving back removes nothing");
    for cell in &path[2..] {
        let at = centre(&app, *cell);
        pointer(&mut app, PointerPhase::Move, at);
    }
    let at = centre(&app, path[path.len() - 1]);
    pointer(&mut app, PointerPhase::Release, at);
    assert!(round(&app).round.is_revealed(0), "the word to find is found");
}

#[test]
fn the_trace_is_drawn_in_the_frame_the_pointer_moved() {
    let mut app = app(&data_dir("frame"), false);
    start(&mut app, setup(Mode::Grid, 7));
    let path = path_of(&app, &target(&app, 0));
    let at = centre(&app, path[0]);
    pointer(&mut app, PointerPhase::Press, at);
    let near = centre(&app, path[1]) + Vec2::new(3.0, -2.0);
    // One frame: the move is read, traced and drawn.
    pointer(&mut app, PointerPhase::Move, near);
    let mut segments = app.world_mut().query::<&PathSegment>();
    let mut drawn: Vec<PathSegment> = segments.iter(app.world()).copied().collect();
    drawn.sort_by(|a, b| a.from.x.total_cmp(&b.from.x).then(a.from.y.total_cmp(&b.from.y)));
    let mut wanted = vec![
        PathSegment { from: centre(&app, path[0]), to: centre(&app, path[1]) },
        PathSegment { from: centre(&app, path[1]), to: near },
    ];
    wanted.sort_by(|a, b| a.from.x.total_cmp(&b.from.x).then(a.from.y.total_cmp(&b.from.y)));
    assert_eq!(drawn, wanted, "the line joins the letters and goes on to the pointer");
}

#[test]
fn nothing_counts_while_paused_or_after_times_up() {
    let mut app = app(&data_dir("paused"), true);
    start(&mut app, setup(Mode::Grid, 7));
    let path = path_of(&app, &target(&app, 0));
    app.world_mut().write_message(TraceAction::Pause(true));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause(true));
    let paused_left = left_ms(&app);
    trace(&mut app, &path);
    assert_eq!(score(&app), 0, "a trace under the pause scores nothing");
    assert_eq!(left_ms(&app), paused_left, "the clock stands still");
    app.world_mut().write_message(TraceAction::Pause(false));
    for _ in 0..3 {
        app.update();
    }
    assert!(left_ms(&app) < paused_left, "resumed, the clock runs");
    // Past the time limit in one frame.
    app.world_mut().resource_mut::<Time<Virtual>>().set_max_delta(Duration::from_secs(300));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(200)));
    app.update();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)));
    app.update();
    assert_eq!(round(&app).round.end(), Some(RoundEnd::TimeUp), "Time's up!");
    assert_eq!(screen(&app), Screen::TraceRound, "shown a moment before the end screen");
    trace(&mut app, &path);
    assert_eq!(score(&app), 0, "a trace after Time's up scores nothing");
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::TraceEnd);
}

#[test]
fn losing_the_focus_cancels_the_trace_and_keeps_the_score() {
    let mut app = app(&data_dir("focus"), false);
    start(&mut app, setup(Mode::Grid, 7));
    let traced = path_of(&app, &target(&app, 0));
    trace(&mut app, &traced);
    let scored = score(&app);
    assert!(scored > 0);
    let path = path_of(&app, &target(&app, 1));
    let at = centre(&app, path[0]);
    pointer(&mut app, PointerPhase::Press, at);
    let at = centre(&app, path[1]);
    pointer(&mut app, PointerPhase::Move, at);
    app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: false });
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause(true), "going away pauses");
    assert!(tracing(&app).tracer.path().is_empty(), "the trace is cancelled");
    assert_eq!(tracing(&app).pointer, None);
    app.world_mut().write_message(TraceAction::Pause(false));
    app.update();
    for cell in &path[2..] {
        let at = centre(&app, *cell);
        pointer(&mut app, PointerPhase::Move, at);
    }
    let at = centre(&app, path[path.len() - 1]);
    pointer(&mut app, PointerPhase::Release, at);
    assert_eq!(score(&app), scored, "the score is kept, and the cut trace is not submitted");
    assert!(!round(&app).round.is_revealed(1));
}

#[test]
fn a_second_finger_drops_the_trace_unscored() {
    let mut app = app(&data_dir("second-finger"), false);
    start(&mut app, setup(Mode::Grid, 7));
    let path = path_of(&app, &target(&app, 0));
    let at: Vec<Vec2> = path.iter().map(|&cell| centre(&app, cell)).collect();
    let last = at[at.len() - 1];
    pointer(&mut app, PointerPhase::Press, at[0]);
    for &point in &at[1..] {
        pointer(&mut app, PointerPhase::Move, point);
    }
    assert_eq!(tracing(&app).tracer.path(), path.as_slice(), "the whole word traced");
    pointer(&mut app, PointerPhase::Cancel, last);
    assert!(tracing(&app).tracer.path().is_empty(), "dropped");
    assert_eq!(tracing(&app).pointer, None, "no line follows the finger");
    pointer(&mut app, PointerPhase::Release, last);
    assert_eq!(score(&app), 0, "nothing submitted");
    assert!(!round(&app).round.is_revealed(0));
    trace(&mut app, &path);
    assert!(round(&app).round.is_revealed(0), "the next trace counts");
}

#[test]
fn back_pauses_the_round_then_leaves_it_paused_for_home() {
    let mut app = app(&data_dir("back"), false);
    start(&mut app, setup(Mode::Circle, 3));
    app.world_mut().write_message(GoBack);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause(true), "a phone's Back pauses");
    assert_eq!(screen(&app), Screen::TraceRound);
    app.world_mut().write_message(GoBack);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Home, "Back again goes home");
    assert!(app.world().resource::<SavedRoundInfo>().0.is_some(), "home offers the round");
}

#[test]
fn finding_every_word_ends_the_round_with_the_bonus_and_the_end_lists_are_right() {
    let mut app = app(&data_dir("perfect"), false);
    start(&mut app, setup(Mode::Circle, 11));
    let bonus = a_bonus_word(&app);
    let traced = path_of(&app, &bonus);
    trace(&mut app, &traced);
    let targets = round(&app).round.puzzle().targets.len();
    assert_eq!(targets, 10);
    for index in 0..targets - 1 {
        let traced = path_of(&app, &target(&app, index));
        trace(&mut app, &traced);
        assert!(round(&app).round.end().is_none(), "not before the last word");
    }
    let before = score(&app);
    let last = target(&app, targets - 1);
    let traced = path_of(&app, &last);
    trace(&mut app, &traced);
    let Some(RoundEnd::Perfect { bonus: perfect }) = round(&app).round.end() else {
        panic!("the tenth word ends the round")
    };
    assert!(perfect >= 100, "with the perfect bonus");
    assert_eq!(score(&app), before + wocable_trace::word_points(last.len()) + perfect);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::TraceEnd);
    assert!(!app.world().resource::<Storage>().exists(ROUND_FILE), "nothing left to resume");
    let lists = round(&app).round.end_lists();
    assert!(lists.to_find.iter().all(|(_, found)| *found));
    let spelt = Language::En.spell(&bonus);
    assert_eq!(lists.bonus.iter().filter(|(_, found)| *found).collect::<Vec<_>>(), [&(spelt, true)]);
    assert_eq!(lists.bonus.len(), round(&app).round.puzzle().bonus_count(), "missed bonus words are listed too");
}

#[test]
fn a_round_left_or_killed_goes_on_with_its_clock() {
    let dir = data_dir("resume");
    let mut app = app(&dir, false);
    start(&mut app, setup(Mode::Grid, 7));
    let traced = path_of(&app, &target(&app, 0));
    trace(&mut app, &traced);
    for _ in 0..70 {
        app.update();
    }
    let left = left_ms(&app);
    let found = round(&app).round.found().to_vec();
    // Killed: the save keeps up with the clock every few seconds.
    let mut killed = self::app(&dir, false);
    assert!(killed.world().resource::<SavedRoundInfo>().0.is_some(), "home offers the round");
    killed.world_mut().write_message(ResumeRound);
    for _ in 0..3 {
        killed.update();
    }
    assert_eq!(screen(&killed), Screen::TraceRound);
    let resumed_left = left_ms(&killed);
    assert!(resumed_left >= left && resumed_left <= left + 5_500, "{resumed_left} ms left, {left} at the kill");
    assert_eq!(round(&killed).round.found(), found, "with the words found");
    // Home leaves the round paused, to the millisecond.
    killed.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
    killed.update();
    let at_home = round(&killed).round.remaining_ms(0);
    for _ in 0..20 {
        killed.update();
    }
    assert_eq!(killed.world().resource::<SavedRoundInfo>().0, Some((Mode::Grid, at_home)));
    killed.world_mut().write_message(ResumeRound);
    killed.update();
    killed.update();
    assert!(at_home - left_ms(&killed) <= 200, "the clock stopped while away");
}

#[test]
fn shuffling_the_wheel_moves_the_letters_not_the_cells() {
    let mut app = app(&data_dir("shuffle"), false);
    start(&mut app, setup(Mode::Circle, 11));
    let before = app.world().resource::<TraceLayout>().letters.clone();
    app.world_mut().write_message(TraceAction::Shuffle);
    app.update();
    app.update();
    let order = app.world().resource::<WheelOrder>().0.clone();
    assert_ne!(order, (0..order.len()).collect::<Vec<_>>(), "a new order");
    let after = app.world().resource::<TraceLayout>().letters.clone();
    assert_ne!(before, after, "the letters moved");
    let sorted = |v: &[Vec2]| {
        let mut v: Vec<(i32, i32)> = v.iter().map(|p| (p.x.round() as i32, p.y.round() as i32)).collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&before), sorted(&after), "to the wheel's same places");
    // A word still traces through the cells wherever they are shown.
    let traced = path_of(&app, &target(&app, 0));
    trace(&mut app, &traced);
    assert!(round(&app).round.is_revealed(0));
}

#[test]
fn a_round_file_that_does_not_hold_together_is_set_aside() {
    let dir = data_dir("damaged");
    let mut app = app(&dir, false);
    start(&mut app, setup(Mode::Grid, 7));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
    app.update();
    let storage = app.world().resource::<Storage>();
    let mut saved: serde_json::Value = serde_json::from_str(&storage.read(ROUND_FILE).expect("saved")).expect("JSON");
    // A grid too big to draw, as a file edited by hand could have it.
    saved["round"]["puzzle"]["shape"] = serde_json::json!({"Grid": {"side": 100_000}});
    storage.write(ROUND_FILE, &saved.to_string()).expect("written");
    let mut reopened = self::app(&dir, false);
    assert_eq!(reopened.world().resource::<SavedRoundInfo>().0, None, "not offered");
    let damaged = &reopened.world().resource::<DamagedFiles>().0;
    assert_eq!(damaged.iter().map(|d| (d.name, d.damage)).collect::<Vec<_>>(), [(ROUND_FILE, Damage::AgainstTheRules)]);
    assert!(!reopened.world().resource::<Storage>().exists(ROUND_FILE), "set aside");
    reopened.world_mut().write_message(ResumeRound);
    reopened.update();
    assert_eq!(screen(&reopened), Screen::Home);
}

#[test]
fn the_end_screen_is_only_a_finished_rounds() {
    let mut app = app(&data_dir("end-screen"), false);
    start(&mut app, setup(Mode::Grid, 7));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::TraceEnd);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::TraceMenu, "a round still on shows no end");
}

#[test]
fn a_new_player_traces_on_the_family_list_and_the_setting_gives_the_whole_one() {
    let (lexicon, familiar) = (Lexicon::bundled(Language::En), Familiar::bundled(Language::En));
    let offensive = Offensive::bundled(Language::En);
    let (seed, whole) = (0..)
        .find_map(|seed| {
            let puzzle = generate(Mode::Grid, GRID_SIDE, &lexicon, &familiar, seed).ok()?;
            puzzle.solutions.iter().any(|w| offensive.contains(w)).then_some((seed, puzzle))
        })
        .expect("a puzzle whose letters make an offensive word");
    let dir = data_dir("family");
    let mut app = app(&dir, false);
    assert!(app.world().resource::<Settings>().family_words, "on for a new player");
    start(&mut app, setup(Mode::Grid, seed));
    let puzzle = round(&app).round.puzzle().clone();
    assert_eq!((&puzzle.letters, &puzzle.targets), (&whole.letters, &whole.targets), "the same puzzle");
    assert!(!puzzle.solutions.is_empty() && puzzle.solutions.iter().all(|w| !offensive.contains(w)));

    let mut app = self::app(&data_dir("whole-list"), false);
    app.world_mut().resource_mut::<Settings>().family_words = false;
    start(&mut app, setup(Mode::Grid, seed));
    assert_eq!(round(&app).round.puzzle().solutions, whole.solutions);
}
