//! The app online against a real wocable-server on 127.0.0.1, with
//! `wocable-cli online bot` players in other processes: the app makes or
//! finds a room, plays through the same messages as its screens, and
//! rejoins when the server comes back. Both programs are built beside
//! this test by `cargo test --workspace`.

use crate::support::{Server, program};
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use wocable::CorePlugin;
use wocable::Screen;
use wocable::crossword::chat::{ChatRoom, ChatSays};
use wocable::crossword::referee::{ActiveReferee, BagCheck, Connection};
use wocable::crossword::turn::Hints;
use wocable::crossword::{Action, Match, MatchSetup, MoveRefused, NewMatch, SAVE_FILE, Seat, Unplayed};
use wocable::online::{
    ACCOUNT_FILE, ArenaEntry, Call, CallError, Fetched, FinishedOnline, FriendsList, FriendsRequest, Lobby,
    MyGamesList, Online, OnlineAccount, OnlineFailure, OnlineRequest, SEAT_FILE, WatchGame,
};
use wocable::screens::arenas::Arenas;
use wocable::screens::home::OnlineSeatKept;
use wocable::screens::join_link::{JoinLink, LinkOpened};
use wocable::screens::online::{OnlineForm, Page};
use wocable::screens::ratings::{Ratings, RatingsRequest};
use wocable::screens::rematch::{AnswerRematch, RematchOffer};
use wocable::screens::results::Results;
use wocable::settings::Settings;
use wocable::storage::Storage;
use wocable_crossword::computer;
use wocable_crossword::{Event, Game, RuleSetKind};
use wocable_lexicon::{FAMILY_LIST, Language, Lexicon};
use wocable_net::{CreateRoom, ErrorCode, FriendAct, Friends, Invitation, RandomGame, RoomCode, RoomSettings};

/// A folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wocable-app-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A CLI bot's process, ended with the test.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A CLI bot in the room `code`, writing the game's record to `gcg`.
fn bot(server: &Server, code: RoomCode, gcg: &Path) -> Bot {
    bot_with(server, code, gcg, &[])
}

/// The same, with more of its options.
fn bot_with(server: &Server, code: RoomCode, gcg: &Path, options: &[&str]) -> Bot {
    let child = Command::new(program("wocable-cli"))
        .args(["online", "bot", "--server", &server.url, "--code", &code.to_string(), "--level", "beginner"])
        .args(["--name", "Robo"])
        .args(options)
        .arg("--gcg")
        .arg(gcg)
        .stdout(Stdio::null())
        .spawn()
        .expect("the bot starts");
    Bot(child)
}

fn app(dir: &Path, server: &Server) -> App {
    app_as(dir, server, "Ana")
}

fn app_as(dir: &Path, server: &Server, nickname: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(Storage::in_dir(dir))
        .add_plugins(CorePlugin)
        .insert_resource(Settings {
            animations: false,
            nickname: Some(nickname.into()),
            server: server.url.clone(),
            ..default()
        });
    app.update();
    app
}

/// Runs frames until `done`, for at most `seconds`.
fn until(app: &mut App, what: &str, seconds: u64, done: impl Fn(&World) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while Instant::now() < deadline {
        if done(app.world()) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("never happened: {what}");
}

/// The answer of a call to the lobby.
fn answer<T: serde::de::DeserializeOwned + Send + 'static>(call: Call<T>) -> Result<T, CallError> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(answer) = call.take() {
            return answer;
        }
        assert!(Instant::now() < deadline, "the lobby never answered");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn account(app: &App, server: &Server) -> Option<wocable::online::KeptAccount> {
    app.world().resource::<OnlineAccount>().on(&server.url).cloned()
}

fn screen(world: &World) -> Screen {
    *world.resource::<State<Screen>>().get()
}

fn code_in_room(app: &App) -> Option<RoomCode> {
    match app.world().resource::<Online>() {
        Online::InRoom(session) => Some(session.joined().code),
        _ => None,
    }
}

/// A room of two with a two-minute clock; `hints`: made with hints on
/// (and so unrated).
fn two_player_room(hints: bool) -> OnlineRequest {
    OnlineRequest::Create { room: two_player_settings(hints), computers: Vec::new() }
}

fn two_player_settings(hints: bool) -> RoomSettings {
    RoomSettings {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players: 2,
        clock: Some(120),
        word_list: None,
        hints,
        days: None,
    }
}

/// The app's player makes a room; returns its code once in the waiting
/// room.
fn make_a_room(app: &mut App, hints: bool) -> RoomCode {
    app.world_mut().write_message(two_player_room(hints));
    until(
        app,
        "the waiting room",
        20,
        |w| matches!(w.resource::<Online>(), Online::InRoom(s) if s.seats().iter().flatten().any(|name| name == "Ana")),
    );
    code_in_room(app).expect("a room")
}

/// Plays the best hint there is, through the game screen's messages (news
/// from the referee clears the hints: asked again then),
/// or passes when the rack makes no word (the server's seed is random: no
/// vowel, say, on an empty board).
fn play_a_hint(app: &mut App) {
    // The server answers in a while: on a busy machine that may take long.
    // Asked again each second, as a player would press the button again.
    for frame in 0..200 {
        if frame % 20 == 0 {
            app.world_mut().write_message(Action::Hint);
        }
        app.update();
        if !app.world().resource::<Hints>().0.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let m = app.world().resource::<Match>();
    assert!(m.human_to_play(), "not the app's turn: turn {}, viewer {}", m.turn(), m.viewer);
    if app.world().resource::<Hints>().0.is_empty() {
        app.world_mut().write_message(Action::Pass);
    } else {
        app.world_mut().write_message(Action::LayHint(0));
        app.world_mut().write_message(Action::Play);
    }
    app.update();
}

/// Plays the best move the player finds without the engine's help (here,
/// with the engine on the test's side), or passes when there is none.
fn play_on_its_own(app: &mut App) {
    let m = app.world().resource::<Match>();
    let guessed = Game::guessed(m.view(), m.lexicon().clone(), 1).expect("a game like the view");
    let moves = computer::hints(&guessed, 1);
    if moves.is_empty() {
        app.world_mut().write_message(Action::Pass);
    } else {
        app.world_mut().insert_resource(Hints(moves));
        app.world_mut().write_message(Action::LayHint(0));
        app.world_mut().write_message(Action::Play);
    }
    app.update();
}

/// Turns a game of two needs to count for ratings and arenas (three each).
const COUNTED_TURNS: usize = 6;

/// Turns taken in the game on screen: plays, exchanges and passes.
fn turns_taken(world: &World) -> usize {
    world.get_resource::<Match>().map_or(0, |m| m.view().log().iter().filter(|e| e.event.is_turn()).count())
}

/// The apps' players play their turns (without the engine's help) until
/// the game has had enough to count; the other seats play by themselves.
fn play_until_it_counts(apps: &mut [&mut App]) {
    let counted = |apps: &[&mut App]| apps.iter().all(|app| turns_taken(app.world()) >= COUNTED_TURNS);
    let deadline = Instant::now() + Duration::from_secs(120);
    while !counted(apps) {
        assert!(Instant::now() < deadline, "the game never had {COUNTED_TURNS} turns");
        for app in apps.iter_mut() {
            app.update();
            if my_turn(app.world()) && turns_taken(app.world()) < COUNTED_TURNS {
                let before = turns_taken(app.world());
                play_on_its_own(app);
                until(app, "the move taken", 30, |w| turns_taken(w) > before);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn my_turn(world: &World) -> bool {
    world.get_resource::<Match>().is_some_and(|m| m.human_to_play())
}

/// Everything the app holds of the game is its own seat's: no other
/// rack, no tiles another seat drew.
fn assert_holds_only_its_own_seat(app: &App) {
    let m = app.world().resource::<Match>();
    let mine = m.viewer;
    assert_eq!(m.seats[mine], Seat::Human);
    assert!(m.seats.iter().enumerate().all(|(seat, s)| seat == mine || *s == Seat::Remote));
    assert_eq!(m.view().viewer(), Some(mine));
    for other in (0..m.seats.len()).filter(|seat| *seat != mine) {
        assert!(m.rack(other).is_empty(), "seat {other}'s rack is on this device");
    }
    for sequenced in m.view().log() {
        if let Event::Drew { seat, .. } | Event::Returned { seat, .. } = &sequenced.event {
            assert_eq!(*seat, mine, "another seat's tiles came to this device");
        }
    }
}

#[test]
fn a_room_made_in_the_app_is_played_with_a_bot_that_joined_by_its_code() {
    let dir = scratch("room");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut app = app(&dir.join("app"), &server);
    let code = make_a_room(&mut app, false);
    assert_eq!(screen(app.world()), Screen::Home, "waiting until the room is full");
    // An account was made with the name online, the first time.
    let kept = account(&app, &server).expect("an account made on first use");
    assert_eq!((kept.account.nick.as_str(), kept.noted), ("Ana", false));
    let file = app.world().resource::<Storage>().read(ACCOUNT_FILE).expect("the account is kept");
    assert!(file.contains(&kept.account.key.to_hex()));
    let gcg = dir.join("game.gcg");
    let mut bot = bot(&server, code, &gcg);
    until(&mut app, "the game opens", 30, |w| screen(w) == Screen::Game);
    assert_eq!(*app.world().resource::<Connection>(), Connection::Connected);
    until(&mut app, "the app's turn", 30, my_turn);
    let mine = app.world().resource::<Match>().viewer;
    // A rated room: no hints (the button is not shown), and the server
    // refuses them to an app that asks anyway.
    assert!(!app.world().resource::<Match>().hints_allowed());
    app.world_mut().write_message(Action::Hint);
    for _ in 0..20 {
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(app.world().resource::<Hints>().0.is_empty());
    play_on_its_own(&mut app);
    until(&mut app, "the app's move, then the bot's", 30, |w| {
        let m = w.resource::<Match>();
        let played = |seat| {
            m.view().log().iter().any(|e| matches!(&e.event, Event::Played { seat: s, .. } | Event::Passed { seat: s } | Event::Exchanged { seat: s, .. } if *s == seat))
        };
        played(mine) && played(1 - mine)
    });
    assert_holds_only_its_own_seat(&app);
    assert!(app.world().resource::<Storage>().read(SEAT_FILE).is_some(), "the seat is kept for a restart");
    assert!(app.world().resource::<Storage>().read(SAVE_FILE).is_none(), "never saved as a local game");
    // Ana resigns once the game counts; the bot wins, and its record has
    // Ana's moves.
    play_until_it_counts(&mut [&mut app]);
    app.world_mut().write_message(Action::Resign);
    // The results come from the game's whole record, once it is here.
    until(&mut app, "the results", 30, |w| screen(w) == Screen::Results && w.contains_resource::<Results>());
    let results = app.world().resource::<Results>();
    assert_eq!(results.seats.len(), 2);
    let bag = app.world().get_resource::<BagCheck>();
    assert_eq!(bag, Some(&BagCheck::Verified), "the seed revealed is the one committed to, and deals every rack");
    let status = bot.0.wait().expect("the bot ends");
    assert!(status.success());
    let record = std::fs::read_to_string(&gcg).expect("the bot's record");
    assert!(record.lines().any(|line| line.starts_with(">Ana:") && line.split_whitespace().count() >= 5), "{record}");
    assert!(!record.contains("hints on"), "{record}");
    assert!(app.world().resource::<Storage>().read(SEAT_FILE).is_none(), "a finished game's seat is forgotten");
    until(&mut app, "the results ask how ratings changed", 20, |w| {
        matches!(w.resource::<Ratings>().game, Fetched::Got(_))
    });
    let Fetched::Got(changes) = &app.world().resource::<Ratings>().game else { unreachable!() };
    assert!(changes.changes.is_empty(), "a game against a guest rates nobody: {changes:?}");
    // Ana's profile has the game; against a guest (the bot has no
    // account), it leaves her rating as it was.
    let profile = answer(Lobby::new(&server.url).profile("Ana")).expect("Ana's profile");
    let list = &profile.lists[0];
    assert_eq!((list.games, list.losses), (1, 1));
    assert!(list.best.is_some() && list.history.is_empty(), "{list:?}");
    assert_eq!(list.rating, wocable_net::Rating::default());

    // The online screen's profile and leaderboard pages show the same.
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Online);
    app.update();
    app.world_mut().write_message(RatingsRequest::Profile("ana".into()));
    let leaderboard = RatingsRequest::Leaderboard { rules: RuleSetKind::Wocable, language: Language::En };
    app.world_mut().write_message(leaderboard);
    until(&mut app, "the profile and the leaderboard", 20, |w| {
        let ratings = w.resource::<Ratings>();
        matches!(ratings.profile, Fetched::Got(_)) && matches!(ratings.leaderboard, Fetched::Got(_))
    });
    let ratings = app.world().resource::<Ratings>();
    let (Fetched::Got(profile), Fetched::Got(board)) = (&ratings.profile, &ratings.leaderboard) else { unreachable!() };
    assert_eq!((profile.nick.as_str(), profile.lists[0].games), ("Ana", 1));
    assert_eq!((board.total, board.you.as_ref()), (0, None), "one game leaves a rating provisional");
}

/// A room's join link handed to the app (as a phone hands over an App
/// Link) waits for the end of the game on screen, then opens the room's
/// join page on the link's server, from which the player takes a seat.
#[test]
fn a_join_link_opens_its_room_on_its_server_once_the_game_on_screen_is_left() {
    let dir = scratch("link");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut app = app(&dir.join("app"), &server);
    let elsewhere = "http://127.0.0.1:9".to_string();
    app.world_mut().resource_mut::<Settings>().server = elsewhere.clone();
    let OnlineRequest::Create { room, computers } = two_player_room(false) else { unreachable!() };
    let created = answer(Lobby::new(&server.url).create(&CreateRoom { settings: room, computers }));
    let code = created.expect("a room").code;
    let players = vec![("Ana".to_string(), Seat::Human), ("Bea".to_string(), Seat::Human)];
    let setup = MatchSetup {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players,
        turn_seconds: None,
        seed: 1,
        word_list: None,
    };
    app.world_mut().write_message(NewMatch(setup));
    until(&mut app, "the local game", 10, |w| screen(w) == Screen::Game);

    app.world_mut().write_message(LinkOpened("https://wocable.example/rooms".into()));
    app.update();
    assert!(app.world().get_resource::<JoinLink>().is_none(), "a link to no room is left alone");
    app.world_mut().write_message(LinkOpened(wocable_net::join_link(&server.url, code)));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(app.world()), Screen::Game, "the game on screen is not left for a link");
    assert_eq!(app.world().resource::<Settings>().server, elsewhere);

    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
    until(&mut app, "the room's join page", 10, |w| {
        w.get_resource::<OnlineForm>().is_some_and(|form| form.page == Page::Join && form.code == code.to_string())
    });
    assert_eq!(screen(app.world()), Screen::Online);
    assert_eq!(app.world().resource::<Settings>().server, server.url, "the room's server");
    assert!(app.world().get_resource::<JoinLink>().is_none(), "the link is used once");
    // Join, as the page's button asks.
    app.world_mut().write_message(OnlineRequest::Join(code));
    until(
        &mut app,
        "a seat in the linked room",
        20,
        |w| matches!(w.resource::<Online>(), Online::InRoom(s) if s.joined().code == code),
    );
}

/// The results of an online game offer a rematch: the bot wants one, the
/// app's player says yes, and the same two play again in a new room, one
/// place on.
#[test]
fn a_rematch_from_the_results_opens_a_new_game_of_the_same_players() {
    let dir = scratch("rematch");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut app = app(&dir.join("app"), &server);
    let code = make_a_room(&mut app, true);
    let _bot = bot_with(&server, code, &dir.join("game.gcg"), &["--rematch"]);
    until(&mut app, "the game opens", 30, |w| screen(w) == Screen::Game);
    app.world_mut().write_message(Action::Resign);
    until(&mut app, "the bot wants a rematch", 30, |w| {
        w.get_resource::<RematchOffer>().is_some_and(|offer| offer.state.wanted == ["Robo"] && offer.answer.is_none())
    });
    app.world_mut().write_message(AnswerRematch(true));
    until(&mut app, "the rematch's game", 30, |w| {
        screen(w) == Screen::Game && matches!(w.resource::<Online>(), Online::Playing(seat) if seat.code != code)
    });
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().settings().players, ["Robo", "Ana"], "one place on: the bot begins");
    assert_eq!(m.viewer, 1);
    assert!(m.hints_allowed(), "the same settings");
}

/// A spectator watches a rated game: every seat is remote, the view has
/// no rack, the moves come a turn late, and the end shows the results.
#[test]
fn a_spectator_watches_a_game_a_turn_late_without_a_rack_to_its_results() {
    let dir = scratch("watch");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut ana = app(&dir.join("ana"), &server);
    let code = make_a_room(&mut ana, false);
    let _bot = bot(&server, code, &dir.join("game.gcg"));
    until(&mut ana, "the game opens", 30, |w| screen(w) == Screen::Game);
    let mut cy = app_as(&dir.join("cy"), &server, "Cy");
    cy.world_mut().write_message(WatchGame(code));
    let mut apps = [&mut ana, &mut cy];
    until_both(&mut apps, "the game watched", 30, |[_, cy]| screen(cy) == Screen::Game);
    let spectator = |world: &World| {
        let m = world.resource::<Match>();
        assert!(m.seats.iter().all(|seat| *seat == Seat::Remote), "nobody plays here");
        assert_eq!(m.view().viewer(), None);
        assert!(m.rack(m.viewer).is_empty(), "a spectator never has a rack");
        m.view().log().iter().filter(|event| matches!(event.event, Event::Passed { seat: 0 })).count()
    };
    // Ana passes twice: the first is seen once another move followed it.
    for passes in 1..=2 {
        until_both(&mut apps, "Ana's turn", 60, |[ana, _]| my_turn(ana));
        apps[0].world_mut().write_message(Action::Pass);
        until_both(&mut apps, "Ana's pass played", 30, |[ana, _]| {
            let m = ana.resource::<Match>();
            m.view().log().iter().filter(|event| matches!(event.event, Event::Passed { seat: 0 })).count() == passes
        });
    }
    until_both(&mut apps, "the spectator sees the first pass", 30, |[_, cy]| spectator(cy) >= 1);
    apps[0].world_mut().write_message(Action::Resign);
    until_both(&mut apps, "the spectator's results", 30, |[_, cy]| screen(cy) == Screen::Results);
    let results = apps[1].world().get_resource::<Results>().expect("the results, from the game's record");
    assert_eq!(results.seats.len(), 2);
    assert!(apps[1].world().get_resource::<RematchOffer>().is_none(), "a spectator has no rematch");
}

/// Two players chat beside their game: each hears the other's lines, an
/// offensive line is refused with the reason, and a line of the other
/// player's can be reported.
#[test]
fn players_chat_beside_the_game_and_report_a_line() {
    let dir = scratch("chat");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut ana = app(&dir.join("ana"), &server);
    let mut ben = app_as(&dir.join("ben"), &server, "Ben");
    let code = make_a_room(&mut ana, false);
    ben.world_mut().write_message(OnlineRequest::Join(code));
    let mut apps = [&mut ana, &mut ben];
    until_both(&mut apps, "both in the game", 30, |worlds| worlds.iter().all(|w| screen(w) == Screen::Game));
    let lines =
        |world: &World| world.resource::<ChatRoom>().lines.iter().map(|line| line.text.clone()).collect::<Vec<_>>();
    apps[0].world_mut().write_message(ChatSays::Line("good luck".into()));
    until_both(&mut apps, "the line heard", 20, |worlds| worlds.iter().all(|w| lines(w) == ["good luck"]));
    apps[0].world_mut().write_message(ChatSays::Line("you fag".into()));
    until_both(&mut apps, "the offensive line refused", 20, |[ana, _]| {
        ana.resource::<ChatRoom>().refused == Some(wocable_net::Refusal::Offensive)
    });
    assert_eq!(lines(apps[1].world()), ["good luck"], "never sent on");
    let line = apps[1].world().resource::<ChatRoom>().lines[0].id;
    apps[1].world_mut().write_message(ChatSays::Report(line));
    until_both(&mut apps, "the report sent", 5, |[_, ben]| ben.resource::<ChatRoom>().reported == [line]);
    for _ in 0..20 {
        apps[0].update();
        apps[1].update();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(apps[1].world().resource::<ChatRoom>().refused, None, "the report was taken");
}

#[test]
fn a_room_on_one_of_the_servers_word_lists_is_played_on_the_servers_copy() {
    let dir = scratch("word-list");
    // Every two letters make a word of this list, and nothing longer does.
    let labels = Language::En.labels();
    let text: String = labels.iter().flat_map(|a| labels.iter().map(move |b| format!("{a}{b}\n"))).collect();
    let (pairs, _) = Lexicon::import(Language::En, text.as_bytes()).expect("the list builds");
    let file = dir.join("pairs.wlex");
    std::fs::write(&file, pairs.to_file("Pairs", "pairs.txt")).expect("the list is written");
    let server = Server::start_with(&dir, "127.0.0.1:0", &["--lexicon", file.to_str().expect("a path")]);
    let config = answer(Lobby::new(&server.url).config()).expect("the server's config");
    let names: Vec<&str> = config.word_lists.iter().map(|list| list.name.as_str()).collect();
    assert_eq!(names, ["Pairs"], "the create page offers it");

    let mut app = app(&dir.join("app"), &server);
    let OnlineRequest::Create { mut room, computers } = two_player_room(true) else { unreachable!() };
    room.word_list = Some("Pairs".into());
    app.world_mut().write_message(OnlineRequest::Create { room, computers });
    until(&mut app, "the waiting room", 20, |w| matches!(w.resource::<Online>(), Online::InRoom(_)));
    let code = code_in_room(&app).expect("a room");
    let gcg = dir.join("game.gcg");
    let _bot = bot(&server, code, &gcg);
    until(&mut app, "the game opens", 30, |w| screen(w) == Screen::Game);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().settings().word_list.as_deref(), Some("Pairs"));
    assert_eq!(m.lexicon().len(), 26 * 26, "the app checks moves on the server's list");
    assert!(m.hints_allowed(), "a room made with hints on");
    let mine = m.viewer;
    // The server's hints come from the list, and the referee takes them.
    let played = |w: &World| {
        let m = w.resource::<Match>();
        m.view().log().iter().any(|e| matches!(&e.event, Event::Played { seat, .. } if *seat == mine))
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !played(app.world()) {
        assert!(Instant::now() < deadline, "no word of the app's was taken");
        if my_turn(app.world()) {
            play_a_hint(&mut app);
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_name_taken_online_is_said_and_an_account_comes_back_with_its_recovery_code() {
    let dir = scratch("accounts");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut first = app(&dir.join("first"), &server);
    make_a_room(&mut first, false);
    let ana = account(&first, &server).expect("Ana's account");

    // Another device asks for the same name, in another case.
    let mut other = app(&dir.join("other"), &server);
    other.world_mut().resource_mut::<Settings>().nickname = Some("ana".into());
    other.world_mut().write_message(two_player_room(false));
    until(&mut other, "told the name is taken", 20, |w| {
        let taken = CallError::Refused { code: ErrorCode::NickTaken, message: "the nickname ana is taken".into() };
        matches!(w.resource::<Online>(), Online::Failed(OnlineFailure::Lobby(refused), _) if *refused == taken)
    });
    assert_eq!(account(&other, &server), None);
    other.world_mut().resource_mut::<Settings>().nickname = Some("Ana2".into());
    other.world_mut().write_message(two_player_room(false));
    until(
        &mut other,
        "in a room as Ana2",
        20,
        |w| matches!(w.resource::<Online>(), Online::InRoom(s) if s.seats().iter().flatten().any(|name| name == "Ana2")),
    );

    // A third device takes Ana's account back with her recovery code.
    let mut third = app(&dir.join("third"), &server);
    third.world_mut().write_message(OnlineRequest::Recover { nick: "ANA".into(), recovery: ana.account.recovery });
    until(&mut third, "the account recovered", 20, |w| {
        w.resource::<OnlineAccount>().on(&server.url).is_some_and(|kept| kept.account.nick == "Ana")
    });
    let recovered = account(&third, &server).unwrap();
    assert_ne!(recovered.account.key, ana.account.key, "a new key");
    assert!(third.world().resource::<Storage>().read(ACCOUNT_FILE).is_some());
    make_a_room(&mut third, false);
    // The first device's key is no longer Ana's.
    first.world_mut().write_message(OnlineRequest::Leave);
    first.world_mut().write_message(two_player_room(false));
    until(&mut first, "the old key refused", 20, |w| {
        matches!(w.resource::<Online>(), Online::Failed(OnlineFailure::AccountGone, _))
    });
    assert_eq!(account(&first, &server), None, "the account is forgotten there");
    assert!(first.world().resource::<Storage>().read(ACCOUNT_FILE).is_none());
}

#[test]
fn a_random_game_fills_with_a_computer_after_the_wait() {
    let dir = scratch("random");
    let server = Server::start(&dir, "127.0.0.1:0");
    let mut app = app(&dir.join("app"), &server);
    let request = RandomGame {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players: 2,
        name: String::new(),
        wait: 1,
        key: None,
        family: true,
        days: None,
    };
    app.world_mut().write_message(OnlineRequest::Random(request));
    until(&mut app, "the game opens", 30, |w| screen(w) == Screen::Game);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().settings().players[m.viewer], "Ana");
    // Asked for on the family list, played on it, found here.
    assert_eq!(m.view().settings().word_list.as_deref(), Some(FAMILY_LIST));
    assert!(m.lexicon().is_family());
    assert_holds_only_its_own_seat(&app);
}

#[test]
fn the_app_reconnects_when_the_server_comes_back_and_plays_on() {
    let dir = scratch("rejoin");
    let mut server = Server::start(&dir, "127.0.0.1:0");
    let listen = server.url.trim_start_matches("http://").to_string();
    let mut app = app(&dir.join("app"), &server);
    let code = make_a_room(&mut app, true);
    let _bot = bot(&server, code, &dir.join("game.gcg"));
    until(&mut app, "the game opens", 30, |w| screen(w) == Screen::Game);
    let seen = app.world().resource::<Match>().view().last_seq();
    server.stop();
    until(&mut app, "reconnecting", 30, |w| *w.resource::<Connection>() == Connection::Reconnecting);
    assert_eq!(screen(app.world()), Screen::Game, "the game stays on screen");
    // A move made now (the buttons are off, but a key may send one) is
    // not lost in silence: the player is told it was not sent.
    app.world_mut().resource_mut::<Messages<MoveRefused>>().clear();
    app.world_mut().write_message(Action::Pass);
    app.update();
    app.update();
    let refusals: Vec<Unplayed> =
        app.world_mut().resource_mut::<Messages<MoveRefused>>().drain().map(|MoveRefused(reason)| reason).collect();
    assert_eq!(refusals, [Unplayed::NotConnected]);
    assert_eq!(app.world().resource::<Match>().view().last_seq(), seen, "nothing changed");
    let _server = Server::start(&dir, &listen);
    until(&mut app, "connected again", 40, |w| *w.resource::<Connection>() == Connection::Connected);
    assert_eq!(app.world().resource::<Match>().view().last_seq(), seen, "the view is whole, nothing twice");
    until(&mut app, "the app's turn", 30, my_turn);
    let before = app.world().resource::<Match>().view().log().len();
    play_a_hint(&mut app);
    until(&mut app, "the move is taken after the rejoin", 30, |w| w.resource::<Match>().view().log().len() > before);
    assert_holds_only_its_own_seat(&app);
}

#[test]
fn after_a_restart_the_app_goes_back_to_its_game_on_the_server() {
    let dir = scratch("restart");
    let server = Server::start(&dir, "127.0.0.1:0");
    let data = dir.join("app");
    let mut app_before = app(&data, &server);
    let code = make_a_room(&mut app_before, false);
    let _bot = bot(&server, code, &dir.join("game.gcg"));
    until(&mut app_before, "the game opens", 30, |w| screen(w) == Screen::Game);
    let seen = app_before.world().resource::<Match>().view().log().to_vec();
    // Home: the connection closes, the seat is kept and offered.
    app_before.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
    app_before.update();
    app_before.update();
    assert!(!app_before.world().contains_resource::<ActiveReferee>(), "no connection off the game screen");
    assert!(matches!(app_before.world().resource::<Online>(), Online::Offline));
    assert!(app_before.world().resource::<OnlineSeatKept>().0, "home offers the game");
    // The app is killed.
    drop(app_before);
    let mut app = app(&data, &server);
    assert!(app.world().resource::<OnlineSeatKept>().0, "home offers the game");
    app.world_mut().write_message(OnlineRequest::Rejoin);
    until(&mut app, "the game opens again", 30, |w| screen(w) == Screen::Game);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().log().get(..seen.len()), Some(seen.as_slice()), "the same game, seen as before");
    assert_eq!(m.view().settings().players[m.viewer], "Ana");
    assert_holds_only_its_own_seat(&app);
}

/// Runs frames of both apps until `done`, for at most `seconds`.
fn until_both(apps: &mut [&mut App; 2], what: &str, seconds: u64, done: impl Fn([&World; 2]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while !done([apps[0].world(), apps[1].world()]) {
        assert!(Instant::now() < deadline, "never happened: {what}");
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn two_members_are_paired_in_an_arena_and_see_the_standings_and_their_ratings_change() {
    let dir = scratch("arena");
    let server = Server::start(&dir, "127.0.0.1:0");
    let (mut ana, mut ben) = (app_as(&dir.join("ana"), &server, "Ana"), app_as(&dir.join("ben"), &server, "Ben"));
    // The arenas page lists those running.
    ana.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Online);
    ana.update();
    ana.world_mut().resource_mut::<OnlineForm>().page = Page::Arenas;
    until(&mut ana, "the arenas", 20, |w| matches!(w.resource::<Arenas>().list, Fetched::Got(_)));
    let Fetched::Got(list) = &ana.world().resource::<Arenas>().list else { unreachable!() };
    let arena = list
        .running
        .iter()
        .find(|a| a.kind.rules == RuleSetKind::Wocable && a.kind.language == Language::En)
        .expect("a Wocable arena in English runs at every hour")
        .id
        .clone();
    // Ana opens it and joins; she waits for an opponent, then Ben joins.
    ana.world_mut().resource_mut::<OnlineForm>().show_arena(arena.clone());
    until(&mut ana, "the standings", 20, |w| matches!(w.resource::<Arenas>().standings, Fetched::Got(_)));
    ana.world_mut().write_message(OnlineRequest::Arena(arena.clone()));
    until(&mut ana, "waiting for a pairing", 20, |w| matches!(w.resource::<Online>(), Online::Pairing { .. }));
    assert_eq!(ana.world().resource::<ArenaEntry>().arena.as_ref(), Some(&arena));
    // Ben waits on the arena's page too: leaving it would leave the arena.
    ben.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Online);
    ben.update();
    ben.world_mut().resource_mut::<OnlineForm>().show_arena(arena.clone());
    ben.world_mut().write_message(OnlineRequest::Arena(arena.clone()));
    until_both(&mut [&mut ana, &mut ben], "both in the arena's game", 60, |[a, b]| {
        screen(a) == Screen::Game && screen(b) == Screen::Game
    });
    // Three turns each, the least that counts; then whoever is not on turn
    // resigns: the other wins.
    play_until_it_counts(&mut [&mut ana, &mut ben]);
    until_both(&mut [&mut ana, &mut ben], "the next turn", 30, |[a, b]| my_turn(a) || my_turn(b));
    let (loser, winner) = if my_turn(ana.world()) { (&mut ben, "Ana") } else { (&mut ana, "Ben") };
    loser.world_mut().write_message(Action::Resign);
    until_both(&mut [&mut ana, &mut ben], "the results, with rating changes", 30, |worlds| {
        worlds.iter().all(|w| screen(w) == Screen::Results && matches!(w.resource::<Ratings>().game, Fetched::Got(_)))
    });
    let Fetched::Got(changes) = &ana.world().resource::<Ratings>().game else { unreachable!() };
    assert_eq!(changes.changes.len(), 2, "{changes:?}");
    let finished = ana.world().resource::<FinishedOnline>().0.code;
    assert_eq!(ana.world().resource::<ArenaEntry>().game, Some(finished), "the results offer the arena's next game");
    assert!(ana.world().get_resource::<RematchOffer>().is_none(), "and no rematch: the arena pairs its games");
    for change in &changes.changes {
        let won = change.nick == winner;
        assert_eq!(change.after > change.before, won, "{change:?}");
    }
    // Back to the arena: the standings, live, give the winner 2 points,
    // and Ana waits for her next game.
    ana.world_mut().resource_mut::<OnlineForm>().show_arena(arena.clone());
    ana.world_mut().write_message(OnlineRequest::Arena(arena.clone()));
    ana.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Online);
    until(&mut ana, "the winner's points in the standings", 40, |w| {
        let Fetched::Got(standings) = &w.resource::<Arenas>().standings else { return false };
        standings.standings.first().is_some_and(|first| first.nick == winner && first.score == 2 && first.sheet == [2])
    });
    until(&mut ana, "waiting for the next pairing", 20, |w| matches!(w.resource::<Online>(), Online::Pairing { .. }));
    // Back to the list is out of the arena.
    ana.world_mut().resource_mut::<OnlineForm>().page = Page::Arenas;
    until(&mut ana, "out of the arena", 20, |w| {
        matches!(w.resource::<Online>(), Online::Offline) && w.resource::<ArenaEntry>().arena.is_none()
    });
}

/// What the server last said of the app's player's friends.
fn friends(world: &World) -> Option<&Friends> {
    world.resource::<FriendsList>().friends.as_ref()
}

fn invitation(world: &World) -> Option<&Invitation> {
    friends(world).and_then(|friends| friends.invitations.first())
}

/// The app's player gets an account on `server` the way players do, by
/// taking a seat, and leaves the room.
fn become_a_member(app: &mut App, server: &Server) {
    app.world_mut().write_message(two_player_room(false));
    until(app, "an account", 20, |w| w.resource::<OnlineAccount>().on(&server.url).is_some());
    until(app, "the waiting room", 20, |w| matches!(w.resource::<Online>(), Online::InRoom(_)));
    app.world_mut().write_message(OnlineRequest::Leave);
    app.update();
}

#[test]
fn friends_ask_accept_and_invite_each_other_into_a_game() {
    let dir = scratch("friends");
    let server = Server::start(&dir, "127.0.0.1:0");
    let (mut ana, mut ben) = (app_as(&dir.join("ana"), &server, "Ana"), app_as(&dir.join("ben"), &server, "Ben"));
    become_a_member(&mut ana, &server);
    become_a_member(&mut ben, &server);

    // Ben asks Ana; the request comes to Ana's app without a question of
    // its own; she accepts, and each sees the other online.
    ben.world_mut().write_message(FriendsRequest::Act { nick: "ana".into(), act: FriendAct::Ask });
    until(&mut ben, "Ben waits for Ana", 20, |w| friends(w).is_some_and(|f| f.asked == ["Ana"]));
    until(&mut ana, "Ben asks Ana", 20, |w| friends(w).is_some_and(|f| f.asking == ["Ben"]));
    ana.world_mut().write_message(FriendsRequest::Act { nick: "Ben".into(), act: FriendAct::Accept });
    until_both(&mut [&mut ana, &mut ben], "friends both ways, online", 20, |worlds| {
        worlds.iter().zip(["Ben", "Ana"]).all(|(w, other)| {
            friends(w).is_some_and(|f| {
                f.asking.is_empty() && f.asked.is_empty() && f.friends.iter().any(|f| f.nick == other && f.online)
            })
        })
    });

    // Ben invites Ana; she says not now, and Ben learns it.
    let invite = || OnlineRequest::Invite { friends: vec!["Ana".into()], room: two_player_settings(false) };
    ben.world_mut().write_message(invite());
    until(&mut ben, "Ben in his room", 20, |w| matches!(w.resource::<Online>(), Online::InRoom(_)));
    let first = code_in_room(&ben).unwrap();
    until(&mut ana, "the invitation", 20, |w| invitation(w).is_some_and(|i| i.from == "Ben" && i.code == first));
    let declined = invitation(ana.world()).unwrap().id;
    ana.world_mut().write_message(FriendsRequest::Decline(declined));
    ana.update();
    assert_eq!(invitation(ana.world()), None, "gone at once");
    until(&mut ben, "Ben told of the no", 20, |w| {
        friends(w).is_some_and(|f| f.sent.iter().any(|sent| sent.id == declined && sent.accepted == Some(false)))
    });

    // Asked again, she plays: both are in the game of Ben's new room.
    ben.world_mut().write_message(OnlineRequest::Leave);
    ben.world_mut().write_message(invite());
    until(
        &mut ben,
        "Ben in his second room",
        20,
        |w| matches!(w.resource::<Online>(), Online::InRoom(session) if session.joined().code != first),
    );
    let second = code_in_room(&ben).unwrap();
    until(&mut ana, "the second invitation", 20, |w| invitation(w).is_some_and(|i| i.code == second));
    let accepted = invitation(ana.world()).unwrap().id;
    ana.world_mut().write_message(OnlineRequest::AcceptInvitation(accepted));
    until_both(&mut [&mut ana, &mut ben], "the game of the invitation", 30, |worlds| {
        worlds.iter().all(|w| {
            screen(w) == Screen::Game && matches!(w.resource::<Online>(), Online::Playing(seat) if seat.code == second)
        })
    });
    let m = ana.world().resource::<Match>();
    let mut players = m.view().settings().players.clone();
    players.sort();
    assert_eq!(players, ["Ana", "Ben"]);
    until(&mut ana, "Ben seen in the game, to watch", 20, |w| {
        friends(w)
            .is_some_and(|f| f.friends.iter().any(|friend| friend.nick == "Ben" && friend.playing == Some(second)))
    });
    until(&mut ben, "Ben told of the yes", 20, |w| {
        friends(w).is_some_and(|f| f.sent.iter().any(|sent| sent.id == accepted && sent.accepted == Some(true)))
    });
}

fn my_games(world: &World) -> Option<&wocable_net::MyGames> {
    world.resource::<MyGamesList>().games.as_ref()
}

/// A game that lasts days: made in one app, joined by its code in the
/// other, played by requests alone (no connection to any seat), each list
/// hearing of the other's move within seconds, and opened again from the
/// view kept on the device.
#[test]
fn a_game_that_lasts_days_is_played_from_each_players_list() {
    let dir = scratch("days");
    let server = Server::start(&dir, "127.0.0.1:0");
    let (mut ana, mut ben) = (app_as(&dir.join("ana"), &server, "Ana"), app_as(&dir.join("ben"), &server, "Ben"));
    let room = RoomSettings { clock: None, days: Some(2), ..two_player_settings(false) };
    ana.world_mut().write_message(OnlineRequest::Create { room, computers: Vec::new() });
    until(&mut ana, "the game waiting for Ben", 20, |w| matches!(w.resource::<Online>(), Online::DaysWaiting(_)));
    let Online::DaysWaiting(view) = ana.world().resource::<Online>() else { unreachable!() };
    let code = view.code;
    until(&mut ana, "the game in Ana's list", 20, |w| my_games(w).is_some_and(|g| g.games.len() == 1));
    ana.world_mut().write_message(OnlineRequest::Leave);

    // Ben joins by the code: the game starts and opens on his device.
    ben.world_mut().write_message(OnlineRequest::Join(code));
    until(&mut ben, "Ben's board", 20, |w| {
        screen(w) == Screen::Game && matches!(w.resource::<Online>(), Online::PlayingDays(c) if *c == code)
    });
    // Ana's list hears of it; she opens it from there.
    until(&mut ana, "the game started in Ana's list", 20, |w| {
        my_games(w).is_some_and(|g| g.games[0].summary.turn.is_some())
    });
    ana.world_mut().write_message(OnlineRequest::OpenDays(code));
    until(&mut ana, "Ana's board", 20, |w| screen(w) == Screen::Game);
    assert!(ana.world().resource::<Match>().turn_seconds == Some(2 * 86_400));

    // Whoever is to play passes; the other's board shows it within seconds.
    let ana_first = my_turn(ana.world());
    let (mover, other) = if ana_first { (&mut ana, &mut ben) } else { (&mut ben, &mut ana) };
    until(other, "the other's list", 20, |w| my_games(w).is_some());
    let asked = Instant::now();
    mover.world_mut().write_message(Action::Pass);
    until(mover, "the pass played", 20, |w| turns_taken(w) == 1);
    until(other, "the pass seen on the other board", 10, |w| turns_taken(w) == 1 && my_turn(w));
    assert!(asked.elapsed() < Duration::from_secs(5), "seen after {:?}", asked.elapsed());
    until(mover, "the mover's list: not their turn", 10, |w| {
        my_games(w).is_some_and(|g| !g.games[0].my_turn()) && w.resource::<MyGamesList>().my_turn() == 0
    });

    // Out of the game and back in: the board shows at once from the view
    // kept on the device.
    mover.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Online);
    until(mover, "out of the game", 10, |w| screen(w) == Screen::Online);
    assert!(matches!(mover.world().resource::<Online>(), Online::Offline));
    mover.world_mut().write_message(OnlineRequest::OpenDays(code));
    mover.update();
    mover.update();
    assert_eq!(screen(mover.world()), Screen::Game, "opened from the view kept here, before any answer");
    assert_eq!(turns_taken(mover.world()), 1);

    // The link of a notification of her turn (the game's join link) opens
    // the game itself, not its join page.
    other.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
    until(other, "the other out of the game", 10, |w| screen(w) == Screen::Home);
    other.world_mut().write_message(LinkOpened(wocable_net::join_link(&server.url, code)));
    until(other, "the game opened by its link", 20, |w| {
        screen(w) == Screen::Game && matches!(w.resource::<Online>(), Online::PlayingDays(c) if *c == code)
    });
    assert!(other.world().get_resource::<JoinLink>().is_none(), "the link taken");
    assert_eq!(turns_taken(other.world()), 1);
}
