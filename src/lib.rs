//! Wocable, the app: one plugin per feature (see `ARCHITECTURE.md`).
//! [`CorePlugin`] holds the game logic and runs headless (the tests use
//! it with `MinimalPlugins`); [`AppPlugin`] adds the window, rendering,
//! egui, audio and input devices. [`run`] is the entry point shared by the
//! desktop, web and mobile builds.

#[cfg(not(target_arch = "wasm32"))]
mod capture;
pub mod crossword;
pub mod demo;
pub mod feedback;
pub mod input;
pub mod lexicons;
pub mod online;
pub mod pause;
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
            demo::plugin,
            lexicons::plugin,
            word_lists::plugin,
            online::plugin,
        ));
    }
}

/// The whole app in a window.
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Wocable".into(),
                        resolution: window_size().into(),
                        resize_constraints: bevy::window::WindowResizeConstraints {
                            min_width: 320.0,
                            min_height: 480.0,
                            ..default()
                        },
                        // Phones and browsers give the size.
                        fit_canvas_to_parent: true,
                        prevent_default_event_handling: true,
                        ..default()
                    }),
                    ..default()
                })
                .set(bevy::log::LogPlugin { filter: "wgpu=error,naga=warn,symphonia=warn".into(), ..default() }),
        )
        .add_plugins((
            CorePlugin,
            input::window_plugin,
            ui::window_plugin,
            screens::window_plugin,
            feedback::audio::plugin,
        ));
        #[cfg(not(target_arch = "wasm32"))]
        app.add_plugins(capture::plugin);
    }
}

/// The window's size: `WOCABLE_WINDOW=WIDTHxHEIGHT` (say 360x640 for a
/// phone), else a desktop window.
fn window_size() -> (u32, u32) {
    std::env::var("WOCABLE_WINDOW")
        .ok()
        .and_then(|size| {
            let (width, height) = size.split_once('x')?;
            Some((width.parse().ok()?, height.parse().ok()?))
        })
        .unwrap_or((1280, 800))
}

/// The time of day, in milliseconds since 1970 (UTC), as servers count it.
pub fn wall_clock_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Date::now() as u64;
    #[cfg(not(target_arch = "wasm32"))]
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_millis() as u64)
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
