//! The app's screens (§8.1) as states; each screen's entities and
//! resources go when it is left. The egui drawing of each screen is added
//! by [`window_plugin`] only, so the states and their logic run headless.

pub mod arenas;
pub mod credits;
pub mod dictionary;
pub mod friends;
pub mod home;
pub mod how_to_play;
pub mod join_link;
pub mod my_games;
pub mod new_game;
pub mod online;
pub mod ratings;
pub mod rematch;
pub mod results;
pub mod settings;
pub mod title;
pub mod trace_menu;
pub mod watch;
pub mod word_lists;

use crate::crossword::turn::PendingStart;
use crate::input::GoBack;
use crate::lexicons::Unavailable;
use crate::{AppSystems, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        home::plugin,
        new_game::plugin,
        online::plugin,
        join_link::plugin,
        ratings::plugin,
        arenas::plugin,
        results::plugin,
        rematch::plugin,
        dictionary::plugin,
        title::plugin,
        word_lists::plugin,
        watch::plugin,
    ))
    .add_systems(Update, back_a_screen.in_set(AppSystems::Input));
}

/// Where Back leads from `screen`, as its own Back button does; `None`
/// from home, and from the screens that go back a page or out of a dialog
/// first (games, online), which follow Back themselves.
fn back_from(screen: Screen, dictionary: &dictionary::DictionaryPage) -> Option<Screen> {
    match screen {
        Screen::NewGame | Screen::Settings | Screen::HowToPlay | Screen::TraceMenu | Screen::Results => {
            Some(Screen::Home)
        }
        Screen::WordLists | Screen::Credits => Some(Screen::Settings),
        Screen::TraceEnd => Some(Screen::TraceMenu),
        Screen::Dictionary => Some(dictionary.back),
        Screen::Home | Screen::Game | Screen::Online | Screen::TraceRound => None,
    }
}

fn back_a_screen(
    mut back: MessageReader<GoBack>,
    screen: Res<State<Screen>>,
    dictionary: Res<dictionary::DictionaryPage>,
    mut next: ResMut<NextState<Screen>>,
) {
    if back.read().count() == 0 {
        return;
    }
    match back_from(*screen.get(), &dictionary) {
        Some(to) => next.set(to),
        // Back from the first screen leaves the app, as in Android's others.
        None if *screen.get() == Screen::Home => crate::platform::leave(),
        None => {}
    }
}

pub(super) fn window_plugin(app: &mut App) {
    app.add_plugins((
        home::ui,
        new_game::ui,
        online::ui,
        results::ui,
        dictionary::ui,
        settings::ui,
        credits::ui,
        how_to_play::ui,
        word_lists::ui,
        title::ui,
        trace_menu::ui,
        friends::ui,
    ));
}

/// Under a Start or Continue button: that the game waits for its word
/// list (the web build fetches it), or why it cannot be had.
fn fetch_status(ui: &mut bevy_egui::egui::Ui, locale: &crate::ui::i18n::Locale, pending: &PendingStart) {
    if pending.is_waiting() {
        ui.label(locale.t("lexicon-fetching"));
    } else if let Some(reason) = &pending.failed {
        fetch_failed(ui, locale, reason);
    }
}

/// Why a game's word list cannot be had, as a warning.
fn fetch_failed(ui: &mut bevy_egui::egui::Ui, locale: &crate::ui::i18n::Locale, why: &Unavailable) {
    ui.colored_label(crate::ui::theme::egui_colour(crate::ui::theme::WARNING), why.text(locale));
}
