//! Push subscriptions of browsers and phones (see the routes in `api`,
//! and `push`).

use super::{Lobby, failed, member};
use crate::address::Origin;
use crate::db::StoredSubscription;
use crate::error::{ApiError, Body};
use crate::hub::now_ms;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as BASE64URL;
use wocable_net::{PhoneSubscribe, PlayerKey, PushKey, PushSubscribe, PushUnsubscribe};

/// The languages notifications are written in; any other reads English.
const LANGUAGES: [&str; 4] = ["en", "es", "fr", "pl"];

pub fn routes() -> Router<Lobby> {
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/push/subscribe", post(subscribe))
        .route("/api/push/phone", post(subscribe_phone))
        .route("/api/push/unsubscribe", post(unsubscribe))
}

async fn key(State(lobby): State<Lobby>) -> Json<PushKey> {
    Json(PushKey { key: lobby.pusher.public_key() })
}

/// Whether `text` is base64url of `length` bytes, and starts with `first`.
fn key_of(text: &str, length: usize, first: Option<u8>) -> bool {
    let bytes = BASE64URL.decode(text.trim_end_matches('=')).unwrap_or_default();
    bytes.len() == length && first.is_none_or(|first| bytes.first() == Some(&first))
}

async fn subscribe(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(asked): Body<PushSubscribe>,
) -> Result<StatusCode, ApiError> {
    let PushSubscribe { key, subscription, language } = asked;
    // An uncompressed P-256 point, and a 16-byte secret.
    let keys_fit = key_of(&subscription.keys.p256dh, 65, Some(4)) && key_of(&subscription.keys.auth, 16, None);
    let fits = keys_fit && lobby.pusher.takes(&subscription.endpoint);
    let stored = StoredSubscription {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        language: known_language(language),
    };
    keep(&lobby, &origin, key, fits, stored).await
}

/// A phone's registration, kept as a subscription (its endpoint names the
/// service and the token; it has no keys: the service carries the message
/// to the app as it is).
async fn subscribe_phone(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(asked): Body<PhoneSubscribe>,
) -> Result<StatusCode, ApiError> {
    let fits = lobby.pusher.takes_phone(asked.service, &asked.token);
    let stored = StoredSubscription {
        endpoint: crate::push::phone_endpoint(asked.service, &asked.token),
        p256dh: String::new(),
        auth: String::new(),
        language: known_language(asked.language),
    };
    keep(&lobby, &origin, asked.key, fits, stored).await
}

/// Keeps `stored` for the member of `key`, when it `fits` (it is a
/// subscription this server takes).
async fn keep(
    lobby: &Lobby,
    origin: &Origin,
    key: PlayerKey,
    fits: bool,
    stored: StoredSubscription,
) -> Result<StatusCode, ApiError> {
    lobby.limits.friends.check(origin)?;
    let (me, _) = member(&lobby.db, key).await?;
    if !fits {
        return Err(ApiError::BadSubscription);
    }
    lobby.db.subscribe(me, &stored, now_ms()).await.map_err(failed)?;
    Ok(StatusCode::NO_CONTENT)
}

/// A language notifications are written in: English for any other.
fn known_language(language: String) -> String {
    if LANGUAGES.contains(&language.as_str()) { language } else { "en".into() }
}

async fn unsubscribe(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(asked): Body<PushUnsubscribe>,
) -> Result<StatusCode, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let (me, _) = member(&lobby.db, asked.key).await?;
    lobby.db.unsubscribe(Some(me), &asked.endpoint).await.map_err(failed)?;
    Ok(StatusCode::NO_CONTENT)
}
