//! Widgets the screens share: a centred page, centred rows and choices.

use crate::ui::i18n::Locale;
use crate::ui::theme;
use bevy_egui::egui;

/// A centred column for menu-like screens, scrolling when the window is
/// short, with a heading.
pub fn centred_page(ctx: &egui::Context, heading: &str, add: impl FnOnce(&mut egui::Ui)) {
    egui::CentralPanel::default().show(&mut crate::ui::root_ui(ctx), |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            let width = ui.available_width().min(560.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                ui.add_space(16.0);
                if !heading.is_empty() {
                    let colour = theme::egui_colour(theme::TILE_FACE);
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
pub fn centred_row(ui: &mut egui::Ui, mut add: impl FnMut(&mut egui::Ui)) {
    let mut sizing = unseen_row(ui, "centred row, sized");
    add(&mut sizing);
    row_of_width(ui, sizing.min_rect().width(), add);
}

/// A child of `ui`, laid out as a row but not shown and not touchable,
/// under an id of its own: to learn the widths of widgets.
fn unseen_row(ui: &mut egui::Ui, id_salt: &str) -> egui::Ui {
    use egui::{Align, Layout, UiBuilder};
    let row = UiBuilder::new().id_salt(id_salt).layout(Layout::left_to_right(Align::Center));
    ui.new_child(row.sizing_pass().invisible())
}

/// A row known to be `width` wide, centred in `ui`.
fn row_of_width(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    use egui::{Align, Layout, Rect, UiBuilder, pos2, vec2};
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
pub fn centred_choices<T: PartialEq + Clone>(ui: &mut egui::Ui, current: &mut T, choices: &[(T, String)]) {
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

/// A screen that hides the game: a title, a line, and buttons; which
/// button was pressed.
pub fn cover_screen<const N: usize>(
    ctx: &egui::Context,
    id: &str,
    title: String,
    hint: String,
    buttons: [String; N],
) -> Option<usize> {
    let mut pressed = None;
    egui::Modal::new(egui::Id::new(id)).backdrop_color(theme::egui_colour(theme::BACKGROUND)).show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(crate::ui::bold(title, 26.0));
            ui.label(hint);
            for (index, button) in buttons.into_iter().enumerate() {
                ui.add_space(12.0);
                if ui.button(crate::ui::bold(button, 20.0)).clicked() {
                    pressed = Some(index);
                }
            }
        });
    });
    pressed
}

/// What the player chose on the pause screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseChoice {
    Resume,
    Home,
}

/// "Game paused" over the hidden game, with Resume and Home.
pub fn pause_screen(ctx: &egui::Context, locale: &Locale) -> Option<PauseChoice> {
    let buttons = [locale.t("paused-resume"), locale.t("action-home")];
    match cover_screen(ctx, "paused", locale.t("paused-title"), locale.t("paused-hint"), buttons)? {
        0 => Some(PauseChoice::Resume),
        _ => Some(PauseChoice::Home),
    }
}

/// A wide button, as on a phone's menu.
pub fn wide_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add_sized([ui.available_width().min(360.0), 48.0], egui::Button::new(text))
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
