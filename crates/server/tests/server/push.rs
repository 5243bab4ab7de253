//! Push end to end, over loopback: a push service of the test's own (RFC
//! 8030: it takes a POST per message) receives what the real server sends
//! a member's subscription, and the test reads it as a browser would: the
//! VAPID signature (RFC 8292) checked with the key the server gives
//! browsers, the body decrypted with the subscription's private key (RFC
//! 8291), written here apart from the server's code. And phones: Firebase
//! (its OAuth sign-in and HTTP v1 API) and Apple's service (HTTP/2, a
//! provider token) of the test's own, each checking the server's
//! signature with the key it was given.

use crate::support::{Lobby, Scratch, Server, error_code};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Version};
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::{STANDARD as BASE64_STANDARD, URL_SAFE_NO_PAD as BASE64URL};
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
    // No Firebase account given: Android phones are not taken.
    let phone = json!({ "key": ben, "service": "fcm", "token": "f".repeat(160), "language": "fr" });
    assert_eq!(error_code(&lobby.post("/api/push/phone", phone).await.1), "bad_request");

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
    assert!(message.body.contains(&code), "{message:?}");
    assert_eq!(message.url, format!("{}/join/{code}", server.url), "the game's link opens it");

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

/// The push services of phones, on loopback: Firebase's sign-in and its
/// messages, and Apple's service (HTTP/2), keeping what they took.
#[derive(Clone, Default)]
struct Phones {
    /// Sign-ins to Firebase: the assertion each came with.
    sign_ins: Arc<Mutex<Vec<String>>>,
    taken: Arc<Mutex<Vec<Taken>>>,
}

/// A message to a phone, as its service took it.
#[derive(Clone)]
struct Taken {
    token: String,
    headers: HeaderMap,
    body: serde_json::Value,
}

/// The access token the test's Firebase gives.
const ACCESS: &str = "ya29.test-access";

impl Phones {
    /// Firebase's two services and Apple's, each at an address of its own.
    async fn serve(&self) -> (String, String) {
        use axum::extract::Form;
        let sign_in = |State(phones): State<Phones>, Form(form): Form<std::collections::HashMap<String, String>>| async move {
            assert_eq!(form["grant_type"], "urn:ietf:params:oauth:grant-type:jwt-bearer");
            phones.sign_ins.lock().unwrap().push(form["assertion"].clone());
            axum::Json(json!({ "access_token": ACCESS, "expires_in": 3600, "token_type": "Bearer" }))
        };
        let fcm = |State(phones): State<Phones>,
                   headers: HeaderMap,
                   axum::Json(body): axum::Json<serde_json::Value>| async move {
            assert_eq!(headers["authorization"], format!("Bearer {ACCESS}"));
            let token = body["message"]["token"].as_str().unwrap().to_string();
            let gone = token.starts_with("gone");
            phones.taken.lock().unwrap().push(Taken { token, headers, body });
            match gone {
                true => (StatusCode::NOT_FOUND, axum::Json(json!({ "error": { "status": "NOT_FOUND" } }))),
                false => (StatusCode::OK, axum::Json(json!({ "name": "projects/wocable-test/messages/1" }))),
            }
        };
        let apns = |State(phones): State<Phones>,
                    Path(token): Path<String>,
                    version: Version,
                    headers: HeaderMap,
                    body: Bytes| async move {
            assert_eq!(version, Version::HTTP_2, "Apple speaks HTTP/2 only");
            let gone = token.starts_with("00");
            let body = serde_json::from_slice(&body).unwrap();
            phones.taken.lock().unwrap().push(Taken { token, headers, body });
            match gone {
                true => (StatusCode::GONE, axum::Json(json!({ "reason": "Unregistered" }))),
                false => (StatusCode::OK, axum::Json(json!({}))),
            }
        };
        let google = Router::new()
            .route("/token", post(sign_in))
            .route("/v1/projects/wocable-test/messages:send", post(fcm))
            .with_state(self.clone());
        let apple = Router::new().route("/3/device/{token}", post(apns)).with_state(self.clone());
        let mut urls = Vec::new();
        for app in [google, apple] {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            urls.push(format!("http://{}", listener.local_addr().unwrap()));
            tokio::spawn(async move { axum::serve(listener, app).await });
        }
        (urls.remove(0), urls.remove(0))
    }

    /// The messages to `token` so far, once there are `count` (within 10 s).
    async fn to(&self, token: &str, count: usize) -> Vec<Taken> {
        let asked = Instant::now();
        loop {
            let to: Vec<_> = self.taken.lock().unwrap().iter().filter(|taken| taken.token == token).cloned().collect();
            if to.len() >= count {
                return to;
            }
            assert!(asked.elapsed() < Duration::from_secs(10), "{count} messages to {token}; came {}", to.len());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The claims of a JWT checked with `verify` (its signing input and
/// signature), and its header.
fn jwt_claims(token: &str, verify: impl FnOnce(&[u8], &[u8])) -> (serde_json::Value, serde_json::Value) {
    let (signed, signature) = token.rsplit_once('.').unwrap();
    verify(signed.as_bytes(), &BASE64URL.decode(signature).unwrap());
    let (header, claims) = signed.split_once('.').unwrap();
    let json = |part: &str| serde_json::from_slice(&BASE64URL.decode(part).unwrap()).unwrap();
    (json(header), json(claims))
}

fn pem(der: &[u8]) -> String {
    use base64::engine::general_purpose::STANDARD;
    format!("-----BEGIN PRIVATE KEY-----\n{}\n-----END PRIVATE KEY-----\n", STANDARD.encode(der))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_members_phones_are_told_of_their_turn_by_firebase_and_by_apple() {
    let phones = Phones::default();
    let (google, apple) = phones.serve().await;
    let scratch = Scratch::new("phone-push");
    // Firebase's service account, with a key made for this test.
    let rsa_pem = include_str!("fcm-test-key.pem");
    let account = json!({
        "type": "service_account",
        "project_id": "wocable-test",
        "private_key_id": "key-1",
        "private_key": rsa_pem,
        "client_email": "push@wocable-test.iam.gserviceaccount.com",
        "token_uri": format!("{google}/token"),
    });
    std::fs::write(scratch.path("fcm.json"), account.to_string()).unwrap();
    let rsa_der =
        BASE64_STANDARD.decode(rsa_pem.lines().filter(|l| !l.starts_with("-----")).collect::<String>()).unwrap();
    let rsa_public = signature::RsaKeyPair::from_pkcs8(&rsa_der).unwrap().public().as_ref().to_vec();
    // Apple's key for the team, as its .p8 file.
    let p8 = signature::EcdsaKeyPair::generate_pkcs8(&signature::ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
        .unwrap();
    std::fs::write(scratch.path("apns.p8"), pem(p8.as_ref())).unwrap();
    let apple_key = signature::EcdsaKeyPair::from_pkcs8(
        &signature::ECDSA_P256_SHA256_FIXED_SIGNING,
        p8.as_ref(),
        &SystemRandom::new(),
    )
    .unwrap();
    let apple_public = signature::KeyPair::public_key(&apple_key).as_ref().to_vec();
    let (fcm_file, apns_file) = (scratch.path("fcm.json"), scratch.path("apns.p8"));
    let args = [
        "--fcm-account",
        fcm_file.to_str().unwrap(),
        "--fcm-endpoint",
        &google,
        "--apns-key",
        apns_file.to_str().unwrap(),
        "--apns-key-id",
        "ABC123DEFG",
        "--apple-app",
        "TEAM123456.org.wocable.app",
        "--apns-endpoint",
        &apple,
    ];
    let server = Server::start_with(&scratch, None, &scratch.database(), &args);
    let lobby = Lobby::of(&server);
    let (ana, ben) = (lobby.account("Ana").await, lobby.account("Ben").await);

    // Ben's Android phone, Ana's iPhone and an iPhone she no longer has.
    let ben_token = format!("ben-phone:{}", "APA91b".repeat(25));
    let ana_token = "ab".repeat(32);
    let gone_token = "00".repeat(32);
    let phone = |key: &str, service: &str, token: &str| json!({ "key": key, "service": service, "token": token, "language": "es" });
    for (body, why) in [
        (phone(&ben, "fcm", "short"), "a token too short"),
        (phone(&ana, "apns", &"zz".repeat(32)), "an APNs token not in hex"),
        (phone(&ana, "fax", &ana_token), "no such service"),
    ] {
        assert_eq!(lobby.post("/api/push/phone", body).await.0, 400, "{why}");
    }
    assert_eq!(lobby.post("/api/push/phone", phone(&"0".repeat(32), "fcm", &ben_token)).await.0, 401);
    assert_eq!(lobby.post("/api/push/phone", phone(&ben, "fcm", &ben_token)).await.0, 204);
    let english = json!({ "key": ana, "service": "apns", "token": ana_token, "language": "en" });
    assert_eq!(lobby.post("/api/push/phone", english).await.0, 204);
    assert_eq!(lobby.post("/api/push/phone", phone(&ana, "apns", &gone_token)).await.0, 204);

    // A game of two days a move: whoever is to play is told by their
    // phone's service, at the start and after each pass.
    let settings = json!({ "rules": "wocable", "language": "en", "players": 2, "clock": null, "days": 2 });
    let code = lobby.post("/api/rooms", settings).await.1["code"].as_str().unwrap().to_string();
    for key in [&ana, &ben] {
        assert_eq!(lobby.post(&format!("/api/rooms/{code}/join"), json!({ "name": "x", "key": key })).await.0, 200);
    }
    let link = format!("{}/join/{code}", server.url);
    let ana_first = seat_game(&lobby, &code, &ana).await.clock.is_some_and(|clock| clock.seat == 0);
    let (first, second) = if ana_first { (&ana, &ben) } else { (&ben, &ana) };
    pass(&lobby, &code, first).await;
    // Both have been told once; the iPhone she no longer has answered 410.
    phones.to(&ana_token, 1).await;
    phones.to(&gone_token, 1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    pass(&lobby, &code, second).await;
    pass(&lobby, &code, first).await;

    let to_ben = phones.to(&ben_token, 2).await;
    let message = &to_ben[0].body["message"];
    assert_eq!(message["notification"]["title"], "Te toca", "{message}");
    assert!(message["notification"]["body"].as_str().unwrap().contains(&code));
    assert_eq!(message["data"]["url"], link.as_str(), "the game's link opens it");
    assert_eq!(message["android"]["collapse_key"], code.as_str());
    assert_eq!(message["android"]["notification"]["channel_id"], "turns");
    let sign_ins = phones.sign_ins.lock().unwrap().clone();
    assert_eq!(sign_ins.len(), 1, "one sign-in for every message while it is good");
    let rsa = signature::UnparsedPublicKey::new(&signature::RSA_PKCS1_2048_8192_SHA256, &rsa_public);
    let (header, claims) = jwt_claims(&sign_ins[0], |signed, signature| {
        rsa.verify(signed, signature).expect("signed with the service account's key")
    });
    assert_eq!((header["alg"].as_str(), header["kid"].as_str()), (Some("RS256"), Some("key-1")));
    assert_eq!(claims["iss"], "push@wocable-test.iam.gserviceaccount.com");
    assert_eq!(claims["aud"], format!("{google}/token"));
    assert_eq!(claims["scope"], "https://www.googleapis.com/auth/firebase.messaging");

    let to_ana = phones.to(&ana_token, 2).await;
    let Taken { headers, body: message, .. } = &to_ana[0];
    assert_eq!(message["aps"]["alert"]["title"], "Your turn", "{message}");
    assert_eq!(message["url"], link.as_str());
    assert_eq!(headers["apns-topic"], "org.wocable.app");
    assert_eq!(headers["apns-push-type"], "alert");
    assert_eq!(headers["apns-collapse-id"], code.as_str());
    let token = headers["authorization"].to_str().unwrap().strip_prefix("bearer ").unwrap();
    let ecdsa = signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, &apple_public);
    let (header, claims) = jwt_claims(token, |signed, signature| {
        ecdsa.verify(signed, signature).expect("signed with the team's APNs key")
    });
    assert_eq!((header["alg"].as_str(), header["kid"].as_str()), (Some("ES256"), Some("ABC123DEFG")));
    assert_eq!(claims["iss"], "TEAM123456");

    assert_eq!(phones.to(&gone_token, 1).await.len(), 1, "a token gone is forgotten");
}
