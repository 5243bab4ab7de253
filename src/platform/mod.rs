//! What differs between the platforms the app runs on, each in a module
//! of its own chosen by the target: where the app keeps its files, where
//! its word lists come from, its window, the clipboard and share sheet,
//! the server it plays on by default, and how a phone starts it. The rest
//! of the app asks this module and names no platform (but for the web's
//! want of threads). The life cycle the systems share is in `pause`: going
//! to the background pauses the game on screen, which saves it.

#[cfg(target_os = "android")]
mod android;
#[cfg(not(any(target_arch = "wasm32", target_os = "android", target_os = "ios")))]
mod desktop;
#[cfg(target_os = "ios")]
mod ios;
#[cfg(any(target_os = "android", target_os = "ios"))]
mod phone;
#[cfg(any(target_os = "android", target_os = "ios", test))]
mod phone_push;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(target_os = "android")]
use android as current;
#[cfg(not(any(target_arch = "wasm32", target_os = "android", target_os = "ios")))]
use desktop as current;
#[cfg(target_os = "ios")]
use ios as current;
#[cfg(target_arch = "wasm32")]
use web as current;

/// Whether the word lists are built into the app; if not, a language's
/// list is fetched from the app's assets when a game first needs it.
pub use current::LEXICONS_BUILT_IN;
/// The word list of a language when it is built into the app.
pub use current::built_in_lexicon;
/// Puts text on the clipboard; whether it could.
pub use current::copy;
/// The folder the app keeps its files in (`None`: there is none).
#[cfg(not(target_arch = "wasm32"))]
pub use current::data_dir;
/// The system's notification, for an app in the background: a desktop's
/// (a page and a phone are told by their push services instead).
pub use current::notify;
/// A link the app was opened with (a room's join link), each once: a
/// phone's App Link or universal link, the web page's address, the
/// desktop's command line. Cheap enough to ask twice a second.
pub use current::opened_link;
/// The app's window.
pub use current::window;
/// Whether the player can be told of their turns while the app is closed
/// (Web Push on the web, Firebase on Android, APNs on iOS); asking their
/// leave and subscribing; whether they are (`None`: not asked yet).
pub use current::{ask_to_notify, can_notify, notifying};
/// Whether the system has a share sheet, and opening it with a text and
/// a link.
pub use current::{can_share, share};
#[cfg(target_arch = "wasm32")]
pub use web::{page_origin, page_query, set_page_title};

/// What the platform tells the window's systems: on iOS, the safe area
/// (the app draws on the whole screen there). Android's activity keeps the
/// app's window clear of the cutout, and a web page its canvas.
#[cfg(target_os = "ios")]
pub(crate) use ios::window_plugin;

/// What the platform tells the window's systems: nothing here.
#[cfg(not(target_os = "ios"))]
pub(crate) fn window_plugin(_app: &mut bevy::prelude::App) {}

/// Leaves the app for the system's home screen, keeping it as it is:
/// Android's Back on the app's first screen.
#[cfg(target_os = "android")]
pub use android::leave;

/// Elsewhere Back on the first screen has nowhere to go.
#[cfg(not(target_os = "android"))]
pub fn leave() {}

/// The time of day, in milliseconds since 1970 (UTC), as servers count it.
#[cfg(target_arch = "wasm32")]
pub fn wall_clock_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// The time of day, in milliseconds since 1970 (UTC), as servers count it.
#[cfg(not(target_arch = "wasm32"))]
pub fn wall_clock_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_millis() as u64)
}

/// The server of online play: on the web, the one the page came from;
/// elsewhere, the one `cargo xtask server` runs.
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(origin) = page_origin() {
        return origin;
    }
    "http://127.0.0.1:3536".to_string()
}
