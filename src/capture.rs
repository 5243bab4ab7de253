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
use crate::online::{FriendsList, MyGamesList, Online, OnlineRequest, WatchGame};
use crate::screens::arenas::Arenas;
use crate::screens::dictionary::{DictionaryPage, Found, Lookup};
use crate::screens::new_game::NewGameForm;
use crate::screens::online::{OnlineForm, Page};
use crate::screens::ratings::{Ratings, RatingsRequest};
use crate::screens::rematch::RematchOffer;
use crate::screens::results::{Results, Reviewing, Viewing};
use crate::screens::watch::LiveList;
use crate::storage::Storage;
use crate::trace::layout::TraceLayout;
use crate::trace::{RoundOver, RoundSetup, StartRound, TraceAction, TraceRound};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_crossword::{Event, Standing};
use wocable_lexicon::Language;
use wocable_net::{Friend, FriendRating, GameSummary, Invitation, MyGame, RoomCode, RoomSettings};
use wocable_trace::{Day, Mode};

/// One step of the tour; the next comes `frames` frames after it.
#[derive(Clone, Copy)]
struct Step {
    does: Does,
    frames: u32,
}

#[derive(Clone, Copy)]
enum Does {
    /// Saves the window as `DIR/NAME.png`.
    Shoot(&'static str),
    Go(Screen),
    /// Acts on the app: sends a message, fills in a form…
    Run(fn(&mut World)),
    /// Waits (at most `PATIENCE`, looking every few frames) until this
    /// holds; the tour fails saying what it waited for if it never does.
    Until(&'static str, fn(&World) -> bool),
}

/// Frames between steps, unless a step says otherwise: long enough for
/// what it did to be drawn.
const FRAMES: u32 = 20;

/// Frames between two looks of a step that waits.
const LOOK_EVERY: u32 = 5;

impl Step {
    const fn then_after(self, frames: u32) -> Step {
        Step { frames, ..self }
    }
}

const fn shoot(name: &'static str) -> Step {
    Step { does: Does::Shoot(name), frames: FRAMES }
}

const fn go(screen: Screen) -> Step {
    Step { does: Does::Go(screen), frames: FRAMES }
}

const fn run(act: fn(&mut World)) -> Step {
    Step { does: Does::Run(act), frames: FRAMES }
}

const fn until(what: &'static str, done: fn(&World) -> bool) -> Step {
    Step { does: Does::Until(what, done), frames: FRAMES }
}

/// The tour, in order: the crossword game against the computer and its
/// results, the other screens, the Champion's endgame, pass-and-play,
/// online (the window test stops the server once `online-game.png` is
/// saved, for the game to be seen reconnecting), the player's own word
/// list, Trace, and the credits.
const STEPS: &[Step] = &[
    shoot("home"),
    go(Screen::NewGame),
    // Four players, so that the seat rows and their buttons are seen.
    run(four_players),
    shoot("new-game"),
    run(|world| send(world, NewMatch(MatchSetup::against_computer(Level::Champion, 2026)))),
    shoot("game-start"),
    run(|world| send(world, Action::Hint)),
    run(|world| {
        let last = world.get_resource::<Hints>().map_or(0, |hints| hints.0.len().saturating_sub(1));
        send(world, Action::LayHint(last));
    }),
    shoot("game-composing"),
    run(|world| send(world, Action::Play)).then_after(4),
    shoot("game-played"),
    // The computer's reply arrives, and is seen a moment.
    until("the computer's reply", |world| world.get_resource::<Match>().is_none_or(Match::human_to_play))
        .then_after(40),
    shoot("game-reply"),
    run(|world| send(world, Action::OpenOverlay(Overlay::Exchange))),
    shoot("exchange"),
    run(|world| send(world, Action::OpenOverlay(Overlay::ConfirmResign))),
    shoot("resign"),
    run(|world| send(world, Action::Resign)),
    // The last move stays in view a moment before the results.
    until("the results", |world| screen(world) == Screen::Results),
    shoot("results"),
    run(|world| {
        if let Some(mut results) = world.get_resource_mut::<Results>() {
            results.review_shown = true;
        }
    }),
    until("the review", |world| !world.contains_resource::<Reviewing>()),
    shoot("results-review"),
    run(|world| {
        if let Some(mut results) = world.get_resource_mut::<Results>() {
            results.viewing = Some(Viewing { turn: 0, best: false });
        }
    }),
    shoot("review-turn"),
    // As if searched: the page looks it up.
    run(|world| {
        world.insert_resource(DictionaryPage {
            language: Language::En,
            word_list: None,
            lookup: Lookup::Anagrams,
            query: "WOCABLE".into(),
            found: Some(Found::Fetching),
            back: Screen::Home,
        });
        world.resource_mut::<NextState<Screen>>().set(Screen::Dictionary);
    }),
    shoot("dictionary"),
    go(Screen::Settings),
    shoot("settings"),
    go(Screen::HowToPlay),
    shoot("how-to-play"),
    run(resume_an_endgame),
    // The Champion searches the endgame: its move (or the results, should
    // it go out).
    until("the Champion's endgame move", |world| {
        let searching =
            screen(world) == Screen::Game && world.get_resource::<Match>().is_some_and(|m| !m.human_to_play());
        screen(world) != Screen::HowToPlay && !searching
    }),
    shoot("endgame"),
    run(|world| {
        let layout = world.resource::<crate::crossword::layout::BoardLayout>();
        let centre = layout.cell_centre(wocable_crossword::CENTRE);
        send(world, Pinch { from: centre, to: centre, scale: 2.0 });
    }),
    shoot("game-zoomed"),
    // An iPhone's island and home indicator, on any window.
    run(|world| world.insert_resource(SafeArea { top: 47.0, right: 0.0, bottom: 34.0, left: 0.0 })),
    shoot("game-safe-area"),
    run(|world| world.insert_resource(SafeArea::default())),
    run(|world| {
        let mut pass_and_play = MatchSetup::against_computer(Level::Champion, 7);
        pass_and_play.players[1] = ("Ben".into(), Seat::Human);
        // On the clock, which shows the Pause button.
        pass_and_play.turn_seconds = Some(120);
        send(world, NewMatch(pass_and_play));
    }),
    shoot("handover"),
    run(|world| send(world, Action::TakeOver)),
    run(|world| send(world, Action::OpenOverlay(Overlay::BlankLetter))),
    shoot("blank-letter"),
    run(|world| send(world, Action::Pause(true))),
    shoot("paused"),
    // Online: the menu, the form for a room, its waiting room (three
    // seats, one a computer's), the account, the leaderboard, the arenas
    // and one of them while waiting for a pairing, a game with a
    // computer, and that game reconnecting.
    go(Screen::Online),
    shoot("online"),
    run(|world| {
        if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
            form.page = Page::Create;
            form.players = 3;
            form.computers = 1;
        }
    }),
    shoot("online-create"),
    run(|world| send(world, room(3))),
    until(
        "in the waiting room",
        |world| matches!(world.resource::<Online>(), Online::InRoom(session) if !session.seats().is_empty()),
    ),
    shoot("online-waiting"),
    // Out of the room: the menu now says who plays, with the account's
    // recovery code to write down.
    run(|world| send(world, OnlineRequest::Leave)),
    shoot("online-account"),
    // The friends page, with a list staged on the server's answer (the
    // tour's server has no other member): a request, two friends, one
    // online and ticked to invite, and an invitation over the page.
    run(|world| {
        if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
            form.page = Page::Friends;
        }
    }),
    until("the friends list", |world| world.resource::<FriendsList>().friends.is_some()),
    run(stage_friends),
    shoot("online-friends"),
    run(|world| world.resource_mut::<FriendsList>().friends = None),
    // My games, staged the same way: one to play, one waiting for the
    // other player, one waiting for players, one finished.
    run(|world| {
        if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
            form.page = Page::MyGames;
        }
    }),
    until("my games", |world| world.resource::<MyGamesList>().games.is_some()),
    run(stage_my_games),
    shoot("online-my-games"),
    run(|world| world.resource_mut::<MyGamesList>().games = None),
    run(|world| {
        if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
            form.page = Page::Leaderboard;
        }
        send(world, RatingsRequest::Leaderboard { rules: RuleSetKind::Wocable, language: Language::En });
    }),
    until("shown the leaderboard", |world| matches!(world.resource::<Ratings>().leaderboard, Fetched::Got(_))),
    shoot("online-leaderboard"),
    run(|world| {
        if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
            form.page = Page::Arenas;
        }
    }),
    until("shown the arenas", |world| matches!(world.resource::<Arenas>().list, Fetched::Got(_))),
    shoot("online-arenas"),
    // In the first arena, waiting for an opponent.
    run(|world| {
        let Fetched::Got(list) = &world.resource::<Arenas>().list else { return };
        let Some(id) = list.running.first().map(|arena| arena.id.clone()) else { return };
        let Some(mut form) = world.get_resource_mut::<OnlineForm>() else { return };
        form.show_arena(id.clone());
        send(world, OnlineRequest::Arena(id));
    }),
    until("waiting in an arena", |world| {
        let pairing = matches!(world.resource::<Online>(), Online::Pairing { .. });
        let standings = &world.resource::<Arenas>().standings;
        pairing && matches!(standings, Fetched::Got(s) if !s.standings.is_empty())
    }),
    shoot("online-arena"),
    run(|world| send(world, OnlineRequest::LeaveArena)),
    // A game resigned at once: its results offer a rematch.
    run(|world| send(world, room(2))),
    until("in the game", |world| screen(world) == Screen::Game),
    run(|world| send(world, Action::Resign)),
    until("the online game's results", |world| {
        screen(world) == Screen::Results && world.get_resource::<RematchOffer>().is_some()
    }),
    shoot("online-results"),
    run(|world| send(world, room(2))),
    until("in the game", |world| screen(world) == Screen::Game),
    // Away from the game to watch it, as anyone may: the list of live
    // games, then the game a turn late, with no rack; then back to it.
    run(|world| world.resource_mut::<NextState<Screen>>().set(Screen::Online)),
    until("the online screen", |world| world.contains_resource::<OnlineForm>() && screen(world) == Screen::Online),
    run(|world| {
        if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
            form.page = Page::Watch;
        }
        world.resource_mut::<LiveList>().list = Fetched::Nothing;
    }),
    until(
        "the live games",
        |world| matches!(&world.resource::<LiveList>().list, Fetched::Got(live) if !live.games.is_empty()),
    ),
    shoot("online-watch"),
    run(|world| {
        let Fetched::Got(live) = &world.resource::<LiveList>().list else { return };
        let Some(code) = live.games.first().map(|game| game.code) else { return };
        send(world, WatchGame(code));
    }),
    until("watching", |world| {
        screen(world) == Screen::Game && world.resource::<Match>().seats.iter().all(|seat| *seat == Seat::Remote)
    }),
    shoot("online-watching"),
    run(|world| world.resource_mut::<NextState<Screen>>().set(Screen::Home)),
    until("home", |world| screen(world) == Screen::Home),
    run(|world| send(world, OnlineRequest::Rejoin)),
    until("back in the game", |world| {
        screen(world) == Screen::Game && world.resource::<Match>().seats.contains(&Seat::Human)
    }),
    shoot("online-game"),
    until("reconnecting", |world| world.get_resource::<Connection>().is_some_and(|c| *c == Connection::Reconnecting))
        .then_after(0),
    shoot("online-reconnecting"),
    // A list of the player's: every three letters from A to X.
    run(|world| {
        let letters = || 'A'..='X';
        let words: String = letters()
            .flat_map(|a| letters().flat_map(move |b| letters().map(move |c| format!("{a}{b}{c}\n"))))
            .collect();
        let text = format!("{words}two words\n").into_bytes();
        send(
            world,
            ImportWordList { name: "Threes".into(), language: Language::En, source: "threes.txt".into(), text },
        );
        world.resource_mut::<NextState<Screen>>().set(Screen::WordLists);
    }),
    until("the word list built", |world| {
        matches!(world.resource::<Import>(), Import::Built { .. } | Import::Failed { .. })
    })
    .then_after(0),
    shoot("word-lists"),
    // Trace: the menu; a round on the wheel with words found, a trace
    // under way and the pause; a round of Score; a grid round run out to
    // "Time's up!" and its end screen; a wheel round found whole.
    go(Screen::TraceMenu),
    shoot("trace-menu"),
    run(|world| start_round(world, Mode::Circle, 11, None)),
    until("on the wheel", |world| on_round(world, Mode::Circle)),
    run(|world| trace_words(world, 2, 1, true)),
    shoot("trace-circle"),
    run(|world| {
        send(world, PointerInput::mouse(PointerPhase::Release, Vec2::ZERO));
        send(world, TraceAction::Pause(true));
    }),
    shoot("trace-paused"),
    run(|world| {
        send(world, TraceAction::Pause(false));
        start_round(world, Mode::Score, 3, None);
    }),
    until("on a round of Score", |world| on_round(world, Mode::Score)),
    run(|world| trace_words(world, 0, 6, true)),
    shoot("trace-score"),
    run(|world| {
        send(world, PointerInput::mouse(PointerPhase::Release, Vec2::ZERO));
        // As if the day's puzzle, for its line to share.
        start_round(world, Mode::Grid, 7, Some(Day(20_790)));
    }),
    until("on the grid", |world| on_round(world, Mode::Grid)),
    run(|world| trace_words(world, 3, 2, true)),
    shoot("trace-grid"),
    // Three minutes in a few seconds.
    run(|world| {
        send(world, PointerInput::mouse(PointerPhase::Release, Vec2::ZERO));
        let mut time = world.resource_mut::<Time<Virtual>>();
        time.set_max_delta(std::time::Duration::from_secs(5));
        time.set_relative_speed(40.0);
    }),
    until("out of time", |world| world.contains_resource::<RoundOver>()).then_after(0),
    run(|world| {
        let mut time = world.resource_mut::<Time<Virtual>>();
        time.set_relative_speed(1.0);
        time.set_max_delta(std::time::Duration::from_millis(250));
    })
    .then_after(2),
    shoot("trace-time-up"),
    until("at the end", |world| {
        let now = world.resource::<Time>().elapsed_secs();
        world.contains_resource::<TraceRound>() && world.get_resource::<RoundOver>().is_some_and(|o| o.is_due(now))
    }),
    shoot("trace-end"),
    run(|world| start_round(world, Mode::Circle, 11, None)),
    until("on the wheel again", |world| on_round(world, Mode::Circle)),
    run(|world| trace_words(world, 10, 0, false)).then_after(4),
    shoot("trace-perfect"),
    go(Screen::Credits),
    shoot("credits"),
    run(write_timings),
    run(|world| send(world, AppExit::Success)),
];

fn send<M: Message>(world: &mut World, message: M) {
    world.write_message(message);
}

fn screen(world: &World) -> Screen {
    *world.resource::<State<Screen>>().get()
}

fn four_players(world: &mut World) {
    if let Some(mut form) = world.get_resource_mut::<NewGameForm>()
        && form.players.len() < 4
    {
        form.players.push(("Bot2".into(), Seat::Computer(Level::Casual)));
        form.players.push(("Bot3".into(), Seat::Computer(Level::Beginner)));
    }
}

/// The friends list as the tour shows it, on the server's (empty) answer.
fn stage_friends(world: &mut World) {
    let Some(friends) = world.resource_mut::<FriendsList>().into_inner().friends.as_mut() else { return };
    let rated = FriendRating { rules: RuleSetKind::Wocable, language: Language::En, rating: 1612.0, games: 24 };
    friends.asking = vec!["Zoë".into()];
    friends.friends = vec![
        Friend { nick: "Ben".into(), online: true, ratings: vec![rated], playing: Some(RoomCode::from_number(2)) },
        Friend { nick: "Chloé".into(), online: false, ratings: Vec::new(), playing: None },
    ];
    friends.invitations = vec![Invitation {
        id: 1,
        from: "Ben".into(),
        code: RoomCode::from_number(1),
        settings: room_settings(2),
        expires_ms: 0,
    }];
    if let Some(mut form) = world.get_resource_mut::<OnlineForm>() {
        form.invited = vec!["Ben".into()];
    }
}

/// The list of games that last days as the tour shows it, on the
/// server's (empty) answer.
fn stage_my_games(world: &mut World) {
    let Some(games) = world.resource_mut::<MyGamesList>().into_inner().games.as_mut() else { return };
    const HOUR_MS: u64 = 60 * 60 * 1000;
    let now = games.now_ms;
    let room = |days| RoomSettings { clock: None, days: Some(days), ..room_settings(2) };
    let game = |code, days, deadline_ms, seats: [Option<&str>; 2], scores: [i32; 2], turn, last| MyGame {
        code: RoomCode::from_number(code),
        seat: 0,
        room: room(days),
        deadline_ms,
        changed_ms: now,
        summary: GameSummary {
            seats: seats.iter().map(|seat| seat.map(str::to_string)).collect(),
            scores: scores.to_vec(),
            turn,
            last,
            standings: None,
        },
    };
    let mut finished = game(14, 3, None, [Some("Ana"), Some("Chloé")], [402, 377], None, None);
    finished.summary.standings = Some(vec![
        Standing { seat: 0, rank: 1, score: 402, left: false },
        Standing { seat: 1, rank: 2, score: 377, left: false },
    ]);
    games.games = vec![
        game(
            11,
            1,
            Some(now + 5 * HOUR_MS),
            [Some("Ana"), Some("Ben")],
            [187, 203],
            Some(0),
            Some(Event::Passed { seat: 1 }),
        ),
        game(
            12,
            3,
            Some(now + 50 * HOUR_MS),
            [Some("Ana"), Some("Zoë")],
            [96, 71],
            Some(1),
            Some(Event::Exchanged { seat: 0, count: 3 }),
        ),
        game(13, 7, None, [Some("Ana"), None], [0, 0], None, None),
        finished,
    ];
}

/// A room of the tour's: Wocable in English with a two-minute clock.
fn room_settings(players: usize) -> RoomSettings {
    RoomSettings {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players,
        clock: Some(120),
        word_list: None,
        hints: false,
        days: None,
    }
}

/// A room on the clock with a computer player seated.
fn room(players: usize) -> OnlineRequest {
    OnlineRequest::Create { room: room_settings(players), computers: vec![Level::Beginner] }
}

fn start_round(world: &mut World, mode: Mode, seed: u64, daily: Option<Day>) {
    send(world, StartRound(RoundSetup { mode, language: Language::En, seed, daily }));
}

/// A round of `mode` is on, and not over.
fn on_round(world: &World, mode: Mode) -> bool {
    let on = world.get_resource::<TraceRound>().is_some_and(|r| r.setup.mode == mode && r.round.end().is_none());
    on && !world.contains_resource::<RoundOver>()
}

fn write_timings(world: &mut World) {
    let tour = world.resource::<Tour>();
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
    /// Since when (real time) the step waits.
    waiting_since: Option<f32>,
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
    })
    .add_systems(Last, (measure, tour).chain());
    // To measure the web build's way of thinking (on the main thread).
    if std::env::var_os("WOCABLE_THINK_IN_STEPS").is_some() {
        app.insert_resource(crate::crossword::thinking::ThinkInSteps::default());
    }
}

/// Seconds (real time: the app's may be sped up) after which a step gives
/// up waiting (for the server the window test starts, for a round) and
/// the tour fails.
const PATIENCE: f32 = 30.0;

/// What the frames are measured by: the screen, a computer at work, the
/// overlay, the time, when the app started, and whether egui has its
/// style yet.
#[derive(SystemParam)]
struct Seen<'w> {
    screen: Res<'w, State<Screen>>,
    thinking: Option<Res<'w, Thinking>>,
    overlay: Option<Res<'w, State<Overlay>>>,
    time: Res<'w, Time>,
    started: Option<Res<'w, StartedAt>>,
    styled: Option<Res<'w, crate::ui::Styled>>,
}

/// The time to the first home frame, and each frame's time while the
/// computer thinks or the game screen is idle.
fn measure(mut tour: ResMut<Tour>, seen: Seen) {
    let Seen { screen, thinking, overlay, time, started, styled } = seen;
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
}

/// Takes the tour's next step once its frames have passed.
fn tour(world: &mut World) {
    let mut tour = world.resource_mut::<Tour>();
    if tour.wait > 0 {
        tour.wait -= 1;
        return;
    }
    let Some(step) = STEPS.get(tour.step).copied() else { return };
    tour.step += 1;
    tour.wait = step.frames;
    match step.does {
        Does::Shoot(name) => {
            let path = tour.dir.join(format!("{name}.png"));
            world.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
        }
        Does::Go(screen) => world.resource_mut::<NextState<Screen>>().set(screen),
        Does::Run(act) => act(world),
        Does::Until(what, done) => {
            let now = world.resource::<Time<Real>>().elapsed_secs();
            let done = done(world);
            let mut tour = world.resource_mut::<Tour>();
            let since = *tour.waiting_since.get_or_insert(now);
            if done {
                tour.waiting_since = None;
            } else if now - since < PATIENCE {
                tour.step -= 1;
                tour.wait = LOOK_EVERY;
            } else {
                tour_failed(world, &format!("the tour waited in vain: {what}"));
            }
        }
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
