//! Friends, blocks and invitations, over loopback with the real server:
//! members ask and accept, see who is online, invite friends into a room
//! (and the invited one's open list hears of it at once), decline, and let
//! invitations expire; a block holds everywhere (requests, invitations,
//! chat, rooms by code, random games) and the blocked one is never told.

use crate::support::{Lobby, Scratch, Seat, Server, error_code};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use wocable_net::{ChatLine, ClientMessage, Friends, Joined};

impl Lobby {
    async fn friends(&self, key: &str) -> Friends {
        let (status, friends) = self.post("/api/friends", json!({ "key": key })).await;
        assert_eq!(status, 200, "{friends}");
        serde_json::from_value(friends).unwrap()
    }

    async fn act(&self, key: &str, nick: &str, act: &str) -> (u16, Value) {
        self.post("/api/friends/act", json!({ "key": key, "nick": nick, "act": act })).await
    }

    async fn done(&self, key: &str, nick: &str, act: &str) -> Friends {
        let (status, friends) = self.act(key, nick, act).await;
        assert_eq!(status, 200, "{act} {nick}: {friends}");
        serde_json::from_value(friends).unwrap()
    }

    async fn invite(&self, key: &str, friends: &[&str]) -> (u16, Value) {
        let settings = json!({ "rules": "wocable", "language": "en", "players": friends.len() + 1, "clock": null });
        self.post("/api/invitations", json!({ "key": key, "friends": friends, "settings": settings })).await
    }

    async fn answer(&self, key: &str, id: u64, accept: bool) -> (u16, Value) {
        self.post(&format!("/api/invitations/{id}"), json!({ "key": key, "accept": accept })).await
    }

    async fn seats(&self, code: &str) -> Value {
        let room = self.http.get(format!("{}/api/rooms/{code}", self.url)).send().await.unwrap();
        room.json::<Value>().await.unwrap()["seats"].clone()
    }
}

fn nicks(friends: &Friends) -> Vec<&str> {
    friends.friends.iter().map(|friend| friend.nick.as_str()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn friends_ask_accept_invite_and_a_block_holds_everywhere_unseen() {
    let scratch = Scratch::new("friends");
    let mut server = Server::start(&scratch, None, &scratch.database());
    let lobby = Lobby::of(&server);
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);

    assert_eq!(lobby.act(&ana, "nobody", "ask").await.0, 404);
    assert_eq!(error_code(&lobby.act(&ana, "ANA", "ask").await.1), "yourself");
    let asked = lobby.done(&ana, "ben", "ask").await;
    assert_eq!(asked.asked, ["Ben"]);
    assert_eq!(lobby.friends(&ben).await.asking, ["Ana"]);
    let ben_sees = lobby.done(&ben, "Ana", "accept").await;
    assert_eq!(nicks(&ben_sees), ["Ana"]);
    assert!(ben_sees.friends[0].online, "Ana's app asked a moment ago");
    let ana_sees = lobby.friends(&ana).await;
    assert_eq!((nicks(&ana_sees), ana_sees.asked.len()), (vec!["Ben"], 0));
    assert_eq!(ana_sees.friends[0].playing, None, "not in a game yet");

    // Ben's open list waits for a change; Ana's invitation answers it.
    let version = lobby.friends(&ben).await.version;
    let waiting = {
        let (lobby, key) = (lobby.clone(), ben.clone());
        tokio::spawn(async move {
            let asked = Instant::now();
            let (status, friends) = lobby.post("/api/friends", json!({ "key": key, "since": version })).await;
            assert_eq!(status, 200, "{friends}");
            (serde_json::from_value::<Friends>(friends).unwrap(), asked.elapsed())
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, joined) = lobby.invite(&ana, &["Ben"]).await;
    assert_eq!(status, 201, "{joined}");
    let ana_seat: Joined = serde_json::from_value(joined).unwrap();
    let (invited, waited) = waiting.await.unwrap();
    assert!(waited < Duration::from_secs(3), "the invitation came at once, not at the next look: {waited:?}");
    let invitation = &invited.invitations[0];
    assert_eq!((invitation.from.as_str(), invitation.code), ("Ana", ana_seat.code));
    let (status, joined) = lobby.answer(&ben, invitation.id, true).await;
    assert_eq!(status, 200, "{joined}");
    let ben_seat: Joined = serde_json::from_value(joined).unwrap();
    assert_eq!(lobby.seats(ana_seat.code.as_str()).await, json!(["Ana", "Ben"]));
    assert_eq!(lobby.friends(&ana).await.sent[0].accepted, Some(true));
    assert_eq!(error_code(&lobby.answer(&ben, invitation.id, true).await.1), "no_such_invitation", "answered");

    // In their game, Ben blocks Ana: her lines no longer reach him.
    let mut ana_game = Seat::connect(&server.url, ana_seat.code, ana_seat.token).await;
    let mut ben_game = Seat::connect(&server.url, ben_seat.code, ben_seat.token).await;
    let say = |seat: &mut Seat, text: &str| seat.raw.send(&ClientMessage::Chat(text.to_string()));
    say(&mut ana_game, "hello");
    hear(&mut ben_game, |me| me.chat.len() == 1).await;
    // Each sees the other playing, and where, to watch.
    for (me, friend) in [(&ana, "Ben"), (&ben, "Ana")] {
        let friends = lobby.friends(me).await;
        assert_eq!(friends.friends[0].nick, friend);
        assert_eq!(friends.friends[0].playing, Some(ana_seat.code));
    }
    let blocking = lobby.done(&ben, "Ana", "block").await;
    assert_eq!((blocking.blocked.as_slice(), blocking.friends.len()), (&["Ana".to_string()][..], 0));
    say(&mut ana_game, "still there?");
    hear(&mut ana_game, |me| me.chat.len() == 2).await;
    say(&mut ben_game, "bye");
    hear(&mut ana_game, |me| me.chat.len() == 3).await;
    hear(&mut ben_game, |me| me.chat.iter().any(|line| line.text == "bye")).await;
    let heard: Vec<&ChatLine> = ben_game.chat.iter().filter(|line| line.seat == ana_seat.seat).collect();
    assert_eq!(heard.len(), 1, "only the line before the block: {heard:?}");
    let mut ben_again = Seat::connect(&server.url, ben_seat.code, ben_seat.token).await;
    hear(&mut ben_again, |me| me.chat.iter().any(|line| line.text == "bye")).await;
    assert!(ben_again.chat.iter().all(|line| line.seat != ana_seat.seat), "nor again: {:?}", ben_again.chat);
    // Nor after the server restarts (the chat's lines are not kept).
    let port = server.port();
    server.kill();
    server = Server::start(&scratch, Some(port), &scratch.database());
    ana_game.reconnect(&server.url).await;
    ben_again.reconnect(&server.url).await;
    say(&mut ana_game, "after the restart");
    // Hers first: had Ben's seat been sent it, it would come before his.
    hear(&mut ana_game, |me| me.chat.len() == 1).await;
    say(&mut ben_again, "me too");
    hear(&mut ana_game, |me| me.chat.len() == 2).await;
    hear(&mut ben_again, |me| me.chat.iter().any(|line| line.text == "me too")).await;
    assert!(ben_again.chat.iter().all(|line| line.seat != ana_seat.seat), "{:?}", ben_again.chat);

    // What Ana sees is a friend gone, as if removed; her requests seem to
    // wait, and reach nobody.
    let ana_sees = lobby.friends(&ana).await;
    assert!(ana_sees.friends.is_empty() && ana_sees.blocked.is_empty(), "{ana_sees:?}");
    assert_eq!(lobby.done(&ana, "Ben", "ask").await.asked, ["Ben"]);
    assert!(lobby.friends(&ben).await.asking.is_empty());
    assert_eq!(error_code(&lobby.act(&ben, "Ana", "ask").await.1), "blocked_by_you");
    let refused = lobby.invite(&ana, &["Ben"]).await;
    assert_eq!(error_code(&refused.1), "not_friends", "as for anyone not her friend");

    // A room by code with Ben in it is full, for Ana alone.
    let room =
        lobby.post("/api/rooms", json!({ "rules": "wocable", "language": "en", "players": 3, "clock": null })).await;
    let code = room.1["code"].as_str().unwrap().to_string();
    let path = format!("/api/rooms/{code}/join");
    let join = |key: &str| lobby.post(&path, json!({ "name": "x", "key": key }));
    assert_eq!(join(&ben).await.0, 200);
    assert_eq!(error_code(&join(&ana).await.1), "room_full");
    let guest = lobby.post(&path, json!({ "name": "cy" })).await;
    assert_eq!(guest.0, 200, "the room had a seat: {}", guest.1);

    // Random games never seat them together: each plays a computer.
    let random = |key: &str| {
        let body = json!({ "rules": "wocable", "language": "en", "players": 2, "name": "x", "wait": 2, "key": key });
        lobby.post("/api/random", body)
    };
    let ((a_status, a), (b_status, b)) = tokio::join!(random(&ana), random(&ben));
    assert_eq!((a_status, b_status), (200, 200), "{a} {b}");
    assert_ne!(a["code"], b["code"]);
    for seated in [&a, &b] {
        let seats = lobby.seats(seated["code"].as_str().unwrap()).await;
        assert!(seats.as_array().unwrap().iter().any(|name| name.as_str().unwrap().starts_with("Bot")), "{seats}");
    }

    // Unblocked, Ben sees the request Ana made meanwhile.
    let unblocked = lobby.done(&ben, "Ana", "unblock").await;
    assert_eq!((unblocked.blocked.len(), unblocked.asking.as_slice()), (0, &["Ana".to_string()][..]));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_invitation_declined_or_expired_cannot_be_answered_and_only_friends_are_invited() {
    let scratch = Scratch::new("invitations");
    let start = 1_800_000_000_000u64.to_string();
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--test-clock", &start]);
    let lobby = Lobby::of(&server);
    let (ana, ben, cy) = (lobby.account("Ana").await, lobby.account("Ben").await, lobby.account("Cy").await);
    for friend in ["Ben", "Cy"] {
        lobby.done(&ana, friend, "ask").await;
    }
    lobby.done(&ben, "Ana", "accept").await;
    assert_eq!(error_code(&lobby.invite(&ana, &["Cy"]).await.1), "not_friends", "Cy has not accepted yet");
    lobby.done(&cy, "Ana", "ask").await;
    assert_eq!(nicks(&lobby.friends(&cy).await), ["Ana"], "asking back accepts");
    assert_eq!(error_code(&lobby.invite(&ana, &[]).await.1), "bad_settings");
    assert_eq!(error_code(&lobby.invite(&ana, &["Ben", "Ben"]).await.1), "not_friends");

    let (status, _) = lobby.invite(&ana, &["Ben", "Cy"]).await;
    assert_eq!(status, 201);
    let to_ben = lobby.friends(&ben).await.invitations[0].id;
    let to_cy = lobby.friends(&cy).await.invitations[0].id;
    assert_eq!(lobby.answer(&ben, to_cy, true).await.0, 404, "another's invitation");
    assert_eq!(lobby.answer(&cy, to_cy, false).await.0, 204);
    let sent = lobby.friends(&ana).await.sent;
    let answers: Vec<(&str, Option<bool>)> = sent.iter().map(|s| (s.to.as_str(), s.accepted)).collect();
    assert_eq!(answers.len(), 2);
    assert!(answers.contains(&("Cy", Some(false))) && answers.contains(&("Ben", None)), "{answers:?}");
    assert!(lobby.friends(&cy).await.invitations.is_empty());

    let later = json!({ "advance_ms": wocable_net::INVITATION_MS + 1 });
    assert_eq!(lobby.post("/api/test/clock", later).await.0, 200);
    assert!(lobby.friends(&ben).await.invitations.is_empty(), "expired");
    assert_eq!(error_code(&lobby.answer(&ben, to_ben, true).await.1), "no_such_invitation");
    let ben_sees = lobby.friends(&ben).await;
    assert!(!ben_sees.friends[0].online, "Ana's app has not asked for ten minutes");
}

/// Servers of one database: a friend's game held by one is seen on the
/// list another serves, to watch; a block taken by one holds in a game
/// another holds: within seconds, the blocker hears the blocked player no
/// more.
#[tokio::test(flavor = "multi_thread")]
async fn friends_games_and_blocks_are_seen_across_servers() {
    let scratch = Scratch::new("blocks-elsewhere");
    let db = scratch.database();
    let (here, elsewhere) = (Server::start(&scratch, None, &db), Server::start(&scratch, None, &db));
    let (lobby, other) = (Lobby::of(&here), Lobby::of(&elsewhere));
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);
    lobby.done(&ana, "Ben", "ask").await;
    lobby.done(&ben, "Ana", "accept").await;
    let ana_seat: Joined = serde_json::from_value(lobby.invite(&ana, &["Ben"]).await.1).unwrap();
    let invitation = lobby.friends(&ben).await.invitations[0].id;
    let ben_seat: Joined = serde_json::from_value(lobby.answer(&ben, invitation, true).await.1).unwrap();
    let mut ana_game = Seat::connect(&here.url, ana_seat.code, ana_seat.token).await;
    let mut ben_game = Seat::connect(&here.url, ben_seat.code, ben_seat.token).await;
    let say = |seat: &mut Seat, text: &str| seat.raw.send(&ClientMessage::Chat(text.to_string()));
    say(&mut ana_game, "hello");
    hear(&mut ben_game, |me| me.chat.len() == 1).await;
    assert_eq!(other.friends(&ana).await.friends[0].playing, Some(ana_seat.code), "Ben plays there");
    let watched = other.http.get(format!("{}/api/rooms/{}/watch", other.url, ana_seat.code)).send().await.unwrap();
    assert_eq!(watched.status(), 200, "watched through the server Ana asks");

    other.done(&ben, "Ana", "block").await;
    // The other server's next look (every five seconds) finds it.
    tokio::time::sleep(Duration::from_secs(6)).await;
    say(&mut ana_game, "still there?");
    hear(&mut ana_game, |me| me.chat.len() == 2).await;
    say(&mut ben_game, "bye");
    hear(&mut ben_game, |me| me.chat.iter().any(|line| line.text == "bye")).await;
    let heard: Vec<&ChatLine> = ben_game.chat.iter().filter(|line| line.seat == ana_seat.seat).collect();
    assert_eq!(heard.len(), 1, "only the line before the block: {heard:?}");
}

/// A member may have 50 requests to be friends waiting for answers, and
/// 20 invitations: one more is refused (429), and says why, until one is
/// answered.
#[tokio::test(flavor = "multi_thread")]
async fn requests_and_invitations_waiting_for_answers_are_bounded() {
    let scratch = Scratch::new("most-asking");
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--no-address-limits"]);
    let lobby = Lobby::of(&server);
    let ana = lobby.account("Ana").await;
    let mut friends = Vec::new();
    for n in 0..21 {
        let key = lobby.account(&format!("Friend{n}")).await;
        lobby.done(&key, "Ana", "ask").await;
        lobby.done(&ana, &format!("Friend{n}"), "accept").await;
        friends.push(key);
    }
    for n in 0..51 {
        lobby.account(&format!("Asked{n}")).await;
    }
    for n in 0..50 {
        lobby.done(&ana, &format!("Asked{n}"), "ask").await;
    }
    let (status, refused) = lobby.act(&ana, "Asked50", "ask").await;
    assert_eq!((status, error_code(&refused)), (429, "too_many_asked"), "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("50 players"), "{refused}");

    for n in 0..20 {
        assert_eq!(lobby.invite(&ana, &[&format!("Friend{n}")]).await.0, 201);
    }
    let (status, refused) = lobby.invite(&ana, &["Friend20"]).await;
    assert_eq!((status, error_code(&refused)), (429, "too_many_invitations"), "{refused}");
    let invitation = lobby.friends(&friends[0]).await.invitations[0].id;
    assert_eq!(lobby.answer(&friends[0], invitation, false).await.0, 204);
    assert_eq!(lobby.invite(&ana, &["Friend20"]).await.0, 201, "one answered, one more may go");
}

/// What the blocker asked or offered before the block gives the blocked
/// player no way back: neither accepting an old request, nor asking, nor
/// an invitation made before.
#[tokio::test(flavor = "multi_thread")]
async fn nothing_from_before_a_block_lets_the_blocked_player_back_in() {
    let scratch = Scratch::new("block-before");
    let server = Server::start(&scratch, None, &scratch.database());
    let lobby = Lobby::of(&server);
    let (ana, ben, cy) = (lobby.account("Ana").await, lobby.account("Ben").await, lobby.account("Cy").await);
    // Ana asks Cy, then blocks her before she answers.
    lobby.done(&ana, "Cy", "ask").await;
    lobby.done(&ana, "Cy", "block").await;
    assert!(lobby.friends(&cy).await.asking.is_empty(), "the request went with the block");
    lobby.done(&cy, "Ana", "accept").await;
    assert_eq!(lobby.done(&cy, "Ana", "ask").await.asked, ["Ana"], "her ask seems to wait");
    assert!(lobby.friends(&ana).await.friends.is_empty() && lobby.friends(&cy).await.friends.is_empty());
    // Ben's invitation from Ana goes when she blocks him; it cannot be
    // answered, and another answer of an invitation counts once.
    lobby.done(&ana, "Ben", "ask").await;
    lobby.done(&ben, "Ana", "accept").await;
    assert_eq!(lobby.invite(&ana, &["Ben"]).await.0, 201);
    let invitation = lobby.friends(&ben).await.invitations[0].id;
    lobby.done(&ana, "Ben", "block").await;
    assert!(lobby.friends(&ben).await.invitations.is_empty());
    assert_eq!(error_code(&lobby.answer(&ben, invitation, true).await.1), "no_such_invitation");
    lobby.done(&ana, "Ben", "unblock").await;
    lobby.done(&ana, "Ben", "ask").await;
    lobby.done(&ben, "Ana", "accept").await;
    assert_eq!(lobby.invite(&ana, &["Ben"]).await.0, 201);
    let invitation = lobby.friends(&ben).await.invitations[0].id;
    let (yes, no) = tokio::join!(lobby.answer(&ben, invitation, true), lobby.answer(&ben, invitation, false));
    let statuses = [yes.0, no.0];
    assert!(statuses == [200, 404] || statuses == [404, 204], "one answer counts: {statuses:?}");
    let told = lobby.friends(&ana).await.sent[0].accepted;
    assert_eq!(told, Some(statuses[0] == 200), "Ana is told the answer that counted");
}

/// Takes in what comes until `done`, for at most ten seconds.
async fn hear(me: &mut Seat, done: impl Fn(&Seat) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(me) {
        assert!(Instant::now() < deadline, "never heard it: {:?}", me.chat);
        me.take(Duration::from_millis(200)).await;
    }
}
