//! iOS: the Xcode project's `main.m` sets the audio session, keeps the
//! universal links the app is opened with (and the link of a notification
//! tapped), registers with APNs when asked, and calls `main_rs`; files in
//! the app's Application Support folder.

pub use super::phone::{LEXICONS_BUILT_IN, ask_to_notify, built_in_lexicon, notify, notifying, window};
use super::phone_push::Native;
use crate::input::SafeArea;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::path::PathBuf;
use wocable_net::PhoneService;

/// The app's Application Support folder, in its container (which `HOME`
/// names on iOS): kept in the device's backups, never shown to the player.
pub fn data_dir() -> Option<PathBuf> {
    let home = std::env::var_os("HOME")?;
    Some(PathBuf::from(home).join("Library/Application Support/Wocable"))
}

/// No clipboard or share sheet the app reaches yet (UIKit's, through
/// Objective-C): the room code is read off the screen.
pub fn copy(_text: &str) -> bool {
    false
}

pub fn can_share() -> bool {
    false
}

pub fn share(_text: &str, _url: &str) {}

unsafe extern "C" {
    /// In `main.m`: copies the universal link the app was last opened
    /// with into `buffer` (at most `size` bytes, not NUL-terminated) and
    /// forgets it; its length, or 0 for none (or one too long).
    fn wocable_take_opened_link(buffer: *mut u8, size: usize) -> usize;
    /// In `main.m`: asks the player's leave to notify them, then registers
    /// with APNs.
    fn wocable_ask_to_notify();
    /// In `main.m`: as `wocable_take_opened_link`, how asking went:
    /// `token:HEX`, `refused` or `failed`.
    fn wocable_take_push_answer(buffer: *mut u8, size: usize) -> usize;
}

/// What `take` (one of `main.m`'s) hands over: a string it kept, or none.
fn take_text(take: unsafe extern "C" fn(*mut u8, usize) -> usize) -> Option<String> {
    let mut buffer = [0u8; 2048];
    // SAFETY: the function writes at most `size` bytes into the buffer.
    let length = unsafe { take(buffer.as_mut_ptr(), buffer.len()) };
    (length > 0).then(|| String::from_utf8_lossy(&buffer[..length.min(buffer.len())]).into_owned())
}

/// The universal link (a room's join link) the app was opened or brought
/// back with, or a tapped notification's, which `main.m` keeps until asked.
pub fn opened_link() -> Option<String> {
    take_text(wocable_take_opened_link)
}

/// APNs is every iPhone's; the server may still have no key for it (the
/// registration is then refused, and the page says so).
pub fn can_notify() -> bool {
    true
}

pub(super) const PUSH: Native = Native {
    service: PhoneService::Apns,
    // SAFETY: a function of main.m's, of no arguments.
    ask: || unsafe { wocable_ask_to_notify() },
    take_answer: || take_text(wocable_take_push_answer),
};

/// The entry point `main.m` calls once the audio session is set.
#[unsafe(no_mangle)]
pub extern "C" fn main_rs() {
    crate::run();
}

pub fn window_plugin(app: &mut App) {
    app.add_systems(PreUpdate, read_safe_area);
}

/// The notch or island, the rounded corners and the home indicator: what
/// of the window is outside the safe area winit reports (its inner
/// rectangle) within the whole screen (its outer). winit's windows live
/// on the main thread.
fn read_safe_area(
    windows: Query<Entity, With<PrimaryWindow>>,
    mut safe: ResMut<SafeArea>,
    _main_thread: NonSendMarker,
) {
    let Ok(entity) = windows.single() else { return };
    let read = bevy::winit::WINIT_WINDOWS.with_borrow(|winit| {
        let window = winit.get_window(entity)?;
        let (inner, outer) = (window.inner_position().ok()?, window.outer_position().ok()?);
        let (inner_size, outer_size) = (window.inner_size(), window.outer_size());
        let scale = window.scale_factor() as f32;
        let (left, top) = ((inner.x - outer.x) as f32 / scale, (inner.y - outer.y) as f32 / scale);
        Some(SafeArea {
            top,
            left,
            right: (outer_size.width as f32 - inner_size.width as f32) / scale - left,
            bottom: (outer_size.height as f32 - inner_size.height as f32) / scale - top,
        })
    });
    if let Some(read) = read {
        safe.set_if_neq(read);
    }
}
