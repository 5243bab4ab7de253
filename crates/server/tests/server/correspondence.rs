//! Games that last days, over loopback with the real server and no WebRTC
//! at all: made and joined by code, played by plain requests, each move
//! once however often it is sent, a stale view refused and brought up to
//! date, members' lists that hear of a move within seconds, deadlines
//! applied once (also those that passed while the server was down), and a
//! server killed among moves that keeps every move it answered.

use crate::support::{Lobby, Scratch, Server, best_play, error_code};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use wocable_crossword::{Event, Intent, LeaveReason, SeatView};
use wocable_net::{DAY_MS, MyGames, SeatGame};

/// A made-up start for the server's clock (`--test-clock`).
const START_MS: u64 = 1_800_000_000_000;

/// A new game that lasts days, for `players`, by its code.
async fn made(lobby: &Lobby, players: usize, days: u8) -> String {
    let settings = json!({ "rules": "wocable", "language": "en", "players": players, "clock": null, "days": days });
    let (status, made) = lobby.post("/api/rooms", settings).await;
    assert_eq!(status, 201, "{made}");
    made["code"].as_str().unwrap().to_string()
}

async fn join(lobby: &Lobby, code: &str, key: &str) -> (u16, Value) {
    lobby.post(&format!("/api/rooms/{code}/join"), json!({ "name": "x", "key": key })).await
}

/// A game made and joined by each of `keys`, in order: started.
async fn started(lobby: &Lobby, keys: &[&str], days: u8) -> String {
    let code = made(lobby, keys.len(), days).await;
    for key in keys {
        let (status, joined) = join(lobby, &code, key).await;
        assert_eq!(status, 200, "{joined}");
    }
    code
}

async fn my_games(lobby: &Lobby, key: &str, since: Option<&str>) -> MyGames {
    let (status, games) = lobby.post("/api/games", json!({ "key": key, "since": since })).await;
    assert_eq!(status, 200, "{games}");
    serde_json::from_value(games).unwrap()
}

/// A member at a game: their seat's view, kept as an app keeps it.
struct Table {
    lobby: Lobby,
    code: String,
    key: String,
    view: SeatView,
    next: u32,
}

impl Table {
    async fn open(lobby: &Lobby, code: &str, key: &str) -> Table {
        let game = Table::ask(lobby, code, key, 0).await;
        let view = SeatView::new(game.settings.clone().expect("started"), Some(game.seat)).unwrap();
        let mut table = Table { lobby: lobby.clone(), code: code.to_string(), key: key.to_string(), view, next: 0 };
        table.take(game);
        table
    }

    async fn ask(lobby: &Lobby, code: &str, key: &str, since: u32) -> SeatGame {
        let (status, game) = lobby.post(&format!("/api/games/{code}"), json!({ "key": key, "since": since })).await;
        assert_eq!(status, 200, "{game}");
        serde_json::from_value(game).unwrap()
    }

    /// Brings the view up to date; `None` when the server does not answer.
    async fn catch_up_quietly(&mut self) -> Option<()> {
        let url = format!("{}/api/games/{}", self.lobby.url, self.code);
        let asked = self.lobby.http.post(url).json(&json!({ "key": self.key, "since": self.next }));
        let game: SeatGame = asked.send().await.ok()?.json().await.ok()?;
        self.take(game);
        Some(())
    }

    /// The events of an answer, which follow on from the view.
    fn take(&mut self, game: SeatGame) -> SeatGame {
        for event in &game.events {
            self.view.apply(event.clone()).expect("the seat's own events, in order");
        }
        self.next = game.next;
        game
    }

    /// Brings the view up to date.
    async fn catch_up(&mut self) -> SeatGame {
        let game = Table::ask(&self.lobby, &self.code, &self.key, self.next).await;
        self.take(game)
    }

    async fn send(&self, at: u32, intent: &Intent) -> (u16, Value) {
        let body = json!({ "key": self.key, "at": at, "intent": intent });
        self.lobby.post(&format!("/api/games/{}/move", self.code), body).await
    }

    /// Makes a move on the view as it is: the answer.
    async fn make(&mut self, intent: &Intent) -> SeatGame {
        let (status, answer) = self.send(self.next, intent).await;
        assert_eq!(status, 200, "{answer}");
        self.take(serde_json::from_value(answer).unwrap())
    }

    fn seat(&self) -> usize {
        self.view.viewer().unwrap()
    }

    fn on_turn(&self) -> bool {
        self.view.ended().is_none() && self.view.turn() == self.seat()
    }

    /// Its best play, or a pass when the rack makes none.
    fn a_move(&self) -> Intent {
        best_play(&self.view).unwrap_or(Intent::Pass { seat: self.seat() })
    }
}

/// The seat's log: how many times `seat` timed out.
fn timed_out(view: &SeatView, seat: usize) -> usize {
    let out = Event::Left { seat, reason: LeaveReason::TimedOut };
    view.log().iter().filter(|e| e.event == out).count()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_that_lasts_days_is_played_by_requests_alone_each_move_once() {
    let scratch = Scratch::new("days-play");
    let server = Server::start(&scratch, None, &scratch.database());
    let lobby = Lobby::of(&server);
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);
    let settings = |days: u8, clock: Option<u32>| json!({ "rules": "wocable", "language": "en", "players": 2, "clock": clock, "days": days });
    assert_eq!(error_code(&lobby.post("/api/rooms", settings(4, None)).await.1), "bad_clock");
    assert_eq!(error_code(&lobby.post("/api/rooms", settings(1, Some(60))).await.1), "bad_clock");
    let with_bot = json!({ "rules": "wocable", "language": "en", "players": 2, "clock": null, "days": 1, "computers": ["strong"] });
    assert_eq!(error_code(&lobby.post("/api/rooms", with_bot).await.1), "bad_settings");

    let code = made(&lobby, 2, 3).await;
    let guest = lobby.post(&format!("/api/rooms/{code}/join"), json!({ "name": "Guest" })).await;
    assert_eq!((guest.0, error_code(&guest.1)), (403, "members_only"));
    assert_eq!(join(&lobby, &code, &ana).await.0, 200);
    let filling = my_games(&lobby, &ana, None).await;
    assert_eq!(filling.games.len(), 1);
    assert_eq!(filling.games[0].summary.seats, [Some("Ana".to_string()), None]);
    assert_eq!(join(&lobby, &code, &ben).await.0, 200);
    let look: Value =
        lobby.http.get(format!("{}/api/rooms/{code}", lobby.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!((look["started"].as_bool(), look["days"].as_u64()), (Some(true), Some(3)), "{look}");

    // Nobody is connected: the game waits in the database for requests.
    let mut tables = [Table::open(&lobby, &code, &ana).await, Table::open(&lobby, &code, &ben).await];
    let first = tables.iter().position(Table::on_turn).expect("someone's turn");
    let other = 1 - first;
    let game = Table::ask(&lobby, &code, &tables[first].key, 0).await;
    let left = game.clock.and_then(|clock| clock.left_ms).expect("a deadline");
    assert!(left <= 3 * DAY_MS && left > 3 * DAY_MS - 60_000, "{game:?}");

    // Ben's list waits for a change, and hears of the move at once.
    let version = my_games(&lobby, &tables[other].key, None).await.version;
    let waiting = {
        let (lobby, key) = (lobby.clone(), tables[other].key.clone());
        tokio::spawn(async move {
            let asked = Instant::now();
            let games = my_games(&lobby, &key, Some(&version)).await;
            (games, asked.elapsed())
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let at = tables[first].next;
    let intent = tables[first].a_move();
    let answer = tables[first].make(&intent).await;
    let (heard, after) = waiting.await.unwrap();
    assert!(after < Duration::from_secs(3), "heard after {after:?}");
    assert!(heard.games[0].my_turn(), "{heard:?}");
    assert!(heard.games[0].summary.last.as_ref().is_some_and(|last| last.intent().as_ref() == Some(&intent)));

    // Sent again, its answer lost: played once.
    let (status, again) = tables[first].send(at, &intent).await;
    assert_eq!(status, 200, "{again}");
    let again: SeatGame = serde_json::from_value(again).unwrap();
    assert_eq!((again.next, &again.events), (answer.next, &answer.events));
    let whole = Table::ask(&lobby, &code, &tables[first].key, 0).await;
    assert_eq!(whole.next, answer.next);
    assert_eq!(whole.events.iter().filter(|e| e.event.intent().as_ref() == Some(&intent)).count(), 1);
    tables[other].catch_up().await;

    // A move on a stale view is refused, and the view brought up to date.
    let stale = tables[first].send(at, &Intent::Pass { seat: first }).await;
    assert_eq!((stale.0, error_code(&stale.1)), (409, "stale_view"));
    let not_yours = tables[first].send(tables[first].next, &Intent::Pass { seat: first }).await;
    assert_eq!((not_yours.0, error_code(&not_yours.1)), (400, "illegal_move"), "not their turn");
    let for_another = tables[first].send(tables[first].next, &Intent::Pass { seat: other }).await;
    assert_eq!(error_code(&for_another.1), "illegal_move");

    // Each list: the games where it is the member's turn first.
    started(&lobby, &[&ana, &ben], 7).await;
    for key in [&ana, &ben] {
        let listed = my_games(&lobby, key, None).await;
        assert_eq!(listed.games.len(), 2);
        assert!(listed.games[0].my_turn() >= listed.games[1].my_turn(), "{listed:?}");
    }

    // Played to the end by passes: finished with its record, listed with
    // its result.
    while tables[0].view.ended().is_none() {
        for table in tables.iter_mut() {
            table.catch_up().await;
            if table.on_turn() {
                let seat = table.seat();
                table.make(&Intent::Pass { seat }).await;
            }
        }
    }
    let over = tables[1].catch_up().await;
    let (standings, record) = over.finished.expect("the result");
    assert_eq!(standings.len(), 2);
    assert!(record.contains("#seed"), "the seed revealed at the end");
    let listed = my_games(&lobby, &ben, None).await;
    let done = listed.games.iter().find(|game| game.code.as_str() == code).expect("still listed");
    assert_eq!(done.summary.standings.as_ref(), Some(&standings));
    assert_eq!(listed.games.last().map(|game| game.code.as_str()), Some(code.as_str()), "finished games last");
}

#[tokio::test(flavor = "multi_thread")]
async fn deadlines_that_passed_while_the_server_was_down_are_applied_once_when_it_is_back() {
    let scratch = Scratch::new("days-deadlines");
    let clock = |ms: u64| ["--test-clock".to_string(), ms.to_string()];
    let start = |ms: u64| {
        let args = clock(ms);
        Server::start_with(&scratch, None, &scratch.database(), &[&args[0], &args[1]])
    };
    let mut server = start(START_MS);
    let lobby = Lobby::of(&server);
    let keys = [lobby.account("Ana").await, lobby.account("Ben").await, lobby.account("Cy").await];
    let three = started(&lobby, &[&keys[0], &keys[1], &keys[2]], 1).await;
    let two = started(&lobby, &[&keys[0], &keys[1]], 2).await;
    let on_turn = Table::open(&lobby, &three, &keys[0]).await.view.turn();
    server.kill();

    // A day and an hour later: the first game's turn ran out while the
    // server was down; the second game's has a day left.
    let back_at = START_MS + DAY_MS + 60 * 60 * 1000;
    let mut server = start(back_at);
    let lobby = Lobby::of(&server);
    let asked = Instant::now();
    let mut table = Table::open(&lobby, &three, &keys[0]).await;
    while timed_out(&table.view, on_turn) == 0 {
        assert!(asked.elapsed() < Duration::from_secs(10), "the deadline was not applied");
        tokio::time::sleep(Duration::from_millis(100)).await;
        table.catch_up().await;
    }
    // The next player's turn starts when the time-out is applied, not
    // when the first one's ran out: they could not have known.
    let now = Table::ask(&lobby, &three, &keys[0], table.next).await;
    assert!(table.view.ended().is_none(), "two players are left");
    assert_ne!(table.view.turn(), on_turn);
    assert!(now.deadline_ms.is_some_and(|deadline| deadline >= back_at + DAY_MS), "{now:?}");
    let other = Table::open(&lobby, &two, &keys[0]).await;
    assert!((0..2).all(|seat| timed_out(&other.view, seat) == 0), "a day is left there");

    // Down and back again: nothing is applied twice.
    server.kill();
    let server = start(back_at + 60_000);
    let lobby = Lobby::of(&server);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let table = Table::open(&lobby, &three, &keys[0]).await;
    assert_eq!(timed_out(&table.view, on_turn), 1);
    assert!(table.view.ended().is_none());

    // Two days on, the two-player game ends: its player on turn is out.
    let on_turn = other.view.turn();
    let mut other = Table::open(&lobby, &two, &keys[0]).await;
    assert_eq!(lobby.post("/api/test/clock", json!({ "advance_ms": 2 * DAY_MS })).await.0, 200);
    let asked = Instant::now();
    while other.view.ended().is_none() {
        assert!(asked.elapsed() < Duration::from_secs(10), "the deadline was not applied");
        tokio::time::sleep(Duration::from_millis(100)).await;
        other.catch_up().await;
    }
    assert_eq!(timed_out(&other.view, on_turn), 1);
    let listed = my_games(&lobby, &keys[1], None).await;
    let ended = listed.games.iter().find(|game| game.code.as_str() == two).unwrap();
    let standings = ended.summary.standings.as_ref().expect("over");
    assert!(standings.iter().any(|s| s.seat == on_turn && s.left && s.rank == 2), "{standings:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_killed_among_moves_keeps_every_move_it_answered() {
    let scratch = Scratch::new("days-kill");
    let mut server = Server::start(&scratch, None, &scratch.database());
    let port = server.port();
    let lobby = Lobby::of(&server);
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);
    let code = started(&lobby, &[&ana, &ben], 1).await;
    let mut tables = [Table::open(&lobby, &code, &ana).await, Table::open(&lobby, &code, &ben).await];

    // Moves as fast as they are answered, until the server is killed
    // as the move after the fourth answered is sent.
    let (progress, mut answers) = tokio::sync::watch::channel(0);
    let playing = tokio::spawn(async move {
        let mut answered = Vec::new();
        loop {
            for table in tables.iter_mut() {
                if !table.on_turn() {
                    continue;
                }
                let (at, intent) = (table.next, table.a_move());
                let body = json!({ "key": table.key, "at": at, "intent": intent });
                let sent =
                    table.lobby.http.post(format!("{}/api/games/{}/move", table.lobby.url, table.code)).json(&body);
                progress.send_replace(answered.len());
                let Ok(answer) = sent.send().await else { return (tables, answered, Some((at, intent))) };
                assert!(answer.status().is_success(), "{intent:?}: {:?}", answer.text().await);
                let Ok(game) = answer.json::<SeatGame>().await else { return (tables, answered, Some((at, intent))) };
                answered.extend(game.events.iter().filter(|e| e.event.is_turn()).cloned());
                table.take(game);
            }
            for table in tables.iter_mut() {
                if table.catch_up_quietly().await.is_none() {
                    return (tables, answered, None);
                }
            }
        }
    });
    answers.wait_for(|answered| *answered >= 4).await.expect("four moves answered");
    server.kill();
    let (mut tables, answered, in_flight) = playing.await.unwrap();
    assert!(answered.len() >= 4, "moves were answered before the kill: {answered:?}");

    let _server = Server::start(&scratch, Some(port), &scratch.database());
    let whole = Table::ask(&tables[0].lobby, &code, &ana, 0).await;
    for move_made in &answered {
        assert!(whole.events.contains(move_made), "{move_made:?} was answered, and is kept");
    }
    // The move whose answer never came, sent again: played once, now or
    // before the kill.
    if let Some((at, intent)) = in_flight {
        let table = tables.iter_mut().find(|table| table.seat() == intent.seat()).unwrap();
        let (status, answer) = table.send(at, &intent).await;
        assert_eq!(status, 200, "{answer}");
        let whole = Table::ask(&table.lobby, &code, &table.key, 0).await;
        let made = whole.events.iter().filter(|e| e.seq >= at && e.event.intent().as_ref() == Some(&intent));
        assert_eq!(made.count(), 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_friend_invited_to_a_game_that_lasts_days_has_as_long_as_a_move_to_answer() {
    let scratch = Scratch::new("days-invited");
    let server = Server::start(&scratch, None, &scratch.database());
    let lobby = Lobby::of(&server);
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);
    assert_eq!(lobby.post("/api/friends/act", json!({ "key": ana, "nick": "Ben", "act": "ask" })).await.0, 200);
    assert_eq!(lobby.post("/api/friends/act", json!({ "key": ben, "nick": "Ana", "act": "accept" })).await.0, 200);
    let settings = json!({ "rules": "webfeud", "language": "es", "players": 2, "clock": null, "days": 2 });
    let (status, invited) =
        lobby.post("/api/invitations", json!({ "key": ana, "friends": ["Ben"], "settings": settings })).await;
    assert_eq!(status, 201, "{invited}");
    let (_, friends) = lobby.post("/api/friends", json!({ "key": ben })).await;
    let invitation = &friends["invitations"][0];
    let (id, expires) = (invitation["id"].as_u64().unwrap(), invitation["expires_ms"].as_u64().unwrap());
    assert!(expires > now_ms() + 2 * DAY_MS - 60_000, "{invitation}");
    let (status, joined) = lobby.post(&format!("/api/invitations/{id}"), json!({ "key": ben, "accept": true })).await;
    assert_eq!(status, 200, "{joined}");
    for key in [&ana, &ben] {
        let listed = my_games(&lobby, key, None).await;
        assert_eq!(listed.games.len(), 1);
        assert_eq!(listed.games[0].room.days, Some(2));
        assert!(listed.games[0].summary.turn.is_some(), "started: {listed:?}");
    }
}

/// The time now, as the server's clock (not moved here) has it.
fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

#[tokio::test(flavor = "multi_thread")]
async fn random_games_that_last_days_wait_in_a_queue_of_their_pace() {
    let scratch = Scratch::new("days-random");
    let server = Server::start(&scratch, None, &scratch.database());
    let lobby = Lobby::of(&server);
    let keys = [lobby.account("Ana").await, lobby.account("Ben").await, lobby.account("Cy").await];
    let dee = lobby.account("Dee").await;
    let random = |key: Option<&str>, days: u8| {
        let mut asked =
            json!({ "rules": "wocable", "language": "fr", "players": 2, "name": "x", "wait": 0, "days": days });
        if let Some(key) = key {
            asked["key"] = json!(key);
        }
        lobby.post("/api/random", asked)
    };
    let guest = random(None, 1).await;
    assert_eq!((guest.0, error_code(&guest.1)), (403, "members_only"));
    assert_eq!(error_code(&random(Some(&keys[0]), 5).await.1), "bad_clock");

    // Ana waits at once, in a game of her own that waits for a player.
    let (status, ana) = random(Some(&keys[0]), 1).await;
    assert_eq!(status, 200, "{ana}");
    let again = random(Some(&keys[0]), 1).await;
    assert_eq!((again.0, error_code(&again.1)), (409, "already_waiting"));
    // Cy asks for another pace: a queue of its own.
    let (_, cy) = random(Some(&keys[2]), 2).await;
    assert_ne!(cy["code"], ana["code"]);
    // Ben takes Ana's game, which starts.
    let (_, ben) = random(Some(&keys[1]), 1).await;
    assert_eq!(ben["code"], ana["code"]);
    let listed = my_games(&lobby, &keys[1], None).await;
    assert!(listed.games[0].summary.turn.is_some(), "started: {listed:?}");
    // Dee blocks Cy: never seated with her.
    assert_eq!(lobby.post("/api/friends/act", json!({ "key": dee, "nick": "Cy", "act": "block" })).await.0, 200);
    let (_, seated) = random(Some(&dee), 2).await;
    assert_ne!(seated["code"], cy["code"]);
}
