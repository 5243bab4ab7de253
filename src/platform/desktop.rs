//! Windows, macOS and Linux: files in the system's data folder, the word
//! lists built in, a window of the size asked for, arboard's clipboard.

use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use wocable_lexicon::{Language, Lexicon};

/// The system's data folder for the app, or `WOCABLE_DATA` when set
/// (portable installs, tests).
pub fn data_dir() -> Option<PathBuf> {
    let chosen = std::env::var_os("WOCABLE_DATA").map(PathBuf::from);
    chosen.or_else(|| directories::ProjectDirs::from("org", "Wocable", "Wocable").map(|d| d.data_dir().to_path_buf()))
}

/// Built in: at hand at once, with no network.
pub const LEXICONS_BUILT_IN: bool = true;

pub fn built_in_lexicon(language: Language) -> Option<Lexicon> {
    Some(Lexicon::bundled(language))
}

/// A window of `WOCABLE_WINDOW=WIDTHxHEIGHT` (say 360x640 for a phone's
/// shape), else a desktop's.
pub fn window() -> Window {
    let size = std::env::var("WOCABLE_WINDOW")
        .ok()
        .and_then(|size| {
            let (width, height) = size.split_once('x')?;
            Some((width.parse().ok()?, height.parse().ok()?))
        })
        .unwrap_or((1280, 800));
    Window {
        title: "Wocable".into(),
        resolution: size.into(),
        resize_constraints: WindowResizeConstraints { min_width: 320.0, min_height: 480.0, ..default() },
        ..default()
    }
}

pub fn copy(text: &str) -> bool {
    use std::sync::Mutex;
    // Kept for the life of the app: on X11 the text is served from this
    // process for as long as its clipboard lives.
    static CLIPBOARD: Mutex<Option<arboard::Clipboard>> = Mutex::new(None);
    let Ok(mut clipboard) = CLIPBOARD.lock() else { return false };
    if clipboard.is_none() {
        *clipboard = arboard::Clipboard::new().inspect_err(|e| warn!("no clipboard: {e}")).ok();
    }
    clipboard
        .as_mut()
        .is_some_and(|clipboard| clipboard.set_text(text).inspect_err(|e| warn!("not copied: {e}")).is_ok())
}

/// Desktops have no share sheet the app can open.
pub fn can_share() -> bool {
    false
}

pub fn share(_text: &str, _url: &str) {}

/// A join link on the command line (`wocable SERVER/join/CODE`), as a
/// desktop's handler for links would start the app.
pub fn opened_link() -> Option<String> {
    static ASKED: AtomicBool = AtomicBool::new(false);
    if ASKED.swap(true, Ordering::Relaxed) {
        return None;
    }
    std::env::args().skip(1).find(|arg| arg.contains(wocable_net::JOIN_PATH))
}

/// A desktop is told nothing by a push service: the app tells its player
/// itself while it runs in the background ([`notify`]).
pub fn can_notify() -> bool {
    false
}

pub fn ask_to_notify(_server: &str, _key: &str, _language: &str) {}

pub fn notifying() -> Option<bool> {
    None
}

/// The system's notification, as `notify-send` (Linux's desktops) or
/// `osascript` (macOS) shows it; where neither is, nothing.
pub fn notify(title: &str, body: &str) {
    let command = if cfg!(target_os = "macos") {
        let script = format!("display notification {body:?} with title {title:?}");
        std::process::Command::new("osascript").args(["-e", &script]).spawn()
    } else {
        std::process::Command::new("notify-send").args(["--app-name=Wocable", title, body]).spawn()
    };
    match command {
        // Reaped on a thread of its own: the frame does not wait.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(e) => info!("no system notification: {e}"),
    }
}
