//! The signalling websockets under attack: raw websocket clients that send
//! what no WebRTC stack would, or leave mid-handshake, while honest
//! clients play. What one of them costs is bounded, and given back.

use crate::support::{Scratch, Server, bot, create, finish, same_record_replayed};
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Child;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use wocable_net::RoomCode;

/// A websocket client of the test's own: it speaks matchbox's signalling
/// JSON by hand, and nothing else.
struct RawSignals {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl RawSignals {
    async fn open(server: &Server, code: RoomCode) -> RawSignals {
        let url = format!("{}/{code}", server.url.replace("http://", "ws://"));
        let (socket, _) = tokio_tungstenite::connect_async(url).await.expect("the websocket opens");
        RawSignals { socket }
    }

    /// The next JSON event, or `None` once the server has closed the
    /// websocket (or after `wait` without one).
    async fn event(&mut self, wait: Duration) -> Option<Value> {
        let message = tokio::time::timeout(wait, self.socket.next()).await.ok()??;
        match message.ok()? {
            Message::Text(text) => Some(serde_json::from_str(&text).expect("the server's events are JSON")),
            Message::Close(_) => None,
            _ => Some(Value::Null),
        }
    }

    /// Waits for the host's offer: (the host's id, its SDP); `None` if the
    /// websocket is closed first.
    async fn offer(&mut self) -> Option<(String, String)> {
        loop {
            let event = self.event(Duration::from_secs(20)).await?;
            if let Some(offer) = event["Signal"]["data"]["Offer"].as_str() {
                return Some((event["Signal"]["sender"].as_str().unwrap().to_string(), offer.to_string()));
            }
        }
    }

    async fn signal(&mut self, to: &str, data: Value) {
        self.send(json!({ "Signal": { "receiver": to, "data": data } }).to_string()).await;
    }

    async fn send(&mut self, text: String) {
        // The server may have closed it already: what matters is what the
        // server does.
        let _ = self.socket.send(Message::Text(text.into())).await;
    }

    /// Whether the server closed the websocket within `wait`.
    async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        while Instant::now() < deadline {
            if self.event(deadline - Instant::now()).await.is_none() {
                return Instant::now() < deadline;
            }
        }
        false
    }
}

/// Answers made from the host's offer, each wrong in its own way; the
/// last ones parse and pass every check, and fail in the host's WebRTC
/// stack or later.
fn bad_answers(offer: &str) -> Vec<String> {
    let answer = offer.replace("a=setup:actpass", "a=setup:active");
    let without = |prefix: &str| {
        answer.lines().filter(|line| !line.starts_with(prefix)).map(|line| format!("{line}\r\n")).collect::<String>()
    };
    vec![
        String::new(),
        "hello".to_string(),
        "v=0\r\nm=application".to_string(),
        "v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n".to_string(),
        offer.to_string(),
        without("a=ice-ufrag"),
        without("a=fingerprint"),
        answer.replace("a=fingerprint:sha-256 ", "a=fingerprint:md5 "),
        format!("{answer}{}", &answer[answer.find("m=").unwrap()..]),
        answer.replace("m=application 9 UDP/DTLS/SCTP", "m=audio 9 UDP/TLS/RTP/SAVPF"),
        answer.replace("a=ice-pwd:", "a=ice-pwd:x"),
        "v=0\r\n".to_string() + &"a=x\r\n".repeat(4000),
        answer.replace("a=mid:0", "a=mid:7"),
        answer.replace("a=sctp-port:5000", "a=sctp-port:notaport"),
        answer.clone(),
    ]
}

/// One hostile client's try: it answers the host's offer with `answer`,
/// then sends what no WebRTC stack would, and leaves.
async fn attack(server: &Server, code: RoomCode, answer: impl FnOnce(&str) -> String) {
    let mut raw = RawSignals::open(server, code).await;
    let (host, offer) = raw.offer().await.expect("the host offers a connection");
    let answer = answer(&offer);
    raw.signal(&host, json!({ "Answer": answer })).await;
    raw.signal(&host, json!({ "Answer": answer })).await;
    raw.signal(&host, json!({ "Offer": offer })).await;
    for i in 0..40 {
        let candidate = json!({ "candidate": format!("candidate:{i} 1 udp 1 10.255.{i}.1 9 typ host"), "sdpMid": "0" });
        raw.signal(&host, json!({ "IceCandidate": candidate.to_string() })).await;
    }
    raw.signal(&host, json!({ "IceCandidate": "x".repeat(5000) })).await;
    raw.signal(&host, json!(["not", "a", "signal"])).await;
    raw.signal("00000000-0000-0000-0000-000000000000", json!({ "Answer": offer })).await;
    raw.send("not json".to_string()).await;
    let _ = raw.socket.send(Message::Binary(vec![0xff; 64].into())).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_answers_of_every_shape_cost_their_own_peer_only() {
    let scratch = Scratch::new("bad-answers");
    // Everything logged: still no address of a player's, and not the
    // host's secret path.
    let mut server = Server::start_logging(&scratch, None, &scratch.database(), &[], "debug");
    let code = create(&server, "wocable", 2, None);
    let records: Vec<PathBuf> = (0..2).map(|i| scratch.path(&format!("{i}.gcg"))).collect();
    let bots: Vec<Child> = (0..2)
        .map(|i| bot(&server, &["--code", code.as_str(), "--name", &format!("b{i}")], "casual", &records[i]))
        .collect();

    let mut raw = RawSignals::open(&server, code).await;
    let (_, offer) = raw.offer().await.expect("the host offers a connection");
    drop(raw);
    for answer in bad_answers(&offer) {
        attack(&server, code, |_| answer).await;
    }
    // Answers made from their own offer that pass every check here: the
    // host's WebRTC stack refuses one; the other waits for its ICE until
    // its client leaves. Either way the handshake ends, and with it what
    // it held.
    let active = |offer: &str| offer.replace("a=setup:actpass", "a=setup:active");
    let session_fingerprint =
        |offer: &str| active(offer).replacen("\r\nm=", "\r\na=fingerprint:sha-256 00:11\r\nm=", 1);
    let bad_candidate = |offer: &str| active(offer).replace("a=mid:0", "a=mid:0\r\na=candidate:nonsense");
    attack(&server, code, session_fingerprint).await;
    attack(&server, code, bad_candidate).await;
    // A websocket message far past the bound is not read: the websocket is
    // closed.
    let mut big = RawSignals::open(&server, code).await;
    big.send("x".repeat(1 << 20)).await;
    assert!(big.closed_within(Duration::from_secs(10)).await, "a 1 MiB message closes the websocket");

    for bot in bots {
        finish(bot, &server);
    }
    same_record_replayed(&records, "wocable");
    assert!(server.alive(), "the server is fine");
    let log = server.log();
    assert!(!log.contains("the host peer stopped"), "the host peer never stopped:\n{log}");
    assert!(log.contains("a signal not passed to the host"), "the bad answers were refused:\n{log}");
    for private in ["host-", "typ host", "a=fingerprint", "c=IN IP4"] {
        assert!(!log.contains(private), "'{private}' was logged:\n{log}");
    }
    assert!(
        log.contains("session description was refused"),
        "the answers that got through failed their own handshake:\n{log}"
    );
    // Stopped, it says how long it took over the moves, on its own side.
    let pid = server.child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    server.child.wait().unwrap();
    let log = server.log();
    assert!(log.contains("the referee's own time for a move"), "{log}");
}

/// The server's open file descriptors (its sockets among them).
fn descriptors(server: &Server) -> usize {
    std::fs::read_dir(format!("/proc/{}/fd", server.child.id())).unwrap().count()
}

/// The server's resident memory, in KiB.
fn resident_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// How many descriptors the server holds once the count has not changed
/// for two seconds.
async fn descriptors_steady(server: &Server) -> usize {
    let mut seen = (descriptors(server), Instant::now());
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let now = descriptors(server);
        if now != seen.0 {
            seen = (now, Instant::now());
        } else if seen.1.elapsed() > Duration::from_secs(2) {
            return now;
        }
    }
}

/// Waits until the server holds no more descriptors than `at_most`;
/// how many it holds then.
async fn descriptors_settle(server: &Server, at_most: usize) -> usize {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let now = descriptors(server);
        if now <= at_most || Instant::now() > deadline {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// `count` clients at once that wait for the host's offer and leave: the
/// host has built each one's peer connection by then. Every third one
/// leaves without a word and waits to be closed at the deadline.
async fn abandon(server: &Server, code: RoomCode, count: usize) {
    let clients = (0..count).map(|i| async move {
        let mut raw = RawSignals::open(server, code).await;
        let (host, offer) = raw.offer().await.expect("the host offers a connection");
        match i % 3 {
            0 => assert!(raw.closed_within(Duration::from_secs(10)).await, "a silent client is closed"),
            1 => raw.signal(&host, json!({ "Answer": offer.replace("a=setup:actpass", "a=setup:active") })).await,
            _ => {}
        }
    });
    futures::future::join_all(clients).await;
}

/// The most descriptors the server held while `work` ran.
async fn peak_descriptors(server: &Server, work: impl Future<Output = ()>) -> usize {
    let peak = std::cell::Cell::new(0);
    let sample = async {
        loop {
            peak.set(peak.get().max(descriptors(server)));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::select! {
        _ = work => {}
        _ = sample => {}
    }
    peak.get()
}

#[tokio::test(flavor = "multi_thread")]
async fn hundreds_of_abandoned_handshakes_give_back_what_they_took() {
    let scratch = Scratch::new("abandoned");
    let (per_address, handshakes) = (50, 300);
    let server = Server::start_with(
        &scratch,
        None,
        &scratch.database(),
        &["--sockets-per-address", &per_address.to_string(), "--hello-seconds", "2"],
    );
    let code = create(&server, "wocable", 2, None);
    let fds_at_start = descriptors(&server);
    let rounds = || async {
        for _ in 0..handshakes / per_address {
            abandon(&server, code, per_address).await;
        }
    };
    // The runtime's threads, the WebRTC stack's reactor and the
    // allocator's arenas come with the first ones, and stay.
    rounds().await;
    let fds_before = descriptors_steady(&server).await;
    let started = Instant::now();
    let fds_peak = peak_descriptors(&server, rounds()).await;
    let took = started.elapsed();
    let fds_after = descriptors_settle(&server, fds_before).await;
    // Memory: the allocator keeps some of what was freed, more so while
    // other tests run beside; what a leak keeps grows with every round,
    // so one more round must add little.
    let kib_before = resident_kib(&server);
    rounds().await;
    descriptors_settle(&server, fds_before).await;
    let kib_after = resident_kib(&server);
    eprintln!(
        "{handshakes} abandoned handshakes in {took:?}: descriptors {fds_at_start} at start, \
         {fds_before} → {fds_peak} at most → {fds_after}; resident {kib_before} → {kib_after} KiB \
         over {handshakes} more",
    );
    assert!(fds_peak > fds_before + per_address, "the handshakes held sockets while they lasted");
    assert!(fds_after <= fds_before, "every descriptor came back: {fds_before} → {fds_after}");
    // Beside the other tests the allocator's share varies by megabytes
    // (+0.4 to +5 MiB seen): the bound is 55 KiB a handshake.
    assert!(kib_after < kib_before + 16 * 1024, "the memory came back: {kib_before} → {kib_after} KiB");
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_holds_only_so_many_websockets() {
    let scratch = Scratch::new("per-address");
    let per_address = 4;
    let server =
        Server::start_with(&scratch, None, &scratch.database(), &["--sockets-per-address", &per_address.to_string()]);
    let code = create(&server, "wocable", 2, None);
    let mut held = Vec::new();
    for _ in 0..per_address {
        let mut raw = RawSignals::open(&server, code).await;
        raw.offer().await.expect("the host offers a connection");
        held.push(raw);
    }
    let mut over = RawSignals::open(&server, code).await;
    assert!(over.closed_within(Duration::from_secs(5)).await, "one websocket over the limit is closed at once");
    held.pop();
    // Its place is free again once the server has seen it go.
    let deadline = Instant::now() + Duration::from_secs(10);
    while RawSignals::open(&server, code).await.offer().await.is_none() {
        assert!(Instant::now() < deadline, "a place freed is taken again");
    }
}
