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

/// The app's screens (§8.1), each a state: a game plays in `Game` or
/// `TraceRound`, and the `screens` module has all the others. Every
/// feature may ask for a screen; none needs the `screens` module for it.
#[derive(States, Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Home,
    NewGame,
    Game,
    Results,
    Dictionary,
    Settings,
    HowToPlay,
    Online,
    WordLists,
    /// Trace: the mode and the language, today's puzzle.
    TraceMenu,
    TraceRound,
    TraceEnd,
    Credits,
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
        app.init_state::<Screen>().configure_sets(
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
            crossword::hud::ui,
            trace::hud::ui,
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

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    /// Each feature under `src/` (a folder, or a file beside `lib.rs`)
    /// and the others its code uses through `crate::` (tests left out).
    fn imports() -> BTreeMap<String, BTreeSet<String>> {
        let src = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
        let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (path, code) in crate::ui::app_sources() {
            let relative = path.strip_prefix(src).expect("a source under src");
            let first = relative.components().next().expect("a file").as_os_str().to_string_lossy();
            let feature = first.trim_end_matches(".rs").to_string();
            if feature == "lib" || feature == "main" {
                continue;
            }
            let used = imports.entry(feature.clone()).or_default();
            for (at, _) in code.match_indices("crate::") {
                let rest = &code[at + "crate::".len()..];
                let name: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !name.is_empty() && name != feature {
                    used.insert(name);
                }
            }
        }
        // Only features: not `crate::run` and the like.
        let features: BTreeSet<String> = imports.keys().cloned().collect();
        imports.values_mut().for_each(|used| used.retain(|name| features.contains(name)));
        imports
    }

    #[test]
    fn no_feature_imports_one_that_imports_it_back() {
        let imports = imports();
        assert!(imports.len() > 10 && imports["screens"].contains("crossword"), "imports read: {imports:?}");
        for (feature, used) in &imports {
            // Everything `feature` reaches through what it uses.
            let mut reached = BTreeSet::new();
            let mut next: Vec<&String> = used.iter().collect();
            while let Some(other) = next.pop() {
                if reached.insert(other) {
                    next.extend(&imports[other]);
                }
            }
            assert!(!reached.contains(feature), "{feature} imports itself round a circle: {imports:?}");
        }
        for game in ["crossword", "trace", "online"] {
            assert!(!imports[game].contains("screens"), "{game} asks for a screen by its state, never imports one");
        }
    }
}
