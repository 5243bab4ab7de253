//! Android: GameActivity starts the app through `android_main`, which
//! `#[bevy_main]` writes; files in the app's internal data folder.

pub use super::phone::{LEXICONS_BUILT_IN, built_in_lexicon, can_share, copy, share, window};
use std::path::PathBuf;

/// The app's own folder, which no other app reads and which goes with it.
pub fn data_dir() -> Option<PathBuf> {
    bevy::android::ANDROID_APP.get()?.internal_data_path()
}

#[bevy::prelude::bevy_main]
fn main() {
    crate::run();
}
