//! New game: rule set, language, 2–4 seats each a human or a computer
//! with a level, and an optional turn clock (§8.1).

use crate::Screen;
use crate::crossword::turn::PendingStart;
use crate::crossword::{MatchSetup, NewMatch, Seat};
use crate::lexicons::WordLists;
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::i18n::{GAME_LANGUAGES, language_key, level_key, rules_key};
use crate::ui::widgets::wide_button;
use crate::ui::widgets::{centred_choices, centred_page, centred_row};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_crossword::ConfigError;
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::{FAMILY_LIST, Language};

/// The choices on the new game screen, kept between games.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct NewGameForm {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: Vec<(String, Seat)>,
    pub turn_seconds: Option<u32>,
    /// The family list or the player's own word list, by name; `None`:
    /// the language's own.
    pub word_list: Option<String>,
    /// Why the last start was refused, for the player to read.
    pub problem: Option<String>,
}

impl NewGameForm {
    fn new(locale: &Locale, settings: &Settings) -> NewGameForm {
        NewGameForm {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players: vec![(locale.t("default-human-name"), Seat::Human), ("Bot".into(), Seat::Computer(Level::Strong))],
            turn_seconds: None,
            word_list: default_word_list(settings),
            problem: None,
        }
    }

    pub fn setup(&self, seed: u64) -> MatchSetup {
        MatchSetup {
            rules: self.rules,
            language: self.language,
            players: self.players.iter().map(|(name, seat)| (name.trim().to_string(), *seat)).collect(),
            turn_seconds: self.turn_seconds,
            seed,
            word_list: self.word_list.clone(),
        }
    }
}

/// The widest a seat's menu needs ("Computer · Beginner"), and the room
/// the button that removes a seat takes.
const SEAT_WIDTH: f32 = 230.0;
const REMOVE_WIDTH: f32 = 40.0;

const CLOCKS: [Option<u32>; 4] = [None, Some(60), Some(120), Some(300)];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::NewGame),
        |mut commands: Commands, form: Option<Res<NewGameForm>>, locale: Res<Locale>, settings: Res<Settings>| {
            if form.is_none() {
                commands.insert_resource(NewGameForm::new(&locale, &settings));
            }
        },
    );
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::NewGame).and_then(resource_exists::<NewGameForm>)),
    );
}

fn seat_label(locale: &Locale, seat: Seat) -> String {
    match seat {
        Seat::Human => locale.t("seat-human"),
        Seat::Computer(level) => format!("{} · {}", locale.t("seat-computer"), locale.t(level_key(level))),
        Seat::Remote => locale.t("seat-remote"),
    }
}

/// Why a setup cannot start, in the player's language.
pub fn setup_problem(locale: &Locale, setup: &MatchSetup) -> Option<String> {
    if !setup.players.iter().any(|(_, seat)| *seat == Seat::Human) {
        return Some(locale.t("error-no-human"));
    }
    match setup.config().settings.check().err()? {
        ConfigError::PlayerCount { min, max, .. } if min == max => {
            Some(locale.t_with("error-player-count-exact", &[("count", min.into())]))
        }
        ConfigError::PlayerCount { min, max, .. } => {
            Some(locale.t_with("error-player-count", &[("min", min.into()), ("max", max.into())]))
        }
        ConfigError::SameName(name) => Some(locale.t_with("error-same-name", &[("name", name.into())])),
        ConfigError::BadName(name) => Some(locale.t_with("error-bad-name", &[("name", name.into())])),
        _ => Some(locale.t("error-bad-setup")),
    }
}

/// The word list to use: the language's (`None`), its family list, or
/// one of `names` (the player's own, or the server's).
pub fn word_list_choice(ui: &mut egui::Ui, locale: &Locale, chosen: &mut Option<String>, names: &[String]) {
    // A list of another language, or removed, is not offered.
    if chosen.as_ref().is_some_and(|name| name != FAMILY_LIST && !names.contains(name)) {
        *chosen = None;
    }
    let mut choices =
        vec![(None, locale.t("word-list-standard")), (Some(FAMILY_LIST.to_string()), locale.t("word-list-family"))];
    choices.extend(names.iter().map(|name| (Some(name.clone()), name.clone())));
    ui.label(locale.t("new-game-word-list"));
    centred_choices(ui, chosen, &choices);
}

/// The word list a new game starts on unless the player chooses another.
pub fn default_word_list(settings: &Settings) -> Option<String> {
    settings.family_words.then(|| FAMILY_LIST.to_string())
}

/// The names of the player's own lists in `language`.
pub fn own_lists(lists: &WordLists, language: Language) -> Vec<String> {
    lists.of(language).map(|list| list.name.clone()).collect()
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut form: ResMut<NewGameForm>,
    mut screen: ResMut<NextState<Screen>>,
    mut start: MessageWriter<NewMatch>,
    pending: Res<PendingStart>,
    word_lists: Res<WordLists>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let form = &mut *form;
    centred_page(ctx, &locale.t("new-game-title"), |ui| {
        ui.label(crate::ui::bold(locale.t("new-game-rules"), 20.0));
        centred_choices(ui, &mut form.rules, &RuleSetKind::ALL.map(|r| (r, locale.t(rules_key(r)))));
        ui.small(locale.t(&format!("{}-summary", rules_key(form.rules))));
        ui.separator();
        ui.label(crate::ui::bold(locale.t("new-game-language"), 20.0));
        centred_choices(ui, &mut form.language, &GAME_LANGUAGES.map(|l| (l, locale.t(language_key(l)))));
        word_list_choice(ui, &locale, &mut form.word_list, &own_lists(&word_lists, form.language));
        ui.separator();
        ui.label(crate::ui::bold(locale.t("new-game-players"), 20.0));
        let max = form.rules.rules().max_players;
        let mut remove = None;
        // On a phone the row shares its width: a name, the seat's menu (its
        // label cut short if need be) and the button that removes the seat.
        let row = ui.available_width() - 3.0 * ui.spacing().item_spacing.x - REMOVE_WIDTH;
        let name_width = (row - SEAT_WIDTH).clamp(80.0, 150.0);
        let seat_width = (row - name_width).min(SEAT_WIDTH);
        // A grid, so that the names and the seats line up.
        centred_row(ui, |ui| {
            egui::Grid::new("players").show(ui, |ui| {
                for (index, (name, seat)) in form.players.iter_mut().enumerate() {
                    ui.add(egui::TextEdit::singleline(name).min_size(egui::vec2(name_width, 0.0)).char_limit(16));
                    let menu = egui::ComboBox::from_id_salt(("seat", index)).width(seat_width).truncate();
                    // Where the menu is narrow, a computer's level alone says it.
                    let label = match *seat {
                        Seat::Computer(level) if seat_width < SEAT_WIDTH => locale.t(level_key(level)),
                        seat => seat_label(&locale, seat),
                    };
                    menu.selected_text(label).show_ui(ui, |ui| {
                        ui.selectable_value(seat, Seat::Human, seat_label(&locale, Seat::Human));
                        for level in Level::ALL {
                            let computer = Seat::Computer(level);
                            ui.selectable_value(seat, computer, seat_label(&locale, computer));
                        }
                    });
                    // A glyph Inter has (✕ is in none of the app's fonts).
                    if index >= 2 && ui.button("×").clicked() {
                        remove = Some(index);
                    }
                    ui.end_row();
                }
            });
        });
        if let Some(index) = remove {
            form.players.remove(index);
        }
        if form.players.len() < max && ui.button(locale.t("new-game-add-player")).clicked() {
            // The first name not taken.
            let taken = |name: &String| form.players.iter().any(|(other, _)| other == name);
            let name = (2..).map(|n| format!("Bot{n}")).find(|name| !taken(name)).unwrap_or_default();
            form.players.push((name, Seat::Computer(Level::Casual)));
        }
        ui.separator();
        ui.label(crate::ui::bold(locale.t("new-game-clock"), 20.0));
        let clocks = CLOCKS.map(|clock| {
            let label = match clock {
                None => locale.t("clock-none"),
                Some(seconds) => locale.t_with("clock-minutes", &[("minutes", (seconds / 60).into())]),
            };
            (clock, label)
        });
        centred_choices(ui, &mut form.turn_seconds, &clocks);
        ui.add_space(16.0);
        if let Some(problem) = &form.problem {
            ui.colored_label(crate::ui::theme::egui_colour(crate::ui::theme::WARNING), problem);
        }
        if wide_button(ui, crate::ui::bold(locale.t("new-game-start"), 20.0)).clicked() {
            let setup = form.setup(rand::random());
            form.problem = setup_problem(&locale, &setup);
            if form.problem.is_none() {
                start.write(NewMatch(setup));
            }
        }
        super::fetch_status(ui, &locale, &pending);
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(Screen::Home);
        }
    });
    Ok(())
}
