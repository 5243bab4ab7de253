//! Watching, on the online screen: the games being played on the server,
//! each opened as a spectator on a tap (see `online::spectator`), and a
//! room's game by its code from the join page.

use super::online::{OnlineForm, Page, lobby_failure};
use crate::Screen;
use crate::crossword::turn::PendingStart;
use crate::online::{Fetched, WatchGame, Watching, lobby};
use crate::settings::Settings;
use crate::ui::i18n::{Locale, language_key, rules_key};
use crate::ui::widgets::{centred_row, wide_button};
use bevy::prelude::*;
use bevy_egui::egui;
use wocable_net::LiveGames;

/// The games being played, as the server last listed them.
#[derive(Resource, Default)]
pub struct LiveList {
    pub list: Fetched<LiveGames>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveList>().add_systems(Update, follow.run_if(in_state(Screen::Online)));
}

/// The list is asked for each time its page opens.
fn follow(mut live: ResMut<LiveList>, form: Option<Res<OnlineForm>>, settings: Res<Settings>) {
    live.list.poll();
    if form.is_some_and(|form| form.page == Page::Watch) && matches!(live.list, Fetched::Nothing) {
        live.list = Fetched::Asked(lobby(&settings).live_games());
    }
}

/// Each game a button: its players, rule set and language, and how far
/// it has gone.
pub(super) fn watch_page(
    ui: &mut egui::Ui,
    locale: &Locale,
    live: &mut LiveList,
    watch: &mut MessageWriter<WatchGame>,
) {
    match &live.list {
        Fetched::Nothing | Fetched::Asked(_) => {
            ui.spinner();
        }
        Fetched::Failed(error) => {
            ui.label(lobby_failure(locale, error));
        }
        Fetched::Got(list) if list.games.is_empty() => {
            ui.label(locale.t("watch-none"));
        }
        Fetched::Got(list) => {
            for game in &list.games {
                let kind = format!("{} · {}", locale.t(rules_key(game.rules)), locale.t(language_key(game.language)));
                if wide_button(ui, format!("{}\n{kind}", game.players.join(" – "))).clicked() {
                    watch.write(WatchGame(game.code));
                }
                let mut status = locale.t_with("watch-turns", &[("turns", game.turns.into())]);
                if game.delayed {
                    status = format!("{status} · {}", locale.t("watch-delayed"));
                }
                ui.small(status);
            }
        }
    }
    ui.add_space(8.0);
    if ui.button(locale.t("watch-refresh")).clicked() {
        live.list = Fetched::Nothing;
    }
}

/// Under the ways to watch: the game on its way, or why it cannot be.
pub(super) fn watch_status(ui: &mut egui::Ui, locale: &Locale, watching: Option<&Watching>, pending: &PendingStart) {
    let Some(watching) = watching else { return };
    match &watching.failed {
        Some(error) => {
            ui.label(lobby_failure(locale, error));
        }
        None => centred_row(ui, |ui| {
            ui.spinner();
            ui.label(locale.t("online-connecting"));
        }),
    }
    super::fetch_status(ui, locale, pending);
}
