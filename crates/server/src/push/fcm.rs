//! Firebase Cloud Messaging (HTTP v1): Android phones. The server signs in
//! as the Firebase project's service account (an OAuth 2 access token for
//! a JWT signed with the account's RSA key, kept until near its end) and
//! posts one message per registration.

use super::{Client, Delivery, PushError, TTL_SECONDS, jwt, pem_der, post};
use http_body_util::Full;
use hyper::body::Bytes;
use ring::rand::SystemRandom;
use ring::signature::{RSA_PKCS1_SHA256, RsaKeyPair};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::Mutex;
use wocable_net::PushMessage;

/// Where Firebase takes messages.
pub const DEFAULT_ENDPOINT: &str = "https://fcm.googleapis.com";

/// What the access token is good for.
const SCOPE: &str = "https://www.googleapis.com/auth/firebase.messaging";

/// How long an access token is asked for (Google's longest).
const TOKEN_SECONDS: u64 = 60 * 60;

/// An access token is asked for anew this long before it runs out.
const RENEW_SECONDS: u64 = 5 * 60;

/// The service account's key file, as the Firebase console gives it.
#[derive(Deserialize)]
struct ServiceAccount {
    project_id: String,
    private_key: String,
    client_email: String,
    token_uri: String,
    #[serde(default)]
    private_key_id: Option<String>,
}

/// The sender: the project's account, and its access token while good.
pub struct Fcm {
    project: String,
    email: String,
    key_id: Option<String>,
    key: RsaKeyPair,
    token_uri: String,
    endpoint: String,
    /// The access token and when it runs out (seconds since 1970).
    access: Mutex<Option<(String, u64)>>,
}

/// Google's answer to a sign-in.
#[derive(Deserialize)]
struct Access {
    access_token: String,
    expires_in: u64,
}

impl Fcm {
    /// The sender of a service account's key file (JSON), to `endpoint`.
    pub fn new(account: &str, endpoint: &str) -> Result<Fcm, PushError> {
        let account: ServiceAccount = serde_json::from_str(account)
            .map_err(|e| PushError::Account(format!("not a service account's key file: {e}")))?;
        let der = pem_der(&account.private_key)
            .ok_or_else(|| PushError::Account("its private_key is not a PEM private key".into()))?;
        let key = RsaKeyPair::from_pkcs8(&der)
            .map_err(|e| PushError::Account(format!("its private_key is not an RSA key: {e}")))?;
        Ok(Fcm {
            project: account.project_id,
            email: account.client_email,
            key_id: account.private_key_id,
            key,
            token_uri: account.token_uri,
            endpoint: endpoint.trim_end_matches('/').to_string(),
            access: Mutex::new(None),
        })
    }

    /// The JWT that asks Google for an access token (RFC 7523).
    fn assertion(&self, now_s: u64) -> Result<String, PushError> {
        let header = json!({ "alg": "RS256", "typ": "JWT", "kid": self.key_id });
        let claims = json!({
            "iss": self.email,
            "scope": SCOPE,
            "aud": self.token_uri,
            "iat": now_s,
            "exp": now_s + TOKEN_SECONDS,
        });
        jwt(&header, &claims, |signed| {
            let mut signature = vec![0; self.key.public().modulus_len()];
            self.key.sign(&RSA_PKCS1_SHA256, &SystemRandom::new(), signed, &mut signature)?;
            Ok(signature)
        })
    }

    /// The access token, asked for when there is none good for a while.
    async fn access_token(&self, client: &Client, now_s: u64) -> Result<String, String> {
        let mut access = self.access.lock().await;
        if let Some((token, _)) = access.as_ref().filter(|(_, until)| now_s + RENEW_SECONDS < *until) {
            return Ok(token.clone());
        }
        let assertion = self.assertion(now_s).map_err(|e| e.to_string())?;
        let form = format!("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion={assertion}");
        let request = hyper::Request::post(&self.token_uri)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(Full::new(Bytes::from(form)))
            .map_err(|e| e.to_string())?;
        let (status, body) = post(client, request).await?;
        if status != 200 {
            return Err(format!("Google refused the service account's sign-in ({status})"));
        }
        let answer: Access = serde_json::from_slice(&body).map_err(|e| format!("Google's sign-in answer: {e}"))?;
        *access = Some((answer.access_token.clone(), now_s + answer.expires_in));
        Ok(answer.access_token)
    }

    /// Sends `message` to the app of registration `token`: shown by the
    /// system as it comes (the app open keeps its own list), a newer one
    /// of the same game in place of the last; `url` opens the game.
    pub async fn send(
        &self,
        client: &Client,
        token: &str,
        message: &PushMessage,
        now_s: u64,
    ) -> Result<Delivery, String> {
        let access = self.access_token(client, now_s).await?;
        let body = json!({ "message": {
            "token": token,
            "notification": { "title": message.title, "body": message.body },
            "data": { "url": message.url },
            "android": {
                "collapse_key": message.tag,
                "ttl": format!("{TTL_SECONDS}s"),
                "notification": { "tag": message.tag, "channel_id": "turns" },
            },
        }});
        let request = hyper::Request::post(format!("{}/v1/projects/{}/messages:send", self.endpoint, self.project))
            .header("Authorization", format!("Bearer {access}"))
            .header("Content-Type", "application/json")
            .body(Full::new(Bytes::from(body.to_string())))
            .map_err(|e| e.to_string())?;
        let (status, _) = post(client, request).await?;
        Ok(match status {
            200..=299 => Delivery::Taken,
            // UNREGISTERED: the app is gone from the phone, or its token changed.
            404 => Delivery::Gone,
            status => {
                if matches!(status, 401 | 403) {
                    // Signed out early: sign in again for the next message.
                    *self.access.lock().await = None;
                }
                Delivery::Refused(status)
            }
        })
    }
}
