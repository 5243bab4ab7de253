//! Settings → Word lists (§1.3, §1.5): the player's own lists, renamed or
//! removed, and a new one imported from a plain-text file (dropped on the
//! window, or its path typed), built with a progress bar, then what was
//! kept and skipped.

use super::home::wide_button;
use super::new_game::{GAME_LANGUAGES, language_key};
use super::{Screen, centred_choices, centred_page, centred_row};
use crate::ui::i18n::Locale;
use crate::ui::theme::{WARNING, egui_colour};
use crate::word_lists::{Import, ImportWordList, MAX_NAME, WordLists};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_lexicon::Language;

pub(super) fn plugin(app: &mut App) {
    // Headless apps have no window to drop files on, nor its messages.
    app.init_resource::<WordListForm>()
        .add_message::<FileDragAndDrop>()
        .add_systems(Update, take_dropped_file.run_if(in_state(Screen::WordLists)));
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::WordLists)));
}

/// The room the labels of the import's fields take.
const LABEL_WIDTH: f32 = 90.0;

/// What the player is doing on the screen.
#[derive(Resource, Default)]
pub struct WordListForm {
    pub language: Option<Language>,
    pub name: String,
    /// The file to import, dropped on the window or typed.
    pub path: String,
    /// A list being renamed, and its new name.
    renaming: Option<(String, String)>,
    /// A list whose removal waits to be confirmed.
    removing: Option<String>,
    problem: Option<String>,
}

/// What the player did to a list.
enum ListAction {
    StartRenaming(String),
    Rename(String, String),
    AskToRemove(String),
    Remove(String),
}

/// A file dropped on the window is the one to import; its name, the
/// list's, unless the player named it.
fn take_dropped_file(mut dropped: MessageReader<FileDragAndDrop>, mut form: ResMut<WordListForm>) {
    for event in dropped.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = event {
            form.path = path_buf.to_string_lossy().into_owned();
            if form.name.is_empty() {
                let stem = path_buf.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
                form.name = stem.chars().take(MAX_NAME).collect();
            }
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut form: ResMut<WordListForm>,
    mut lists: ResMut<WordLists>,
    import: Res<Import>,
    storage: Res<crate::storage::Storage>,
    mut asked: MessageWriter<ImportWordList>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let form = &mut *form;
    centred_page(ctx, &locale.t("word-lists-title"), |ui| {
        ui.label(locale.t("word-lists-intro"));
        ui.separator();
        let mut action = None;
        for list in lists.all().to_vec() {
            centred_row(ui, |ui| {
                if let Some((_, new)) = form.renaming.as_mut().filter(|(name, _)| *name == list.name) {
                    ui.add(egui::TextEdit::singleline(new).char_limit(MAX_NAME).desired_width(200.0));
                    if ui.button(locale.t("word-lists-save")).clicked() {
                        action = Some(ListAction::Rename(list.name.clone(), new.trim().to_string()));
                    }
                    return;
                }
                let words = locale.t_with("word-lists-words", &[("count", list.words.into())]);
                ui.label(crate::ui::bold(list.name.as_str(), 18.0));
                ui.label(format!("{} · {words}", locale.t(language_key(list.language))));
                if ui.button(locale.t("word-lists-rename")).clicked() {
                    action = Some(ListAction::StartRenaming(list.name.clone()));
                }
                if form.removing.as_ref() == Some(&list.name) {
                    if ui.button(locale.t("word-lists-remove-sure")).clicked() {
                        action = Some(ListAction::Remove(list.name.clone()));
                    }
                } else if ui.button(locale.t("word-lists-remove")).clicked() {
                    action = Some(ListAction::AskToRemove(list.name.clone()));
                }
            });
        }
        let changed = match action {
            Some(ListAction::StartRenaming(name)) => {
                form.renaming = Some((name.clone(), name));
                Ok(())
            }
            Some(ListAction::Rename(name, to)) => {
                form.renaming = None;
                lists.rename(&storage, &name, &to)
            }
            Some(ListAction::AskToRemove(name)) => {
                form.removing = Some(name);
                Ok(())
            }
            Some(ListAction::Remove(name)) => {
                form.removing = None;
                lists.remove(&storage, &name)
            }
            None => Ok(()),
        };
        if let Err(e) = changed {
            form.problem = Some(e.to_string());
        }
        ui.separator();
        ui.label(crate::ui::bold(locale.t("word-lists-import"), 20.0));
        let language = form.language.get_or_insert(Language::En);
        centred_choices(ui, language, &GAME_LANGUAGES.map(|l| (l, locale.t(language_key(l)))));
        // The fields take the row's width, up to a path's worth.
        let field = egui::vec2((ui.available_width() - LABEL_WIDTH).clamp(120.0, 320.0), 0.0);
        centred_row(ui, |ui| {
            egui::Grid::new("import").show(ui, |ui| {
                ui.label(locale.t("word-lists-file"));
                ui.add(egui::TextEdit::singleline(&mut form.path).min_size(field));
                ui.end_row();
                ui.label(locale.t("word-lists-name"));
                ui.add(egui::TextEdit::singleline(&mut form.name).char_limit(MAX_NAME).min_size(field));
                ui.end_row();
            });
        });
        match import.progress() {
            Some((name, done)) => {
                ui.label(locale.t_with("word-lists-building", &[("name", name.to_string().into())]));
                ui.add(egui::ProgressBar::new(done).show_percentage());
            }
            None => {
                if wide_button(ui, locale.t("word-lists-import-button")).clicked() {
                    form.problem = ask_import(form, &mut asked).err();
                }
            }
        }
        match &*import {
            Import::Built { name, report } => {
                let args = [
                    ("name", name.clone().into()),
                    ("words", report.words.into()),
                    ("skipped", report.skipped().into()),
                    ("duplicates", report.duplicates.into()),
                    ("characters", report.bad_characters.into()),
                    ("length", report.bad_length.into()),
                    ("blank", report.blank_lines.into()),
                ];
                ui.label(locale.t_with("word-lists-built", &args));
            }
            Import::Failed { name, error } => {
                let args = [("name", name.clone().into()), ("reason", error.clone().into())];
                ui.colored_label(egui_colour(WARNING), locale.t_with("word-lists-failed", &args));
            }
            Import::None | Import::Building(_) => {}
        }
        if let Some(problem) = &form.problem {
            ui.colored_label(egui_colour(WARNING), problem);
        }
        ui.add_space(16.0);
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(Screen::Settings);
        }
    });
    Ok(())
}

/// Reads the file chosen and asks for it to be built.
fn ask_import(form: &WordListForm, asked: &mut MessageWriter<ImportWordList>) -> Result<(), String> {
    let path = std::path::Path::new(form.path.trim());
    let text = read(path)?;
    let source = path.file_name().map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let language = form.language.unwrap_or(Language::En);
    asked.write(ImportWordList { name: form.name.trim().to_string(), language, source, text });
    Ok(())
}

/// The largest file taken as a word list: the longest lists known are a
/// tenth of it.
#[cfg(not(target_arch = "wasm32"))]
const MAX_FILE: u64 = 64 << 20;

#[cfg(not(target_arch = "wasm32"))]
fn read(path: &std::path::Path) -> Result<Vec<u8>, String> {
    let failed = |e: std::io::Error| format!("{}: {e}", path.display());
    if std::fs::metadata(path).map_err(failed)?.len() > MAX_FILE {
        return Err(wocable_lexicon::LexiconError::TooLarge.to_string());
    }
    std::fs::read(path).map_err(failed)
}

/// The browser gives no paths, and keeps no lists yet.
#[cfg(target_arch = "wasm32")]
fn read(_path: &std::path::Path) -> Result<Vec<u8>, String> {
    Err(crate::storage::StorageError::Unavailable.to_string())
}
