//! `?demo` in the web build's address: the app starts a game against the
//! computer, plays the best first move and goes back to the home screen,
//! through the messages a player's taps send. The browser check of
//! `cargo xtask test` uses it to leave a saved game in local storage. It
//! never replaces a game already saved: then it does nothing.

use crate::AppSystems;
use crate::crossword::turn::Hints;
use crate::crossword::{Action, Match, MatchSetup, NewMatch, SAVE_FILE};
use crate::screens::Screen;
use crate::storage::Storage;
use bevy::prelude::*;
use wocable_crossword::computer::Level;
use wocable_crossword::game::Event;

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

fn demo(
    mut commands: Commands,
    mut demo: ResMut<Demo>,
    screen: Res<State<Screen>>,
    m: Option<Res<Match>>,
    hints: Res<Hints>,
    mut start: MessageWriter<NewMatch>,
    mut actions: MessageWriter<Action>,
    mut next: ResMut<NextState<Screen>>,
    storage: Res<Storage>,
) {
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
