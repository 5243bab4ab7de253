//! A day of arenas through the real server: forty players, each a client
//! of the test's own over WebRTC, join arenas and play game after game
//! while the test moves the server's clock (`--test-clock`) through six
//! four-hour arenas. Their games are short so the day takes seconds: a
//! word to open, then exchanges, and after the three turns each a game
//! needs to count, one turn in four a resignation (else the sixth
//! scoreless turn ends it); the players know how each game ended, and
//! the standings must agree with them.

use crate::support::{COUNTED_TURNS, Scratch, Seat, Server};
use rand::{RngExt, SeedableRng};
use serde::de::DeserializeOwned;
use serde_json::json;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use wocable_crossword::{Intent, Outcome};
use wocable_net::{Account, ArenaList, ArenaStandings, Joined, Leaderboard, Profile};

const PLAYERS: usize = 40;
const ARENA_MS: u64 = 4 * 60 * 60 * 1000;
const DAY_MS: u64 = 24 * 60 * 60 * 1000;
/// How long the players play in each arena, in real time.
const PLAY: Duration = Duration::from_secs(3);
/// The longest a free player may wait for a game: the others are busy
/// for a few seconds at most.
const PAIRED_WITHIN: Duration = Duration::from_secs(10);

#[derive(Clone)]
struct Lobby {
    http: reqwest::Client,
    url: String,
}

impl Lobby {
    /// The answer, or the server's error text.
    async fn post<T: DeserializeOwned>(&self, path: &str, body: serde_json::Value) -> Result<T, String> {
        let answer = self.http.post(format!("{}{path}", self.url)).json(&body).send().await.unwrap();
        if answer.status().is_success() { Ok(answer.json().await.unwrap()) } else { Err(answer.text().await.unwrap()) }
    }

    async fn leave(&self, arena: &str, key: &serde_json::Value) {
        let url = format!("{}/api/arenas/{arena}/leave", self.url);
        let left = self.http.post(url).json(key).send().await.unwrap();
        assert_eq!(left.status(), reqwest::StatusCode::NO_CONTENT);
    }

    async fn get<T: DeserializeOwned>(&self, path: &str) -> T {
        let answer = self.http.get(format!("{}{path}", self.url)).send().await.unwrap();
        assert!(answer.status().is_success(), "{path}: {}", answer.status());
        answer.json().await.unwrap()
    }

    /// Moves the server's clock on; its time after.
    async fn advance(&self, ms: u64) -> u64 {
        let now: serde_json::Value = self.post("/api/test/clock", json!({ "advance_ms": ms })).await.unwrap();
        now["now_ms"].as_u64().unwrap()
    }

    /// The arena running, once the server has opened it.
    async fn running(&self) -> ArenaStandings {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let list: ArenaList = self.get("/api/arenas").await;
            assert!(list.running.len() <= 1, "one kind of arena");
            if let Some(arena) = list.running.first() {
                return self.standings(&arena.id.0).await;
            }
            assert!(Instant::now() < deadline, "no arena opened");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn standings(&self, id: &str) -> ArenaStandings {
        self.get(&format!("/api/arenas/{id}?per_page=200")).await
    }
}

/// One player: asks for a game, plays it, asks again, until `stop`; then
/// leaves (a game paired meanwhile is played). How each game ended.
async fn player(
    lobby: Lobby,
    account: Account,
    arena: String,
    mut stop: watch::Receiver<bool>,
    seed: u64,
) -> Vec<Outcome> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let key = json!({ "key": account.key.to_hex() });
    let mut outcomes = Vec::new();
    while !*stop.borrow() {
        let asked = Instant::now();
        let path = format!("/api/arenas/{arena}/join");
        let join = lobby.post::<Joined>(&path, key.clone());
        tokio::pin!(join);
        let joined = tokio::select! {
            joined = &mut join => joined,
            _ = stop.changed() => loop {
                // A leave may overtake the join it should end: again.
                lobby.leave(&arena, &key).await;
                if let Ok(joined) = tokio::time::timeout(Duration::from_secs(1), &mut join).await {
                    break joined;
                }
            }
        };
        let joined = match joined {
            Ok(joined) => joined,
            Err(e) if e.contains("you left the arena") => break,
            Err(e) => panic!("{}: {e}", account.nick),
        };
        assert!(asked.elapsed() < PAIRED_WITHIN || *stop.borrow(), "{} waited {:?}", account.nick, asked.elapsed());
        if rng.random_bool(0.1) {
            // As if the answer was lost: asking again gives the same seat.
            let again = lobby.post::<Joined>(&path, key.clone()).await.unwrap();
            assert_eq!((again.code, again.seat, again.token), (joined.code, joined.seat, joined.token));
        }
        let mut seat = Seat::connect(&lobby.url, joined.code, joined.token).await;
        while seat.until_turn().await {
            let opening = seat.view.as_ref().unwrap().board().is_empty();
            let intent = if opening {
                seat.best_play().unwrap_or_else(|| seat.exchange_one())
            } else if seat.turns_taken() >= COUNTED_TURNS && rng.random_bool(0.25) {
                Intent::Resign { seat: seat.seat() }
            } else {
                seat.exchange_one()
            };
            seat.make(intent).await;
        }
        if seat.turns_taken() < COUNTED_TURNS {
            continue;
        }
        let mine = seat.standings.iter().find(|s| s.seat == joined.seat).unwrap().rank;
        let first = seat.standings.iter().filter(|s| s.rank == 1).count();
        outcomes.push(match (mine, first) {
            (1, 1) => Outcome::Win,
            (1, _) => Outcome::Draw,
            _ => Outcome::Loss,
        });
    }
    outcomes
}

/// Every player plays for [`PLAY`] in the running arena; each one's
/// outcomes, by nickname.
async fn play_a_while(lobby: &Lobby, accounts: &[Account], arena: &str, round: u64) -> HashMap<String, Vec<Outcome>> {
    let (stop, stopped) = watch::channel(false);
    let players: Vec<_> = accounts
        .iter()
        .enumerate()
        .map(|(i, account)| {
            let seed = round * 1000 + i as u64;
            tokio::spawn(player(lobby.clone(), account.clone(), arena.to_string(), stopped.clone(), seed))
        })
        .collect();
    tokio::time::sleep(PLAY).await;
    stop.send(true).unwrap();
    let mut outcomes = HashMap::new();
    for (account, player) in accounts.iter().zip(players) {
        outcomes.insert(account.nick.clone(), player.await.unwrap());
    }
    outcomes
}

/// The arena's sheet of a player who had these outcomes: 2 for a win, 1
/// for a draw, doubled after two wins in a row until they stop winning.
fn sheet(outcomes: &[Outcome]) -> Vec<u32> {
    let mut streak = 0;
    outcomes
        .iter()
        .map(|outcome| {
            let double = if streak >= 2 { 2 } else { 1 };
            streak = if *outcome == Outcome::Win { streak + 1 } else { 0 };
            double
                * match outcome {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                }
        })
        .collect()
}

/// The standings hold exactly what the players saw, in order of score.
fn agree(standings: &ArenaStandings, outcomes: &HashMap<String, Vec<Outcome>>) -> usize {
    let places: HashMap<&str, &wocable_net::ArenaPlace> =
        standings.standings.iter().map(|p| (p.nick.as_str(), p)).collect();
    let mut games = 0;
    for (nick, outcomes) in outcomes {
        let sheet = sheet(outcomes);
        games += sheet.len();
        match places.get(nick.as_str()) {
            Some(place) => {
                assert_eq!(place.sheet, sheet, "{nick}: {outcomes:?}");
                assert_eq!(place.score, sheet.iter().sum::<u32>(), "{nick}");
            }
            None => assert!(sheet.is_empty(), "{nick} played but is not in the standings"),
        }
    }
    let scores: Vec<u32> = standings.standings.iter().map(|p| p.score).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let places: Vec<u64> = standings.standings.iter().map(|p| p.place).collect();
    assert_eq!(places, (1..=places.len() as u64).collect::<Vec<_>>());
    games / 2
}

fn start(scratch: &Scratch, port: Option<u16>, now: u64) -> Server {
    let clock = now.to_string();
    // The players all come from 127.0.0.1.
    let sockets = (2 * PLAYERS).to_string();
    let args = ["--test-clock", &clock, "--arena", "wocable-en-2", "--arena-every", "14400"];
    let args = [&args[..], &["--sockets-per-address", &sockets]].concat();
    Server::start_with(scratch, port, &scratch.database(), &args)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_day_of_arenas_pairs_everyone_and_keeps_the_standings() {
    let scratch = Scratch::new("arenas");
    // The day starts at a midnight in 2030, a second past.
    let midnight = 2_000_000_000_000 / DAY_MS * DAY_MS + DAY_MS;
    let mut server = start(&scratch, None, midnight + 1_000);
    let mut lobby = Lobby { http: reqwest::Client::new(), url: server.url.clone() };
    let mut accounts = Vec::new();
    for i in 0..PLAYERS {
        accounts.push(lobby.post::<Account>("/api/players", json!({ "nick": format!("p{i:02}") })).await.unwrap());
    }

    let mut seen = Vec::new();
    for n in 0..6 {
        let arena = lobby.running().await;
        let id = arena.arena.id.0.clone();
        assert_eq!(arena.arena.starts_ms, midnight + n * ARENA_MS, "{id} opens on time");
        assert_eq!(arena.arena.ends_ms, midnight + (n + 1) * ARENA_MS);
        assert!(arena.standings.is_empty());
        let mut outcomes = play_a_while(&lobby, &accounts, &id, n).await;
        let after = lobby.standings(&id).await;
        assert!(agree(&after, &outcomes) >= PLAYERS / 2, "every player had a game or more");

        if n == 2 {
            // Killed and started again mid-arena: the standings stay, and
            // the players go on scoring from them.
            let port = server.port();
            let now = lobby.advance(0).await;
            server.kill();
            server = start(&scratch, Some(port), now);
            lobby.url = server.url.clone();
            assert_eq!(lobby.standings(&id).await.standings, after.standings, "the standings survive a restart");
            for (nick, more) in play_a_while(&lobby, &accounts, &id, 100).await {
                outcomes.get_mut(&nick).unwrap().extend(more);
            }
            agree(&lobby.standings(&id).await, &outcomes);
        }

        // The arena closes on time, and the next opens at once.
        let version = lobby.standings(&id).await.version;
        let live = tokio::spawn({
            let (lobby, id) = (lobby.clone(), id.clone());
            async move { lobby.get::<ArenaStandings>(&format!("/api/arenas/{id}?since={version}")).await }
        });
        let now = lobby.advance(0).await;
        lobby.advance(midnight + (n + 1) * ARENA_MS - now).await;
        let live = tokio::time::timeout(Duration::from_secs(5), live).await.expect("live standings").unwrap();
        assert!(live.version > version);
        seen.push((id, lobby.standings(&arena.arena.id.0).await.standings));
    }
    lobby.advance(0).await;

    // The day's six arenas are kept, the latest first, with their standings.
    let list: ArenaList = lobby.get("/api/arenas?per_page=10").await;
    let ids: Vec<&str> = list.recent.iter().map(|a| a.id.0.as_str()).collect();
    let expected: Vec<&str> = seen.iter().rev().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, expected);
    for (id, standings) in &seen {
        assert_eq!(&lobby.standings(id).await.standings, standings, "{id}: final standings kept");
        let leaders = &list.recent.iter().find(|a| &a.id.0 == id).unwrap().leaders;
        assert_eq!(leaders[..], standings[..3]);
    }

    // The day's games settled ratings: the leaderboard, which adds up
    // counts kept game by game, agrees with the players' profiles.
    let mut settled: Vec<(f64, String)> = Vec::new();
    for account in &accounts {
        let profile: Profile = lobby.get(&format!("/api/players/{}", account.nick)).await;
        let list = &profile.lists[0];
        if !list.provisional {
            settled.push((list.rating.rating, account.nick.clone()));
        }
    }
    assert!(!settled.is_empty(), "a day of games settles some ratings");
    settled.sort_by(|a, b| b.0.total_cmp(&a.0));
    let board: Leaderboard = lobby.get("/api/leaderboard?rules=wocable&lang=en&per_page=200").await;
    assert_eq!(board.total as usize, settled.len());
    let ranked: Vec<f64> = board.players.iter().map(|p| p.rating).collect();
    assert_eq!(ranked, settled.iter().map(|(rating, _)| *rating).collect::<Vec<_>>());
    let (_, last) = settled.last().unwrap();
    let you: Leaderboard = lobby.get(&format!("/api/leaderboard?rules=wocable&lang=en&per_page=1&me={last}")).await;
    assert_eq!(you.you.map(|you| you.place), Some(settled.len() as u64), "{last}'s place");

    let closed = format!("/api/arenas/{}/join", seen[0].0);
    let refused = lobby.post::<Joined>(&closed, json!({ "key": accounts[0].key.to_hex() })).await.unwrap_err();
    assert!(refused.contains("no arena"), "a closed arena takes nobody: {refused}");
}
