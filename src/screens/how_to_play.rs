//! How to play: the rules of each rule set, short, with a drawn example
//! of a play and how it scores.

use super::home::wide_button;
use super::new_game::rules_key;
use super::{Screen, centred_page};
use crate::ui::i18n::Locale;
use crate::ui::theme;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_crossword::{Premium, RuleSetKind};

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::HowToPlay)));
}

/// A row of squares with tiles, as on the board: (letter, value, premium
/// under it).
fn tiles_row(ui: &mut egui::Ui, tiles: &[(&str, u32, Premium)]) {
    let side = 44.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side * tiles.len() as f32, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    for (i, (letter, value, premium)) in tiles.iter().enumerate() {
        let square =
            egui::Rect::from_min_size(rect.min + egui::vec2(i as f32 * side, 0.0), egui::vec2(side, side)).shrink(2.0);
        painter.rect_filled(square, 4.0, theme::egui_colour(theme::premium_colour(*premium, false)));
        if letter.is_empty() {
            continue;
        }
        let tile = square.shrink(3.0);
        painter.rect_filled(tile, 4.0, theme::egui_colour(theme::TILE_FACE));
        let ink = theme::egui_colour(theme::TILE_LETTER);
        painter.text(tile.center(), egui::Align2::CENTER_CENTER, *letter, egui::FontId::proportional(22.0), ink);
        painter.text(
            tile.right_bottom() - egui::vec2(3.0, 1.0),
            egui::Align2::RIGHT_BOTTOM,
            value.to_string(),
            egui::FontId::proportional(10.0),
            ink,
        );
    }
}

fn draw(mut contexts: EguiContexts, locale: Res<Locale>, mut screen: ResMut<NextState<Screen>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    centred_page(ctx, &locale.t("how-title"), |ui| {
        ui.label(locale.t("how-goal"));
        ui.add_space(8.0);
        tiles_row(
            ui,
            &[
                ("W", 4, Premium::DoubleWord),
                ("O", 1, Premium::None),
                ("R", 1, Premium::None),
                ("D", 2, Premium::TripleLetter),
                ("", 0, Premium::None),
            ],
        );
        ui.small(locale.t("how-example"));
        ui.add_space(8.0);
        for key in ["how-turn", "how-first-move", "how-premiums", "how-blank", "how-end"] {
            ui.label(locale.t(key));
        }
        tiles_row(
            ui,
            &[
                ("", 0, Premium::DoubleLetter),
                ("", 0, Premium::TripleLetter),
                ("", 0, Premium::DoubleWord),
                ("", 0, Premium::TripleWord),
            ],
        );
        ui.small(locale.t("how-premium-colours"));
        for rules in RuleSetKind::ALL {
            ui.separator();
            ui.label(crate::ui::bold(locale.t(rules_key(rules)), 22.0));
            ui.label(locale.t(&format!("{}-summary", rules_key(rules))));
        }
        ui.separator();
        ui.label(locale.t("how-controls"));
        ui.add_space(16.0);
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(Screen::Home);
        }
    });
    Ok(())
}
