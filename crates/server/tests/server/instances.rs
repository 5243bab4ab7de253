//! Servers that share one database (PostgreSQL to scale out; two
//! processes on one machine can share an SQLite file too, so the tests run
//! on both): a room lives on the server that made it, and any of them
//! finds it by its code and sends the player there; random games pair the
//! players who asked either, and an arena runs on the server that opened
//! it, which the other sends its players to.

use crate::support::{Scratch, Seat, Server, play_until_it_counts};
use serde_json::json;
use std::time::Duration;
use wocable_crossword::Intent;
use wocable_net::{Account, ArenaList, ArenaStandings, ClientMessage, Created, Joined, RoomCode};

/// Seats players, each answered by the server they asked; the first
/// resigns, and everyone sees the game end.
async fn play_out<const N: usize>(players: [(&Joined, &Server); N], code: RoomCode, host: &Server) {
    let mut seats = Vec::new();
    for (joined, asked) in players {
        seats.push(Seat::connect(joined.server(&asked.url), code, joined.token).await);
    }
    while seats.iter().any(|s| s.view.as_ref().is_none_or(|v| v.log().is_empty())) {
        for seat in &mut seats {
            seat.take(Duration::from_millis(100)).await;
        }
    }
    // Three turns each, so that the game counts; then the first resigns.
    play_until_it_counts(&mut seats).await;
    let resigning = seats[0].seat();
    seats[0].raw.send(&ClientMessage::Intent(Intent::Resign { seat: resigning }));
    for seat in &mut seats {
        while seat.record.is_none() {
            assert!(seat.take(Duration::from_secs(10)).await, "the game ends:\n{}", host.log());
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_room_made_on_one_server_is_joined_through_another() {
    let scratch = Scratch::new("instances");
    let db = scratch.database();
    let (first, second) = (Server::start(&scratch, None, &db), Server::start(&scratch, None, &db));
    let http = reqwest::Client::new();
    let room = json!({ "rules": "wocable", "language": "en", "players": 2, "clock": 120 });
    let made = http.post(format!("{}/api/rooms", first.url)).json(&room).send().await.unwrap();
    let code = made.json::<Created>().await.unwrap().code;

    // The second server looks the room up for the first, and seats a
    // player there, who is told to connect there.
    let info: serde_json::Value =
        http.get(format!("{}/api/rooms/{code}", second.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!((info["players"].as_u64(), info["started"].as_bool()), (Some(2), Some(false)), "{info}");
    let join = |server: &Server, name: &str| {
        let request = http.post(format!("{}/api/rooms/{code}/join", server.url)).json(&json!({ "name": name }));
        async move { request.send().await.unwrap().json::<Joined>().await.unwrap() }
    };
    let ana = join(&second, "ana").await;
    assert_eq!(ana.server.as_deref(), Some(first.url.as_str()), "sent to the room's server");
    let ben = join(&first, "ben").await;
    assert_eq!(ben.server, None, "the room's own server says nothing of servers");
    play_out([(&ana, &second), (&ben, &first)], code, &first).await;

    // A code no server holds is refused plainly by either.
    let unknown = http.get(format!("{}/api/rooms/ZZZZZZ", second.url)).send().await.unwrap();
    assert_eq!(unknown.status(), reqwest::StatusCode::NOT_FOUND);
    // A finished game's room is still looked at where it was played.
    let finished: serde_json::Value =
        http.get(format!("{}/api/rooms/{code}", first.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(finished["finished"].as_bool(), Some(true), "{finished}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_random_game_pairs_players_who_asked_different_servers() {
    let scratch = Scratch::new("instances-random");
    let db = scratch.database();
    let (first, second) = (Server::start(&scratch, None, &db), Server::start(&scratch, None, &db));
    let http = reqwest::Client::new();
    let ask = |server: &Server, name: &str| {
        let body = json!({ "rules": "wocable", "language": "en", "players": 2, "name": name, "wait": 60 });
        let request = http.post(format!("{}/api/random", server.url)).json(&body);
        async move { request.send().await.unwrap().json::<Joined>().await.unwrap() }
    };
    let ana = tokio::spawn(ask(&first, "ana"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let ben = ask(&second, "ben").await;
    let ana = tokio::time::timeout(Duration::from_secs(10), ana).await.expect("ana is answered too").unwrap();
    assert_eq!(ana.code, ben.code, "one game for both");
    // The server that paired them holds the room; the other one's player
    // is sent there.
    let (host, guest, guest_joined) = match ben.server {
        None => (&second, &first, &ana),
        Some(_) => (&first, &second, &ben),
    };
    assert_eq!(guest_joined.server.as_deref(), Some(host.url.as_str()), "sent to the room's server");
    let info: serde_json::Value =
        http.get(format!("{}/api/rooms/{}", guest.url, ana.code)).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["seats"], json!(["ana", "ben"]), "no computer took a seat: {info}");
    play_out([(&ana, &first), (&ben, &second)], ana.code, host).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_arena_runs_on_one_server_and_pairs_players_who_came_through_either() {
    let scratch = Scratch::new("instances-arena");
    let db = scratch.database();
    let arenas = ["--arena", "wocable-en-2", "--arena-every", "3600"];
    let servers = [Server::start_with(&scratch, None, &db, &arenas), Server::start_with(&scratch, None, &db, &arenas)];
    let http = reqwest::Client::new();
    let get = |url: String| {
        let request = http.get(url);
        async move { request.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    let id = loop {
        let list: ArenaList = serde_json::from_value(get(format!("{}/api/arenas", servers[1].url)).await).unwrap();
        if let Some(arena) = list.running.first() {
            assert_eq!(list.running.len(), 1, "both servers open the hour's arena, once");
            break arena.id.0.clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut accounts = Vec::new();
    for (server, nick) in servers.iter().zip(["ana", "ben"]) {
        let made = http.post(format!("{}/api/players", server.url)).json(&json!({ "nick": nick })).send().await;
        accounts.push(made.unwrap().json::<Account>().await.unwrap());
    }
    let join = |server: &Server, account: &Account| {
        let request =
            http.post(format!("{}/api/arenas/{id}/join", server.url)).json(&json!({ "key": account.key.to_hex() }));
        async move { request.send().await.unwrap().json::<Joined>().await.unwrap() }
    };
    let (ana, ben) = tokio::join!(join(&servers[0], &accounts[0]), join(&servers[1], &accounts[1]));
    assert_eq!(ana.code, ben.code, "paired together, though they asked different servers");
    let runner = match ana.server {
        None => 0,
        Some(_) => 1,
    };
    let other = &servers[1 - runner];
    let through_other = if runner == 0 { &ben } else { &ana };
    assert_eq!(through_other.server.as_deref(), Some(servers[runner].url.as_str()), "sent to the arena's server");
    play_out([(&ana, &servers[0]), (&ben, &servers[1])], ana.code, &servers[runner]).await;

    // Either server gives the live standings: the runner's, versions and all.
    let live = format!("{}/api/arenas/{id}?since=0", other.url);
    let standings: ArenaStandings = loop {
        let standings: ArenaStandings = serde_json::from_value(get(live.clone()).await).unwrap();
        if standings.standings.iter().any(|place| place.score > 0) {
            break standings;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let winner = standings.standings.first().unwrap();
    assert_eq!((winner.nick.as_str(), winner.score, &winner.sheet), ("ben", 2, &vec![2]), "{standings:?}");

    // Leaving through the other server ends a wait on the runner.
    let account = if runner == 0 { &accounts[1] } else { &accounts[0] };
    let waiting = tokio::spawn(
        http.post(format!("{}/api/arenas/{id}/join", other.url)).json(&json!({ "key": account.key.to_hex() })).send(),
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let left = http
        .post(format!("{}/api/arenas/{id}/leave", other.url))
        .json(&json!({ "key": account.key.to_hex() }))
        .send()
        .await
        .unwrap();
    assert_eq!(left.status(), reqwest::StatusCode::NO_CONTENT);
    let refused = tokio::time::timeout(Duration::from_secs(10), waiting).await.unwrap().unwrap().unwrap();
    assert!(refused.text().await.unwrap().contains("you left the arena"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_of_the_database_that_never_answers_costs_a_timeout_only() {
    let scratch = Scratch::new("stuck-instance");
    let db = scratch.database();
    // The first server says it is reached at an address where something
    // takes connections and never answers.
    let stuck = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let stuck_url = format!("http://{}", stuck.local_addr().unwrap());
    let held = tokio::spawn(async move {
        let mut connections = Vec::new();
        while let Ok((connection, _)) = stuck.accept().await {
            connections.push(connection);
        }
    });
    let first = Server::start_with(&scratch, None, &db, &["--public-url", &stuck_url]);
    let second = Server::start(&scratch, None, &db);
    let http = reqwest::Client::new();
    let room = json!({ "rules": "wocable", "language": "en", "players": 2 });
    let made = http.post(format!("{}/api/rooms", first.url)).json(&room).send().await.unwrap();
    let code = made.json::<Created>().await.unwrap().code;

    let asked = std::time::Instant::now();
    let looked = http.get(format!("{}/api/rooms/{code}", second.url)).send().await.unwrap();
    let waited = asked.elapsed();
    assert_eq!(looked.status(), reqwest::StatusCode::BAD_GATEWAY);
    let refusal: serde_json::Value = looked.json().await.unwrap();
    assert_eq!(refusal["error"]["code"], "unreachable", "{refusal}");
    assert!(waited < Duration::from_secs(20), "answered after {waited:?}");
    held.abort();
}
