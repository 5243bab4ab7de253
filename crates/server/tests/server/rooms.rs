//! wocable-server as a real process on 127.0.0.1, driven by real clients:
//! `wocable-cli online` bots (separate processes) and, for what a bot
//! never does (dropping, going silent, lying, flooding), a raw client
//! here that speaks the protocol over its own WebRTC connection.
//!
//! The bots are spies too: a bot's view refuses any event it may not see
//! (another seat's tiles), and then the bot fails. No message type holds
//! the seed.

use crate::support::{
    Raw, Scratch, Seat, Server, bot, cli, cli_path, create, create_command, finish, play_until_it_counts,
    same_record_replayed,
};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use wocable_crossword::{Event, Intent, LeaveReason, RuleError, Tile};
use wocable_crossword::{PlacedTile, Pos};
use wocable_lexicon::{Language, Letter, Lexicon};
use wocable_net::{
    ChatLine, ClientMessage, DecodeError, MAX_CHAT, MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, Refusal, RoomCode, SeatToken,
    ServerConfig, ServerMessage, ServerWordList,
};

#[test]
fn a_room_of_four_made_by_invite_code_plays_a_whole_game() {
    let scratch = Scratch::new("four");
    let server = Server::start(&scratch, None, &scratch.database());
    let code = create(&server, "wocable", 4, Some(120));
    let lowercase = code.as_str().to_lowercase();
    let records: Vec<PathBuf> = (0..4).map(|i| scratch.path(&format!("{i}.gcg"))).collect();
    let levels = ["beginner", "casual", "strong", "champion"];
    let bots: Vec<Child> = (0..4)
        .map(|i| bot(&server, &["--code", &lowercase, "--name", &format!("p{i}")], levels[i], &records[i]))
        .collect();
    let outputs: Vec<String> = bots.into_iter().map(|b| finish(b, &server)).collect();
    assert!(outputs[0].lines().count() == 4 && outputs[0].contains("(me)"), "{}", outputs[0]);
    let record = same_record_replayed(&records, "wocable");
    assert!((1..=4).all(|i| record.contains(&format!("#player{i}"))));
}

/// The web build is served from the server's own address, beside the
/// lobby and the signalling sockets (which games still use).
#[tokio::test(flavor = "multi_thread")]
async fn the_web_build_is_served_beside_the_lobby_and_the_sockets() {
    let scratch = Scratch::new("web");
    let web = scratch.path("web");
    std::fs::create_dir_all(web.join("lexicons")).unwrap();
    std::fs::write(web.join("index.html"), "<title>Wocable</title>").unwrap();
    std::fs::write(web.join("wocable.js"), "export {}").unwrap();
    std::fs::write(web.join("lexicons/en.fst"), "words").unwrap();
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--web", web.to_str().unwrap()]);
    let get = |path: &str| reqwest::get(format!("{}{path}", server.url));
    let text = |path: &'static str| async move { get(path).await.unwrap().text().await.unwrap() };
    assert_eq!(text("/").await, "<title>Wocable</title>");
    assert_eq!(text("/wocable.js").await, "export {}");
    assert_eq!(text("/lexicons/en.fst").await, "words");
    assert_eq!(get("/nothing.js").await.unwrap().status(), reqwest::StatusCode::NOT_FOUND);
    let config: serde_json::Value = get("/api/config").await.unwrap().json().await.unwrap();
    assert!(config["ice"].is_object(), "{config}");
    // A game is still played through the signalling sockets.
    let code = create(&server, "wocable", 2, None);
    let records = [scratch.path("a.gcg"), scratch.path("b.gcg")];
    let bots: Vec<_> = records
        .iter()
        .zip(["ann", "bob"])
        .map(|(record, name)| bot(&server, &["--code", code.as_str(), "--name", name], "beginner", record))
        .collect();
    for bot in bots {
        finish(bot, &server);
    }
    same_record_replayed(&records, "wocable");

    let missing = Command::new(env!("CARGO_BIN_EXE_wocable-server")).args(["--web", "/nowhere"]).output().unwrap();
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no index.html"), "{missing:?}");
}

/// A join link opens the web build's page for the room, beside its
/// files; the phone apps named at start are claimed in the files Android
/// and iOS read, and none is claimed otherwise.
#[tokio::test(flavor = "multi_thread")]
async fn join_links_lead_to_the_page_and_to_the_apps_the_server_names() {
    let scratch = Scratch::new("links");
    let web = scratch.path("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<title>Wocable</title>").unwrap();
    let print = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";
    let android = format!("org.wocable.app={print}");
    let apps = ["--android-app", &android, "--apple-app", "ABCDE12345.org.wocable.app"];
    let server = Server::start_with(
        &scratch,
        None,
        &scratch.database(),
        &[&["--web", web.to_str().unwrap()][..], &apps].concat(),
    );
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let get = |path: &str| http.get(format!("{}{path}", server.url)).send();
    let code = create(&server, "wocable", 2, None);
    let link = wocable_net::join_link(&server.url, code);
    let to_page = http.get(&link).send().await.unwrap();
    assert_eq!(to_page.status(), reqwest::StatusCode::SEE_OTHER);
    assert_eq!(to_page.headers()["location"], format!("/#/join/{code}").as_str());
    let lower = get(&format!("/join/{}", code.as_str().to_lowercase())).await.unwrap();
    assert_eq!(lower.headers()["location"], format!("/#/join/{code}").as_str(), "typed in any case");
    assert_eq!(get("/join/NOPE").await.unwrap().status(), reqwest::StatusCode::NOT_FOUND);
    let followed = reqwest::get(&link).await.unwrap();
    assert_eq!(followed.text().await.unwrap(), "<title>Wocable</title>", "a browser lands on the page");

    let json = |path: &'static str| async move {
        let answer = get(path).await.unwrap();
        assert_eq!(answer.status(), reqwest::StatusCode::OK, "{path}");
        assert_eq!(answer.headers()["content-type"], "application/json", "{path}");
        answer.json::<serde_json::Value>().await.unwrap()
    };
    let assetlinks = json("/.well-known/assetlinks.json").await;
    assert_eq!(
        assetlinks,
        serde_json::json!([{
            "relation": ["delegate_permission/common.handle_all_urls"],
            "target": { "namespace": "android_app", "package_name": "org.wocable.app", "sha256_cert_fingerprints": [print] },
        }])
    );
    let apple = json("/.well-known/apple-app-site-association").await;
    let details = &apple["applinks"]["details"][0];
    assert_eq!(details["appIDs"], serde_json::json!(["ABCDE12345.org.wocable.app"]));
    assert_eq!(details["components"][0]["/"], "/join/*");

    let plain = Server::start(&scratch, None, &scratch.path("plain.db").to_string_lossy());
    for path in ["/.well-known/assetlinks.json", "/.well-known/apple-app-site-association"] {
        let answer = reqwest::get(format!("{}{path}", plain.url)).await.unwrap();
        assert_eq!(answer.status(), reqwest::StatusCode::NOT_FOUND, "{path} claims no app");
    }
    let bad =
        Command::new(env!("CARGO_BIN_EXE_wocable-server")).args(["--android-app", "org.wocable.app"]).output().unwrap();
    assert!(String::from_utf8_lossy(&bad.stderr).contains("is not PACKAGE=FINGERPRINT"), "{bad:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lobby_says_which_ice_servers_to_use_and_errors_are_plain() {
    let scratch = Scratch::new("lobby");
    let turn = ["--ice", "stun:127.0.0.1:3478", "--ice", "turn:127.0.0.1:3478", "--ice-username", "u"];
    let server =
        Server::start_with(&scratch, None, &scratch.database(), &[&turn[..], &["--ice-credential", "p"]].concat());
    let get = |path: &str| reqwest::get(format!("{}{path}", server.url));
    let config: serde_json::Value = get("/api/config").await.unwrap().json().await.unwrap();
    assert_eq!(
        config["ice"],
        serde_json::json!({ "urls": ["stun:127.0.0.1:3478", "turn:127.0.0.1:3478"], "username": "u", "credential": "p" })
    );
    let code = create(&server, "remote", 4, Some(60));
    let room: serde_json::Value =
        get(&format!("/api/rooms/{}", code.as_str().to_lowercase())).await.unwrap().json().await.unwrap();
    assert_eq!(
        (room["players"].as_u64(), room["clock"].as_u64(), room["started"].as_bool()),
        (Some(4), Some(60), Some(false))
    );
    // Refusals come with a stable code beside the message, bodies that
    // cannot be read as well.
    let refusal = |response: reqwest::Response| async move {
        let status = response.status();
        (status, response.json::<serde_json::Value>().await.unwrap())
    };
    let missing = refusal(get("/api/rooms/ZZZZZZ").await.unwrap()).await;
    assert_eq!(
        missing,
        (
            reqwest::StatusCode::NOT_FOUND,
            serde_json::json!({ "error": { "code": "no_such_room", "message": "there is no room ZZZZZZ" } })
        )
    );
    let http = reqwest::Client::new();
    let garbled = http.post(format!("{}/api/rooms", server.url)).body("{").header("content-type", "application/json");
    let (status, garbled) = refusal(garbled.send().await.unwrap()).await;
    assert_eq!(
        (status, &garbled["error"]["code"]),
        (reqwest::StatusCode::BAD_REQUEST, &serde_json::json!("bad_request"))
    );
    let leaderboard = refusal(get("/api/leaderboard?rules=chess&lang=en").await.unwrap()).await;
    assert_eq!(leaderboard.1["error"]["code"], "unknown_rules");
    let unknown_key = http
        .post(format!("{}/api/arenas/x/join", server.url))
        .json(&serde_json::json!({ "key": "00000000000000000000000000000005" }));
    let (status, unknown_key) = refusal(unknown_key.send().await.unwrap()).await;
    assert_eq!(
        (status, &unknown_key["error"]["code"]),
        (reqwest::StatusCode::UNAUTHORIZED, &serde_json::json!("unknown_key"))
    );

    // A room made with a computer player: one person joins and they play.
    let with_bot = create_command(&server, "wocable", 2, &["--computers", "beginner"]);
    assert!(with_bot.status.success(), "{with_bot:?}");
    let code = String::from_utf8(with_bot.stdout).unwrap();
    let record = scratch.path("with-bot.gcg");
    finish(bot(&server, &["--code", code.trim(), "--name", "ann"], "strong", &record), &server);
    assert!(same_record_replayed(&[record], "wocable").contains(" Bot "), "the computer played");
    let all_bots = create_command(&server, "wocable", 2, &["--computers", "strong,strong"]);
    assert!(String::from_utf8_lossy(&all_bots.stderr).contains("a person"), "{all_bots:?}");

    let webfeud = create_command(&server, "webfeud", 3, &[]);
    assert_eq!(webfeud.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&webfeud.stderr).contains("2 to 2 players"), "{webfeud:?}");
    let nobody = cli(&[
        "online",
        "create",
        "--server",
        "http://127.0.0.1:9",
        "--rules",
        "remote",
        "--lang",
        "en",
        "--players",
        "2",
    ]);
    assert_eq!(nobody.status.code(), Some(1), "{nobody:?}");
    let joined = cli(&["online", "bot", "--server", &server.url, "--code", "ZZZZZZ", "--level", "casual"]);
    assert!(String::from_utf8_lossy(&joined.stderr).contains("there is no room ZZZZZZ"), "{joined:?}");

    // Codes are looked up so many times from one address, and no more:
    // a billion codes cannot be tried for the private rooms among them.
    let mut looked = 0;
    let (status, refused) = loop {
        let (status, body) = refusal(get("/api/rooms/ZZZZZZ").await.unwrap()).await;
        if status != reqwest::StatusCode::NOT_FOUND {
            break (status, body);
        }
        looked += 1;
        assert!(looked <= 60, "the lookups are bounded");
    };
    assert_eq!(
        (status, &refused["error"]["code"]),
        (reqwest::StatusCode::TOO_MANY_REQUESTS, &serde_json::json!("too_many_requests"))
    );
    // Another address, named by a reverse proxy on the server's machine.
    let elsewhere = http.get(format!("{}/api/rooms/ZZZZZZ", server.url)).header("x-forwarded-for", "192.0.2.7");
    assert_eq!(elsewhere.send().await.unwrap().status(), reqwest::StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn with_a_turn_secret_each_client_gets_credentials_of_its_own_that_expire() {
    let scratch = Scratch::new("turn");
    let args = ["--ice", "turn:127.0.0.1:3478", "--turn-secret", "s3cret"];
    let server = Server::start_with(&scratch, None, &scratch.database(), &args);
    let ask = || async {
        let config = reqwest::get(format!("{}/api/config", server.url)).await.unwrap();
        config.json::<serde_json::Value>().await.unwrap()["ice"].clone()
    };
    let (one, two) = (ask().await, ask().await);
    assert_eq!(one["urls"], serde_json::json!(["turn:127.0.0.1:3478"]));
    let (expiry, _) = one["username"].as_str().unwrap().split_once(':').unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let in_a_day = now + 24 * 60 * 60;
    assert!((in_a_day - 60..=in_a_day + 60).contains(&expiry.parse::<u64>().unwrap()), "{one}");
    assert_ne!(one["username"], two["username"], "each client has its own");
    // A base64 HMAC-SHA1, never the secret.
    assert_eq!(one["credential"].as_str().unwrap().len(), 28, "{one}");
    assert!(!one.to_string().contains("s3cret"));
}

#[test]
fn three_players_and_each_rule_set() {
    let scratch = Scratch::new("rules");
    let server = Server::start(&scratch, None, &scratch.database());
    for (rules, players) in [("wocable", 3), ("webfeud", 2), ("remote", 3)] {
        let code = create(&server, rules, players, None);
        let records: Vec<PathBuf> = (0..players).map(|i| scratch.path(&format!("{rules}{i}.gcg"))).collect();
        let bots: Vec<Child> = (0..players)
            .map(|i| bot(&server, &["--code", code.as_str(), "--name", &format!("p{i}")], "strong", &records[i]))
            .collect();
        for bot in bots {
            finish(bot, &server);
        }
        let record = same_record_replayed(&records, rules);
        assert!(record.contains(&format!("{rules} rules")), "{record}");
    }
}

#[test]
fn random_requests_are_matched_together_and_a_lone_one_gets_a_computer() {
    let scratch = Scratch::new("random");
    let server = Server::start(&scratch, None, &scratch.database());
    let random = ["--random", "--rules", "wocable", "--lang", "en", "--players", "2", "--wait", "60"];
    let records = [scratch.path("a.gcg"), scratch.path("b.gcg")];
    let a = bot(&server, &[&random[..], &["--name", "ann"]].concat(), "strong", &records[0]);
    let b = bot(&server, &[&random[..], &["--name", "ann"]].concat(), "casual", &records[1]);
    finish(a, &server);
    finish(b, &server);
    let record = same_record_replayed(&records, "wocable");
    assert!(record.contains("#player1 ann") || record.contains("#player2 ann"), "{record}");
    assert!(record.contains(" ann1 "), "two players called ann were matched, one as ann1:\n{record}");

    // A request for the family list waits with its like only: each of
    // these two gets a computer.
    let (alone, family) = (scratch.path("alone.gcg"), scratch.path("family.gcg"));
    let started = Instant::now();
    let lone = ["--random", "--rules", "remote", "--lang", "en", "--players", "2", "--wait", "1", "--name", "lone"];
    let on_family = [&lone[..9], &["--name", "kid", "--family"]].concat();
    let (lone, on_family) = (bot(&server, &lone, "strong", &alone), bot(&server, &on_family, "strong", &family));
    finish(lone, &server);
    finish(on_family, &server);
    assert!(started.elapsed() >= Duration::from_secs(1), "the computer came after the wait");
    let record = same_record_replayed(&[alone], "remote");
    assert!(record.contains(" Bot ") && record.contains("#lexicon en\n"), "a computer filled the seat:\n{record}");
    let record = same_record_replayed(&[family], "remote");
    assert!(record.contains(" Bot ") && record.contains("#lexicon family\n"), "{record}");
    // A guest may not take a computer player's name.
    let as_bot = ["--random", "--rules", "remote", "--lang", "en", "--players", "2", "--wait", "1", "--name", "bot"];
    let refused = cli(&[&["online", "bot", "--server", &server.url, "--level", "casual"][..], &as_bot].concat());
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("computer"), "{refused:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_stops_the_server_at_once_though_a_player_waits_for_a_game() {
    let scratch = Scratch::new("sigterm");
    let mut server = Server::start(&scratch, None, &scratch.database());
    let body = serde_json::json!({ "rules": "wocable", "language": "en", "players": 4, "name": "ann", "wait": 600 });
    let waiting = tokio::spawn(reqwest::Client::new().post(format!("{}/api/random", server.url)).json(&body).send());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let term = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(term.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the server is still up:\n{}", server.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status}");
    let answer = waiting.await.unwrap().unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::SERVICE_UNAVAILABLE, "the waiting player is told");
}

#[derive(serde::Deserialize)]
struct Joined {
    seat: usize,
    token: String,
}

/// Both people of a finished game resign (the computer player then does too).
async fn resign_both(seats: &mut [&mut Seat]) {
    for me in seats.iter_mut() {
        while me.view.is_none() {
            assert!(me.take(Duration::from_secs(30)).await, "welcomed");
        }
        me.raw.send(&ClientMessage::Intent(Intent::Resign { seat: me.seat() }));
    }
    for me in seats.iter_mut() {
        while me.record.is_none() {
            assert!(me.take(Duration::from_secs(30)).await, "the game ends: {:?}", me.refusals);
        }
    }
}

/// `POST /api/rooms/CODE/rematch`: the status and what came back.
async fn rematch(server: &Server, code: RoomCode, token: &str, accept: Option<bool>) -> (u16, serde_json::Value) {
    let url = format!("{}/api/rooms/{code}/rematch", server.url);
    let mut body = serde_json::json!({ "token": token });
    if let Some(accept) = accept {
        body["accept"] = accept.into();
    }
    let answer = reqwest::Client::new().post(url).json(&body).send().await.unwrap();
    (answer.status().as_u16(), answer.json().await.unwrap())
}

/// Takes in what comes until `done`, for at most ten seconds.
async fn hear(me: &mut Seat, what: &str, done: impl Fn(&Seat) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(me) {
        assert!(Instant::now() < deadline, "never heard: {what} (refused: {:?})", me.refusals);
        me.take(Duration::from_millis(200)).await;
    }
}

/// A room's chat reaches every seat and, again, one that reconnects; a
/// line too long, offensive or too soon after the others is refused; a
/// line reported reaches the moderators, behind the admin key alone.
#[tokio::test(flavor = "multi_thread")]
async fn chat_reaches_every_seat_within_its_bounds_and_reports_reach_the_moderators() {
    let scratch = Scratch::new("chat");
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--admin-key", "moderators-only"]);
    let code = create(&server, "wocable", 2, None);
    let (ann_token, bob_token) = (join(&server, code, "ann").await.1, join(&server, code, "bob").await.1);
    let mut ann = Seat::connect(&server.url, code, ann_token).await;
    let mut bob = Seat::connect(&server.url, code, bob_token).await;
    hear(&mut ann, "welcomed", |me| me.view.is_some()).await;
    hear(&mut bob, "welcomed", |me| me.view.is_some()).await;
    let say = |me: &mut Seat, text: &str| me.raw.send(&ClientMessage::Chat(text.to_string()));
    say(&mut ann, "  good\nluck  ");
    let first = ChatLine { id: 0, seat: 0, text: "good luck".into() };
    hear(&mut bob, "ann's line", |me| me.chat == [first.clone()]).await;
    hear(&mut ann, "her own line", |me| me.chat == [first.clone()]).await;
    let refused = [("x".repeat(MAX_CHAT + 1), Refusal::ChatLength), ("you fag".to_string(), Refusal::Offensive)];
    for (text, refusal) in refused {
        say(&mut ann, &text);
        assert_eq!(ann.refusal().await, refusal, "{text}");
    }
    for n in 0..8 {
        say(&mut ann, &format!("line {n}"));
    }
    assert_eq!(ann.refusal().await, Refusal::ChatTooFast, "a few lines at once, then one each five seconds");
    hear(&mut ann, "the lines she said", |me| me.chat.len() > 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    while ann.take(Duration::from_millis(200)).await {}
    let said = ann.chat.len();
    assert!(said < 9, "not every line went: {:?}", ann.chat);
    hear(&mut bob, "the lines said", |me| me.chat.len() == said).await;
    let mut bob = Seat::connect(&server.url, code, bob_token).await;
    hear(&mut bob, "the lines again", |me| me.chat.len() == said).await;
    assert_eq!(bob.chat[0], first);

    ann.raw.send(&ClientMessage::Report(0));
    assert_eq!(ann.refusal().await, Refusal::NoSuchLine, "one's own line");
    bob.raw.send(&ClientMessage::Report(0));
    let reports = |key: Option<&'static str>| {
        let request = reqwest::Client::new().get(format!("{}/api/reports", server.url));
        let request = match key {
            Some(key) => request.bearer_auth(key),
            None => request,
        };
        async move { request.send().await.unwrap() }
    };
    assert_eq!(reports(None).await.status(), reqwest::StatusCode::UNAUTHORIZED);
    assert_eq!(reports(Some("guess")).await.status(), reqwest::StatusCode::UNAUTHORIZED);
    let deadline = Instant::now() + Duration::from_secs(10);
    let listed = loop {
        let listed: serde_json::Value = reports(Some("moderators-only")).await.json().await.unwrap();
        if listed.as_array().is_some_and(|reports| !reports.is_empty()) || Instant::now() > deadline {
            break listed;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(listed[0]["room"], code.as_str(), "{listed}");
    let line = (&listed[0]["line"], &listed[0]["reporter"], &listed[0]["reported"], &listed[0]["text"]);
    assert_eq!(
        line,
        (&serde_json::json!(0), &serde_json::json!("bob"), &serde_json::json!("ann"), &serde_json::json!("good luck"))
    );
}

/// `GET /api/rooms/CODE/watch?since=SEQ`, as a spectator asks it.
async fn watched(server: &str, code: RoomCode, since: u32) -> (u16, serde_json::Value) {
    let answer = reqwest::get(format!("{server}/api/rooms/{code}/watch?since={since}")).await.unwrap();
    (answer.status().as_u16(), answer.json().await.unwrap())
}

/// The moves a spectator was shown: `(seat, kind)` of each turn.
fn turns_shown(watched: &serde_json::Value) -> Vec<(u64, String)> {
    let events = watched["events"].as_array().expect("events");
    events
        .iter()
        .filter_map(|event| {
            let (kind, body) = event["event"].as_object()?.iter().next()?;
            Some((body["seat"].as_u64()?, kind.clone()))
        })
        .collect()
}

/// A spectator follows a rated game a turn late, over HTTP requests that
/// wait for the next move; no answer ever holds a rack, and the end
/// shows everything.
#[tokio::test(flavor = "multi_thread")]
async fn a_spectator_follows_a_rated_game_a_turn_late_and_never_sees_a_rack() {
    let scratch = Scratch::new("watch");
    let server = Server::start(&scratch, None, &scratch.database());
    let code = create(&server, "wocable", 2, Some(120));
    let (status, early) = watched(&server.url, code, 0).await;
    assert_eq!(
        (status, &early["error"]["code"]),
        (404, &serde_json::json!("no_such_room")),
        "a room filling is no room"
    );
    assert_eq!(watched(&server.url, RoomCode::from_number(3), 0).await.0, 404);
    let (ann_token, bob_token) = (join(&server, code, "ann").await.1, join(&server, code, "bob").await.1);
    let mut ann = Seat::connect(&server.url, code, ann_token).await;
    let mut bob = Seat::connect(&server.url, code, bob_token).await;
    assert!(ann.until_turn().await, "ann begins");
    let live: serde_json::Value =
        reqwest::get(format!("{}/api/games/live", server.url)).await.unwrap().json().await.unwrap();
    let listed = live["games"].as_array().unwrap().iter().find(|game| game["code"] == code.as_str()).cloned();
    let listed = listed.expect("the game is in the list of live games");
    assert_eq!(
        (&listed["players"], &listed["turns"], &listed["delayed"]),
        (&serde_json::json!(["ann", "bob"]), &serde_json::json!(0), &serde_json::json!(true))
    );

    let mut all = Vec::new();
    ann.raw.send(&ClientMessage::Intent(Intent::Pass { seat: 0 }));
    assert!(bob.until_turn().await);
    // Ann's pass is the last move, kept back: the first request is
    // answered at once, the next waits for another move.
    let (_, first) = watched(&server.url, code, 0).await;
    assert!(turns_shown(&first).is_empty(), "{first}");
    let next = first["next"].as_u64().unwrap() as u32;
    let url = server.url.clone();
    let waiting = tokio::spawn(async move { watched(&url, code, next).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!waiting.is_finished(), "the answer waits for a move");
    bob.raw.send(&ClientMessage::Intent(Intent::Pass { seat: 1 }));
    let (_, woken) = tokio::time::timeout(Duration::from_secs(10), waiting).await.expect("woken by the move").unwrap();
    assert_eq!(woken["delayed"], true);
    assert_eq!(turns_shown(&woken), [(0, "Passed".to_string())], "a turn late: {woken}");
    all.push(woken.clone());
    assert!(ann.until_turn().await);
    ann.raw.send(&ClientMessage::Intent(Intent::Pass { seat: 0 }));
    assert!(bob.until_turn().await);
    let (_, since) = watched(&server.url, code, woken["next"].as_u64().unwrap() as u32).await;
    assert_eq!(turns_shown(&since), [(1, "Passed".to_string())], "what came since: {since}");
    all.push(since);
    resign_both(&mut [&mut ann, &mut bob]).await;
    let (_, end) = watched(&server.url, code, 0).await;
    assert_eq!(end["delayed"], false);
    let shown = turns_shown(&end);
    let passes: Vec<(u64, String)> = [0, 1, 0].into_iter().map(|seat| (seat, "Passed".to_string())).collect();
    assert_eq!(shown[..3], passes[..], "every move: {end}");
    assert!(shown.iter().any(|(_, kind)| kind == "Left"), "the resignation too: {end}");
    assert!(end["record"].as_str().is_some_and(|record| record.contains("#player1")), "{end}");
    all.push(end);
    for answer in &all {
        let text = answer["events"].to_string();
        assert!(!text.contains("Drew"), "no rack: {text}");
    }
}

/// After a game each of its people says once whether they want another:
/// once all do, a new room seats the same players (the computer too), one
/// place on, and its game starts; one no calls the next one off.
#[tokio::test(flavor = "multi_thread")]
async fn a_rematch_seats_the_same_players_one_place_on_once_all_of_them_want_it() {
    let scratch = Scratch::new("rematch");
    let server = Server::start(&scratch, None, &scratch.database());
    let made = create_command(&server, "wocable", 3, &["--computers", "beginner"]);
    let code = RoomCode::parse(String::from_utf8_lossy(&made.stdout).trim()).unwrap();
    let (ann_token, bob_token) = (join(&server, code, "ann").await.1, join(&server, code, "bob").await.1);
    let (ann_hex, bob_hex) = (ann_token.to_hex(), bob_token.to_hex());
    let mut ann = Seat::connect(&server.url, code, ann_token).await;
    let mut bob = Seat::connect(&server.url, code, bob_token).await;
    while ann.view.is_none() {
        assert!(ann.take(Duration::from_secs(30)).await, "the game starts");
    }
    assert_eq!(rematch(&server, code, &ann_hex, Some(true)).await.1["error"]["code"], "game_not_over");
    resign_both(&mut [&mut ann, &mut bob]).await;

    let (status, asked) = rematch(&server, code, &ann_hex, None).await;
    assert_eq!((status, &asked), (200, &serde_json::json!({ "wanted": [] })), "asking is no answer");
    let (_, wanted) = rematch(&server, code, &ann_hex, Some(true)).await;
    assert_eq!(wanted, serde_json::json!({ "wanted": ["ann"] }), "the others are still to answer");
    assert_eq!(rematch(&server, code, &ann_hex, Some(false)).await.1["error"]["code"], "already_answered");
    let stranger = SeatToken(7).to_hex();
    assert_eq!(rematch(&server, code, &stranger, None).await.0, 401, "a token of no seat");
    assert_eq!(rematch(&server, RoomCode::from_number(1), &stranger, None).await.0, 401, "as if for no room");
    let (_, all) = rematch(&server, code, &bob_hex, Some(true)).await;
    assert_eq!(all["wanted"], serde_json::json!(["ann", "bob"]));
    let seat = |answer: &serde_json::Value| {
        let joined: wocable_net::Joined = serde_json::from_value(answer["joined"].clone()).expect("a seat");
        (joined.code, joined.seat, joined.token)
    };
    let (new, bob_seat, bob_token) = seat(&all);
    let (again, ann_seat, ann_token) = seat(&rematch(&server, code, &ann_hex, None).await.1);
    // The computer was seated first, when the room was made.
    assert_eq!((again, ann_seat, bob_seat), (new, 0, 1), "one place on: ann, bob, the computer");
    assert_ne!(new, code);
    let info: serde_json::Value =
        reqwest::get(format!("{}/api/rooms/{new}", server.url)).await.unwrap().json().await.unwrap();
    assert_eq!(info["seats"], serde_json::json!(["ann", "bob", "Bot"]), "{info}");
    assert_eq!((&info["players"], &info["rules"]), (&serde_json::json!(3), &serde_json::json!("wocable")));

    let mut ann = Seat::connect(&server.url, new, ann_token).await;
    let mut bob = Seat::connect(&server.url, new, bob_token).await;
    resign_both(&mut [&mut ann, &mut bob]).await;
    let players = &ann.view.as_ref().unwrap().settings().players;
    assert_eq!(players, &["ann", "bob", "Bot"], "the rematch was played");
    let (_, no) = rematch(&server, new, &ann_token.to_hex(), Some(false)).await;
    assert_eq!(no, serde_json::json!({ "wanted": [], "declined": "ann" }));
    let (_, off) = rematch(&server, new, &bob_token.to_hex(), Some(true)).await;
    assert_eq!(off, serde_json::json!({ "wanted": ["bob"], "declined": "ann" }), "called off: no seat");
}

async fn join(server: &Server, code: RoomCode, name: &str) -> (usize, SeatToken) {
    let url = format!("{}/api/rooms/{code}/join", server.url);
    let joined: Joined = reqwest::Client::new()
        .post(url)
        .json(&serde_json::json!({ "name": name }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (joined.seat, SeatToken::from_hex(&joined.token).unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dropped_client_rejoins_with_its_whole_view() {
    let scratch = Scratch::new("rejoin");
    let server = Server::start(&scratch, None, &scratch.database());
    let code = create(&server, "wocable", 3, Some(120));
    let (_, token) = join(&server, code, "raw").await;
    let mut me = Seat::connect(&server.url, code, token).await;
    let bots: Vec<Child> = (0..2)
        .map(|i| {
            bot(
                &server,
                &["--code", code.as_str(), "--name", &format!("b{i}")],
                "strong",
                &scratch.path(&format!("{i}.gcg")),
            )
        })
        .collect();
    assert!(me.until_turn().await);
    // A pass, seen answered (else the view still says it is this seat's
    // turn, and the drop may come before the pass is taken or after).
    let dealt = me.view.as_ref().unwrap().last_seq();
    me.raw.send(&ClientMessage::Intent(Intent::Pass { seat: me.seat() }));
    while me.view.as_ref().unwrap().last_seq() == dealt {
        assert!(me.take(Duration::from_secs(30)).await, "the pass was answered");
    }
    assert!(me.until_turn().await);
    let before = me.view.clone().unwrap();
    drop(me.raw);
    me = Seat::connect(&server.url, code, token).await;
    assert!(me.until_turn().await);
    assert_eq!(me.view.as_ref().unwrap(), &before, "the whole view again, rack and all");
    me.pass_to_the_end().await;
    for bot in bots {
        finish(bot, &server);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_left_empty_in_the_waiting_room_is_given_up_and_the_seats_after_move_up() {
    let scratch = Scratch::new("given-up");
    let server = Server::start(&scratch, None, &scratch.database());
    let code = create(&server, "wocable", 2, None);
    // A player who joins and never comes (or leaves the waiting room).
    let (_, ghost_token) = join(&server, code, "ghost").await;
    let (seat, token) = join(&server, code, "me").await;
    assert_eq!(seat, 1);
    let mut me = Seat::connect(&server.url, code, token).await;
    let deadline = Instant::now() + Duration::from_millis(wocable_net::WAITING_GRACE_MS) + Duration::from_secs(15);
    loop {
        assert!(Instant::now() < deadline, "the ghost's seat was never given up:\n{}", server.log());
        if let Some(ServerMessage::Waiting { seat, seats, .. }) = me.raw.recv(Duration::from_secs(1)).await
            && seats == [Some("me".to_string()), None]
            && seat == 0
        {
            break;
        }
    }
    let mut ghost = Seat::connect(&server.url, code, ghost_token).await;
    // The server may answer a first message before it has the new peer
    // in its socket's list, and the answer is then lost: say it again.
    for _ in 0..3 {
        if ghost.take(Duration::from_secs(3)).await && !ghost.refusals.is_empty() {
            break;
        }
        ghost.raw.send(&ClientMessage::Hello { room: code, token: ghost_token });
    }
    assert_eq!(ghost.refusals.first(), Some(&Refusal::BadToken), "the seat is no longer the ghost's");
    let bot = bot(&server, &["--code", code.as_str(), "--name", "b"], "beginner", &scratch.path("b.gcg"));
    assert!(me.until_turn().await || me.record.is_some());
    assert_eq!(me.seat(), 0, "moved up into the seat given up");
    me.pass_to_the_end().await;
    finish(bot, &server);
}

#[tokio::test(flavor = "multi_thread")]
async fn in_a_random_game_a_matched_player_who_never_comes_is_replaced_by_a_computer_and_forfeits() {
    use wocable_net::{Account, Profile};
    let scratch = Scratch::new("random-ghost");
    let server = Server::start(&scratch, None, &scratch.database());
    let http = reqwest::Client::new();
    let account = |nick: &'static str| {
        let made = http.post(format!("{}/api/players", server.url)).json(&serde_json::json!({ "nick": nick })).send();
        async move { made.await.unwrap().json::<Account>().await.unwrap() }
    };
    let (me, ghost) = (account("me").await, account("ghost").await);
    let ask = |member: &Account| {
        let url = format!("{}/api/random", server.url);
        let key = member.key.to_hex();
        let body = serde_json::json!({ "rules": "wocable", "language": "en", "players": 2, "name": "x", "wait": 60, "key": key });
        async move {
            let joined: serde_json::Value =
                reqwest::Client::new().post(url).json(&body).send().await.unwrap().json().await.unwrap();
            let code = RoomCode::parse(joined["code"].as_str().unwrap()).unwrap();
            (code, SeatToken::from_hex(joined["token"].as_str().unwrap()).unwrap())
        }
    };
    let ((code, token), (ghost_code, _)) = tokio::join!(ask(&me), ask(&ghost));
    assert_eq!(code, ghost_code, "matched together");
    // A lone request that wants no wait is given a computer at once, and
    // never comes: no game of computers is played for it.
    let lone = serde_json::json!({ "rules": "remote", "language": "en", "players": 2, "name": "lone", "wait": 0 });
    let lone: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/api/random", server.url))
        .json(&lone)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut me = Seat::connect(&server.url, code, token).await;
    // The ghost never comes: after its grace, a computer takes the seat.
    let deadline = Instant::now() + Duration::from_millis(wocable_net::WAITING_GRACE_MS) + Duration::from_secs(20);
    while me.view.is_none() {
        assert!(Instant::now() < deadline, "the game never started:\n{}", server.log());
        me.take(Duration::from_secs(1)).await;
    }
    let record = me.pass_to_the_end().await;
    assert!(record.contains(" Bot ") && !record.contains("ghost"), "{record}");
    // The member who never came lost to the one who did, on their own
    // record only: a no-show gives nobody anything.
    let profile = |nick: &str| {
        let url = format!("{}/api/players/{nick}", server.url);
        async move { reqwest::get(url).await.unwrap().json::<Profile>().await.unwrap() }
    };
    let ghost = profile("ghost").await;
    let lost = &ghost.lists[0];
    assert_eq!((lost.games, lost.wins, lost.losses, lost.turns), (1, 0, 1, 0), "{lost:?}");
    assert!(lost.rating.rating < 1500.0 && lost.history.len() == 1, "{lost:?}");
    let played = &profile("me").await.lists[0];
    assert_eq!((played.games, played.wins), (1, 0), "the game against the computer only: {played:?}");
    let changes: wocable_net::GameRatings =
        reqwest::get(format!("{}/api/rooms/{code}/ratings", server.url)).await.unwrap().json().await.unwrap();
    let nicks: Vec<&str> = changes.changes.iter().map(|c| c.nick.as_str()).collect();
    assert_eq!(nicks, ["me"], "the forfeit was no part of the game");
    let look = format!("{}/api/rooms/{}", server.url, lone["code"].as_str().unwrap());
    let deadline = Instant::now() + Duration::from_secs(10);
    while reqwest::get(&look).await.unwrap().status() != reqwest::StatusCode::NOT_FOUND {
        assert!(Instant::now() < deadline, "the lone no-show's room was closed:\n{}", server.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(server.log().contains("room closed: no person came"));
}

#[tokio::test(flavor = "multi_thread")]
async fn computers_left_alone_end_the_game_at_once() {
    let scratch = Scratch::new("alone");
    let server = Server::start(&scratch, None, &scratch.database());
    let output = create_command(&server, "wocable", 3, &["--clock", "60", "--computers", "beginner,champion"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let code = RoomCode::parse(String::from_utf8(output.stdout).unwrap().trim()).unwrap();
    let (seat, token) = join(&server, code, "me").await;
    let mut me = Seat::connect(&server.url, code, token).await;
    assert!(me.until_turn().await, "my turn comes");
    me.raw.send(&ClientMessage::Intent(Intent::Resign { seat }));
    while me.record.is_none() {
        assert!(me.take(Duration::from_secs(5)).await, "the game ended when its only person left:\n{}", server.log());
    }
    let view = me.view.as_ref().unwrap();
    assert!(view.ended().is_some());
    let resigned = view.log().iter().filter(|e| matches!(e.event, Event::Left { reason: LeaveReason::Resigned, .. }));
    let resigned = resigned.count();
    assert_eq!(resigned, 2, "I resigned, then the computer lower in score: {:?}", view.log());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_silent_client_times_out_and_the_others_play_on() {
    let scratch = Scratch::new("silent");
    let server = Server::start(&scratch, None, &scratch.database());
    let code = create(&server, "wocable", 3, Some(2));
    let (seat, token) = join(&server, code, "mute").await;
    let mut me = Seat::connect(&server.url, code, token).await;
    let records: Vec<PathBuf> = (0..2).map(|i| scratch.path(&format!("{i}.gcg"))).collect();
    let bots: Vec<Child> = (0..2)
        .map(|i| bot(&server, &["--code", code.as_str(), "--name", &format!("b{i}")], "strong", &records[i]))
        .collect();
    let left = Event::Left { seat, reason: LeaveReason::TimedOut };
    let deadline = Instant::now() + Duration::from_secs(30);
    while !me.view.as_ref().is_some_and(|v| v.log().iter().any(|e| e.event == left)) {
        assert!(Instant::now() < deadline, "the silent player timed out");
        me.take(Duration::from_millis(200)).await;
    }
    assert!(me.view.as_ref().unwrap().ended().is_none(), "two players are left: the game goes on");
    for bot in bots {
        finish(bot, &server);
    }
    let record = same_record_replayed(&records, "wocable");
    assert!(record.contains("mute"), "{record}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_killed_mid_game_resumes_it_from_its_database() {
    let scratch = Scratch::new("restart");
    let db = scratch.database();
    let mut server = Server::start(&scratch, None, &db);
    let code = create(&server, "wocable", 2, None);
    let (_, token) = join(&server, code, "raw").await;
    let mut me = Seat::connect(&server.url, code, token).await;
    let record = scratch.path("bot.gcg");
    let bot = bot(&server, &["--code", code.as_str(), "--name", "b"], "strong", &record);
    for _ in 0..3 {
        assert!(me.until_turn().await);
        me.raw.send(&ClientMessage::Intent(Intent::Pass { seat: me.seat() }));
        me.take(Duration::from_secs(5)).await;
    }
    let before = me.view.clone().unwrap();
    server.kill();
    let server = Server::start(&scratch, Some(server.port()), &db);
    me.reconnect(&server.url).await;
    assert!(me.until_turn().await);
    let after = me.view.clone().unwrap();
    eprintln!("after restart: {:?} turn {}", after.last_seq(), after.turn());
    assert_eq!(after.log()[..before.log().len()], before.log()[..], "the game goes on from where it was");
    me.pass_to_the_end().await;
    finish(bot, &server);
    same_record_replayed(&[record], "wocable");
}

/// Moves sent at once from several rooms are read together and stored
/// with one commit; each peer is still answered in the order it asked,
/// and a server started again finds every move.
#[tokio::test(flavor = "multi_thread")]
async fn moves_that_come_together_are_stored_with_one_commit_and_answered_in_order() {
    let scratch = Scratch::new("together");
    let db = scratch.database();
    let mut server = Server::start(&scratch, None, &db);
    let mut rooms = Vec::new();
    for _ in 0..4 {
        let code = create(&server, "wocable", 2, None);
        let mut seats = Vec::new();
        for name in ["ann", "bob"] {
            let (_, token) = join(&server, code, name).await;
            seats.push(Seat::connect(&server.url, code, token).await);
        }
        rooms.push(seats);
    }
    for _ in 0..6 {
        let mut movers = Vec::new();
        for seats in &mut rooms {
            let deadline = Instant::now() + Duration::from_secs(30);
            while !seats.iter().any(Seat::on_turn) {
                assert!(Instant::now() < deadline, "a turn came:\n{}", server.log());
                for seat in seats.iter_mut() {
                    seat.take(Duration::from_millis(20)).await;
                }
            }
            movers.push(seats.iter().position(Seat::on_turn).unwrap());
        }
        // Each room's player on turn moves, and at once passes out of turn.
        let mut before = Vec::new();
        for (seats, &mover) in rooms.iter_mut().zip(&movers) {
            let me = &mut seats[mover];
            before.push(me.view.as_ref().unwrap().last_seq());
            let intent = me.best_play().unwrap_or_else(|| me.exchange_one());
            me.raw.send(&ClientMessage::Intent(intent));
            me.raw.send(&ClientMessage::Intent(Intent::Pass { seat: me.seat() }));
        }
        for ((seats, &mover), before) in rooms.iter_mut().zip(&movers).zip(before) {
            let me = &mut seats[mover];
            assert_eq!(me.refusal().await, Refusal::Rule(RuleError::NotYourTurn));
            assert!(me.view.as_ref().unwrap().last_seq() > before, "the move was answered before the pass after it");
        }
    }
    for seats in &mut rooms {
        for seat in seats.iter_mut() {
            while seat.turns_taken() < 6 {
                assert!(seat.take(Duration::from_secs(10)).await, "every move reaches both players");
            }
        }
    }
    let term = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(term.success() && server.child.wait().unwrap().success());
    let log = server.log();
    let figure = |name: &str| -> u64 {
        let line = log.lines().find(|l| l.contains("the database's time")).unwrap_or_else(|| panic!("{log}"));
        let value = line.split(&format!(" {name}=")).nth(1).and_then(|rest| rest.split(' ').next());
        value.and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} in {line}"))
    };
    assert!(figure("steps") > figure("writes"), "some moves shared a commit:\n{log}");

    let server = Server::start(&scratch, Some(server.port()), &db);
    for seats in &mut rooms {
        let before = seats[0].view.clone().unwrap();
        seats[0].reconnect(&server.url).await;
        while seats[0].view.as_ref().is_none_or(|v| v.last_seq() < before.last_seq()) {
            assert!(seats[0].take(Duration::from_secs(10)).await, "the game is resumed");
        }
        assert_eq!(seats[0].view.as_ref().unwrap(), &before, "every move was kept");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_messages_are_refused_and_the_honest_clients_finish() {
    let scratch = Scratch::new("hostile");
    let mut server = Server::start(&scratch, None, &scratch.database());
    // Once it floods, eve is no longer listened to, and times out.
    let code = create(&server, "wocable", 3, Some(5));
    let (seat, token) = join(&server, code, "eve").await;
    let records: Vec<PathBuf> = (0..2).map(|i| scratch.path(&format!("{i}.gcg"))).collect();
    let bots: Vec<Child> = (0..2)
        .map(|i| bot(&server, &["--code", code.as_str(), "--name", &format!("b{i}")], "champion", &records[i]))
        .collect();

    // Before saying who it is, and with a key that is not a seat's.
    let mut eve = Seat {
        raw: Raw::open(&server.url, code).await,
        code,
        token,
        view: None,
        record: None,
        standings: vec![],
        refusals: vec![],
        hints: None,
        chat: vec![],
    };
    eve.raw.send(&ClientMessage::Intent(Intent::Pass { seat }));
    assert_eq!(eve.refusal().await, Refusal::NoHello);
    eve.raw.send(&ClientMessage::Hello { room: code, token: SeatToken(token.0 ^ 1) });
    assert_eq!(eve.refusal().await, Refusal::BadToken);
    eve.raw.send(&ClientMessage::Hello { room: RoomCode::from_number(0), token });
    assert_eq!(eve.refusal().await, Refusal::NoSuchRoom(RoomCode::from_number(0)));
    eve.raw.send(&ClientMessage::Hello { room: code, token });

    // Bytes that are no message.
    let hello = ClientMessage::Hello { room: code, token }.encode();
    let mut version = hello.clone();
    version[..2].copy_from_slice(&(PROTOCOL_VERSION + 1).to_le_bytes());
    let garbage: Vec<(Vec<u8>, DecodeError)> = vec![
        (vec![0xde, 0xad], DecodeError::Version(0xadde)),
        (hello[..hello.len() - 3].to_vec(), DecodeError::TooShort),
        (version, DecodeError::Version(PROTOCOL_VERSION + 1)),
        (
            vec![0; MAX_CLIENT_MESSAGE + 1],
            DecodeError::TooLong { found: MAX_CLIENT_MESSAGE + 1, max: MAX_CLIENT_MESSAGE },
        ),
    ];
    for (bytes, error) in garbage {
        eve.raw.send_bytes(bytes);
        assert_eq!(eve.refusal().await, Refusal::Malformed(error));
    }

    // Moves out of turn, for another seat, with tiles it does not hold.
    let other = (seat + 1) % 3;
    eve.raw.send(&ClientMessage::Intent(Intent::Pass { seat: other }));
    assert_eq!(eve.refusal().await, Refusal::NotYourSeat);
    assert!(eve.until_turn().await);
    eve.raw.send(&ClientMessage::Hints);
    assert_eq!(eve.refusal().await, Refusal::NoHints, "no engine help in a room made without hints");
    let view = eve.view.clone().unwrap();
    let held = |letter: u8| view.rack().contains(&wocable_crossword::Tile::Letter(Letter(letter)));
    let missing = (1..=26).find(|l| !held(*l)).unwrap();
    let tile = PlacedTile { letter: Letter(missing), blank: false };
    let tiles = vec![(Pos::new(7, 7).unwrap(), tile), (Pos::new(7, 8).unwrap(), tile)];
    eve.raw.send(&ClientMessage::Intent(Intent::Play { seat, tiles }));
    assert!(matches!(eve.refusal().await, Refusal::Rule(RuleError::TileNotOnRack(_))));
    assert_eq!(eve.view.as_ref().unwrap(), &view, "refusals changed nothing");
    eve.raw.send(&ClientMessage::Intent(Intent::Pass { seat }));
    while eve.view.as_ref().unwrap().last_seq() == view.last_seq() {
        assert!(eve.take(Duration::from_secs(10)).await, "the pass was answered");
    }
    // Its pass is in; the next player (a Champion) thinks for a while.
    eve.raw.send(&ClientMessage::Intent(Intent::Pass { seat }));
    assert_eq!(eve.refusal().await, Refusal::Rule(RuleError::NotYourTurn));

    // A flood: refused, then no longer listened to.
    for _ in 0..200 {
        eve.raw.send(&ClientMessage::Intent(Intent::Pass { seat: other }));
    }
    assert_eq!(eve.refusal().await, Refusal::NotYourSeat);
    while eve.take(Duration::from_millis(500)).await {}
    assert!(eve.refusals.contains(&Refusal::TooFast), "{:?}", eve.refusals);

    for bot in bots {
        finish(bot, &server);
    }
    same_record_replayed(&records, "wocable");
    assert!(server.alive(), "the server is fine");
    assert!(create(&server, "wocable", 2, None).as_str().len() == 6, "and still makes rooms");
}

#[tokio::test(flavor = "multi_thread")]
async fn members_play_a_rated_game_that_their_profiles_show() {
    use serde_json::json;
    use wocable_net::{Account, Profile};
    let scratch = Scratch::new("rated");
    let server = Server::start(&scratch, None, &scratch.database());
    let http = reqwest::Client::new();
    let post = |path: String, body: serde_json::Value| http.post(format!("{}{path}", server.url)).json(&body).send();
    let account = |nick: &'static str| {
        let made = post("/api/players".into(), json!({ "nick": nick }));
        async move {
            let made = made.await.unwrap();
            assert_eq!(made.status(), reqwest::StatusCode::CREATED);
            made.json::<Account>().await.unwrap()
        }
    };
    let (ana, ben) = (account("Ana").await, account("Ben").await);
    let taken = post("/api/players".into(), json!({ "nick": "ANA" })).await.unwrap();
    assert_eq!(taken.status(), reqwest::StatusCode::CONFLICT);
    let bot = post("/api/players".into(), json!({ "nick": "Bot7" })).await.unwrap();
    assert_eq!(bot.status(), reqwest::StatusCode::BAD_REQUEST);
    assert!(bot.text().await.unwrap().contains("computer players"));

    // Members sit as their nicknames, whatever name they give.
    let code = create(&server, "wocable", 2, Some(120));
    let mut seats = Vec::new();
    for member in [&ana, &ben] {
        let body = json!({ "name": "someone", "key": member.key.to_hex() });
        let joined = post(format!("/api/rooms/{code}/join"), body).await.unwrap();
        let joined: wocable_net::Joined = joined.json().await.unwrap();
        seats.push(Seat::connect(&server.url, code, joined.token).await);
    }
    let room: serde_json::Value =
        reqwest::get(format!("{}/api/rooms/{code}", server.url)).await.unwrap().json().await.unwrap();
    assert_eq!(room["seats"], json!(["Ana", "Ben"]));
    while seats.iter().any(|s| s.view.as_ref().is_none_or(|v| v.log().is_empty())) {
        for seat in &mut seats {
            seat.take(Duration::from_millis(100)).await;
        }
    }
    // A rated game gives no engine help, on turn or not.
    for seat in &mut seats {
        seat.raw.send(&ClientMessage::Hints);
        assert_eq!(seat.refusal().await, Refusal::NoHints);
    }
    // Three turns each: a game any shorter would count for nobody.
    play_until_it_counts(&mut seats).await;
    seats[0].raw.send(&ClientMessage::Intent(Intent::Resign { seat: 0 }));
    for seat in &mut seats {
        while seat.record.is_none() {
            assert!(seat.take(Duration::from_secs(10)).await, "the game ends");
        }
        let record = seat.record.as_deref().unwrap();
        assert!(record.contains("#description Wocable, wocable rules\n"), "{record}");
    }

    let profile = |nick: &str| {
        let url = format!("{}/api/players/{nick}", server.url);
        async move { reqwest::get(url).await.unwrap().json::<Profile>().await.unwrap() }
    };
    let (ana_profile, ben_profile) = (profile("ana").await, profile("Ben").await);
    let (lost, won) = (&ana_profile.lists[0], &ben_profile.lists[0]);
    assert_eq!((lost.games, lost.wins, lost.losses), (1, 0, 1));
    assert_eq!((won.games, won.wins, won.losses), (1, 1, 0));
    assert!(lost.rating.rating < 1500.0 && won.rating.rating > 1500.0, "{lost:?} {won:?}");
    assert!(won.provisional && won.history.len() == 1);
    // The game's results say how it changed each rating.
    let changes: wocable_net::GameRatings =
        reqwest::get(format!("{}/api/rooms/{code}/ratings", server.url)).await.unwrap().json().await.unwrap();
    let change =
        |seat: usize| changes.changes.iter().find(|c| c.seat == seat).map(|c| (c.nick.as_str(), c.before, c.after));
    assert_eq!(change(0), Some(("Ana", 1500.0, lost.rating.rating)));
    assert_eq!(change(1), Some(("Ben", 1500.0, won.rating.rating)));
    assert!(changes.changes.iter().all(|c| c.provisional));
    let missing = reqwest::get(format!("{}/api/players/nobody", server.url)).await.unwrap();
    assert_eq!(missing.status(), reqwest::StatusCode::NOT_FOUND);

    let board: serde_json::Value = reqwest::get(format!("{}/api/leaderboard?rules=wocable&lang=en&me=Ben", server.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((board["total"].as_u64(), board.get("you")), (Some(0), None), "one game leaves a rating provisional");
    let bad = reqwest::get(format!("{}/api/leaderboard?rules=chess&lang=en", server.url)).await.unwrap();
    assert_eq!(bad.status(), reqwest::StatusCode::BAD_REQUEST);

    // Ana and Ben in a room; once its game began.
    let seated = async |code: RoomCode| {
        let mut seats = Vec::new();
        for member in [&ana, &ben] {
            let body = json!({ "name": "someone", "key": member.key.to_hex() });
            let joined: wocable_net::Joined =
                post(format!("/api/rooms/{code}/join"), body).await.unwrap().json().await.unwrap();
            seats.push(Seat::connect(&server.url, code, joined.token).await);
        }
        while seats.iter().any(|s| s.view.as_ref().is_none_or(|v| v.log().is_empty())) {
            for seat in &mut seats {
                seat.take(Duration::from_millis(100)).await;
            }
        }
        seats
    };
    let resigned = async |mut seats: Vec<Seat>, seat: usize| {
        seats[seat].raw.send(&ClientMessage::Intent(Intent::Resign { seat }));
        for seat in &mut seats {
            while seat.record.is_none() {
                assert!(seat.take(Duration::from_secs(10)).await, "the game ends");
            }
        }
        seats[0].record.take().unwrap()
    };

    // A room made with hints on: the player on turn gets them, the record
    // says so, and the game changes neither rating nor record.
    let output = create_command(&server, "wocable", 2, &["--hints", "--clock", "120"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let code = RoomCode::parse(String::from_utf8(output.stdout).unwrap().trim()).unwrap();
    let mut seats = seated(code).await;
    assert!(seats[0].view.as_ref().unwrap().settings().hints);
    seats[1].raw.send(&ClientMessage::Hints);
    assert_eq!(seats[1].refusal().await, Refusal::Rule(RuleError::NotYourTurn));
    seats[0].raw.send(&ClientMessage::Hints);
    while seats[0].hints.is_none() {
        assert!(seats[0].take(Duration::from_secs(10)).await, "the hints come");
    }
    let hints = seats[0].hints.take().unwrap();
    let view = seats[0].view.clone().unwrap();
    assert!(hints.len() <= 5 && hints.windows(2).all(|w| w[0].score >= w[1].score), "{hints:?}");
    for hint in &hints {
        assert_eq!(view.preview(&hint.tiles, &Lexicon::bundled(Language::En)).map(|p| p.score), Ok(hint.score));
    }
    play_until_it_counts(&mut seats).await;
    let record = resigned(seats, 0).await;
    assert!(record.contains("#description Wocable, wocable rules, hints on\n"), "{record}");
    let unchanged = async |why: &str| {
        assert_eq!(profile("ana").await.lists, ana_profile.lists, "{why}");
        assert_eq!(profile("Ben").await.lists, ben_profile.lists, "{why}");
    };
    unchanged("a game with hints counts for nobody").await;

    // Nor does a game resigned at once (a spare account feeding a friend
    // points), nor one without a clock (a loser could stall it for ever).
    let seats = seated(create(&server, "wocable", 2, Some(120))).await;
    resigned(seats, 1).await;
    unchanged("a game of no moves counts for nobody").await;
    let mut seats = seated(create(&server, "wocable", 2, None)).await;
    play_until_it_counts(&mut seats).await;
    resigned(seats, 1).await;
    unchanged("a game without a clock counts for nobody").await;

    // The recovery code gives a new key; the old one is refused.
    let wrong = post("/api/recover".into(), json!({ "nick": "ana", "recovery": ben.recovery })).await.unwrap();
    assert_eq!(wrong.status(), reqwest::StatusCode::FORBIDDEN);
    let recovered = post("/api/recover".into(), json!({ "nick": "ana", "recovery": ana.recovery }));
    let recovered: Account = recovered.await.unwrap().json().await.unwrap();
    assert_eq!(recovered.nick, "Ana");
    assert_ne!(recovered.key, ana.key);
    let code = create(&server, "wocable", 2, None);
    let stale = post(format!("/api/rooms/{code}/join"), json!({ "name": "x", "key": ana.key.to_hex() })).await.unwrap();
    assert_eq!(stale.status(), reqwest::StatusCode::UNAUTHORIZED);
    let fresh = json!({ "name": "x", "key": recovered.key.to_hex() });
    assert!(post(format!("/api/rooms/{code}/join"), fresh).await.unwrap().status().is_success());
}

#[tokio::test(flavor = "multi_thread")]
async fn an_account_asked_for_again_is_the_same_and_one_address_makes_only_so_many() {
    use serde_json::json;
    use wocable_net::Account;
    let scratch = Scratch::new("accounts");
    let server = Server::start(&scratch, None, &scratch.database());
    let http = reqwest::Client::new();
    // A reverse proxy on the server's machine says who the client is.
    let ask = |from: &str, body: serde_json::Value| {
        http.post(format!("{}/api/players", server.url)).header("x-forwarded-for", from).json(&body).send()
    };
    let key = "0123456789abcdef0123456789abcdef";
    let first = ask("203.0.113.7", json!({ "nick": "Cleo", "key": key })).await.unwrap();
    assert_eq!(first.status(), reqwest::StatusCode::CREATED);
    let first: Account = first.json().await.unwrap();
    assert_eq!(first.key.to_hex(), key, "the app's own key");
    // The answer was lost: asked again, under another name even, the
    // same account, with a new recovery code.
    let again = ask("203.0.113.7", json!({ "nick": "Cleopatra", "key": key })).await.unwrap();
    assert_eq!(again.status(), reqwest::StatusCode::OK);
    let again: Account = again.json().await.unwrap();
    assert_eq!((again.nick.as_str(), again.key), ("Cleo", first.key));
    assert_ne!(again.recovery, first.recovery);
    // A key the app made must be one: not a run of zeros.
    let weak = ask("203.0.113.7", json!({ "nick": "Weak", "key": "00000000000000000000000000000005" })).await.unwrap();
    assert_eq!(weak.status(), reqwest::StatusCode::BAD_REQUEST);
    // A guest may not sit as a member, nor as a computer player.
    let code = create(&server, "wocable", 2, None);
    for (name, refusal) in [("cleo", "nick_taken"), ("BOT", "computer_name"), ("bot3", "computer_name")] {
        let join = http.post(format!("{}/api/rooms/{code}/join", server.url)).json(&json!({ "name": name }));
        let refused: serde_json::Value = join.send().await.unwrap().json().await.unwrap();
        assert_eq!(refused["error"]["code"], refusal, "{name}: {refused}");
    }

    for n in 2..50 {
        let made = ask("203.0.113.7", json!({ "nick": format!("cleo{n}") })).await.unwrap();
        assert_eq!(made.status(), reqwest::StatusCode::CREATED, "account {n}");
    }
    let refused = ask("203.0.113.7", json!({ "nick": "cleo50" })).await.unwrap();
    assert_eq!(refused.status(), reqwest::StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.text().await.unwrap().contains("try again in an hour"));
    let recover = json!({ "nick": "Cleo", "recovery": again.recovery.as_str() });
    let refused =
        http.post(format!("{}/api/recover", server.url)).header("x-forwarded-for", "203.0.113.7").json(&recover);
    assert_eq!(refused.send().await.unwrap().status(), reqwest::StatusCode::TOO_MANY_REQUESTS, "guesses too");
    // The proxy adds the client's address last: one the client put first
    // does not count.
    let spoofed = ask("198.51.100.2, 203.0.113.7", json!({ "nick": "cleo50" })).await.unwrap();
    assert_eq!(spoofed.status(), reqwest::StatusCode::TOO_MANY_REQUESTS);
    let elsewhere = ask("203.0.113.7, 198.51.100.2", json!({ "nick": "cleo50" })).await.unwrap();
    assert_eq!(elsewhere.status(), reqwest::StatusCode::CREATED, "another address has its own limit");
}

/// A list where every two letters make a word, with `more` words: most
/// of its two-letter words are no English word.
fn pairs_list(scratch: &Scratch, more: impl Iterator<Item = String>) -> PathBuf {
    let language = Language::En;
    let labels = language.labels();
    let pairs = labels.iter().flat_map(|a| labels.iter().map(move |b| format!("{a}{b}")));
    let text: String = pairs.chain(more).map(|word| word + "\n").collect();
    let (list, _) = Lexicon::import(language, text.as_bytes()).unwrap();
    let path = scratch.path("pairs.wlex");
    std::fs::write(&path, list.to_file("Pairs", "pairs.txt")).unwrap();
    path
}

/// Waits until one of the seats is on turn; which one.
async fn whose_turn(seats: &mut [Seat]) -> usize {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(on_turn) = seats.iter().position(Seat::on_turn) {
            return on_turn;
        }
        assert!(Instant::now() < deadline, "nobody's turn came");
        for seat in seats.iter_mut() {
            seat.take(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_room_on_a_word_list_the_server_installed_is_refereed_by_that_list() {
    let scratch = Scratch::new("word-list");
    // Nothing longer is a word: most English words are not in it.
    let list = pairs_list(&scratch, std::iter::empty());
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--lexicon", list.to_str().unwrap()]);
    let http = reqwest::Client::new();

    // The server names its lists, and gives each as the file it was built into.
    let config: ServerConfig =
        http.get(format!("{}/api/config", server.url)).send().await.unwrap().json().await.unwrap();
    let listed = ServerWordList { name: "Pairs".into(), language: Language::En, words: 26 * 26 };
    assert_eq!(config.word_lists, vec![listed]);
    let file = http.get(format!("{}/api/word-lists/Pairs", server.url)).send().await.unwrap();
    let (fetched, info) = Lexicon::open_file(&file.bytes().await.unwrap()).unwrap();
    assert_eq!((info.name.as_str(), fetched.len()), ("Pairs", 26 * 26));
    let missing = http.get(format!("{}/api/word-lists/Collins", server.url)).send().await.unwrap();
    assert_eq!(missing.status(), reqwest::StatusCode::NOT_FOUND);

    // A room on a list it does not have is refused, in words.
    let refused = create_command(&server, "wocable", 2, &["--word-list", "Collins"]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("this server has no word list named \"Collins\""), "{said}");

    let made = create_command(&server, "wocable", 2, &["--word-list", "Pairs"]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let code = RoomCode::parse(String::from_utf8(made.stdout).unwrap().trim()).unwrap();
    let room: serde_json::Value =
        http.get(format!("{}/api/rooms/{code}", server.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(room["word_list"], "Pairs");

    let mut seats = Vec::new();
    for name in ["ana", "bo"] {
        let (_, token) = join(&server, code, name).await;
        seats.push(Seat::connect(&server.url, code, token).await);
    }
    let first = whose_turn(&mut seats).await;
    // Two of its tiles that make no English word: a word here.
    let english = Lexicon::bundled(Language::En);
    let view = seats[first].view.clone().unwrap();
    assert_eq!(view.settings().word_list.as_deref(), Some("Pairs"), "the game is told its list");
    let letters: Vec<Letter> =
        view.rack().iter().filter_map(|tile| if let Tile::Letter(l) = tile { Some(*l) } else { None }).collect();
    let (a, b) = (0..letters.len())
        .flat_map(|i| (0..letters.len()).filter(move |j| *j != i).map(move |j| (i, j)))
        .map(|(i, j)| (letters[i], letters[j]))
        .find(|(a, b)| !english.contains(&[*a, *b]))
        .expect("two tiles that make no English word");
    let tile = |letter| PlacedTile { letter, blank: false };
    let tiles = vec![(Pos::new(7, 7).unwrap(), tile(a)), (Pos::new(7, 8).unwrap(), tile(b))];
    let seat = seats[first].seat();
    seats[first].raw.send(&ClientMessage::Intent(Intent::Play { seat, tiles }));
    while seats[first].view.as_ref().unwrap().last_seq() == view.last_seq() {
        assert!(seats[first].take(Duration::from_secs(10)).await, "the play was answered: {:?}", seats[first].refusals);
    }
    let played = seats[first].view.as_ref().unwrap().log().iter().any(|e| matches!(e.event, Event::Played { .. }));
    assert!(played, "the play was taken: {:?}", seats[first].refusals);

    // Three letters are no word of this list, English or not.
    let second = 1 - first;
    assert!(seats[second].until_turn().await);
    let view = seats[second].view.clone().unwrap();
    let letter = view.rack().iter().find_map(|tile| if let Tile::Letter(l) = tile { Some(*l) } else { None }).unwrap();
    let seat = seats[second].seat();
    let tiles = vec![(Pos::new(7, 9).unwrap(), tile(letter))];
    seats[second].raw.send(&ClientMessage::Intent(Intent::Play { seat, tiles }));
    assert!(matches!(seats[second].refusal().await, Refusal::Rule(RuleError::NotInLexicon(_))));

    let [ana, bo] = &mut seats[..] else { unreachable!() };
    let (record, _) = tokio::join!(ana.pass_to_the_end(), bo.pass_to_the_end());
    assert!(record.contains("#lexicon Pairs"), "{record}");
}

#[test]
fn computer_players_fetch_the_rooms_word_list_and_play_on_it() {
    let scratch = Scratch::new("word-list-bots");
    // English words too: with two-letter words only, the board soon
    // blocks, and computer players exchange for ever (exchanges do not
    // end a game).
    let english = Lexicon::bundled(Language::En);
    let list = pairs_list(&scratch, english.words());
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--lexicon", list.to_str().unwrap()]);
    let made = create_command(&server, "wocable", 2, &["--word-list", "Pairs"]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let code = String::from_utf8(made.stdout).unwrap().trim().to_string();
    let records: Vec<PathBuf> = (0..2).map(|i| scratch.path(&format!("{i}.gcg"))).collect();
    let bots: Vec<Child> =
        (0..2).map(|i| bot(&server, &["--code", &code, "--name", &format!("p{i}")], "strong", &records[i])).collect();
    for bot in bots {
        finish(bot, &server);
    }
    let record = std::fs::read_to_string(&records[0]).unwrap();
    assert_eq!(std::fs::read_to_string(&records[1]).unwrap(), record, "both have the same record");
    assert!(record.contains("#lexicon Pairs"), "{record}");
    // Every word is the list's, and some, main words or words formed
    // across them, are no English word: the record replays on the list
    // and not on English.
    let replay = |lexicon: &[&str]| {
        let mut replay = Command::new(cli_path());
        replay.args(["replay", "--lang", "en", "--rules", "wocable"]).args(lexicon).arg(&records[0]);
        replay.output().unwrap()
    };
    let on_the_list = replay(&["--lexicon", list.to_str().unwrap()]);
    assert!(on_the_list.status.success(), "{}", String::from_utf8_lossy(&on_the_list.stderr));
    assert!(!replay(&[]).status.success(), "a word of the list that is no English word was played: {record}");
}
