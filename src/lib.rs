//! Wocable, the app: one plugin per feature (see `ARCHITECTURE.md`).
//! [`CorePlugin`] holds the game logic and runs headless (the tests use
//! it with `MinimalPlugins`); [`AppPlugin`] adds the window, rendering,
//! egui, audio and input devices. [`run`] is the entry point shared by the
//! desktop, web and mobile builds.

#[cfg(all(feature = "dev", not(target_arch = "wasm32")))]
mod capture;
pub mod crossword;
#[cfg(feature = "dev")]
pub mod demo;
pub mod feedback;
pub mod input;
pub mod lexicons;
pub mod online;
pub mod pause;
pub mod platform;
pub mod screens;
pub mod settings;
pub mod storage;
pub mod trace;
pub mod ui;
pub mod word_lists;

use bevy::prelude::*;
use storage::Storage;

/// The systems of a frame, in order: mouse and touch become pointer
/// messages, input becomes actions, actions and computers' choices go
/// through the rules, the results reach the world. A pointer is thus
/// followed in the frame it moved.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    Pointer,
    Input,
    Act,
    React,
    Show,
}

/// The game without window or sound: screens, rules, input handling,
/// animation state, settings and saves. Uses the [`Storage`] resource if
/// one is inserted first, else the platform's data folder.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Storage>() {
            app.insert_resource(Storage::platform());
        }
        app.configure_sets(
            Update,
            (AppSystems::Pointer, AppSystems::Input, AppSystems::Act, AppSystems::React, AppSystems::Show).chain(),
        );
        app.add_plugins((
            settings::plugin,
            input::plugin,
            pause::plugin,
            ui::plugin,
            screens::plugin,
            crossword::plugin,
            trace::plugin,
            feedback::plugin,
            lexicons::plugin,
            word_lists::plugin,
            online::plugin,
        ));
        #[cfg(feature = "dev")]
        app.add_plugins(demo::plugin);
    }
}

/// The whole app in a window.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin { primary_window: Some(platform::window()), ..default() })
                // The app has no .meta files: asking for them costs a
                // request per asset on the web, and fails offline.
                .set(AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() })
                .set(bevy::log::LogPlugin { filter: "wgpu=error,naga=warn,symphonia=warn".into(), ..default() }),
        )
        .add_plugins((
            CorePlugin,
            platform::window_plugin,
            input::window_plugin,
            ui::window_plugin,
            screens::window_plugin,
            feedback::audio::plugin,
        ));
        #[cfg(all(feature = "dev", not(target_arch = "wasm32")))]
        app.add_plugins(capture::plugin);
    }
}

/// When `run` was called, to measure the time to the first frame.
#[derive(Resource, Clone, Copy, Debug)]
pub struct StartedAt(pub bevy::platform::time::Instant);

/// Whether a window can open here: on Linux and the BSDs, winit needs an
/// X11 or Wayland display, and panics without one.
pub fn desktop_session() -> Result<(), &'static str> {
    let unix_desktop = cfg!(all(unix, not(target_os = "macos"), not(target_os = "android"), not(target_os = "ios")));
    let display = ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"].iter().any(|name| std::env::var_os(name).is_some());
    if unix_desktop && !display {
        return Err("the game opens a window and needs a desktop session (neither DISPLAY nor WAYLAND_DISPLAY \
            is set); without one, run it under Xvfb: xvfb-run -a cargo xtask play");
    }
    Ok(())
}

/// Runs the app.
pub fn run() {
    let started = StartedAt(bevy::platform::time::Instant::now());
    App::new().insert_resource(started).add_plugins(AppPlugin).run();
}
