//! The system clipboard, for text the player sends on (a room's code and
//! link): arboard natively, the browser's asynchronous clipboard on the web;
//! and on the web the browser's share sheet, where it has one.

/// Puts `text` on the clipboard; whether it could.
#[cfg(not(target_arch = "wasm32"))]
pub fn copy(text: &str) -> bool {
    use std::sync::Mutex;
    // Kept for the life of the app: on X11 the text is served from this
    // process for as long as its clipboard lives.
    static CLIPBOARD: Mutex<Option<arboard::Clipboard>> = Mutex::new(None);
    let Ok(mut clipboard) = CLIPBOARD.lock() else { return false };
    if clipboard.is_none() {
        *clipboard = arboard::Clipboard::new().inspect_err(|e| bevy::log::warn!("no clipboard: {e}")).ok();
    }
    clipboard
        .as_mut()
        .is_some_and(|clipboard| clipboard.set_text(text).inspect_err(|e| bevy::log::warn!("not copied: {e}")).is_ok())
}

/// Puts `text` on the clipboard; whether it could ask the browser to.
#[cfg(target_arch = "wasm32")]
pub fn copy(text: &str) -> bool {
    // The browser has a clipboard for secure pages only (https, or the
    // local machine); it answers later, and a refusal is only logged.
    web_sys::window().filter(|window| window.is_secure_context()).is_some_and(|window| {
        let _ = window.navigator().clipboard().write_text(text);
        true
    })
}

/// Whether the browser has a share sheet (phones' browsers, mostly).
#[cfg(target_arch = "wasm32")]
pub fn can_share() -> bool {
    let navigator = web_sys::window().map(|window| window.navigator());
    navigator.is_some_and(|navigator| js_sys::Reflect::has(&navigator, &"share".into()).unwrap_or(false))
}

/// Opens the browser's share sheet with `text` and `url`.
#[cfg(target_arch = "wasm32")]
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
