//! `?demo` in the web build's address: the app starts a game against the
//! computer, plays the best first move and goes back to the home screen,
//! through the messages a player's taps send. The browser check of
//! `cargo xtask test` uses it to leave a saved game in local storage. It
//! never replaces a game already saved: then it does nothing.

use crate::AppSystems;
use crate::Screen;
use crate::crossword::turn::Hints;
use crate::crossword::{Action, Match, MatchSetup, NewMatch, SAVE_FILE};
use crate::storage::Storage;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use wocable_crossword::Event;
use wocable_crossword::computer::Level;

/// The demo's next step; the resource goes when it is done.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Demo {
    #[default]
    Start,
    AskHint,
    Play,
    GoHome,
}

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    if asked_for() {
        app.init_resource::<Demo>();
    }
    app.add_systems(Update, demo.run_if(resource_exists::<Demo>).before(AppSystems::Input));
}

/// Whether the page's address has `?demo` (or `&demo`).
#[cfg(target_arch = "wasm32")]
fn asked_for() -> bool {
    crate::platform::page_query().split('&').any(|part| part == "demo")
}

/// What the demo does: start a match, act in it.
#[derive(SystemParam)]
struct DemoMoves<'w> {
    start: MessageWriter<'w, NewMatch>,
    actions: MessageWriter<'w, Action>,
}

/// The match being played, and its hints (the demo plays the first).
#[derive(SystemParam)]
struct Playing<'w> {
    m: Option<Res<'w, Match>>,
    hints: Res<'w, Hints>,
}

fn demo(
    mut commands: Commands,
    mut demo: ResMut<Demo>,
    screen: Res<State<Screen>>,
    playing: Playing,
    moves: DemoMoves,
    mut next: ResMut<NextState<Screen>>,
    storage: Res<Storage>,
) {
    let Playing { m, hints } = playing;
    let DemoMoves { mut start, mut actions } = moves;
    let playing = *screen.get() == Screen::Game;
    match *demo {
        Demo::Start if storage.read(SAVE_FILE).is_some() => commands.remove_resource::<Demo>(),
        Demo::Start => {
            start.write(NewMatch(MatchSetup::against_computer(Level::Beginner, 2026)));
            *demo = Demo::AskHint;
        }
        Demo::AskHint if playing => {
            actions.write(Action::Hint);
            *demo = Demo::Play;
        }
        Demo::Play if !hints.0.is_empty() => {
            actions.write(Action::LayHint(0));
            actions.write(Action::Play);
            *demo = Demo::GoHome;
        }
        Demo::GoHome if m.is_some_and(|m| m.view().log().iter().any(|e| matches!(e.event, Event::Played { .. }))) => {
            next.set(Screen::Home);
            commands.remove_resource::<Demo>();
        }
        _ => {}
    }
}
