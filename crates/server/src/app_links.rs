//! Links that open the app (§5): a room's join link is `SERVER/join/CODE`.
//! - `GET /join/CODE` sends a browser on to the web build's page for it,
//!   `/#/join/CODE` (a phone without the app lands there too);
//! - `GET /.well-known/assetlinks.json` names the Android app and the
//!   certificates it is signed with, so that Android hands this server's
//!   links to it (App Links, verified at install);
//! - `GET /.well-known/apple-app-site-association` names the iOS app, so
//!   that iOS does the same (universal links).
//!
//! The two files are served only when the apps are named at start
//! (`--android-app`, `--apple-app`): a server that names none claims no app.

use axum::Router;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde_json::json;
use wocable_net::{JOIN_PATH, RoomCode};

/// The apps this server's links open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppLinks {
    /// Android packages, each with the SHA-256 fingerprints of the
    /// certificates it may be signed with (`AB:CD:…`).
    android: Vec<(String, Vec<String>)>,
    /// iOS app IDs: `TEAMID.BUNDLE-ID`.
    apple: Vec<String>,
}

/// Why an app named at start was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AppLinkError {
    #[error(
        "--android-app: '{0}' is not PACKAGE=FINGERPRINT, a package name such as org.wocable.app and the \
         SHA-256 of its signing certificate, 32 bytes in hex (AB:CD:…)"
    )]
    Android(String),
    #[error("--apple-app: '{0}' is not TEAMID.BUNDLE-ID, such as ABCDE12345.org.wocable.app")]
    Apple(String),
}

impl AppLinks {
    /// `--android-app PACKAGE=FINGERPRINT`: one more certificate the
    /// package may be signed with (a store re-signs with its own).
    pub fn add_android(&mut self, text: &str) -> Result<(), AppLinkError> {
        let refused = || AppLinkError::Android(text.to_string());
        let (package, fingerprint) = text.split_once('=').ok_or_else(refused)?;
        if !is_android_package(package) {
            return Err(refused());
        }
        let fingerprint = fingerprint_of(fingerprint).ok_or_else(refused)?;
        match self.android.iter_mut().find(|(name, _)| name == package) {
            Some((_, fingerprints)) if fingerprints.contains(&fingerprint) => {}
            Some((_, fingerprints)) => fingerprints.push(fingerprint),
            None => self.android.push((package.to_string(), vec![fingerprint])),
        }
        Ok(())
    }

    /// `--apple-app TEAMID.BUNDLE-ID`.
    pub fn add_apple(&mut self, text: &str) -> Result<(), AppLinkError> {
        let (team, bundle) = text.split_once('.').ok_or_else(|| AppLinkError::Apple(text.to_string()))?;
        let team_ok = team.len() == 10 && team.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
        let bundle_ok = !bundle.is_empty()
            && bundle
                .split('.')
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
        if !team_ok || !bundle_ok {
            return Err(AppLinkError::Apple(text.to_string()));
        }
        if !self.apple.iter().any(|id| id == text) {
            self.apple.push(text.to_string());
        }
        Ok(())
    }

    /// The first iOS app named: the one told of turns by APNs.
    pub fn apple_app(&self) -> Option<&str> {
        self.apple.first().map(String::as_str)
    }

    /// Android's Digital Asset Links statement: the packages may handle
    /// every link of this site.
    fn assetlinks(&self) -> serde_json::Value {
        let statements = self.android.iter().map(|(package, fingerprints)| {
            json!({
                "relation": ["delegate_permission/common.handle_all_urls"],
                "target": {
                    "namespace": "android_app",
                    "package_name": package,
                    "sha256_cert_fingerprints": fingerprints,
                },
            })
        });
        serde_json::Value::Array(statements.collect())
    }

    /// Apple's file: join links only, in the form iOS 13 and later read
    /// (`appIDs`, `components`) and the one older versions do (`appID`,
    /// `paths`).
    fn apple_app_site_association(&self) -> serde_json::Value {
        let path = format!("{JOIN_PATH}*");
        let details = self.apple.iter().map(|id| {
            json!({
                "appIDs": [id],
                "components": [{ "/": path, "comment": "a room's join link" }],
                "appID": id,
                "paths": [path],
            })
        });
        json!({ "applinks": { "apps": [], "details": details.collect::<Vec<_>>() } })
    }
}

/// A Java package name: dot-separated parts, each a letter then letters,
/// digits or `_`, at least two parts.
fn is_android_package(name: &str) -> bool {
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|part| {
            part.starts_with(|c: char| c.is_ascii_alphabetic())
                && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

/// A SHA-256 fingerprint as Android writes it (`AB:CD:…`, 32 bytes),
/// from that or from 64 hex digits in either case.
fn fingerprint_of(text: &str) -> Option<String> {
    let hex: String = text.chars().filter(|&c| c != ':').collect();
    let colons = text.len() - hex.len();
    if hex.len() != 64 || !hex.chars().all(|c| c.is_ascii_hexdigit()) || (colons != 0 && colons != 31) {
        return None;
    }
    let bytes: Vec<String> =
        hex.as_bytes().chunks(2).map(|pair| String::from_utf8_lossy(pair).to_uppercase()).collect();
    Some(bytes.join(":"))
}

/// The routes: the join links always, each app's file when it names one.
pub fn routes(links: &AppLinks) -> Router {
    let mut router = Router::new().route(&format!("{JOIN_PATH}{{code}}"), get(to_the_page));
    if !links.android.is_empty() {
        let body = links.assetlinks().to_string();
        router = router.route("/.well-known/assetlinks.json", get(move || json_file(body.clone())));
    }
    if !links.apple.is_empty() {
        let body = links.apple_app_site_association().to_string();
        router = router.route("/.well-known/apple-app-site-association", get(move || json_file(body.clone())));
    }
    router
}

/// Both files are JSON, served as is: neither system follows a redirect
/// for them.
async fn json_file(body: String) -> Response {
    ([(CONTENT_TYPE, "application/json")], body).into_response()
}

/// A browser opening a join link: the web build reads the room from its
/// page's fragment.
async fn to_the_page(Path(code): Path<String>) -> Response {
    match RoomCode::parse(&code) {
        Ok(code) => Redirect::to(&format!("/#{JOIN_PATH}{code}")).into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "no room has this code").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRINT: &str =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";

    #[test]
    fn an_android_app_is_a_package_and_certificates() {
        let mut links = AppLinks::default();
        links.add_android(&format!("org.wocable.app={PRINT}")).unwrap();
        let bare = PRINT.replace(':', "").to_lowercase();
        links.add_android(&format!("org.wocable.app={bare}")).unwrap();
        assert_eq!(links.android, vec![("org.wocable.app".to_string(), vec![PRINT.to_string()])], "the same one");
        links.add_android(&format!("org.wocable.app={}", PRINT.replace("14:", "15:"))).unwrap();
        assert_eq!(links.android[0].1.len(), 2);
        for bad in [
            "org.wocable.app".to_string(),
            format!("wocable={PRINT}"),
            format!("org.1wocable.app={PRINT}"),
            format!("org.wocable.app={}", &PRINT[3..]),
            format!("org.wocable.app={}", PRINT.replace("14", "1G")),
            format!("org.wocable.app={}", PRINT.replacen(':', "", 3)),
        ] {
            assert_eq!(links.add_android(&bad), Err(AppLinkError::Android(bad.clone())), "{bad}");
        }
        let statement = &links.assetlinks()[0];
        assert_eq!(statement["relation"][0], "delegate_permission/common.handle_all_urls");
        assert_eq!(statement["target"]["package_name"], "org.wocable.app");
        assert_eq!(statement["target"]["sha256_cert_fingerprints"][0], PRINT);
    }

    #[test]
    fn an_apple_app_is_a_team_and_a_bundle() {
        let mut links = AppLinks::default();
        links.add_apple("ABCDE12345.org.wocable.app").unwrap();
        for bad in ["ABCDE1234.org.wocable.app", "abcde12345.org.wocable.app", "ABCDE12345.", "ABCDE12345.org..app"] {
            assert_eq!(links.add_apple(bad), Err(AppLinkError::Apple(bad.to_string())), "{bad}");
        }
        let details = &links.apple_app_site_association()["applinks"]["details"][0];
        assert_eq!(details["appIDs"][0], "ABCDE12345.org.wocable.app");
        assert_eq!(details["components"][0]["/"], "/join/*");
        assert_eq!(details["paths"][0], "/join/*");
    }
}
