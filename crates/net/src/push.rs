//! Web Push as the lobby and browsers speak of it: the server's VAPID key,
//! a member's subscription (as `PushSubscription.toJSON()` gives it), and
//! the notification a push message carries, for the service worker to show.

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
