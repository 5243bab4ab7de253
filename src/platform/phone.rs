//! What Android and iOS share: the whole screen, the word lists read from
//! the app's assets as a language is first needed.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use wocable_lexicon::{Language, Lexicon};

/// Read from the app's assets: three lists built into the library would
/// cost every player the memory of all three.
pub const LEXICONS_BUILT_IN: bool = false;

pub fn built_in_lexicon(_language: Language) -> Option<Lexicon> {
    None
}

/// The whole screen, in the orientation the phone is held.
pub fn window() -> Window {
    Window { mode: WindowMode::BorderlessFullscreen(MonitorSelection::Primary), resizable: false, ..default() }
}

/// A phone's push service (Firebase Cloud Messaging, Apple's APNs) needs
/// the app registered with it and a sender of the server's: not built
/// yet, so a phone is told of its turns while the app is open (the list's
/// badge), not while it is closed.
pub fn can_notify() -> bool {
    false
}

pub fn ask_to_notify(_server: &str, _key: &str, _language: &str) {}

pub fn notifying() -> Option<bool> {
    None
}

pub fn notify(_title: &str, _body: &str) {}
