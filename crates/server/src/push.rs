//! Push: a member's browsers and phones are told when it is their turn in
//! a game that lasts days, when their time for a move is nearly up, and
//! when a friend invites them, also while no page or app of the game is
//! open. Browsers by Web Push (RFC 8030): each message is encrypted for its
//! subscription (RFC 8291, aes128gcm), and the server signs for itself with
//! its VAPID key (RFC 8292), made once and kept in the database, the same
//! for every instance. Phones by their platform's service (`fcm`, `apns`),
//! where the server is given an account there; a phone's registration is
//! kept as a subscription whose endpoint is `SERVICE:TOKEN`.

mod apns;
mod fcm;

pub use apns::{Apns, DEFAULT_ENDPOINT as APNS_ENDPOINT};
pub use fcm::{DEFAULT_ENDPOINT as FCM_ENDPOINT, Fcm};

use crate::db::{Db, StoredSubscription};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as BASE64URL;
use http_body_util::Full;
use hyper::body::Bytes;
use ring::rand::SystemRandom;
use ring::{aead, agreement, hkdf, signature};
use std::sync::Arc;
use std::time::Duration;
use tracing::warn;
use wocable_net::{AccountId, PhoneService, PushMessage, RoomCode};

/// The record size of the encrypted body: one record holds a message.
const RECORD_SIZE: u32 = 4096;

/// The longest message: it must fit one record, less its padding
/// delimiter and the tag.
pub const MAX_MESSAGE: usize = RECORD_SIZE as usize - 17;

/// How long a VAPID signature is good for (RFC 8292 allows a day).
const SIGNATURE_SECONDS: u64 = 12 * 60 * 60;

/// How long a push service waits to hand a message on: a day, as a turn
/// that lasts days is still there by then.
pub const TTL_SECONDS: u64 = 24 * 60 * 60;

/// How long a push service has to answer.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error("the key or the subscription's keys are not valid P-256 keys")]
    Key,
    #[error("a subscription's keys are not base64url")]
    Encoding,
    #[error("a message of {0} bytes is more than one record holds")]
    TooLong(usize),
    #[error("the endpoint {0} is not an http(s) URL")]
    Endpoint(String),
    #[error("encryption failed")]
    Crypto,
    #[error("{0}")]
    Account(String),
}

impl From<ring::error::Unspecified> for PushError {
    fn from(_: ring::error::Unspecified) -> PushError {
        PushError::Crypto
    }
}

/// The server's VAPID key pair.
pub struct Vapid {
    pair: signature::EcdsaKeyPair,
}

impl Vapid {
    /// A new key, as PKCS#8 to keep.
    pub fn generate() -> Result<Vec<u8>, PushError> {
        let rng = SystemRandom::new();
        let document = signature::EcdsaKeyPair::generate_pkcs8(&signature::ECDSA_P256_SHA256_FIXED_SIGNING, &rng)?;
        Ok(document.as_ref().to_vec())
    }

    pub fn from_pkcs8(pkcs8: &[u8]) -> Result<Vapid, PushError> {
        let rng = SystemRandom::new();
        let pair = signature::EcdsaKeyPair::from_pkcs8(&signature::ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8, &rng)
            .map_err(|_| PushError::Key)?;
        Ok(Vapid { pair })
    }

    /// The public key, as browsers take it (`applicationServerKey`): the
    /// uncompressed point in base64url.
    pub fn public_key(&self) -> String {
        use signature::KeyPair;
        BASE64URL.encode(self.pair.public_key().as_ref())
    }

    /// The `Authorization` header of a message to `endpoint` at `now_s`
    /// (seconds since 1970): a JWT for the endpoint's origin, signed, that
    /// names who runs the server (`subject`: a `mailto:` or `https:` URL).
    pub fn authorization(&self, endpoint: &str, subject: &str, now_s: u64) -> Result<String, PushError> {
        let audience = origin(endpoint).ok_or_else(|| PushError::Endpoint(endpoint.to_string()))?;
        let header = serde_json::json!({ "typ": "JWT", "alg": "ES256" });
        let claims = serde_json::json!({ "aud": audience, "exp": now_s + SIGNATURE_SECONDS, "sub": subject });
        let token =
            jwt(&header, &claims, |signed| Ok(self.pair.sign(&SystemRandom::new(), signed)?.as_ref().to_vec()))?;
        Ok(format!("vapid t={token}, k={}", self.public_key()))
    }
}

/// A JSON Web Token (RFC 7519) of `header` and `claims`, signed by `sign`.
fn jwt(
    header: &serde_json::Value,
    claims: &serde_json::Value,
    sign: impl FnOnce(&[u8]) -> Result<Vec<u8>, PushError>,
) -> Result<String, PushError> {
    let signed = format!("{}.{}", BASE64URL.encode(header.to_string()), BASE64URL.encode(claims.to_string()));
    let signature = sign(signed.as_bytes())?;
    Ok(format!("{signed}.{}", BASE64URL.encode(signature)))
}

/// The DER of a PEM private key (`-----BEGIN PRIVATE KEY-----`: PKCS#8),
/// as Google's service accounts and Apple's `.p8` files hold them.
fn pem_der(pem: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::STANDARD;
    let (_, rest) = pem.split_once("-----BEGIN PRIVATE KEY-----")?;
    let (body, _) = rest.split_once("-----END PRIVATE KEY-----")?;
    let body: String = body.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    STANDARD.decode(body).ok()
}

/// The endpoint a phone's registration is kept as.
pub fn phone_endpoint(service: PhoneService, token: &str) -> String {
    format!("{}:{token}", service.name())
}

/// The phone's registration an endpoint keeps, if it is one (a browser's
/// is a URL, `https:` or `http:`).
fn phone_of(endpoint: &str) -> Option<(PhoneService, &str)> {
    let (name, token) = endpoint.split_once(':')?;
    [PhoneService::Fcm, PhoneService::Apns].into_iter().find(|service| service.name() == name).map(|s| (s, token))
}

/// `scheme://host[:port]` of a URL.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next().filter(|host| !host.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

/// `message` encrypted for a subscription's keys (`p256dh`, `auth`, as the
/// browser gives them): the body of the push, in one aes128gcm record.
pub fn encrypt(message: &[u8], p256dh: &str, auth: &str) -> Result<Vec<u8>, PushError> {
    let receiver = BASE64URL.decode(p256dh.trim_end_matches('=')).map_err(|_| PushError::Encoding)?;
    let auth = BASE64URL.decode(auth.trim_end_matches('=')).map_err(|_| PushError::Encoding)?;
    let rng = SystemRandom::new();
    let private = agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &rng)?;
    let public = private.compute_public_key()?;
    let peer = agreement::UnparsedPublicKey::new(&agreement::ECDH_P256, &receiver);
    let salt: [u8; 16] = rand::random();
    agreement::agree_ephemeral(private, &peer, |secret| seal(message, secret, &receiver, public.as_ref(), &auth, &salt))
        .map_err(|_| PushError::Key)?
}

/// HKDF output of `len` bytes.
struct Len(usize);

impl hkdf::KeyType for Len {
    fn len(&self) -> usize {
        self.0
    }
}

fn expand(prk: &hkdf::Prk, info: &[u8], len: usize) -> Result<Vec<u8>, PushError> {
    let mut out = vec![0; len];
    prk.expand(&[info], Len(len))?.fill(&mut out)?;
    Ok(out)
}

/// The record for the ECDH secret the sender and receiver share
/// (RFC 8291 §3.4, RFC 8188 §2).
fn seal(
    message: &[u8],
    secret: &[u8],
    receiver: &[u8],
    sender: &[u8],
    auth: &[u8],
    salt: &[u8; 16],
) -> Result<Vec<u8>, PushError> {
    if message.len() > MAX_MESSAGE {
        return Err(PushError::TooLong(message.len()));
    }
    let key_info = [b"WebPush: info\0".as_slice(), receiver, sender].concat();
    let ikm = expand(&hkdf::Salt::new(hkdf::HKDF_SHA256, auth).extract(secret), &key_info, 32)?;
    let prk = hkdf::Salt::new(hkdf::HKDF_SHA256, salt).extract(&ikm);
    let cek = expand(&prk, b"Content-Encoding: aes128gcm\0", 16)?;
    let nonce = expand(&prk, b"Content-Encoding: nonce\0", 12)?;
    let key = aead::LessSafeKey::new(aead::UnboundKey::new(&aead::AES_128_GCM, &cek)?);
    let nonce = aead::Nonce::try_assume_unique_for_key(&nonce)?;
    // The last (and only) record ends with the delimiter 2, no padding.
    let mut record = [message, &[2]].concat();
    key.seal_in_place_append_tag(nonce, aead::Aad::empty(), &mut record)?;
    let id_length = u8::try_from(sender.len()).map_err(|_| PushError::Key)?;
    Ok([salt.as_slice(), &RECORD_SIZE.to_be_bytes(), &[id_length], sender, &record].concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(text: &str) -> Vec<u8> {
        BASE64URL.decode(text).unwrap()
    }

    /// RFC 8291 Appendix A: the same keys, salt and secret make the very
    /// body the RFC shows.
    #[test]
    fn a_message_is_sealed_as_the_rfc_example() {
        let receiver =
            decoded("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
        let sender = decoded("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8");
        let secret = decoded("kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs");
        let auth = decoded("BTBZMqHH6r4Tts7J_aSIgg");
        let salt: [u8; 16] = decoded("DGv6ra1nlYgDCS1FRnbzlw").try_into().unwrap();
        let body = seal(b"When I grow up, I want to be a watermelon", &secret, &receiver, &sender, &auth, &salt);
        assert_eq!(
            BASE64URL.encode(body.unwrap()),
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6P\
             Bru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        );
    }

    #[test]
    fn a_signature_is_for_the_endpoints_origin_and_checks_with_the_public_key() {
        let vapid = Vapid::from_pkcs8(&Vapid::generate().unwrap()).unwrap();
        let header = vapid
            .authorization("https://push.example.net:8443/wpush/v2/abc?x=1", "mailto:ops@example.org", 1_000)
            .unwrap();
        let (token, key) = header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
        assert_eq!(key, vapid.public_key());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&decoded(signed.split_once('.').unwrap().1)).unwrap();
        assert_eq!(claims["aud"], "https://push.example.net:8443");
        assert_eq!(claims["exp"], 1_000 + SIGNATURE_SECONDS);
        assert_eq!(claims["sub"], "mailto:ops@example.org");
        let public = signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, decoded(key));
        assert!(public.verify(signed.as_bytes(), &decoded(signature)).is_ok());
        assert!(matches!(vapid.authorization("ftp://x/y", "mailto:a@b", 0), Err(PushError::Endpoint(_))));
    }

    /// Push services are https: the client speaks TLS (the error is the
    /// port's refusal, not a scheme it cannot use).
    #[tokio::test]
    async fn the_client_reaches_https_endpoints() {
        let request = hyper::Request::post("https://127.0.0.1:9/push").body(Default::default()).unwrap();
        let refused = client(false).unwrap().request(request).await.unwrap_err();
        assert!(refused.is_connect(), "{refused:?}");
    }

    #[test]
    fn a_phones_registration_is_kept_as_an_endpoint_no_browser_has() {
        let endpoint = phone_endpoint(PhoneService::Apns, "ab12");
        assert_eq!(phone_of(&endpoint), Some((PhoneService::Apns, "ab12")));
        assert_eq!(phone_of(&phone_endpoint(PhoneService::Fcm, "x:y")), Some((PhoneService::Fcm, "x:y")));
        assert_eq!(phone_of("https://fcm.googleapis.com/fcm/send/abc"), None);
    }

    #[test]
    fn a_message_too_long_or_keys_that_are_not_keys_are_refused() {
        assert!(matches!(encrypt(&[0; MAX_MESSAGE + 1], "BCVx", "BTBZ"), Err(PushError::Key | PushError::TooLong(_))));
        assert!(matches!(encrypt(b"hi", "not base64!", "BTBZ"), Err(PushError::Encoding)));
        assert!(matches!(encrypt(b"hi", "AAAA", "BTBZMqHH6r4Tts7J_aSIgg"), Err(PushError::Key)));
    }
}

/// What a member is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// It is their turn in game `code`, after `from`'s move (or time-out).
    Turn { code: RoomCode, from: Option<String> },
    /// Their time for a move in game `code` is nearly up.
    Reminder { code: RoomCode, hours_left: u64 },
    /// `from` invites them to a game.
    Invited { code: RoomCode, from: String },
}

impl Notice {
    fn code(&self) -> RoomCode {
        match self {
            Notice::Turn { code, .. } | Notice::Reminder { code, .. } | Notice::Invited { code, .. } => *code,
        }
    }

    /// The notification, in `language` (`en` for any other), opening `url`.
    pub fn message(&self, language: &str, url: String) -> PushMessage {
        let (title, body) = match (self, language) {
            (Notice::Turn { code, from: Some(from) }, "es") => {
                ("Te toca".into(), format!("{from} ha jugado en la partida {code}."))
            }
            (Notice::Turn { code, from: Some(from) }, "fr") => {
                ("À vous de jouer".into(), format!("{from} a joué dans la partie {code}."))
            }
            (Notice::Turn { code, from: Some(from) }, "pl") => {
                ("Twój ruch".into(), format!("{from} wykonał ruch w grze {code}."))
            }
            (Notice::Turn { code, from: Some(from) }, _) => {
                ("Your turn".into(), format!("{from} has played in game {code}."))
            }
            (Notice::Turn { code, from: None }, "es") => {
                ("Te toca".into(), format!("Es tu turno en la partida {code}."))
            }
            (Notice::Turn { code, from: None }, "fr") => {
                ("À vous de jouer".into(), format!("C’est votre tour dans la partie {code}."))
            }
            (Notice::Turn { code, from: None }, "pl") => ("Twój ruch".into(), format!("Twoja kolej w grze {code}.")),
            (Notice::Turn { code, from: None }, _) => ("Your turn".into(), format!("It is your turn in game {code}.")),
            (Notice::Reminder { code, hours_left }, "es") => {
                ("Se acaba el tiempo".into(), format!("Quedan {hours_left} h para tu jugada en la partida {code}."))
            }
            (Notice::Reminder { code, hours_left }, "fr") => {
                ("Le temps presse".into(), format!("Il reste {hours_left} h pour jouer dans la partie {code}."))
            }
            (Notice::Reminder { code, hours_left }, "pl") => {
                ("Czas się kończy".into(), format!("Zostało {hours_left} h na ruch w grze {code}."))
            }
            (Notice::Reminder { code, hours_left }, _) => {
                ("Time is nearly up".into(), format!("{hours_left} h left for your move in game {code}."))
            }
            (Notice::Invited { from, .. }, "es") => (format!("{from} te invita"), "Abre Wocable para jugar.".into()),
            (Notice::Invited { from, .. }, "fr") => {
                (format!("{from} vous invite"), "Ouvrez Wocable pour jouer.".into())
            }
            (Notice::Invited { from, .. }, "pl") => {
                (format!("{from} zaprasza cię do gry"), "Otwórz Wocable, aby zagrać.".into())
            }
            (Notice::Invited { from, .. }, _) => {
                (format!("{from} invites you to a game"), "Open Wocable to play.".into())
            }
        };
        PushMessage { title, body, url, tag: self.code().to_string() }
    }
}

/// The senders to phones this server has an account for.
#[derive(Default)]
pub struct Phones {
    pub fcm: Option<Fcm>,
    pub apns: Option<Apns>,
}

/// Sends members' notices to the browsers and phones they subscribed,
/// away from the request that caused them.
#[derive(Clone)]
pub struct Pusher(Arc<Sending>);

/// An HTTP client for push services: https (or http, where allowed).
type Client = hyper_util::client::legacy::Client<
    hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>,
    Full<Bytes>,
>;

struct Sending {
    db: Db,
    vapid: Vapid,
    client: Client,
    /// Who runs the server, for push services; `None`: its address.
    contact: Option<String>,
    /// Whether endpoints may be plain http (a test's own push service):
    /// else only https ones are taken.
    plain_http: bool,
    phones: Phones,
}

/// What a push service said of a message.
pub enum Delivery {
    Taken,
    /// The subscription is no more (404, 410): forgotten.
    Gone,
    Refused(u16),
}

impl Pusher {
    pub fn new(
        db: Db,
        vapid: Vapid,
        contact: Option<String>,
        plain_http: bool,
        phones: Phones,
    ) -> Result<Pusher, PushError> {
        Ok(Pusher(Arc::new(Sending { db, vapid, client: client(false)?, contact, plain_http, phones })))
    }

    /// The VAPID public key, for browsers to subscribe with.
    pub fn public_key(&self) -> String {
        self.0.vapid.public_key()
    }

    /// Whether a subscription to `endpoint` may be kept: a push service's
    /// https URL (or plain http where allowed).
    pub fn takes(&self, endpoint: &str) -> bool {
        let scheme_ok = endpoint.starts_with("https://") || (self.0.plain_http && endpoint.starts_with("http://"));
        scheme_ok && endpoint.len() <= MAX_ENDPOINT && origin(endpoint).is_some()
    }

    /// Whether a phone's registration with `service` may be kept: one of
    /// its form, for a service this server sends to.
    pub fn takes_phone(&self, service: PhoneService, token: &str) -> bool {
        let sends = match service {
            PhoneService::Fcm => self.0.phones.fcm.is_some(),
            PhoneService::Apns => self.0.phones.apns.is_some(),
        };
        sends && service.fits(token)
    }

    /// Tells `member` `notice` on every browser they subscribed, in the
    /// background: a push service that is slow or down holds up no game.
    pub fn tell(&self, member: AccountId, notice: Notice) {
        let pusher = self.clone();
        tokio::spawn(async move { pusher.send_all(member, notice).await });
    }

    async fn send_all(&self, member: AccountId, notice: Notice) {
        let subscriptions = match self.0.db.subscriptions(member).await {
            Ok(subscriptions) => subscriptions,
            Err(e) => return warn!("push subscriptions not read: {e}"),
        };
        // The game's link opens the app at the game (or the page of the game).
        let url = wocable_net::join_link(self.0.db.instance(), notice.code());
        for subscription in subscriptions {
            let message = notice.message(&subscription.language, url.clone());
            let now_s = crate::hub::now_ms() / 1000;
            let sent = match phone_of(&subscription.endpoint) {
                Some((PhoneService::Fcm, token)) => match &self.0.phones.fcm {
                    Some(fcm) => fcm.send(&self.0.client, token, &message, now_s).await,
                    None => continue,
                },
                Some((PhoneService::Apns, token)) => match &self.0.phones.apns {
                    Some(apns) => apns.send(token, &message, now_s).await,
                    None => continue,
                },
                None => self.send(&subscription, &message, now_s).await,
            };
            match sent {
                Ok(Delivery::Taken) => {}
                Ok(Delivery::Gone) => {
                    if let Err(e) = self.0.db.unsubscribe(None, &subscription.endpoint).await {
                        warn!("a push subscription gone was not forgotten: {e}");
                    }
                }
                Ok(Delivery::Refused(status)) => warn!(status, "a push service refused a message"),
                Err(e) => warn!("a push message was not sent: {e}"),
            }
        }
    }

    /// Sends `message` to a browser's subscription, by Web Push.
    async fn send(
        &self,
        subscription: &StoredSubscription,
        message: &PushMessage,
        now_s: u64,
    ) -> Result<Delivery, String> {
        let text = serde_json::to_vec(message).map_err(|e| e.to_string())?;
        let body = encrypt(&text, &subscription.p256dh, &subscription.auth).map_err(|e| e.to_string())?;
        let subject = self.0.contact.as_deref().unwrap_or(self.0.db.instance());
        let authorization =
            self.0.vapid.authorization(&subscription.endpoint, subject, now_s).map_err(|e| e.to_string())?;
        let request = hyper::Request::post(&subscription.endpoint)
            .header("TTL", TTL_SECONDS.to_string())
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header("Urgency", "normal")
            // A newer message of the same game replaces one not yet shown.
            .header("Topic", &message.tag)
            .header("Authorization", authorization)
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| e.to_string())?;
        Ok(match post(&self.0.client, request).await?.0 {
            200..=299 => Delivery::Taken,
            404 | 410 => Delivery::Gone,
            status => Delivery::Refused(status),
        })
    }
}

/// The most of a push service's answer read: a few words of JSON.
const MAX_ANSWER: usize = 64 * 1024;

/// Sends `request`: the status and body of the answer.
async fn post(client: &Client, request: hyper::Request<Full<Bytes>>) -> Result<(u16, Bytes), String> {
    use http_body_util::BodyExt;
    let answer = tokio::time::timeout(SEND_TIMEOUT, async {
        let answer = client.request(request).await.map_err(|e| e.to_string())?;
        let status = answer.status().as_u16();
        let body = http_body_util::Limited::new(answer.into_body(), MAX_ANSWER).collect().await;
        Ok::<_, String>((status, body.map_err(|e| e.to_string())?.to_bytes()))
    });
    answer.await.map_err(|_| "the push service did not answer in time".to_string())?
}

/// The longest endpoint kept.
const MAX_ENDPOINT: usize = 1000;

/// A client that speaks TLS with ring and Mozilla's roots (it needs
/// nothing of the system's), and plain http; HTTP/1.1, or HTTP/2 only.
fn client(http2_only: bool) -> Result<Client, PushError> {
    let provider = rustls::crypto::ring::default_provider();
    let https = hyper_rustls::HttpsConnectorBuilder::new()
        .with_provider_and_webpki_roots(provider)
        .map_err(|_| PushError::Crypto)?
        .https_or_http();
    let https = match http2_only {
        true => https.enable_http2().build(),
        false => https.enable_http1().build(),
    };
    Ok(hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .http2_only(http2_only)
        .build(https))
}
