//! What Android and iOS share: the whole screen, the word lists read from
//! the app's assets as a language is first needed, the registration with
//! the phone's push service.

use super::phone_push::Registration;
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

/// The app's registration with its phone's push service (Firebase Cloud
/// Messaging, Apple's APNs), given to the server for the member.
static REGISTRATION: Registration = Registration::new();

pub fn ask_to_notify(server: &str, key: &str, language: &str) {
    REGISTRATION.ask(&super::current::PUSH, server, key, language);
}

pub fn notifying() -> Option<bool> {
    REGISTRATION.notifying(&super::current::PUSH)
}

/// A phone is told by its push service, which shows the notification.
pub fn notify(_title: &str, _body: &str) {}
