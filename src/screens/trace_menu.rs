//! Trace's screens around a round (egui): the menu (the mode, the word
//! language, a new puzzle, today's puzzle, the round left paused) and the
//! end screen (§7.8: the score, the words to find and the bonus words,
//! found or missed, each opening the dictionary; again, a new puzzle, the
//! daily result to share).

use super::dictionary::DictionaryPage;
use crate::Screen;
use crate::platform;
use crate::trace::hud::clock_text;
use crate::trace::{
    BestScores, PendingRound, ResumeRound, RoundOver, RoundSetup, SavedRoundInfo, StartRound, TraceRound,
};
use crate::ui::bold;
use crate::ui::i18n::{GAME_LANGUAGES, Locale, UiLanguage, language_key, mode_key};
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::{centred_choices, centred_page, centred_row, wide_button};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_lexicon::Language;
use wocable_trace::{Day, Mode, RoundEnd};

/// The menu's choices.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceForm {
    pub mode: Mode,
    pub language: Language,
}

impl FromWorld for TraceForm {
    /// Words in the interface's language where it is a game language.
    fn from_world(world: &mut World) -> Self {
        let language = match world.get_resource::<crate::settings::Settings>().map(|s| s.language) {
            Some(UiLanguage::Es) => Language::Es,
            Some(UiLanguage::Fr) => Language::Fr,
            _ => Language::En,
        };
        TraceForm { mode: Mode::Circle, language }
    }
}

pub(super) fn ui(app: &mut App) {
    app.init_resource::<TraceForm>().add_systems(
        EguiPrimaryContextPass,
        (
            menu.run_if(in_state(Screen::TraceMenu)),
            end.run_if(in_state(Screen::TraceEnd).and_then(resource_exists::<TraceRound>)),
        )
            .in_set(crate::ui::Drawing),
    );
}

/// The mode's name alone ("Grid"), as in a line of text.
pub fn mode_name(locale: &Locale, mode: Mode) -> String {
    locale.t(&format!("{}-name", mode_key(mode)))
}

/// "2 Dec" in the interface's language.
pub fn day_text(locale: &Locale, day: Day) -> String {
    let (_, month, day_of_month) = day.date();
    locale.t_with("trace-date", &[("day", day_of_month.into()), ("month", month.into())])
}

/// The daily round's result, to share: it gives no word away.
pub fn share_line(locale: &Locale, trace: &TraceRound, day: Day) -> String {
    let round = &trace.round;
    let (targets, found_targets, bonus) = (round.puzzle().targets.len(), round.targets_found(), round.bonus_found());
    let args = [
        ("mode", mode_name(locale, trace.setup.mode).into()),
        ("date", day_text(locale, day).into()),
        ("found", found_targets.into()),
        ("targets", targets.into()),
        ("bonus", bonus.into()),
        ("score", round.score().into()),
    ];
    let key = if trace.setup.mode == Mode::Score { "trace-share-score" } else { "trace-share" };
    locale.t_with(key, &args)
}

/// The best scores, the round left paused, and a round waiting for its
/// word list.
#[derive(SystemParam)]
struct RoundsKept<'w> {
    best: Res<'w, BestScores>,
    saved: Res<'w, SavedRoundInfo>,
    pending: Res<'w, PendingRound>,
}

fn menu(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut form: ResMut<TraceForm>,
    kept: RoundsKept,
    mut starts: MessageWriter<StartRound>,
    mut resumes: MessageWriter<ResumeRound>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let RoundsKept { best, saved, pending } = kept;
    let ctx = contexts.ctx_mut()?;
    let today = Day::of_ms(crate::platform::wall_clock_ms());
    centred_page(ctx, &locale.t("trace-title"), |ui| {
        ui.label(locale.t("trace-intro"));
        ui.add_space(8.0);
        if let Some((mode, left)) = saved.0 {
            let line = locale.t_with(
                "trace-resume",
                &[("mode", locale.t(mode_key(mode)).into()), ("time", clock_text(left).into())],
            );
            if wide_button(ui, bold(line, 20.0)).clicked() {
                resumes.write(ResumeRound);
            }
            ui.add_space(8.0);
        }
        let modes = Mode::ALL.map(|m| (m, locale.t(mode_key(m))));
        centred_choices(ui, &mut form.mode, &modes);
        ui.small(locale.t(&format!("{}-help", mode_key(form.mode))));
        centred_choices(ui, &mut form.language, &GAME_LANGUAGES.map(|l| (l, locale.t(language_key(l)))));
        if let Some(best) = best.of(form.mode) {
            ui.label(locale.t_with("trace-best", &[("score", best.into())]));
        }
        ui.add_space(8.0);
        if saved.0.is_some() {
            ui.small(locale.t("trace-new-ends-paused"));
        }
        if wide_button(ui, bold(locale.t("trace-new-puzzle"), 20.0)).clicked() {
            starts.write(StartRound(RoundSetup::fresh(form.mode, form.language)));
        }
        let daily = locale.t_with("trace-daily", &[("date", day_text(&locale, today).into())]);
        if wide_button(ui, daily).clicked() {
            starts.write(StartRound(RoundSetup::daily(form.mode, form.language, today)));
        }
        pending_status(ui, &locale, &pending);
        ui.add_space(8.0);
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(Screen::Home);
        }
    });
    Ok(())
}

/// That the round asked for waits for its word list, or why it did not
/// start.
fn pending_status(ui: &mut egui::Ui, locale: &Locale, pending: &PendingRound) {
    if pending.setup.is_some() {
        ui.label(locale.t("lexicon-fetching"));
    } else if let Some(why) = &pending.failed {
        ui.colored_label(egui_colour(theme::WARNING), why.text(locale));
    }
}

/// A list of words, found ones bright and marked, missed ones dim; a tap
/// on a word looks it up.
fn word_list(ui: &mut egui::Ui, words: &[(String, bool)], looked_up: &mut Option<String>) {
    ui.horizontal_wrapped(|ui| {
        // Lists are long: dense lines, each word still a tap target.
        ui.spacing_mut().interact_size.y = 24.0;
        ui.spacing_mut().item_spacing = egui::vec2(12.0, 4.0);
        for (word, found) in words {
            let text = if *found {
                bold(format!("✓ {word}"), 17.0).color(egui_colour(theme::ACCENT))
            } else {
                egui::RichText::new(word).size(17.0).color(egui_colour(theme::CELL_LABEL).gamma_multiply(0.6))
            };
            if ui.add(egui::Button::new(text).frame(false)).clicked() {
                *looked_up = Some(word.clone());
            }
        }
    });
}

/// The round just ended, and what its end changed.
#[derive(SystemParam)]
struct Ended<'w> {
    trace: Res<'w, TraceRound>,
    over: Option<Res<'w, RoundOver>>,
}

/// Where the end screen goes: a word in the dictionary, a new round, the
/// menu.
#[derive(SystemParam)]
struct Goes<'w> {
    dictionary: ResMut<'w, DictionaryPage>,
    starts: MessageWriter<'w, StartRound>,
    screen: ResMut<'w, NextState<Screen>>,
}

fn end(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    ended: Ended,
    best: Res<BestScores>,
    pending: Res<PendingRound>,
    goes: Goes,
    mut copied: Local<bool>,
) -> Result {
    let Goes { mut dictionary, mut starts, mut screen } = goes;
    let Ended { trace, over } = ended;
    let ctx = contexts.ctx_mut()?;
    // A new round may be on its way to the screen.
    let Some(over) = over.filter(|_| trace.round.end().is_some()) else { return Ok(()) };
    if over.is_added() {
        *copied = false;
    }
    let round = &trace.round;
    let lists = round.end_lists();
    let mut looked_up = None;
    let heading = locale.t_with("trace-final-score", &[("score", round.score().into())]);
    centred_page(ctx, &heading, |ui| {
        if let Some(RoundEnd::Perfect { bonus }) = round.end() {
            ui.label(bold(locale.t_with("trace-perfect-bonus", &[("bonus", bonus.into())]), 22.0));
        }
        if over.new_best {
            ui.label(bold(locale.t("trace-new-best"), 20.0).color(egui_colour(theme::ACCENT)));
        } else if let Some(best) = best.of(trace.setup.mode) {
            ui.label(locale.t_with("trace-best", &[("score", best.into())]));
        }
        ui.add_space(8.0);
        centred_row(ui, |ui| {
            if ui.button(bold(locale.t("trace-again"), 18.0)).clicked() {
                starts.write(StartRound(trace.setup));
            }
            if ui.button(bold(locale.t("trace-new-puzzle"), 18.0)).clicked() {
                starts.write(StartRound(RoundSetup::fresh(trace.setup.mode, trace.setup.language)));
            }
            if ui.button(locale.t("back")).clicked() {
                screen.set(Screen::TraceMenu);
            }
        });
        pending_status(ui, &locale, &pending);
        if let Some(day) = trace.setup.daily {
            let line = share_line(&locale, &trace, day);
            ui.label(&line);
            if ui.button(locale.t(if *copied { "copied" } else { "trace-share-copy" })).clicked() {
                *copied = platform::copy(&line);
            }
        }
        ui.add_space(8.0);
        if !lists.to_find.is_empty() {
            let found = lists.to_find.iter().filter(|(_, found)| *found).count();
            let title =
                locale.t_with("trace-words-to-find", &[("found", found.into()), ("count", lists.to_find.len().into())]);
            ui.label(bold(title, 18.0));
            word_list(ui, &lists.to_find, &mut looked_up);
            ui.add_space(8.0);
        }
        let found = lists.bonus.iter().filter(|(_, found)| *found).count();
        let title = locale.t_with("trace-bonus-words", &[("found", found.into()), ("count", lists.bonus.len().into())]);
        ui.label(bold(title, 18.0));
        word_list(ui, &lists.bonus, &mut looked_up);
    });
    if let Some(word) = looked_up {
        dictionary.open_word(trace.setup.language, &word, Screen::TraceEnd);
        screen.set(Screen::Dictionary);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::UiLanguage;
    use wocable_lexicon::Lexicon;
    use wocable_trace::{Familiar, Round, RoundIntent, generate, solver::trace_path};

    #[test]
    fn the_line_to_share_counts_and_gives_no_word_away() {
        let lexicon = Lexicon::bundled(Language::En);
        let puzzle = generate(Mode::Grid, 4, &lexicon, &Familiar::bundled(Language::En), 7).expect("a puzzle");
        let mut round = Round::new(puzzle.clone());
        round.apply(RoundIntent::Start, 0);
        for word in puzzle.targets.iter().take(2).map(|t| &t.word).chain(puzzle.solutions.last()) {
            let path = trace_path(puzzle.shape, &puzzle.letters, word).expect("traceable");
            round.apply(RoundIntent::Submit(path), 1_000);
        }
        let day = Day(20_790);
        let trace = TraceRound { setup: RoundSetup::daily(Mode::Grid, Language::En, day), round };
        let line = share_line(&Locale::new(UiLanguage::En), &trace, day);
        let score = trace.round.score();
        assert_eq!(line, format!("Trace Grid 3 Dec — 2/10 words, 1 bonus, {score} pts"));
        for word in &puzzle.solutions {
            let spelt = Language::En.spell(word);
            assert!(!line.contains(&format!(" {spelt} ")), "{line} names {spelt}");
        }
        let french = share_line(&Locale::new(UiLanguage::Fr), &trace, day);
        assert!(french.starts_with("Trace Grille 3 déc."), "{french}");
        let polish = share_line(&Locale::new(UiLanguage::Pl), &trace, day);
        assert!(polish.contains("2/10 słów, 1 premia"), "{polish}");
    }
}
