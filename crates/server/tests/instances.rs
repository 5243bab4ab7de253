//! Servers that share one database (PostgreSQL to scale out; two
//! processes on one machine can share an SQLite file too, so the test runs
//! on both): a room lives on the server that made it, and any of them
//! finds it by its code and sends the player there.

mod support;

use serde_json::json;
use std::time::Duration;
use support::{Scratch, Seat, Server};
use wocable_crossword::Intent;
use wocable_net::{ClientMessage, Created, Joined};

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
    let mut seats = Vec::new();
    for (joined, asked) in [(&ana, &second), (&ben, &first)] {
        seats.push(Seat::connect(joined.server(&asked.url), code, joined.token).await);
    }
    while seats.iter().any(|s| s.view.as_ref().is_none_or(|v| v.log().is_empty())) {
        for seat in &mut seats {
            seat.take(Duration::from_millis(100)).await;
        }
    }
    let resigning = seats[0].seat();
    seats[0].raw.send(&ClientMessage::Intent(Intent::Resign { seat: resigning }));
    for seat in &mut seats {
        while seat.record.is_none() {
            assert!(seat.take(Duration::from_secs(10)).await, "the game ends:\n{}", first.log());
        }
        let record = seat.record.as_deref().unwrap();
        assert!(record.contains("ana") && record.contains("ben"), "{record}");
    }

    // A code no server holds is refused plainly by either.
    let unknown = http.get(format!("{}/api/rooms/ZZZZZZ", second.url)).send().await.unwrap();
    assert_eq!(unknown.status(), reqwest::StatusCode::NOT_FOUND);
    // A finished game's room is still looked at where it was played.
    let finished: serde_json::Value =
        http.get(format!("{}/api/rooms/{code}", first.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(finished["finished"].as_bool(), Some(true), "{finished}");
}
