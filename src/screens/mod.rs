//! The app's screens (§8.1) as states; each screen's entities and
//! resources go when it is left. The egui drawing of each screen is added
//! by [`window_plugin`] only, so the states and their logic run headless.

pub mod arenas;
pub mod dictionary;
pub mod home;
pub mod how_to_play;
pub mod new_game;
pub mod online;
pub mod ratings;
pub mod results;
pub mod settings;
pub mod title;
pub mod word_lists;

use crate::crossword::turn::PendingStart;
use crate::lexicons::Unavailable;
use bevy::prelude::*;

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
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_plugins((
        home::plugin,
        new_game::plugin,
        online::plugin,
        ratings::plugin,
        arenas::plugin,
        results::plugin,
        dictionary::plugin,
        title::plugin,
        word_lists::plugin,
    ));
}

pub(super) fn window_plugin(app: &mut App) {
    app.add_plugins((
        home::ui,
        new_game::ui,
        online::ui,
        results::ui,
        dictionary::ui,
        settings::ui,
        how_to_play::ui,
        word_lists::ui,
        title::ui,
        crate::crossword::hud::ui,
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

/// A centred column for menu-like screens, scrolling when the window is
/// short, with a heading.
pub fn centred_page(ctx: &bevy_egui::egui::Context, heading: &str, add: impl FnOnce(&mut bevy_egui::egui::Ui)) {
    use bevy_egui::egui;
    egui::CentralPanel::default().show(&mut crate::ui::root_ui(ctx), |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            let width = ui.available_width().min(560.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                ui.add_space(16.0);
                if !heading.is_empty() {
                    let colour = crate::ui::theme::egui_colour(crate::ui::theme::TILE_FACE);
                    ui.label(crate::ui::bold(heading, 34.0).color(colour));
                    ui.add_space(12.0);
                }
                add(ui);
                ui.add_space(24.0);
            });
        });
    });
}

/// A row of widgets centred in its column. egui lays a row out from the
/// left, so the row is first laid out unseen and untouchable (under an id
/// of its own, so that its widgets' ids are not the real row's) to learn
/// its width. A row wider than the column wraps, from the left.
pub fn centred_row(ui: &mut bevy_egui::egui::Ui, mut add: impl FnMut(&mut bevy_egui::egui::Ui)) {
    let mut sizing = unseen_row(ui, "centred row, sized");
    add(&mut sizing);
    row_of_width(ui, sizing.min_rect().width(), add);
}

/// A child of `ui`, laid out as a row but not shown and not touchable,
/// under an id of its own: to learn the widths of widgets.
fn unseen_row(ui: &mut bevy_egui::egui::Ui, id_salt: &str) -> bevy_egui::egui::Ui {
    use bevy_egui::egui::{Align, Layout, UiBuilder};
    let row = UiBuilder::new().id_salt(id_salt).layout(Layout::left_to_right(Align::Center));
    ui.new_child(row.sizing_pass().invisible())
}

/// A row known to be `width` wide, centred in `ui`.
fn row_of_width(ui: &mut bevy_egui::egui::Ui, width: f32, add: impl FnOnce(&mut bevy_egui::egui::Ui)) {
    use bevy_egui::egui::{Align, Layout, Rect, UiBuilder, pos2, vec2};
    let room = ui.available_rect_before_wrap();
    let left = room.left() + ((room.width() - width) / 2.0).max(0.0);
    // As tall as a line, as egui's rows are (they grow to what they hold).
    let rect = Rect::from_min_size(pos2(left, room.top()), vec2(room.right() - left, ui.spacing().interact_size.y));
    let row = Layout::left_to_right(Align::Center).with_main_wrap(true);
    ui.scope_builder(UiBuilder::new().max_rect(rect).layout(row), add);
}

/// Choices of which one is `current`, in centred rows: as many rows as the
/// column needs, each as full as it can be (a row that wrapped would go on
/// from the left).
pub fn centred_choices<T: PartialEq + Clone>(ui: &mut bevy_egui::egui::Ui, current: &mut T, choices: &[(T, String)]) {
    // Each choice's width, from an unseen row of them all.
    let mut sizing = unseen_row(ui, "choices, sized");
    let mut unchanged = current.clone();
    let widths: Vec<f32> = choices
        .iter()
        .map(|(value, label)| sizing.selectable_value(&mut unchanged, value.clone(), label).rect.width())
        .collect();
    let gap = ui.spacing().item_spacing.x;
    for line in lines(&widths, ui.available_width(), gap) {
        let width = widths[line.clone()].iter().sum::<f32>() + gap * (line.len() - 1) as f32;
        row_of_width(ui, width, |ui| {
            for (value, label) in &choices[line] {
                ui.selectable_value(current, value.clone(), label);
            }
        });
    }
}

/// Widgets of these `widths`, `gap` apart, in lines of at most `room`:
/// each line as full as it can be, and at least one widget a line.
fn lines(widths: &[f32], room: f32, gap: f32) -> Vec<std::ops::Range<usize>> {
    let mut lines = Vec::new();
    let mut start = 0;
    while start < widths.len() {
        let mut end = start + 1;
        let mut width = widths[start];
        while end < widths.len() && width + gap + widths[end] <= room {
            width += gap + widths[end];
            end += 1;
        }
        lines.push(start..end);
        start = end;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::lines;

    #[test]
    fn choices_go_in_lines_as_full_as_they_can_be() {
        assert_eq!(lines(&[50.0, 50.0, 50.0], 200.0, 10.0), vec![0..3], "170 fit in 200");
        assert_eq!(lines(&[50.0, 50.0, 50.0, 50.0], 200.0, 10.0), [0..3, 3..4], "230 do not");
        assert_eq!(lines(&[90.0, 90.0, 90.0], 190.0, 10.0), [0..2, 2..3], "exactly full");
        assert_eq!(lines(&[300.0, 20.0], 200.0, 10.0), [0..1, 1..2], "too wide alone");
        assert!(lines(&[], 200.0, 10.0).is_empty());
    }
}
