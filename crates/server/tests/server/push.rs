//! Web Push end to end, over loopback: a push service of the test's own
//! (RFC 8030: it takes a POST per message) receives what the real server
//! sends a member's subscription, and the test reads it as a browser
//! would: the VAPID signature (RFC 8292) checked with the key the server
//! gives browsers, the body decrypted with the subscription's private key
//! (RFC 8291), written here apart from the server's code.

use crate::support::{Lobby, Scratch, Server, error_code};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as BASE64URL;
use ring::rand::SystemRandom;
use ring::{aead, agreement, hkdf, signature};
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use wocable_net::{PushMessage, SeatGame};

/// A message as the push service took it.
#[derive(Clone, Debug)]
struct Pushed {
    path: String,
    headers: HeaderMap,
    body: Bytes,
}

type Inbox = Arc<Mutex<Vec<Pushed>>>;

/// A push service on loopback: it keeps every message, and answers one to
/// `/gone` as a subscription that is no more (410).
async fn push_service() -> (String, Inbox) {
    let inbox = Inbox::default();
    let take = |State(inbox): State<Inbox>, Path(path): Path<String>, headers: HeaderMap, body: Bytes| async move {
        let gone = path == "gone";
        inbox.lock().unwrap().push(Pushed { path, headers, body });
        if gone { StatusCode::GONE } else { StatusCode::CREATED }
    };
    let app = Router::new().route("/push/{path}", post(take)).with_state(inbox.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, inbox)
}

/// A browser's subscription: its key pair (good for one message: the
/// test's ECDH keys are ring's ephemeral ones) and its secret.
struct Browser {
    private: Option<agreement::EphemeralPrivateKey>,
    public: Vec<u8>,
    auth: [u8; 16],
    endpoint: String,
}

impl Browser {
    fn new(endpoint: String) -> Browser {
        let private = agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &SystemRandom::new()).unwrap();
        let public = private.compute_public_key().unwrap().as_ref().to_vec();
        Browser { private: Some(private), public, auth: rand::random(), endpoint }
    }

    fn subscription(&self, key: &str, language: &str) -> serde_json::Value {
        let keys = json!({ "p256dh": BASE64URL.encode(&self.public), "auth": BASE64URL.encode(self.auth) });
        json!({ "key": key, "subscription": { "endpoint": self.endpoint, "keys": keys }, "language": language })
    }

    /// The notification in a message's body (RFC 8291 §3, read from the
    /// receiver's side).
    fn read(&mut self, body: &[u8]) -> PushMessage {
        let (salt, rest) = body.split_at(16);
        let (record_size, rest) = rest.split_at(4);
        assert_eq!(record_size, 4096u32.to_be_bytes());
        let (sender, record) = rest[1..].split_at(usize::from(rest[0]));
        let peer = agreement::UnparsedPublicKey::new(&agreement::ECDH_P256, sender);
        let private = self.private.take().expect("one message a key");
        let shared = agreement::agree_ephemeral(private, &peer, |shared| shared.to_vec()).unwrap();
        let okm = |prk: &hkdf::Prk, info: &[u8], out: &mut [u8]| {
            struct Length(usize);
            impl hkdf::KeyType for Length {
                fn len(&self) -> usize {
                    self.0
                }
            }
            prk.expand(&[info], Length(out.len())).unwrap().fill(out).unwrap();
        };
        let mut ikm = [0u8; 32];
        let info = [b"WebPush: info\0".as_slice(), &self.public, sender].concat();
        okm(&hkdf::Salt::new(hkdf::HKDF_SHA256, &self.auth).extract(&shared), &info, &mut ikm);
        let prk = hkdf::Salt::new(hkdf::HKDF_SHA256, salt).extract(&ikm);
        let (mut key, mut nonce) = ([0u8; 16], [0u8; 12]);
        okm(&prk, b"Content-Encoding: aes128gcm\0", &mut key);
        okm(&prk, b"Content-Encoding: nonce\0", &mut nonce);
        let key = aead::LessSafeKey::new(aead::UnboundKey::new(&aead::AES_128_GCM, &key).unwrap());
        let mut record = record.to_vec();
        let plain = key.open_in_place(aead::Nonce::assume_unique_for_key(nonce), aead::Aad::empty(), &mut record);
        let plain = plain.expect("the message opens with the subscription's keys");
        assert_eq!(plain.last(), Some(&2), "the last record's delimiter");
        serde_json::from_slice(&plain[..plain.len() - 1]).unwrap()
    }
}

/// Checks a message's VAPID signature against the server's `key`: for
/// the push service's origin, not expired, signed by that key.
fn check_signature(pushed: &Pushed, key: &str, push_origin: &str) {
    let header = pushed.headers["authorization"].to_str().unwrap();
    let (token, k) = header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
    assert_eq!(k, key);
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let claims: serde_json::Value =
        serde_json::from_slice(&BASE64URL.decode(signed.split_once('.').unwrap().1).unwrap()).unwrap();
    assert_eq!(claims["aud"], push_origin);
    assert!(claims["sub"].as_str().is_some_and(|sub| !sub.is_empty()));
    let public = signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, BASE64URL.decode(key).unwrap());
    public.verify(signed.as_bytes(), &BASE64URL.decode(signature).unwrap()).expect("signed by the server's key");
    assert_eq!(pushed.headers["content-encoding"], "aes128gcm");
    assert!(pushed.headers["ttl"].to_str().unwrap().parse::<u64>().unwrap() > 0);
}

/// The messages to `path` so far, once there are `count` (within 10 s).
async fn received(inbox: &Inbox, path: &str, count: usize) -> Vec<Pushed> {
    let asked = Instant::now();
    loop {
        let to: Vec<Pushed> = inbox.lock().unwrap().iter().filter(|p| p.path == path).cloned().collect();
        if to.len() >= count {
            return to;
        }
        assert!(asked.elapsed() < Duration::from_secs(10), "{count} messages to {path}; came {}", to.len());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn seat_game(lobby: &Lobby, code: &str, key: &str) -> SeatGame {
    let (status, game) = lobby.post(&format!("/api/games/{code}"), json!({ "key": key, "since": 0 })).await;
    assert_eq!(status, 200, "{game}");
    serde_json::from_value(game).unwrap()
}

async fn pass(lobby: &Lobby, code: &str, key: &str) {
    let game = seat_game(lobby, code, key).await;
    let intent = wocable_crossword::Intent::Pass { seat: game.seat };
    let (status, answer) =
        lobby.post(&format!("/api/games/{code}/move"), json!({ "key": key, "at": game.next, "intent": intent })).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_is_told_of_their_turn_of_a_deadline_near_and_of_an_invitation_by_web_push() {
    let (push, inbox) = push_service().await;
    let scratch = Scratch::new("push");
    let start = 1_800_000_000_000u64.to_string();
    let server = Server::start_with(&scratch, None, &scratch.database(), &["--test-clock", &start, "--push-over-http"]);
    let lobby = Lobby::of(&server);
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);
    let key: serde_json::Value =
        lobby.http.get(format!("{}/api/push/key", lobby.url)).send().await.unwrap().json().await.unwrap();
    let key = key["key"].as_str().unwrap().to_string();
    assert_eq!(BASE64URL.decode(&key).unwrap().len(), 65, "an uncompressed P-256 point");

    let mut first = Browser::new(format!("{push}/push/ben-1"));
    let mut bad = first.subscription(&ben, "fr");
    bad["subscription"]["keys"]["p256dh"] = json!("AAAA");
    assert_eq!(error_code(&lobby.post("/api/push/subscribe", bad).await.1), "bad_request");
    let mut ftp = first.subscription(&ben, "fr");
    ftp["subscription"]["endpoint"] = json!("ftp://127.0.0.1/push");
    assert_eq!(error_code(&lobby.post("/api/push/subscribe", ftp).await.1), "bad_request");
    assert_eq!(lobby.post("/api/push/subscribe", first.subscription(&"0".repeat(32), "fr")).await.0, 401);
    assert_eq!(lobby.post("/api/push/subscribe", first.subscription(&ben, "fr")).await.0, 204);

    // A game of a day a move: once it is Ben's turn, his browser is told.
    let settings = json!({ "rules": "wocable", "language": "en", "players": 2, "clock": null, "days": 1 });
    let code = lobby.post("/api/rooms", settings).await.1["code"].as_str().unwrap().to_string();
    for key in [&ana, &ben] {
        assert_eq!(lobby.post(&format!("/api/rooms/{code}/join"), json!({ "name": "x", "key": key })).await.0, 200);
    }
    if seat_game(&lobby, &code, &ana).await.clock.is_some_and(|clock| clock.seat == 0) {
        pass(&lobby, &code, &ana).await;
    }
    let told = received(&inbox, "ben-1", 1).await;
    check_signature(&told[0], &key, &push);
    let message = first.read(&told[0].body);
    assert_eq!((message.title.as_str(), message.tag.as_str()), ("À vous de jouer", code.as_str()), "{message:?}");
    assert!(message.body.contains(&code) && message.url.starts_with(&server.url), "{message:?}");

    // Another browser of his; the first unsubscribed. Nineteen hours on,
    // six hours before his day is up, the other is reminded.
    let mut second = Browser::new(format!("{push}/push/ben-2"));
    assert_eq!(lobby.post("/api/push/subscribe", second.subscription(&ben, "en")).await.0, 204);
    let unsubscribe = json!({ "key": ben, "endpoint": first.endpoint });
    assert_eq!(lobby.post("/api/push/unsubscribe", unsubscribe).await.0, 204);
    assert_eq!(lobby.post("/api/test/clock", json!({ "advance_ms": 19 * 60 * 60 * 1000 })).await.0, 200);
    let reminded = received(&inbox, "ben-2", 1).await;
    check_signature(&reminded[0], &key, &push);
    let message = second.read(&reminded[0].body);
    assert_eq!(message.title, "Time is nearly up");
    assert!(message.body.contains(&code) && message.body.contains("5 h"), "{message:?}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(received(&inbox, "ben-2", 1).await.len(), 1, "reminded once");
    assert_eq!(received(&inbox, "ben-1", 1).await.len(), 1, "nothing after unsubscribing");

    // Ana's subscription is gone at her push service (410): forgotten
    // after the first message, an invitation of Ben's.
    let gone = Browser::new(format!("{push}/push/gone"));
    assert_eq!(lobby.post("/api/push/subscribe", gone.subscription(&ana, "es")).await.0, 204);
    assert_eq!(lobby.post("/api/friends/act", json!({ "key": ben, "nick": "Ana", "act": "ask" })).await.0, 200);
    assert_eq!(lobby.post("/api/friends/act", json!({ "key": ana, "nick": "Ben", "act": "accept" })).await.0, 200);
    let invite = || {
        let settings = json!({ "rules": "wocable", "language": "en", "players": 2, "clock": 120 });
        lobby.post("/api/invitations", json!({ "key": ben, "friends": ["Ana"], "settings": settings }))
    };
    assert_eq!(invite().await.0, 201);
    received(&inbox, "gone", 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(invite().await.0, 201);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(received(&inbox, "gone", 1).await.len(), 1, "a subscription gone is forgotten");
}
