//! Dictionary (§1.5): check a word, list words by prefix or pattern, and
//! the anagrams of a rack, in any game language's lexicon.

use super::new_game::{own_lists, word_list_choice};
use crate::Screen;
use crate::lexicons::WordLists;
use crate::lexicons::{GameLexicons, Unavailable};
use crate::ui::i18n::Locale;
use crate::ui::i18n::language_key;
use crate::ui::widgets::wide_button;
use crate::ui::widgets::{centred_choices, centred_page};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_lexicon::{AnagramMode, Language, Lexicon, SearchError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    Check,
    Prefix,
    Pattern,
    Anagrams,
}

/// What a lookup found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A word checked: is it in the lexicon?
    Word {
        word: String,
        valid: bool,
    },
    /// Words listed (and whether the list was cut at the limit).
    Words {
        words: Vec<String>,
        more: bool,
    },
    Problem(SearchError),
    /// The lookup waits for the language's word list (on its way, in the
    /// web build).
    Fetching,
    /// Why the word list cannot be had.
    Unavailable(Unavailable),
}

/// Most words a list shows.
pub const LIST_LIMIT: usize = 200;

/// Runs a lookup in a lexicon.
pub fn look_up(lexicon: &Lexicon, lookup: Lookup, query: &str) -> Found {
    let query = query.trim();
    if query.is_empty() {
        return Found::Problem(SearchError::Empty);
    }
    let listed = match lookup {
        Lookup::Check => {
            let word = lexicon.language().normalise(query).unwrap_or_else(|| query.to_uppercase());
            return Found::Word { valid: lexicon.contains_word(&word), word };
        }
        Lookup::Prefix => lexicon.prefixed(query, LIST_LIMIT + 1),
        Lookup::Pattern => lexicon.matching(query, LIST_LIMIT + 1),
        Lookup::Anagrams => lexicon.anagrams(query, AnagramMode::Subset, LIST_LIMIT + 1),
    };
    match listed {
        Ok(mut words) => {
            let more = words.len() > LIST_LIMIT;
            words.truncate(LIST_LIMIT);
            Found::Words { words, more }
        }
        Err(problem) => Found::Problem(problem),
    }
}

#[derive(Resource)]
pub struct DictionaryPage {
    pub language: Language,
    /// The player's own list to look in; `None`: the language's.
    pub word_list: Option<String>,
    pub lookup: Lookup,
    pub query: String,
    pub found: Option<Found>,
    /// Where Back goes.
    pub back: Screen,
}

impl DictionaryPage {
    /// The page that checks `word` in `language`'s list, Back going to `back`.
    pub fn open_word(&mut self, language: Language, word: &str, back: Screen) {
        *self = DictionaryPage {
            language,
            query: word.to_string(),
            found: Some(Found::Fetching),
            back,
            ..DictionaryPage::default()
        };
    }
}

impl Default for DictionaryPage {
    fn default() -> Self {
        DictionaryPage {
            language: Language::En,
            word_list: None,
            lookup: Lookup::Check,
            query: String::new(),
            found: None,
            back: Screen::Home,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    // Opened from elsewhere next time, Back goes home.
    app.init_resource::<DictionaryPage>()
        .add_systems(OnExit(Screen::Dictionary), |mut page: ResMut<DictionaryPage>| page.back = Screen::Home);
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Dictionary)));
}

fn lookup_key(lookup: Lookup) -> &'static str {
    match lookup {
        Lookup::Check => "dictionary-check",
        Lookup::Prefix => "dictionary-prefix",
        Lookup::Pattern => "dictionary-pattern",
        Lookup::Anagrams => "dictionary-anagrams",
    }
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut page: ResMut<DictionaryPage>,
    mut lexicons: GameLexicons,
    word_lists: Res<WordLists>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let page = &mut *page;
    centred_page(ctx, &locale.t("dictionary-title"), |ui| {
        let languages = [Language::En, Language::Es, Language::Fr].map(|l| (l, locale.t(language_key(l))));
        centred_choices(ui, &mut page.language, &languages);
        word_list_choice(ui, &locale, &mut page.word_list, &own_lists(&word_lists, page.language));
        let lookups = [Lookup::Check, Lookup::Prefix, Lookup::Pattern, Lookup::Anagrams];
        centred_choices(ui, &mut page.lookup, &lookups.map(|l| (l, locale.t(lookup_key(l)))));
        ui.small(locale.t(&format!("{}-help", lookup_key(page.lookup))));
        let edit = ui.add(egui::TextEdit::singleline(&mut page.query).desired_width(320.0).char_limit(20));
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button(locale.t("dictionary-search")).clicked() || entered {
            page.found = Some(Found::Fetching);
        }
        // A lookup is made once its word list is at hand.
        if matches!(page.found, Some(Found::Fetching)) {
            page.found = match lexicons.list(page.language, page.word_list.as_deref()) {
                Ok(Some(lexicon)) => Some(look_up(&lexicon, page.lookup, &page.query)),
                Ok(None) => Some(Found::Fetching),
                Err(reason) => Some(Found::Unavailable(reason)),
            };
        }
        match &page.found {
            Some(Found::Word { word, valid }) => {
                let key = if *valid { "dictionary-valid" } else { "dictionary-invalid" };
                ui.label(crate::ui::bold(locale.t_with(key, &[("word", word.clone().into())]), 22.0));
            }
            Some(Found::Words { words, more }) => {
                ui.label(locale.t_with("dictionary-count", &[("count", words.len().into())]));
                ui.label(words.join("  "));
                if *more {
                    ui.small(locale.t("dictionary-more"));
                }
            }
            Some(Found::Problem(problem)) => {
                let text = match problem {
                    SearchError::BadCharacter(c) => {
                        locale.t_with("dictionary-bad-character", &[("character", c.to_string().into())])
                    }
                    SearchError::TooLong => locale.t("dictionary-too-long"),
                    SearchError::Empty => locale.t("dictionary-empty"),
                };
                ui.colored_label(crate::ui::theme::egui_colour(crate::ui::theme::WARNING), text);
            }
            Some(Found::Fetching) => {
                ui.label(locale.t("lexicon-fetching"));
            }
            Some(Found::Unavailable(why)) => super::fetch_failed(ui, &locale, why),
            None => {}
        }
        ui.add_space(16.0);
        if wide_button(ui, locale.t("back")).clicked() {
            screen.set(page.back);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_find_words_and_explain_problems() {
        let english = Lexicon::bundled(Language::En);
        assert_eq!(look_up(&english, Lookup::Check, " quiz "), Found::Word { word: "QUIZ".into(), valid: true });
        assert_eq!(look_up(&english, Lookup::Check, "qzx"), Found::Word { word: "QZX".into(), valid: false });
        let Found::Words { words, more } = look_up(&english, Lookup::Pattern, "C?T") else { panic!("a list") };
        assert!(words.contains(&"CAT".to_string()) && !more);
        let Found::Words { words, more } = look_up(&english, Lookup::Prefix, "re") else { panic!("a list") };
        assert!(words.len() == LIST_LIMIT && more);
        let Found::Words { words, .. } = look_up(&english, Lookup::Anagrams, "TCA") else { panic!("a list") };
        assert!(words.contains(&"ACT".to_string()));
        assert_eq!(look_up(&english, Lookup::Pattern, "C#T"), Found::Problem(SearchError::BadCharacter('#')));
        assert_eq!(look_up(&english, Lookup::Prefix, "  "), Found::Problem(SearchError::Empty));
        let spanish = Lexicon::bundled(Language::Es);
        assert_eq!(look_up(&spanish, Lookup::Check, "niño"), Found::Word { word: "NIÑO".into(), valid: true });
    }
}
