//! Settings: interface language, sound and music volume, animations,
//! colour-blind palette for premium squares, family word lists; the way
//! to the player's own word lists.

use crate::Screen;
use crate::settings::Settings;
use crate::ui::i18n::{Locale, UiLanguage};
use crate::ui::widgets::wide_button;
use crate::ui::widgets::{centred_choices, centred_page, centred_row};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Settings)));
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut settings: ResMut<Settings>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy so that the settings change (and are saved) only when
    // something really changed.
    let mut edited = settings.clone();
    centred_page(ctx, &locale.t("settings-title"), |ui| {
        ui.label(crate::ui::bold(locale.t("settings-language"), 20.0));
        let languages = UiLanguage::ALL.map(|language| (language, language.native_name().to_string()));
        centred_choices(ui, &mut edited.language, &languages);
        ui.separator();
        ui.spacing_mut().slider_width = ui.available_width().min(320.0);
        ui.label(locale.t("settings-sound-volume"));
        centred_row(ui, |ui| {
            ui.add(egui::Slider::new(&mut edited.sound_volume, 0.0..=1.0).show_value(false));
        });
        ui.label(locale.t("settings-music-volume"));
        centred_row(ui, |ui| {
            ui.add(egui::Slider::new(&mut edited.music_volume, 0.0..=1.0).show_value(false));
        });
        ui.separator();
        ui.checkbox(&mut edited.animations, locale.t("settings-animations"));
        ui.checkbox(&mut edited.colour_blind, locale.t("settings-colour-blind"));
        ui.checkbox(&mut edited.family_words, locale.t("settings-family-words"));
        ui.separator();
        if wide_button(ui, locale.t("settings-word-lists")).clicked() {
            screen.set(Screen::WordLists);
        }
        if wide_button(ui, locale.t("credits-title")).clicked() {
            screen.set(Screen::Credits);
        }
        ui.add_space(16.0);
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(Screen::Home);
        }
    });
    if edited != *settings {
        *settings = edited;
    }
    Ok(())
}
