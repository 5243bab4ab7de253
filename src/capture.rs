//! A scripted tour of the app for screenshots and measurements, run when
//! `WOCABLE_CAPTURE=DIR` is set (the window test under Xvfb sets it):
//! every screen is shown and saved as `DIR/<name>.png`, a move is played
//! against the computer and the Champion searches an endgame, then the
//! online screens are shown with the server of the settings, then Trace's
//! rounds are played by pointer messages; the frame
//! times while the computer thinks and the time to the first home frame
//! go to `DIR/timings.txt`, then the app quits. With
//! `WOCABLE_THINK_IN_STEPS` set too, the computer thinks the web build's
//! way, on the main thread.

use crate::Screen;
use crate::StartedAt;
use crate::crossword::referee::Connection;
use crate::crossword::thinking::Thinking;
use crate::crossword::turn::Hints;
use crate::crossword::{Action, Match, MatchSetup, NewMatch, Overlay, ResumeMatch, SAVE_FILE, SavedMatch, Seat};
use crate::input::{Pinch, PointerInput, PointerPhase, SafeArea};
use crate::lexicons::Lexicons;
use crate::lexicons::{Import, ImportWordList};
use crate::online::Fetched;
use crate::online::{Online, OnlineRequest};
use crate::screens::arenas::Arenas;
use crate::screens::dictionary::{DictionaryPage, Found, Lookup};
use crate::screens::new_game::NewGameForm;
use crate::screens::online::{OnlineForm, Page};
use crate::screens::ratings::{Ratings, RatingsRequest};
use crate::screens::results::{Results, Reviewing, Viewing};
use crate::storage::Storage;
use crate::trace::layout::TraceLayout;
use crate::trace::{RoundOver, RoundSetup, StartRound, TraceAction, TraceRound};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::Language;
use wocable_net::RoomSettings;
use wocable_trace::{Day, Mode};

#[derive(Resource)]
struct Tour {
    dir: PathBuf,
    step: usize,
    /// Frames left before the current step is done.
    wait: u32,
    first_home_frame: Option<f32>,
    thinking_frames: Vec<f32>,
    /// Frame times on the game screen with no computer thinking.
    idle_frames: Vec<f32>,
    /// What the last frame was measured as: its time is known only in
    /// the next frame.
    last_frame: Option<Measured>,
    /// Since when the tour waits for the server on the online screens.
    waiting_since: Option<f32>,
    shot_online_game: bool,
    /// Steps done after the endgame's shot: its board zoomed in (pinched)
    /// and shot, then shown as on a phone with a notch and shot.
    endgame_steps: u8,
}

#[derive(Clone, Copy)]
enum Measured {
    Thinking,
    Idle,
}

pub(crate) fn plugin(app: &mut App) {
    let Some(dir) = std::env::var_os("WOCABLE_CAPTURE").map(PathBuf::from) else { return };
    app.insert_resource(Tour {
        dir,
        step: 0,
        wait: 30,
        first_home_frame: None,
        thinking_frames: Vec::new(),
        idle_frames: Vec::new(),
        last_frame: None,
        waiting_since: None,
        shot_online_game: false,
        endgame_steps: 0,
    })
    .add_systems(Last, tour);
    // To measure the web build's way of thinking (on the main thread).
    if std::env::var_os("WOCABLE_THINK_IN_STEPS").is_some() {
        app.insert_resource(crate::crossword::thinking::ThinkInSteps::default());
    }
}

/// What the tour reads and does on the online screens.
#[derive(SystemParam)]
struct OnlineTour<'w> {
    online: Res<'w, Online>,
    form: Option<ResMut<'w, OnlineForm>>,
    connection: Option<Res<'w, Connection>>,
    requests: MessageWriter<'w, OnlineRequest>,
    ratings: Res<'w, Ratings>,
    rating_requests: MessageWriter<'w, RatingsRequest>,
    arenas: Res<'w, Arenas>,
}

/// The forms of the screens the tour fills in, and the results with
/// their review (made off the frame).
#[derive(SystemParam)]
struct Forms<'w> {
    new_game: Option<ResMut<'w, NewGameForm>>,
    results: Option<ResMut<'w, Results>>,
    reviewing: Option<Res<'w, Reviewing>>,
    import: Res<'w, Import>,
    word_lists: MessageWriter<'w, ImportWordList>,
    trace: TraceTour<'w>,
}

/// Seconds after which the tour gives up waiting (for the server the
/// window test starts, for a round) and fails.
const PATIENCE: f32 = 30.0;

/// Online: the menu, the form for a room, its waiting room (three seats,
/// one a computer's), the leaderboard, the arenas and one of them while
/// waiting for a pairing, a game with a computer, and that game reconnecting
/// (the window test stops the server once `online-game.png` is saved).
fn online_step(
    commands: &mut Commands,
    tour: &mut Tour,
    step: usize,
    screen: &State<Screen>,
    next: &mut NextState<Screen>,
    online: &mut OnlineTour,
    now: f32,
) {
    let room = |players| OnlineRequest::Create {
        room: RoomSettings {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players,
            clock: Some(120),
            word_list: None,
        },
        computers: vec![Level::Beginner],
    };
    // Waits (at most `PATIENCE`) until `done`.
    let wait_until = |commands: &mut Commands, tour: &mut Tour, done: bool, what| {
        wait_until(commands, tour, now, done, what);
    };
    match step {
        39 => next.set(Screen::Online),
        40 => shoot(commands, tour, "online"),
        41 => {
            if let Some(form) = online.form.as_mut() {
                form.page = Page::Create;
                form.players = 3;
                form.computers = 1;
            }
        }
        42 => shoot(commands, tour, "online-create"),
        43 => {
            online.requests.write(room(3));
        }
        44 => {
            let seated = matches!(&*online.online, Online::InRoom(session) if !session.seats().is_empty());
            wait_until(commands, tour, seated, "in the waiting room");
        }
        45 => shoot(commands, tour, "online-waiting"),
        // Out of the room: the menu now says who plays, with the
        // account's recovery code to write down.
        46 => {
            online.requests.write(OnlineRequest::Leave);
        }
        47 => shoot(commands, tour, "online-account"),
        48 => {
            if let Some(form) = online.form.as_mut() {
                form.page = Page::Leaderboard;
            }
            let list = RatingsRequest::Leaderboard { rules: RuleSetKind::Wocable, language: Language::En };
            online.rating_requests.write(list);
        }
        49 => {
            let fetched = matches!(online.ratings.leaderboard, Fetched::Got(_));
            wait_until(commands, tour, fetched, "shown the leaderboard");
        }
        50 => shoot(commands, tour, "online-leaderboard"),
        51 => {
            if let Some(form) = online.form.as_mut() {
                form.page = Page::Arenas;
            }
        }
        52 => {
            let fetched = matches!(online.arenas.list, Fetched::Got(_));
            wait_until(commands, tour, fetched, "shown the arenas");
        }
        53 => shoot(commands, tour, "online-arenas"),
        // In the first arena, waiting for an opponent.
        54 => {
            let Fetched::Got(list) = &online.arenas.list else { return };
            if let (Some(arena), Some(form)) = (list.running.first(), online.form.as_mut()) {
                form.show_arena(arena.id.clone());
                online.requests.write(OnlineRequest::Arena(arena.id.clone()));
            }
        }
        55 => {
            let pairing = matches!(*online.online, Online::Pairing { .. });
            let listed = matches!(&online.arenas.standings, Fetched::Got(s) if !s.standings.is_empty());
            wait_until(commands, tour, pairing && listed, "waiting in an arena");
        }
        56 => shoot(commands, tour, "online-arena"),
        57 => {
            online.requests.write(OnlineRequest::LeaveArena);
        }
        58 => {
            online.requests.write(room(2));
        }
        59 => wait_until(commands, tour, *screen.get() == Screen::Game, "in the game"),
        60 => {
            if tour.shot_online_game {
                let reconnecting = online.connection.as_deref().is_some_and(|c| *c == Connection::Reconnecting);
                wait_until(commands, tour, reconnecting, "reconnecting");
                if tour.step > step {
                    shoot(commands, tour, "online-reconnecting");
                }
            } else {
                shoot(commands, tour, "online-game");
                tour.shot_online_game = true;
                tour.step -= 1;
                tour.wait = 20;
            }
        }
        _ => {}
    }
}

/// What the tour reads on Trace's screens.
#[derive(SystemParam)]
struct TraceTour<'w> {
    round: Option<Res<'w, TraceRound>>,
    over: Option<Res<'w, RoundOver>>,
    virtual_time: ResMut<'w, Time<Virtual>>,
    /// The tour's patience counts in real time: the app's may be sped up.
    real_time: Res<'w, Time<Real>>,
}

/// Trace: the menu; a round on the wheel with words found, a trace under
/// way and the pause; a round of Score; a grid round run out to "Time's
/// up!" and its end screen; a wheel round found whole.
fn trace_step(
    commands: &mut Commands,
    tour: &mut Tour,
    step: usize,
    next: &mut NextState<Screen>,
    trace: &mut TraceTour,
    now: f32,
) {
    let start = |commands: &mut Commands, mode: Mode, seed: u64, daily: Option<Day>| {
        let setup = RoundSetup { mode, language: Language::En, seed, daily };
        commands.queue(move |world: &mut World| {
            world.write_message(StartRound(setup));
        });
    };
    let on = |trace: &TraceTour, mode: Mode| {
        trace.round.as_ref().is_some_and(|r| r.setup.mode == mode && r.round.end().is_none()) && trace.over.is_none()
    };
    let real_now = trace.real_time.elapsed_secs();
    let wait_until = |commands: &mut Commands, tour: &mut Tour, done: bool, what| {
        wait_until(commands, tour, real_now, done, what);
    };
    match step {
        63 => next.set(Screen::TraceMenu),
        64 => shoot(commands, tour, "trace-menu"),
        65 => start(commands, Mode::Circle, 11, None),
        66 => wait_until(commands, tour, on(trace, Mode::Circle), "on the wheel"),
        67 => commands.queue(|world: &mut World| trace_words(world, 2, 1, true)),
        68 => shoot(commands, tour, "trace-circle"),
        69 => commands.queue(|world: &mut World| {
            world.write_message(PointerInput::mouse(PointerPhase::Release, Vec2::ZERO));
            world.write_message(TraceAction::Pause(true));
        }),
        70 => shoot(commands, tour, "trace-paused"),
        71 => {
            commands.queue(|world: &mut World| {
                world.write_message(TraceAction::Pause(false));
            });
            start(commands, Mode::Score, 3, None);
        }
        72 => wait_until(commands, tour, on(trace, Mode::Score), "on a round of Score"),
        73 => commands.queue(|world: &mut World| trace_words(world, 0, 6, true)),
        74 => shoot(commands, tour, "trace-score"),
        75 => {
            commands.queue(|world: &mut World| {
                world.write_message(PointerInput::mouse(PointerPhase::Release, Vec2::ZERO));
            });
            // As if the day's puzzle, for its line to share.
            start(commands, Mode::Grid, 7, Some(Day(20_790)));
        }
        76 => wait_until(commands, tour, on(trace, Mode::Grid), "on the grid"),
        77 => commands.queue(|world: &mut World| trace_words(world, 3, 2, true)),
        78 => shoot(commands, tour, "trace-grid"),
        79 => {
            // Three minutes in a few seconds.
            commands.queue(|world: &mut World| {
                world.write_message(PointerInput::mouse(PointerPhase::Release, Vec2::ZERO));
            });
            trace.virtual_time.set_max_delta(std::time::Duration::from_secs(5));
            trace.virtual_time.set_relative_speed(40.0);
        }
        80 => {
            let over = trace.over.is_some();
            wait_until(commands, tour, over, "out of time");
            if over {
                trace.virtual_time.set_relative_speed(1.0);
                trace.virtual_time.set_max_delta(std::time::Duration::from_millis(250));
                tour.wait = 2;
            }
        }
        81 => shoot(commands, tour, "trace-time-up"),
        82 => wait_until(
            commands,
            tour,
            trace.round.is_some() && trace.over.as_ref().is_some_and(|o| o.is_due(now)),
            "at the end",
        ),
        83 => shoot(commands, tour, "trace-end"),
        84 => start(commands, Mode::Circle, 11, None),
        85 => wait_until(commands, tour, on(trace, Mode::Circle), "on the wheel again"),
        86 => {
            commands.queue(|world: &mut World| trace_words(world, 10, 0, false));
            tour.wait = 4;
        }
        87 => shoot(commands, tour, "trace-perfect"),
        _ => {}
    }
}

/// Traces the first `targets` words to find and `bonus` other words of
/// the round, each in one go, then starts on the next word to find
/// without letting go when `partial`: all in this frame.
fn trace_words(world: &mut World, targets: usize, bonus: usize, partial: bool) {
    let (Some(trace), Some(layout)) = (world.get_resource::<TraceRound>(), world.get_resource::<TraceLayout>()) else {
        return tour_failed(world, "no Trace round to trace in");
    };
    let puzzle = trace.round.puzzle();
    let is_target = |word: &Vec<wocable_lexicon::Letter>| puzzle.targets.iter().any(|t| &t.word == word);
    let words: Vec<_> = puzzle
        .targets
        .iter()
        .take(targets)
        .map(|t| t.word.clone())
        .chain(puzzle.solutions.iter().filter(|w| !is_target(w)).take(bonus).cloned())
        .collect();
    let mut messages = Vec::new();
    let mut trace_path = |word: &[wocable_lexicon::Letter], release: bool| {
        let Some(path) = wocable_trace::solver::trace_path(puzzle.shape, &puzzle.letters, word) else { return };
        let cells = if release { &path[..] } else { &path[..path.len().min(3)] };
        for (k, cell) in cells.iter().enumerate() {
            let phase = if k == 0 { PointerPhase::Press } else { PointerPhase::Move };
            messages.push(PointerInput::mouse(phase, layout.letters[*cell]));
        }
        if release {
            messages.push(PointerInput::mouse(PointerPhase::Release, layout.letters[path[path.len() - 1]]));
        }
    };
    for word in &words {
        trace_path(word, true);
    }
    if partial && let Some(next) = puzzle.targets.get(targets) {
        trace_path(&next.word, false);
    }
    for message in messages {
        world.write_message(message);
    }
}

/// Goes on to the next step once `done`; until then the step is done
/// again, until the tour gives up and fails.
fn wait_until(commands: &mut Commands, tour: &mut Tour, now: f32, done: bool, what: &'static str) {
    let since = *tour.waiting_since.get_or_insert(now);
    if done {
        tour.waiting_since = None;
    } else if now - since < PATIENCE {
        tour.step -= 1;
        tour.wait = 5;
    } else {
        commands.queue(move |world: &mut World| tour_failed(world, &format!("the tour waited in vain: {what}")));
    }
}

fn shoot(commands: &mut Commands, tour: &Tour, name: &str) {
    let path = tour.dir.join(format!("{name}.png"));
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
}

/// What the tour waits on: the screen, the match, its hints, a computer at
/// work, the overlay.
#[derive(SystemParam)]
struct Seen<'w> {
    screen: Res<'w, State<Screen>>,
    m: Option<Res<'w, Match>>,
    hints: Option<Res<'w, Hints>>,
    thinking: Option<Res<'w, Thinking>>,
    overlay: Option<Res<'w, State<Overlay>>>,
}

/// The time, when the app started, and whether egui has its style yet.
#[derive(SystemParam)]
struct Timing<'w> {
    time: Res<'w, Time>,
    started: Option<Res<'w, StartedAt>>,
    styled: Option<Res<'w, crate::ui::Styled>>,
}

/// What the tour does: change screens, act in a match, start one, quit.
#[derive(SystemParam)]
struct Does<'w> {
    next: ResMut<'w, NextState<Screen>>,
    actions: MessageWriter<'w, Action>,
    start: MessageWriter<'w, NewMatch>,
    exit: MessageWriter<'w, AppExit>,
}

fn tour(
    mut commands: Commands,
    mut tour: ResMut<Tour>,
    seen: Seen,
    does: Does,
    timing: Timing,
    mut forms: Forms,
    mut online: OnlineTour,
) {
    let Does { mut next, mut actions, mut start, mut exit } = does;
    let Timing { time, started, styled } = timing;
    let Seen { screen, m, hints, thinking, overlay } = seen;
    // The first frame egui draws the home screen in.
    if *screen.get() == Screen::Home && styled.is_some() && tour.first_home_frame.is_none() {
        tour.first_home_frame = started.map(|s| s.0.elapsed().as_secs_f32());
    }
    // This frame's time is the one of the frame before.
    match tour.last_frame {
        Some(Measured::Thinking) => tour.thinking_frames.push(time.delta_secs()),
        Some(Measured::Idle) => tour.idle_frames.push(time.delta_secs()),
        None => {}
    }
    // Thinking while the search runs (not while a move found is held back
    // to be seen arriving).
    tour.last_frame = if thinking.is_some_and(|thinking| !thinking.found) {
        Some(Measured::Thinking)
    } else if *screen.get() == Screen::Game && overlay.is_none_or(|o| *o.get() == Overlay::None) {
        Some(Measured::Idle)
    } else {
        None
    };
    if tour.wait > 0 {
        tour.wait -= 1;
        return;
    }
    let step = tour.step;
    tour.step += 1;
    tour.wait = 20;
    match step {
        0 => shoot(&mut commands, &tour, "home"),
        1 => next.set(Screen::NewGame),
        2 => {
            // Four players, so that the seat rows and their buttons are seen.
            match forms.new_game.as_mut() {
                Some(form) if form.players.len() < 4 => {
                    form.players.push(("Bot2".into(), Seat::Computer(Level::Casual)));
                    form.players.push(("Bot3".into(), Seat::Computer(Level::Beginner)));
                    tour.step -= 1;
                }
                _ => shoot(&mut commands, &tour, "new-game"),
            }
        }
        3 => {
            start.write(NewMatch(MatchSetup::against_computer(Level::Champion, 2026)));
        }
        4 => shoot(&mut commands, &tour, "game-start"),
        5 => {
            actions.write(Action::Hint);
        }
        6 => {
            actions.write(Action::LayHint(hints.map_or(0, |h| h.0.len().saturating_sub(1))));
        }
        7 => shoot(&mut commands, &tour, "game-composing"),
        8 => {
            actions.write(Action::Play);
            tour.wait = 4;
        }
        9 => shoot(&mut commands, &tour, "game-played"),
        10 => {
            // Wait for the computer's reply to arrive.
            if m.is_some_and(|m| !m.human_to_play()) {
                tour.step -= 1;
                tour.wait = 5;
            } else {
                tour.wait = 40;
            }
        }
        11 => shoot(&mut commands, &tour, "game-reply"),
        12 => {
            actions.write(Action::OpenOverlay(Overlay::Exchange));
        }
        13 => shoot(&mut commands, &tour, "exchange"),
        14 => {
            actions.write(Action::OpenOverlay(Overlay::ConfirmResign));
        }
        15 => shoot(&mut commands, &tour, "resign"),
        16 => {
            actions.write(Action::Resign);
        }
        17 => {
            // The last move stays in view a moment before the results.
            if *screen.get() != Screen::Results {
                tour.step -= 1;
                tour.wait = 5;
            }
        }
        18 => shoot(&mut commands, &tour, "results"),
        19 => {
            if let Some(results) = forms.results.as_mut() {
                results.review_shown = true;
            }
            if forms.reviewing.is_some() {
                tour.step -= 1;
            }
        }
        20 => shoot(&mut commands, &tour, "results-review"),
        21 => {
            if let Some(results) = forms.results.as_mut() {
                results.viewing = Some(Viewing { turn: 0, best: false });
            }
        }
        22 => shoot(&mut commands, &tour, "review-turn"),
        23 => {
            // As if searched: the page looks it up.
            commands.insert_resource(DictionaryPage {
                language: Language::En,
                word_list: None,
                lookup: Lookup::Anagrams,
                query: "WOCABLE".into(),
                found: Some(Found::Fetching),
                back: Screen::Home,
            });
            next.set(Screen::Dictionary);
        }
        24 => shoot(&mut commands, &tour, "dictionary"),
        25 => next.set(Screen::Settings),
        26 => shoot(&mut commands, &tour, "settings"),
        27 => next.set(Screen::HowToPlay),
        28 => shoot(&mut commands, &tour, "how-to-play"),
        29 => {
            commands.queue(resume_an_endgame);
        }
        30 => {
            // The Champion searches the endgame: wait for its move (or the
            // results, should it go out).
            let resuming = *screen.get() == Screen::HowToPlay;
            let searching = *screen.get() == Screen::Game && m.is_some_and(|m| !m.human_to_play());
            if resuming || searching {
                tour.step -= 1;
                tour.wait = 5;
            }
        }
        31 => shoot(&mut commands, &tour, "endgame"),
        32 if tour.endgame_steps < 5 => {
            tour.endgame_steps += 1;
            tour.step -= 1;
            match tour.endgame_steps {
                1 => commands.queue(|world: &mut World| {
                    let layout = world.resource::<crate::crossword::layout::BoardLayout>();
                    let centre = layout.cell_centre(wocable_crossword::CENTRE);
                    world.write_message(Pinch { from: centre, to: centre, scale: 2.0 });
                }),
                2 => shoot(&mut commands, &tour, "game-zoomed"),
                // An iPhone's island and home indicator, on any window.
                3 => commands.insert_resource(SafeArea { top: 47.0, right: 0.0, bottom: 34.0, left: 0.0 }),
                4 => shoot(&mut commands, &tour, "game-safe-area"),
                _ => commands.insert_resource(SafeArea::default()),
            }
        }
        32 => {
            let mut pass_and_play = MatchSetup::against_computer(Level::Champion, 7);
            pass_and_play.players[1] = ("Ben".into(), Seat::Human);
            // On the clock, which shows the Pause button.
            pass_and_play.turn_seconds = Some(120);
            start.write(NewMatch(pass_and_play));
        }
        33 => shoot(&mut commands, &tour, "handover"),
        34 => {
            actions.write(Action::TakeOver);
        }
        35 => {
            actions.write(Action::OpenOverlay(Overlay::BlankLetter));
        }
        36 => shoot(&mut commands, &tour, "blank-letter"),
        37 => {
            actions.write(Action::Pause(true));
        }
        38 => shoot(&mut commands, &tour, "paused"),
        39..=60 => online_step(&mut commands, &mut tour, step, &screen, &mut next, &mut online, time.elapsed_secs()),
        63..=87 => trace_step(&mut commands, &mut tour, step, &mut next, &mut forms.trace, time.elapsed_secs()),
        61 => {
            // A list of the player's: every three letters from A to X.
            let letters = || 'A'..='X';
            let words: String = letters()
                .flat_map(|a| letters().flat_map(move |b| letters().map(move |c| format!("{a}{b}{c}\n"))))
                .collect();
            let text = format!("{words}two words\n").into_bytes();
            let import =
                ImportWordList { name: "Threes".into(), language: Language::En, source: "threes.txt".into(), text };
            forms.word_lists.write(import);
            next.set(Screen::WordLists);
        }
        62 => match &*forms.import {
            Import::Built { .. } | Import::Failed { .. } => shoot(&mut commands, &tour, "word-lists"),
            _ => tour.step -= 1,
        },
        88 => next.set(Screen::Credits),
        89 => shoot(&mut commands, &tour, "credits"),
        90 => {
            let text = format!(
                "first home frame after {:.2} s\nwhile the computer thinks: {}\nidle on the game screen: {}\n",
                tour.first_home_frame.unwrap_or(0.0),
                frame_times(&tour.thinking_frames),
                frame_times(&tour.idle_frames),
            );
            if let Err(error) = std::fs::write(tour.dir.join("timings.txt"), text) {
                error!("timings not written: {error}");
            }
        }
        _ => {
            exit.write(AppExit::Success);
        }
    }
}

/// Saves a game that Strong played against itself until the bag emptied,
/// with the Champion to move, and resumes it: the Champion then searches
/// the endgame, its longest think, while the tour measures the frames.
fn resume_an_endgame(world: &mut World) {
    let setup = MatchSetup::against_computer(Level::Champion, 1);
    let champion = 1;
    let Ok(Some(lexicon)) = world.resource_mut::<Lexicons>().get(setup.language) else {
        return tour_failed(world, "no English word list for the endgame");
    };
    let Some(saved) = SavedMatch::at_the_endgame(&setup, lexicon, champion) else {
        return tour_failed(world, "the game did not reach its endgame");
    };
    let saved = serde_json::to_string(&saved).map_err(|e| e.to_string());
    let stored = saved.and_then(|text| world.resource::<Storage>().write(SAVE_FILE, &text).map_err(|e| e.to_string()));
    match stored {
        Ok(()) => {
            world.write_message(ResumeMatch);
        }
        Err(error) => tour_failed(world, &format!("the endgame was not saved: {error}")),
    }
}

/// Ends the tour with an error (the window test fails at once, not after
/// its time is up).
fn tour_failed(world: &mut World, why: &str) {
    error!("the tour failed: {why}");
    world.write_message(AppExit::error());
}

/// Median, 95th percentile and worst of frame times, in milliseconds.
fn frame_times(frames: &[f32]) -> String {
    let mut sorted = frames.to_vec();
    sorted.sort_by(f32::total_cmp);
    let at = |p: f32| sorted.get(((sorted.len() as f32 - 1.0) * p) as usize).copied().unwrap_or(0.0) * 1000.0;
    format!("{} frames, median {:.1} ms, p95 {:.1} ms, max {:.1} ms", sorted.len(), at(0.5), at(0.95), at(1.0))
}
