//! Apple Push Notification service: iOS phones. HTTP/2 only; the server
//! signs for itself with a token (a JWT signed with the team's APNs key,
//! kept for most of the hour Apple takes it) and posts one message per
//! device token, to the app named by `--apple-app`.

use super::{Client, Delivery, PushError, TTL_SECONDS, jwt, pem_der, post};
use http_body_util::Full;
use hyper::body::Bytes;
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair};
use serde_json::json;
use std::sync::Mutex;
use wocable_net::PushMessage;

/// Where Apple takes messages for apps from the App Store and TestFlight;
/// builds signed for development use `https://api.sandbox.push.apple.com`.
pub const DEFAULT_ENDPOINT: &str = "https://api.push.apple.com";

/// A token is made anew after this: Apple refuses one older than an hour,
/// and one made more often than every 20 minutes.
const TOKEN_SECONDS: u64 = 40 * 60;

/// The sender: the team's key and the app messages are for.
pub struct Apns {
    key: EcdsaKeyPair,
    key_id: String,
    team: String,
    /// The app's bundle ID.
    topic: String,
    endpoint: String,
    /// A client of its own: Apple speaks HTTP/2 only.
    client: Client,
    /// The token and when it was made (seconds since 1970).
    token: Mutex<Option<(String, u64)>>,
}

impl Apns {
    /// The sender with the APNs key `p8` (its file's PEM) of id `key_id`,
    /// for the app `TEAMID.BUNDLE-ID`, to `endpoint`.
    pub fn new(p8: &str, key_id: &str, app: &str, endpoint: &str) -> Result<Apns, PushError> {
        let der = pem_der(p8).ok_or_else(|| PushError::Account("the APNs key is not a PEM private key".into()))?;
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &der, &SystemRandom::new())
            .map_err(|e| PushError::Account(format!("the APNs key is not a P-256 key: {e}")))?;
        let (team, topic) = app.split_once('.').ok_or_else(|| PushError::Account(format!("no app in '{app}'")))?;
        Ok(Apns {
            key,
            key_id: key_id.to_string(),
            team: team.to_string(),
            topic: topic.to_string(),
            endpoint: endpoint.trim_end_matches('/').to_string(),
            client: super::client(true)?,
            token: Mutex::new(None),
        })
    }

    /// The provider token, made anew when it is old.
    fn token(&self, now_s: u64) -> Result<String, PushError> {
        let mut kept = self.token.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((token, _)) = kept.as_ref().filter(|(_, made)| now_s < made + TOKEN_SECONDS) {
            return Ok(token.clone());
        }
        let header = json!({ "alg": "ES256", "kid": self.key_id });
        let claims = json!({ "iss": self.team, "iat": now_s });
        let token = jwt(&header, &claims, |signed| Ok(self.key.sign(&SystemRandom::new(), signed)?.as_ref().to_vec()))?;
        *kept = Some((token.clone(), now_s));
        Ok(token)
    }

    /// Sends `message` to the app on the device of `token`: an alert, a
    /// newer one of the same game in place of the last; `url` opens the
    /// game.
    pub async fn send(&self, token: &str, message: &PushMessage, now_s: u64) -> Result<Delivery, String> {
        let authorization = self.token(now_s).map_err(|e| e.to_string())?;
        let body = json!({
            "aps": {
                "alert": { "title": message.title, "body": message.body },
                "sound": "default",
                "thread-id": message.tag,
            },
            "url": message.url,
        });
        let request = hyper::Request::post(format!("{}/3/device/{token}", self.endpoint))
            .header("authorization", format!("bearer {authorization}"))
            .header("apns-topic", &self.topic)
            .header("apns-push-type", "alert")
            .header("apns-priority", "10")
            .header("apns-expiration", (now_s + TTL_SECONDS).to_string())
            .header("apns-collapse-id", &message.tag)
            .body(Full::new(Bytes::from(body.to_string())))
            .map_err(|e| e.to_string())?;
        let (status, answer) = post(&self.client, request).await?;
        let reason = serde_json::from_slice::<serde_json::Value>(&answer).ok();
        let reason = reason.as_ref().and_then(|answer| answer["reason"].as_str()).unwrap_or_default();
        Ok(match (status, reason) {
            (200..=299, _) => Delivery::Taken,
            // The app is gone from the device, or the token is not one.
            (410, _) | (400, "BadDeviceToken") => Delivery::Gone,
            (403, "ExpiredProviderToken") => {
                *self.token.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
                Delivery::Refused(status)
            }
            (status, _) => Delivery::Refused(status),
        })
    }
}
