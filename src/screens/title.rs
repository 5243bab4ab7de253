//! The window's title, which a browser shows on the page's tab: the
//! screen, the scores of the game being played, and on the home screen
//! the saved game that "Continue" resumes.

use super::home::SavedGameInfo;
use crate::AppSystems;
use crate::Screen;
use crate::crossword::Match;
use crate::ui::i18n::Locale;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PageTitle(pub String);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PageTitle>().add_systems(Update, name_page.after(AppSystems::React));
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(Update, show_title.after(name_page).run_if(resource_changed::<PageTitle>));
}

fn name_page(
    screen: Res<State<Screen>>,
    info: Res<SavedGameInfo>,
    m: Option<Res<Match>>,
    locale: Res<Locale>,
    mut title: ResMut<PageTitle>,
) {
    let game_changed = m.as_ref().is_some_and(|m| m.is_changed());
    if !(screen.is_changed() || info.is_changed() || locale.is_changed() || game_changed) {
        return;
    }
    let page = |page: String| locale.t_with("title-page", &[("page", page.into())]);
    let named = match (screen.get(), &info.0, m) {
        (Screen::Home, None, _) => locale.t("title-home"),
        (Screen::Home, Some(scores), _) => locale.t_with("title-home-saved", &[("scores", scores.clone().into())]),
        // Online, the tab of a page left for another says when to come back.
        (Screen::Game, _, Some(m)) if m.is_online() && m.human_to_play() => {
            page(locale.t_with("title-your-turn", &[("scores", m.scores().into())]))
        }
        (Screen::Game, _, Some(m)) => page(m.scores()),
        (Screen::Game, _, None) => locale.t("title-home"),
        (Screen::NewGame, ..) => page(locale.t("new-game-title")),
        (Screen::Results, ..) => page(locale.t("results-title")),
        (Screen::Dictionary, ..) => page(locale.t("dictionary-title")),
        (Screen::Settings, ..) => page(locale.t("settings-title")),
        (Screen::HowToPlay, ..) => page(locale.t("how-title")),
        (Screen::Online, ..) => page(locale.t("online-title")),
        (Screen::WordLists, ..) => page(locale.t("word-lists-title")),
        (Screen::Credits, ..) => page(locale.t("credits-title")),
        (Screen::TraceMenu | Screen::TraceRound | Screen::TraceEnd, ..) => page(locale.t("trace-title")),
    };
    title.set_if_neq(PageTitle(named));
}

/// The title bar natively; on the web the canvas's `alt` (winit) and the
/// document's title, which the tab shows.
fn show_title(title: Res<PageTitle>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    for mut window in &mut windows {
        window.title.clone_from(&title.0);
    }
    #[cfg(target_arch = "wasm32")]
    crate::platform::set_page_title(&title.0);
}
