//! The browser: files in local storage and IndexedDB (`storage`), word
//! lists fetched from the assets, a canvas that fills the page, the
//! browser's clipboard and share sheet, and the page's address and title.

use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::JsCast;
use wocable_lexicon::{Language, Lexicon};

/// Fetched: the three lists would otherwise be most of the download, for
/// languages a player may never use.
pub const LEXICONS_BUILT_IN: bool = false;

pub fn built_in_lexicon(_language: Language) -> Option<Lexicon> {
    None
}

/// The canvas fills the page and follows its size; the page's own
/// gestures (scrolling, zooming) are the game's.
pub fn window() -> Window {
    Window { title: "Wocable".into(), fit_canvas_to_parent: true, prevent_default_event_handling: true, ..default() }
}

pub fn copy(text: &str) -> bool {
    // The browser has a clipboard for secure pages only (https, or the
    // local machine); it answers later, and a refusal is only logged.
    web_sys::window().filter(|window| window.is_secure_context()).is_some_and(|window| {
        let _ = window.navigator().clipboard().write_text(text);
        true
    })
}

/// Phones' browsers mostly have one.
pub fn can_share() -> bool {
    let navigator = web_sys::window().map(|window| window.navigator());
    navigator.is_some_and(|navigator| js_sys::Reflect::has(&navigator, &"share".into()).unwrap_or(false))
}

pub fn share(text: &str, url: &str) {
    if let Some(window) = web_sys::window() {
        let data = web_sys::ShareData::new();
        data.set_text(text);
        data.set_url(url);
        let shared = window.navigator().share_with_data(&data);
        // A sheet the player closes is no error (the promise's rejection
        // would be logged as one, uncaught).
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(shared).await;
        });
    }
}

/// Where the page came from, `http(s)://host:port`.
pub fn page_origin() -> Option<String> {
    web_sys::window()?.location().origin().ok()
}

/// The page's address after `?`, without it.
pub fn page_query() -> String {
    let query = web_sys::window().and_then(|window| window.location().search().ok()).unwrap_or_default();
    query.trim_start_matches('?').to_string()
}

/// The page's address from `#` on, where the server sends a join link
/// (`#/join/CODE`), at first; then the link of a notification tapped
/// while the page is open, which the service worker hands over
/// (`wocableLink`).
pub fn opened_link() -> Option<String> {
    static ASKED: AtomicBool = AtomicBool::new(false);
    let window = web_sys::window()?;
    if !ASKED.swap(true, Ordering::Relaxed)
        && let Some(hash) = window.location().hash().ok().filter(|hash| !hash.is_empty())
    {
        return Some(hash);
    }
    let link = js_sys::Reflect::get(&window, &"wocableLink".into()).ok()?.as_string()?;
    let _ = js_sys::Reflect::set(&window, &"wocableLink".into(), &wasm_bindgen::JsValue::UNDEFINED);
    Some(link)
}

/// The document's title, which the tab shows.
pub fn set_page_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|window| window.document()) {
        document.set_title(title);
    }
}

/// Whether the browser can be told things by Web Push (a service worker
/// and a push manager).
pub fn can_notify() -> bool {
    let Some(window) = web_sys::window() else { return false };
    js_sys::Reflect::has(&window, &"PushManager".into()).unwrap_or(false)
        && js_sys::Reflect::has(&window.navigator(), &"serviceWorker".into()).unwrap_or(false)
}

/// Asks the player's leave to notify them, then subscribes the page's
/// service worker and gives the subscription to `server` for member `key`
/// (the page's `wocableSubscribe`, which answers in `wocablePushState`).
pub fn ask_to_notify(server: &str, key: &str, language: &str) {
    let Some(window) = web_sys::window() else { return };
    let Ok(subscribe) = js_sys::Reflect::get(&window, &"wocableSubscribe".into()) else { return };
    let Ok(subscribe) = subscribe.dyn_into::<js_sys::Function>() else { return };
    let _ = subscribe.call3(&window, &server.into(), &key.into(), &language.into());
}

/// Whether this browser is told things: `None` until it was asked.
pub fn notifying() -> Option<bool> {
    let window = web_sys::window()?;
    let state = js_sys::Reflect::get(&window, &"wocablePushState".into()).ok()?.as_string()?;
    Some(state == "on")
}

/// A page is told by its service worker's push messages, not the app.
pub fn notify(_title: &str, _body: &str) {}
