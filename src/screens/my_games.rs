//! My games on the online screen (§5.5): every game that lasts days the
//! member is in, those where it is their turn first, each with whose turn
//! it is, the time left, the scores and the last move; one tap opens it.
//! And the page of such a game still waiting for players, with its code
//! and link to pass on.

use super::online::lobby_failure;
use crate::crossword::hud::{clock_text, event_line};
use crate::online::{MyGamesList, OnlineRequest};
use crate::ui::bold;
use crate::ui::i18n::{Locale, language_key, rules_key};
use crate::ui::theme::{self, egui_colour};
use bevy_egui::egui;
use wocable_net::{MyGame, SeatGame};

/// The list; the game to open, when one is tapped.
pub fn my_games_page(ui: &mut egui::Ui, locale: &Locale, list: &MyGamesList, now_ms: u64) -> Option<OnlineRequest> {
    if let Some(error) = &list.failed {
        ui.colored_label(egui_colour(theme::WARNING), lobby_failure(locale, error));
    }
    let Some(games) = &list.games else {
        ui.spinner();
        return None;
    };
    if games.games.is_empty() {
        ui.label(locale.t("my-games-none"));
        return None;
    }
    let mut opened = None;
    egui::ScrollArea::vertical().max_height(ui.available_height() - 60.0).show(ui, |ui| {
        for game in &games.games {
            if game_row(ui, locale, game, now_ms) {
                opened = Some(OnlineRequest::OpenDays(game.code));
            }
        }
    });
    opened
}

/// One game, as a button: whether it was tapped.
fn game_row(ui: &mut egui::Ui, locale: &Locale, game: &MyGame, now_ms: u64) -> bool {
    let summary = &game.summary;
    let name = |seat: usize| summary.seats.get(seat).cloned().flatten().unwrap_or_else(|| locale.t("online-free-seat"));
    let scores: Vec<String> = (0..summary.seats.len())
        .map(|seat| format!("{} {}", name(seat), summary.scores.get(seat).unwrap_or(&0)))
        .collect();
    let (state, colour) = match (&summary.standings, summary.turn) {
        (Some(standings), _) => {
            let rank = standings.iter().find(|standing| standing.seat == game.seat).map_or(0, |s| s.rank);
            let shared = standings.iter().filter(|standing| standing.rank == rank).count() > 1;
            let key = match (rank, shared) {
                (1, false) => "my-games-won",
                (1, true) => "my-games-drawn",
                _ => "my-games-lost",
            };
            (locale.t(key), egui::Color32::WHITE)
        }
        (None, Some(turn)) => {
            let left = game.deadline_ms.map(|deadline| clock_text(deadline.saturating_sub(now_ms) as f32 / 1000.0));
            let whose = if turn == game.seat {
                locale.t("my-games-your-turn")
            } else {
                locale.t_with("my-games-their-turn", &[("name", name(turn).into())])
            };
            let colour = if turn == game.seat { egui_colour(theme::ACCENT) } else { egui::Color32::WHITE };
            let text = match left {
                Some(left) => format!("{whose} · {}", locale.t_with("my-games-left", &[("time", left.into())])),
                None => whose,
            };
            (text, colour)
        }
        (None, None) => (locale.t("my-games-waiting"), egui::Color32::WHITE),
    };
    let kind = format!(
        "{} · {} · {}",
        locale.t(rules_key(game.room.rules)),
        locale.t(language_key(game.room.language)),
        pace_label(locale, game.room.days)
    );
    let last = summary.last.as_ref().and_then(|event| event_line(event, &name, game.room.language, locale));
    let response = egui::Frame::group(ui.style())
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(bold(state, 18.0).color(colour));
            ui.label(scores.join("  ·  "));
            if let Some(last) = last {
                ui.small(last);
            }
            ui.small(kind);
        })
        .response;
    response.interact(egui::Sense::click()).clicked()
}

/// Where the player can be told of their turns while the app is closed
/// (a browser, by Web Push): whether they are, or a button to ask.
pub(super) fn notifications(ui: &mut egui::Ui, locale: &Locale, server: &str, key: &str) {
    if !crate::platform::can_notify() {
        return;
    }
    match crate::platform::notifying() {
        Some(true) => {
            ui.small(locale.t("my-games-notifying"));
        }
        asked => {
            if asked == Some(false) {
                ui.small(locale.t("my-games-not-notifying"));
            }
            if ui.button(locale.t("my-games-notify")).clicked() {
                crate::platform::ask_to_notify(server, key, locale.language.code());
            }
        }
    }
}

/// A pace: live, or days a move.
pub(super) fn pace_label(locale: &Locale, days: Option<u8>) -> String {
    match days {
        None => locale.t("pace-live"),
        Some(days) => locale.t_with("pace-days", &[("days", days.into())]),
    }
}

/// A game that lasts days waiting for players: its code to pass on, and
/// who is in. Whether the player asked for their list.
pub(super) fn days_waiting(ui: &mut egui::Ui, locale: &Locale, view: &SeatGame) -> bool {
    ui.label(locale.t("online-room-code"));
    ui.label(bold(view.code.to_string(), 56.0).color(egui_colour(theme::TILE_FACE)));
    ui.label(locale.t("my-games-waiting-note"));
    ui.separator();
    for (seat, name) in view.seats.iter().enumerate() {
        let text = name.clone().unwrap_or_else(|| locale.t("online-free-seat"));
        let colour = if seat == view.seat { egui_colour(theme::ACCENT) } else { egui::Color32::WHITE };
        ui.label(egui::RichText::new(text).size(20.0).color(colour));
    }
    ui.add_space(12.0);
    crate::ui::widgets::wide_button(ui, bold(locale.t("online-my-games"), 20.0)).clicked()
}
