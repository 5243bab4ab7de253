//! iOS: the Xcode project's `main.m` sets the audio session and calls
//! `main_rs`; files in the app's Application Support folder.

pub use super::phone::{LEXICONS_BUILT_IN, built_in_lexicon, can_share, copy, share, window};
use std::path::PathBuf;

/// The app's Application Support folder, in its container (which `HOME`
/// names on iOS): kept in the device's backups, never shown to the player.
pub fn data_dir() -> Option<PathBuf> {
    let home = std::env::var_os("HOME")?;
    Some(PathBuf::from(home).join("Library/Application Support/Wocable"))
}

/// The entry point `main.m` calls once the audio session is set.
#[unsafe(no_mangle)]
pub extern "C" fn main_rs() {
    crate::run();
}
