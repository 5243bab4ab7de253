//! The word lists games are played on. Those of the game languages are
//! built into the app on desktops; elsewhere (the web, phones) a
//! language's list (its fst set and word graph, from `assets/lexicons/`)
//! is fetched or read the first time a game, the dictionary or a saved
//! game needs it (see `platform`). The player's own lists are in [`own`].

use crate::storage::Storage;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use wocable_crossword::GameSettings;
use wocable_lexicon::{FAMILY_LIST, Language, Lexicon};

mod own;

pub use own::{Import, ImportProgress, ImportWordList, MAX_NAME, WordListError, WordLists};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(own::plugin).init_resource::<Lexicons>();
    // Only where there is something to fetch (the headless tests' app has
    // no asset server).
    if !crate::platform::LEXICONS_BUILT_IN {
        app.init_asset::<assets::LexiconFile>()
            .register_asset_loader(assets::LexiconFileLoader)
            .add_systems(PreUpdate, (assets::fetch_wanted, assets::open_fetched).chain());
    }
}

/// The lexicon a game is played on: its language's, or the player's own
/// list it names.
#[derive(SystemParam)]
pub struct GameLexicons<'w> {
    lexicons: ResMut<'w, Lexicons>,
    lists: Res<'w, WordLists>,
    storage: Res<'w, Storage>,
}

impl GameLexicons<'_> {
    /// `None` while the list is fetched or read (the web build), or why it
    /// cannot be had.
    pub fn get(&mut self, settings: &GameSettings) -> Result<Option<Lexicon>, Unavailable> {
        self.list(settings.language, settings.word_list.as_deref())
    }

    /// The player's own list `word_list`, or else `language`'s (or its
    /// family list).
    pub fn list(&mut self, language: Language, word_list: Option<&str>) -> Result<Option<Lexicon>, Unavailable> {
        let Some(name) = word_list else {
            return self.lexicons.get(language).map_err(Unavailable::Fetch);
        };
        if name == FAMILY_LIST {
            return self.lexicons.family(language).map_err(Unavailable::Fetch);
        }
        // The web build reads its lists' files from the browser's storage
        // when it starts.
        if !self.storage.bytes_ready() {
            return Ok(None);
        }
        // A list renamed or removed may leave its name to another.
        if self.lists.is_changed() {
            self.lexicons.own.clear();
        }
        if let Some(lexicon) = self.lexicons.own.get(name) {
            return Ok(Some(lexicon.clone()));
        }
        match self.lists.open(&self.storage, name) {
            Ok(lexicon) => {
                self.lexicons.own.insert(name.to_string(), lexicon.clone());
                Ok(Some(lexicon))
            }
            Err(WordListError::Removed(name)) => Err(Unavailable::Removed(name)),
            Err(e) => Err(Unavailable::Damaged(e.to_string())),
        }
    }
}

/// Why a game's word list cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The language's list could not be fetched (the web) or read.
    Fetch(String),
    /// The player's own list, by name, was removed.
    Removed(String),
    /// The player's own list's file cannot be opened.
    Damaged(String),
    /// The player's own list, by name, is not the one the game was played
    /// on (renamed, and another imported under its name).
    Changed(String),
}

impl Unavailable {
    /// What to tell the player.
    pub fn text(&self, locale: &crate::ui::i18n::Locale) -> String {
        match self {
            Unavailable::Fetch(reason) => locale.t_with("lexicon-unavailable", &[("reason", reason.clone().into())]),
            Unavailable::Removed(name) => locale.t_with("word-list-removed", &[("name", name.clone().into())]),
            Unavailable::Damaged(reason) => locale.t_with("word-list-damaged", &[("reason", reason.clone().into())]),
            Unavailable::Changed(name) => locale.t_with("word-list-changed", &[("name", name.clone().into())]),
        }
    }
}

/// The lexicons at hand.
#[derive(Resource, Default)]
pub struct Lexicons {
    fetched: assets::Fetched,
    /// The player's own lists opened so far, by name (each is a file of
    /// megabytes to read and check): forgotten when the lists change.
    own: std::collections::HashMap<String, Lexicon>,
}

impl Lexicons {
    /// The lexicon of `language`: built in, at hand at once; or `None`
    /// while it is being fetched (the first call asks for it), or why it
    /// could not be fetched.
    pub fn get(&mut self, language: Language) -> Result<Option<Lexicon>, String> {
        match crate::platform::built_in_lexicon(language) {
            Some(lexicon) => Ok(Some(lexicon)),
            None => self.fetched.get(language),
        }
    }

    /// The family list of `language` (§1.3), as [`Lexicons::get`] gives
    /// its whole list.
    pub fn family(&mut self, language: Language) -> Result<Option<Lexicon>, String> {
        self.get(language).map(|lexicon| lexicon.map(Lexicon::family))
    }
}

mod assets {
    use super::Lexicons;
    use bevy::asset::io::Reader;
    use bevy::asset::{AssetLoader, LoadContext, LoadState};
    use bevy::prelude::*;
    use std::collections::HashMap;
    use wocable_lexicon::{Language, Lexicon};

    /// The bytes of one of a lexicon's files.
    #[derive(Asset, TypePath)]
    pub struct LexiconFile(Vec<u8>);

    #[derive(TypePath)]
    pub struct LexiconFileLoader;

    impl AssetLoader for LexiconFileLoader {
        type Asset = LexiconFile;
        type Settings = ();
        type Error = std::io::Error;

        async fn load(
            &self,
            reader: &mut dyn Reader,
            _settings: &(),
            _context: &mut LoadContext<'_>,
        ) -> Result<LexiconFile, std::io::Error> {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).await?;
            Ok(LexiconFile(bytes))
        }

        fn extensions(&self) -> &[&str] {
            &["fst", "gaddag"]
        }
    }

    /// Where each language's lexicon is.
    enum Fetch {
        Wanted,
        /// The fst set and the word graph, on their way.
        Loading([Handle<LexiconFile>; 2]),
        Ready(Lexicon),
        Failed(String),
    }

    #[derive(Default)]
    pub struct Fetched(HashMap<Language, Fetch>);

    impl Fetched {
        pub fn get(&mut self, language: Language) -> Result<Option<Lexicon>, String> {
            match self.0.entry(language).or_insert(Fetch::Wanted) {
                Fetch::Ready(lexicon) => Ok(Some(lexicon.clone())),
                Fetch::Wanted | Fetch::Loading(_) => Ok(None),
                // Said once, then forgotten: the next ask fetches again
                // (the network may be back).
                Fetch::Failed(_) => match self.0.remove(&language) {
                    Some(Fetch::Failed(reason)) => Err(reason),
                    _ => Ok(None),
                },
            }
        }
    }

    /// Starts fetching the lexicons asked for.
    pub fn fetch_wanted(mut lexicons: ResMut<Lexicons>, server: Res<AssetServer>) {
        for (language, fetch) in &mut lexicons.bypass_change_detection().fetched.0 {
            if matches!(fetch, Fetch::Wanted) {
                let file = |extension: &str| server.load(format!("lexicons/{}.{extension}", language.code()));
                *fetch = Fetch::Loading([file("fst"), file("gaddag")]);
            }
        }
    }

    /// Opens the lexicons whose files have come.
    pub fn open_fetched(mut lexicons: ResMut<Lexicons>, server: Res<AssetServer>, files: Res<Assets<LexiconFile>>) {
        for (language, fetch) in &mut lexicons.bypass_change_detection().fetched.0 {
            let Fetch::Loading([set, graph]) = fetch else { continue };
            if let (Some(set), Some(graph)) = (files.get(&*set), files.get(&*graph)) {
                *fetch = match Lexicon::from_files(*language, set.0.clone(), &graph.0) {
                    Ok(lexicon) => Fetch::Ready(lexicon),
                    Err(e) => Fetch::Failed(e.to_string()),
                };
            } else {
                let failed = [set.id(), graph.id()].into_iter().find_map(|id| match server.get_load_state(id) {
                    Some(LoadState::Failed(e)) => Some(e.to_string()),
                    _ => None,
                });
                if let Some(reason) = failed {
                    *fetch = Fetch::Failed(reason);
                }
            }
        }
    }
}
