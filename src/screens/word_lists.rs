//! Settings → Word lists (§1.3, §1.5): the player's own lists, renamed or
//! removed, and a new one imported from a plain-text file (dropped on the
//! window, or its path typed; in the browser, chosen with its file
//! picker), built with a progress bar, then what was kept and skipped.

use crate::Screen;
use crate::lexicons::{Import, ImportWordList, MAX_NAME, WordLists};
use crate::ui::i18n::Locale;
use crate::ui::i18n::{GAME_LANGUAGES, language_key};
use crate::ui::theme::{WARNING, egui_colour};
use crate::ui::widgets::wide_button;
use crate::ui::widgets::{centred_choices, centred_page, centred_row};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_lexicon::Language;

pub(super) fn plugin(app: &mut App) {
    // Headless apps have no window to drop files on, nor its messages.
    app.init_resource::<WordListForm>()
        .add_message::<FileDragAndDrop>()
        .add_systems(Update, take_dropped_file.run_if(in_state(Screen::WordLists)));
    #[cfg(target_arch = "wasm32")]
    app.init_resource::<picker::Picked>()
        .add_systems(Startup, picker::open_a_word_lists_link)
        .add_systems(OnEnter(Screen::WordLists), picker::add_input)
        .add_systems(Update, picker::import_picked_file.run_if(in_state(Screen::WordLists)));
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

/// A list's name after its file's: `words.txt` → `words`.
fn name_after(file: &str) -> String {
    let stem = std::path::Path::new(file).file_stem().map(|stem| stem.to_string_lossy()).unwrap_or_default();
    stem.chars().take(MAX_NAME).collect()
}

/// The player's lists, and the one being imported.
#[derive(SystemParam)]
struct KeptLists<'w> {
    lists: ResMut<'w, WordLists>,
    import: Res<'w, Import>,
}

/// A file dropped on the window is the one to import; its name, the
/// list's, unless the player named it.
fn take_dropped_file(mut dropped: MessageReader<FileDragAndDrop>, mut form: ResMut<WordListForm>) {
    for event in dropped.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = event {
            form.path = path_buf.to_string_lossy().into_owned();
            if form.name.is_empty() {
                form.name = name_after(&form.path);
            }
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut form: ResMut<WordListForm>,
    kept: KeptLists,
    storage: Res<crate::storage::Storage>,
    // The browser's picker gives its file to another system.
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut, unused_variables))] mut asked: MessageWriter<ImportWordList>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let KeptLists { mut lists, import } = kept;
    let ctx = contexts.ctx_mut()?;
    let form = &mut *form;
    centred_page(ctx, &locale.t("word-lists-title"), |ui| {
        #[cfg(not(target_arch = "wasm32"))]
        ui.label(locale.t("word-lists-intro"));
        #[cfg(target_arch = "wasm32")]
        ui.label(locale.t("word-lists-intro-web"));
        ui.separator();
        let mut action = None;
        for list in lists.all() {
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
                #[cfg(not(target_arch = "wasm32"))]
                {
                    ui.label(locale.t("word-lists-file"));
                    ui.add(egui::TextEdit::singleline(&mut form.path).min_size(field));
                    ui.end_row();
                }
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
            #[cfg(not(target_arch = "wasm32"))]
            None => {
                if wide_button(ui, locale.t("word-lists-import-button")).clicked() {
                    form.problem = ask_import(form, &mut asked).err();
                }
            }
            // The browser's picker gives the file later: its import starts then.
            #[cfg(target_arch = "wasm32")]
            None => {
                if wide_button(ui, locale.t("word-lists-choose-file")).clicked() {
                    form.problem = None;
                    picker::open();
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
            Import::None | Import::Building(_) | Import::Keeping { .. } => {}
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
#[cfg(not(target_arch = "wasm32"))]
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
const MAX_FILE: u64 = 64 << 20;

#[cfg(not(target_arch = "wasm32"))]
fn read(path: &std::path::Path) -> Result<Vec<u8>, String> {
    let failed = |e: std::io::Error| format!("{}: {e}", path.display());
    if std::fs::metadata(path).map_err(failed)?.len() > MAX_FILE {
        return Err(wocable_lexicon::LexiconError::TooLarge.to_string());
    }
    std::fs::read(path).map_err(failed)
}

/// The browser's file picker: a hidden file input, made when the screen
/// first opens (the browser check sets its file), opened by the button.
#[cfg(target_arch = "wasm32")]
mod picker {
    use super::{MAX_FILE, WordListForm};
    use crate::Screen;
    use crate::lexicons::ImportWordList;
    use bevy::prelude::*;
    use std::sync::{Arc, Mutex};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::HtmlInputElement;
    use wocable_lexicon::Language;

    const INPUT_ID: &str = "wocable-word-list-file";

    /// A file the player picked: its name and bytes, or why it cannot be read.
    #[derive(Resource, Default)]
    pub struct Picked(Arc<Mutex<Option<Result<(String, Vec<u8>), String>>>>);

    fn find_input() -> Option<HtmlInputElement> {
        web_sys::window()?.document()?.get_element_by_id(INPUT_ID)?.dyn_into().ok()
    }

    /// Made the first time the screen opens, and kept (its listener too).
    pub fn add_input(picked: Res<Picked>) {
        if find_input().is_some() {
            return;
        }
        let Some(document) = web_sys::window().and_then(|window| window.document()) else { return };
        let Some(input) = document.create_element("input").ok().and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        input.set_type("file");
        input.set_accept(".txt,text/plain");
        input.set_id(INPUT_ID);
        input.set_hidden(true);
        let slot = picked.0.clone();
        let changed = Closure::<dyn FnMut()>::new(move || {
            let Some(file) = find_input().and_then(|input| input.files()).and_then(|files| files.get(0)) else {
                return;
            };
            let slot = slot.clone();
            if file.size() > MAX_FILE as f64 {
                let too_large = wocable_lexicon::LexiconError::TooLarge.to_string();
                *slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Err(too_large));
                return;
            }
            let name = file.name();
            let bytes = wasm_bindgen_futures::JsFuture::from(file.array_buffer());
            wasm_bindgen_futures::spawn_local(async move {
                let read = match bytes.await {
                    Ok(buffer) => Ok((name, js_sys::Uint8Array::new(&buffer).to_vec())),
                    Err(e) => Err(format!("{name}: {e:?}")),
                };
                *slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(read);
            });
        });
        input.set_onchange(Some(changed.as_ref().unchecked_ref()));
        // The input lives as long as the page may show it again.
        changed.forget();
        if let Some(body) = document.body() {
            let _ = body.append_child(&input);
        }
    }

    /// Opens the browser's file picker.
    pub fn open() {
        if let Some(input) = find_input() {
            // The same file chosen again is a change too.
            input.set_value("");
            input.click();
        }
    }

    /// A file picked is imported at once, named as the player said or
    /// after the file (the name field is left for the next file).
    pub fn import_picked_file(
        picked: Res<Picked>,
        mut form: ResMut<WordListForm>,
        mut asked: MessageWriter<ImportWordList>,
    ) {
        let Some(read) = picked.0.lock().ok().and_then(|mut slot| slot.take()) else { return };
        match read {
            Ok((source, text)) => {
                let name = match form.name.trim() {
                    "" => super::name_after(&source),
                    name => name.to_string(),
                };
                let language = form.language.unwrap_or(Language::En);
                asked.write(ImportWordList { name, language, source, text });
            }
            Err(problem) => form.problem = Some(problem),
        }
    }

    /// `#/word-lists` in the page's address opens this screen.
    pub fn open_a_word_lists_link(mut screen: ResMut<NextState<Screen>>) {
        let hash = web_sys::window().and_then(|window| window.location().hash().ok());
        if hash.as_deref() == Some("#/word-lists") {
            screen.set(Screen::WordLists);
        }
    }
}
