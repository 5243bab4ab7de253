//! Credits: whose fonts, word lists and word frequencies the app is made
//! with, under which licences (in full in `assets/CREDITS.md` and
//! `lexicons/LICENSES.md`).

use crate::Screen;
use crate::ui::bold;
use crate::ui::i18n::Locale;
use crate::ui::widgets::centred_page;
use crate::ui::widgets::wide_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Credits)));
}

/// Each part's heading and its lines, by string key.
const PARTS: [(&str, &str); 4] = [
    ("credits-fonts", "credits-fonts-text"),
    ("credits-word-lists", "credits-word-lists-text"),
    ("credits-familiar", "credits-familiar-text"),
    ("credits-sounds", "credits-sounds-text"),
];

fn draw(mut contexts: EguiContexts, locale: Res<Locale>, mut screen: ResMut<NextState<Screen>>) -> Result {
    centred_page(contexts.ctx_mut()?, &locale.t("credits-title"), |ui| {
        for (heading, text) in PARTS {
            ui.label(bold(locale.t(heading), 20.0));
            ui.label(locale.t(text));
            ui.add_space(12.0);
        }
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(Screen::Settings);
        }
    });
    Ok(())
}
