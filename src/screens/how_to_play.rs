//! How to play: the rules of each rule set, short, with a drawn example
//! of a play and how it scores, and each rule set's board.

use crate::Screen;
use crate::crossword::picture::{board_picture, tiles_row};
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::i18n::rules_key;
use crate::ui::widgets::centred_page;
use crate::ui::widgets::wide_button;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use wocable_crossword::{Premium, RuleSetKind};

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::HowToPlay)));
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    settings: Res<Settings>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let colour_blind = settings.colour_blind;
    centred_page(ctx, &locale.t("how-title"), |ui| {
        ui.label(locale.t("how-goal"));
        ui.add_space(8.0);
        tiles_row(
            ui,
            44.0,
            &[
                ("W", 4, Premium::DoubleWord),
                ("O", 1, Premium::None),
                ("R", 1, Premium::None),
                ("D", 2, Premium::TripleLetter),
                ("", 0, Premium::None),
            ],
            colour_blind,
        );
        ui.small(locale.t("how-example"));
        ui.add_space(8.0);
        for key in ["how-turn", "how-first-move", "how-premiums", "how-blank", "how-end", "how-resign", "how-clock"] {
            ui.label(locale.t(key));
        }
        tiles_row(
            ui,
            44.0,
            &[
                ("", 0, Premium::DoubleLetter),
                ("", 0, Premium::TripleLetter),
                ("", 0, Premium::DoubleWord),
                ("", 0, Premium::TripleWord),
            ],
            colour_blind,
        );
        ui.small(locale.t("how-premium-colours"));
        for rules in RuleSetKind::ALL {
            ui.separator();
            ui.label(crate::ui::bold(locale.t(rules_key(rules)), 22.0));
            ui.horizontal(|ui| {
                board_picture(ui, 7.0, &rules.layout(), &[], colour_blind);
                ui.vertical(|ui| ui.label(locale.t(&format!("{}-summary", rules_key(rules)))));
            });
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
