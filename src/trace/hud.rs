//! The round's bars (egui): the score, the clock and the bonus words
//! always in view at the top; Pause and, on the wheel, Shuffle at the
//! bottom; the pause screen over the hidden letters; "Time's up!" or the
//! perfect round's bonus at the end.

use super::layout::{BOTTOM_BAR, TOP_BAR};
use super::{RoundOver, TraceAction, TraceRound, now_ms};
use crate::Screen;
use crate::pause::Pause;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::{PauseChoice, pause_screen};
use crate::ui::{bold, root_ui};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_trace::{Mode, RoundEnd, Shape};

pub(crate) fn ui(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (bars, paused, the_end)
            .chain()
            .in_set(crate::ui::Drawing)
            .run_if(in_state(Screen::TraceRound).and_then(resource_exists::<TraceRound>)),
    );
}

/// "1:05".
pub fn clock_text(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn bars(
    mut contexts: EguiContexts,
    trace: Res<TraceRound>,
    locale: Res<Locale>,
    time: Res<Time>,
    mut actions: MessageWriter<TraceAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let round = &trace.round;
    let puzzle = round.puzzle();
    let left = round.remaining_ms(now_ms(&time));
    let found_bonus = round.bonus_found();
    let (words_key, total) = if puzzle.mode == Mode::Score {
        ("trace-words", puzzle.solutions.len())
    } else {
        ("trace-bonus", puzzle.bonus_count())
    };
    egui::Panel::top("trace-bar").exact_size(TOP_BAR).show(&mut root, |ui| {
        ui.columns(3, |columns| {
            let heading = |ui: &mut egui::Ui, label: String, value: egui::RichText| {
                ui.vertical_centered(|ui| {
                    ui.small(label);
                    ui.label(value);
                });
            };
            heading(&mut columns[0], locale.t("trace-score"), bold(round.score().to_string(), 20.0));
            let clock_colour = if left <= 10_000 { theme::WARNING } else { theme::TILE_FACE };
            let clock = bold(clock_text(left), 22.0).color(egui_colour(clock_colour));
            heading(&mut columns[1], locale.t("trace-time"), clock);
            let words = bold(format!("{found_bonus}/{total}"), 20.0);
            heading(&mut columns[2], locale.t(words_key), words);
        });
    });
    egui::Panel::bottom("trace-controls").exact_size(BOTTOM_BAR).show(&mut root, |ui| {
        ui.add_space(8.0);
        crate::ui::widgets::centred_row(ui, |ui| {
            let playing = round.end().is_none();
            if ui.add_enabled(playing, egui::Button::new(bold(locale.t("action-pause"), 18.0))).clicked() {
                actions.write(TraceAction::Pause(true));
            }
            if matches!(puzzle.shape, Shape::Wheel { .. })
                && ui.add_enabled(playing, egui::Button::new(bold(locale.t("action-shuffle"), 18.0))).clicked()
            {
                actions.write(TraceAction::Shuffle);
            }
        });
    });
    Ok(())
}

fn paused(
    mut contexts: EguiContexts,
    pause: Res<State<Pause>>,
    locale: Res<Locale>,
    mut actions: MessageWriter<TraceAction>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    if !pause.get().0 {
        return Ok(());
    }
    match pause_screen(contexts.ctx_mut()?, &locale) {
        Some(PauseChoice::Resume) => {
            actions.write(TraceAction::Pause(false));
        }
        Some(PauseChoice::Home) => screen.set(Screen::Home),
        None => {}
    }
    Ok(())
}

/// "Time's up!", or every word found and the bonus it earned.
fn the_end(mut contexts: EguiContexts, over: Option<Res<RoundOver>>, locale: Res<Locale>) -> Result {
    let Some(over) = over else { return Ok(()) };
    let text = match over.end {
        RoundEnd::TimeUp => locale.t("trace-time-up"),
        RoundEnd::Perfect { bonus } => locale.t_with("trace-perfect-bonus", &[("bonus", bonus.into())]),
    };
    let ctx = contexts.ctx_mut()?;
    // Over the letters, which no longer count: the crossword stays in view.
    let width = (ctx.content_rect().width() - 32.0).min(560.0);
    egui::Area::new(egui::Id::new("trace-end"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -(BOTTOM_BAR + 16.0)))
        .interactable(false)
        // At once, with the sound, not faded in over the last letters.
        .fade_in(false)
        .show(ctx, |ui| {
            egui::Frame::new().fill(egui_colour(theme::BOARD_FRAME)).corner_radius(12.0).inner_margin(16.0).show(
                ui,
                |ui| {
                    ui.set_max_width(width);
                    ui.vertical_centered(|ui| {
                        ui.label(bold(text, 30.0).color(egui_colour(theme::TILE_FACE)));
                    });
                },
            );
        });
    Ok(())
}
