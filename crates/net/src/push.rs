//! Push as the lobby, browsers and phones speak of it: the server's VAPID
//! key, a member's browser subscription (as `PushSubscription.toJSON()`
//! gives it) or phone's registration, and the notification a push message
//! carries, for the service worker or the phone to show.

use crate::PlayerKey;
use serde::{Deserialize, Serialize};

/// `GET /api/push/key`: the key browsers subscribe with
/// (`applicationServerKey`), base64url.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKey {
    pub key: String,
}

/// `POST /api/push/subscribe`: a member's browser, to be told when it is
/// their turn, when their time is nearly up, and of invitations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscribe {
    pub key: PlayerKey,
    pub subscription: PushSubscription,
    /// The language of the player's app (`en`, `es`, `fr`, `pl`).
    #[serde(default)]
    pub language: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscription {
    pub endpoint: String,
    pub keys: PushKeys,
}

/// The subscription's keys, base64url: the browser's P-256 public key and
/// its 16-byte authentication secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKeys {
    pub p256dh: String,
    pub auth: String,
}

/// `POST /api/push/phone`: a member's phone app, registered with its
/// platform's push service, to be told as browsers are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhoneSubscribe {
    pub key: PlayerKey,
    pub service: PhoneService,
    /// The app's registration: Firebase's token, or Apple's device token
    /// in hex.
    pub token: String,
    /// The language of the player's app (`en`, `es`, `fr`, `pl`).
    #[serde(default)]
    pub language: String,
}

/// The push service a phone app is registered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhoneService {
    /// Firebase Cloud Messaging: Android.
    Fcm,
    /// Apple Push Notification service: iOS.
    Apns,
}

impl PhoneService {
    pub fn name(self) -> &'static str {
        match self {
            PhoneService::Fcm => "fcm",
            PhoneService::Apns => "apns",
        }
    }

    /// Whether `token` has the form of this service's registrations.
    pub fn fits(self, token: &str) -> bool {
        match self {
            // Base64url with colons; in practice about 160 characters.
            PhoneService::Fcm => {
                (32..=1000).contains(&token.len())
                    && token.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':'))
            }
            // 32 bytes today; Apple says they may grow (up to 100).
            PhoneService::Apns => {
                (64..=200).contains(&token.len())
                    && token.len().is_multiple_of(2)
                    && token.bytes().all(|b| b.is_ascii_hexdigit())
            }
        }
    }
}

/// `POST /api/push/unsubscribe`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushUnsubscribe {
    pub key: PlayerKey,
    pub endpoint: String,
}

/// A notification, as a push message carries it (JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    pub title: String,
    pub body: String,
    /// What a tap on it opens.
    pub url: String,
    /// Its game: a newer notification of the same game replaces it.
    pub tag: String,
}
