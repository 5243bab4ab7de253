//! Short-lived TURN credentials: the TURN REST scheme that coturn takes
//! with `use-auth-secret`. Handing every client one fixed password would
//! open the relay to anyone who reads it; these expire, and the TURN
//! server checks them with the secret it shares with this one, without
//! asking it.

use base64::Engine;
use hmac::{KeyInit, Mac};
use wocable_net::IceServers;

/// How long a client's credentials last: a day, beyond any game.
pub const CLIENT_TTL_S: u64 = 24 * 60 * 60;

/// The host's own peer keeps its socket until the server stops.
pub const HOST_TTL_S: u64 = 365 * 24 * 60 * 60;

/// The ICE servers with credentials for `name` until `expires_s` (Unix
/// seconds): the username is `EXPIRY:NAME`, the password the username's
/// HMAC-SHA1 under `secret`, in base64.
pub fn credentials(ice: &IceServers, secret: &str, name: &str, expires_s: u64) -> IceServers {
    let username = format!("{expires_s}:{name}");
    let credential = password(secret, &username);
    IceServers { urls: ice.urls.clone(), username: Some(username), credential: Some(credential) }
}

fn password(secret: &str, username: &str) -> String {
    let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(username.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_credential_is_the_usernames_hmac_sha1_under_the_secret() {
        // RFC 2202's second HMAC-SHA1 case.
        assert_eq!(password("Jefe", "what do ya want for nothing?"), "7/zfauXrL6LSdBbV8YTfnCWafHk=");
        let ice = IceServers { urls: vec!["turn:t.example:3478".into()], username: None, credential: None };
        let made = credentials(&ice, "Jefe", "wocable", 1_800_000_000);
        assert_eq!(made.username.as_deref(), Some("1800000000:wocable"));
        assert_eq!(made.credential, Some(password("Jefe", "1800000000:wocable")));
        assert_eq!(made.urls, ice.urls);
    }
}
