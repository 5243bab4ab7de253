//! The player's own word lists (§1.3, §1.5): a plain-text list imported,
//! built off the frame (on a thread natively, a step a frame on the web)
//! into a built lexicon file kept in storage, then offered for new games
//! in its language. A game names its list; a saved game whose list was
//! removed says so.

use crate::storage::{Storage, StorageError};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use wocable_lexicon::{
    BuildStep, FAMILY_LIST, ImportReport, Language, Lexicon, LexiconBuilder, LexiconError, reserved_list_name,
};

/// Where the lists are listed.
pub const INDEX_FILE: &str = "word-lists.json";

/// The longest name of a word list.
pub const MAX_NAME: usize = 40;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Import>()
        .add_message::<ImportWordList>()
        .add_message::<ImportProgress>()
        .add_systems(Startup, read_index)
        .add_systems(Update, (start_import, build).chain());
}

/// A list of the player's, as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordList {
    pub name: String,
    pub language: Language,
    pub words: usize,
    /// The file it was imported from.
    pub source: String,
    /// Its built lexicon file in storage.
    file: String,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum WordListError {
    #[error("the word list \u{201c}{0}\u{201d} was removed")]
    Removed(String),
    #[error("a word list is called \u{201c}{0}\u{201d} already")]
    Taken(String),
    #[error(
        "a word list's name has 1 to {MAX_NAME} characters on one line, and is neither a language's code nor \u{201c}{FAMILY_LIST}\u{201d}"
    )]
    BadName,
    #[error("{0}")]
    Lexicon(#[from] LexiconError),
    #[error("{0}")]
    Storage(String),
}

impl From<StorageError> for WordListError {
    fn from(e: StorageError) -> WordListError {
        WordListError::Storage(e.to_string())
    }
}

/// The player's word lists.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct WordLists(Vec<WordList>);

impl WordLists {
    /// Every list, in the order they came.
    pub fn all(&self) -> &[WordList] {
        &self.0
    }

    /// The lists of `language`, in the order they came.
    pub fn of(&self, language: Language) -> impl Iterator<Item = &WordList> {
        self.0.iter().filter(move |list| list.language == language)
    }

    pub fn get(&self, name: &str) -> Option<&WordList> {
        self.0.iter().find(|list| list.name == name)
    }

    /// The lexicon of the list `name`, opened from its file.
    pub fn open(&self, storage: &Storage, name: &str) -> Result<Lexicon, WordListError> {
        let list = self.get(name).ok_or_else(|| WordListError::Removed(name.to_string()))?;
        let bytes = storage.read_bytes(&list.file).ok_or_else(|| WordListError::Removed(name.to_string()))?;
        Ok(Lexicon::open_file(&bytes)?.0)
    }

    /// Whether `name` may name a new list (or a list renamed).
    pub fn check_name(&self, name: &str) -> Result<(), WordListError> {
        let fits = (1..=MAX_NAME).contains(&name.chars().count()) && !name.contains(['\n', '\r']);
        if !fits || name.trim() != name || reserved_list_name(name) {
            return Err(WordListError::BadName);
        }
        match self.get(name) {
            Some(_) => Err(WordListError::Taken(name.to_string())),
            None => Ok(()),
        }
    }

    pub fn rename(&mut self, storage: &Storage, name: &str, to: &str) -> Result<(), WordListError> {
        if name == to {
            return Ok(());
        }
        self.check_name(to)?;
        let list = self.0.iter_mut().find(|list| list.name == name);
        list.ok_or_else(|| WordListError::Removed(name.to_string()))?.name = to.to_string();
        self.store(storage)
    }

    /// Removes a list and its file; games played on it say so.
    pub fn remove(&mut self, storage: &Storage, name: &str) -> Result<(), WordListError> {
        let Some(at) = self.0.iter().position(|list| list.name == name) else { return Ok(()) };
        let list = self.0.remove(at);
        self.store(storage)?;
        storage.remove(&list.file);
        Ok(())
    }

    /// Writes the file of a list just built; the list, to list once the
    /// file is kept.
    fn write_file(&self, storage: &Storage, built: &Built, lexicon: &Lexicon) -> Result<WordList, WordListError> {
        self.check_name(&built.name)?;
        // A name of the player's is no file name: the files are numbered.
        let file = (1..).map(|n| format!("word-list-{n}.wlex")).find(|file| !storage.exists(file)).unwrap_or_default();
        storage.write_bytes(&file, &lexicon.to_file(&built.name, &built.source))?;
        Ok(WordList {
            name: built.name.clone(),
            language: built.language,
            words: lexicon.len(),
            source: built.source.clone(),
            file,
        })
    }

    /// Lists a list whose file is kept.
    fn add(&mut self, storage: &Storage, list: WordList) -> Result<(), WordListError> {
        self.check_name(&list.name)?;
        self.0.push(list);
        self.store(storage)
    }

    fn store(&self, storage: &Storage) -> Result<(), WordListError> {
        let text = serde_json::to_string(&self.0).map_err(|e| WordListError::Storage(e.to_string()))?;
        Ok(storage.write(INDEX_FILE, &text)?)
    }
}

/// The lists kept; an index that cannot be read lists none (the files
/// stay, for the player to import again).
fn read_index(mut commands: Commands, storage: Res<Storage>) {
    let lists = storage.read(INDEX_FILE).map(|text| serde_json::from_str(&text));
    let lists = match lists {
        Some(Ok(lists)) => lists,
        Some(Err(e)) => {
            warn!("the word lists' index could not be read: {e}");
            Vec::new()
        }
        None => Vec::new(),
    };
    commands.insert_resource(WordLists(lists));
}

/// Asks for a word list to be built from `text` and kept as `name`.
#[derive(Message, Clone, Debug)]
pub struct ImportWordList {
    pub name: String,
    pub language: Language,
    /// The file it comes from, by name.
    pub source: String,
    pub text: Vec<u8>,
}

/// How far a build has gone, from 0 to 1.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ImportProgress {
    pub name: String,
    pub done: f32,
}

/// The import under way, or how the last one ended.
#[derive(Resource, Default)]
pub enum Import {
    #[default]
    None,
    Building(Building),
    /// Built, and its file on its way to storage (the browser's IndexedDB
    /// answers later): listed once it is kept.
    Keeping {
        report: ImportReport,
        list: WordList,
    },
    Built {
        name: String,
        report: ImportReport,
    },
    Failed {
        name: String,
        error: String,
    },
}

impl Import {
    /// How far the build under way has gone.
    pub fn progress(&self) -> Option<(&str, f32)> {
        match self {
            Import::Building(building) => Some((&building.built.name, building.done)),
            Import::Keeping { list, .. } => Some((&list.name, 1.0)),
            _ => None,
        }
    }
}

/// What a build is for.
struct Built {
    name: String,
    language: Language,
    source: String,
}

pub struct Building {
    built: Built,
    done: f32,
    /// A resource is shared between systems: the receiver, which is not,
    /// is behind a lock only this feature's system takes.
    #[cfg(not(target_arch = "wasm32"))]
    steps: std::sync::Mutex<std::sync::mpsc::Receiver<BuildStep>>,
    #[cfg(target_arch = "wasm32")]
    builder: LexiconBuilder,
}

impl Building {
    #[cfg(not(target_arch = "wasm32"))]
    fn start(built: Built, text: Vec<u8>) -> Building {
        let (send, steps) = std::sync::mpsc::channel();
        let mut builder = LexiconBuilder::new(built.language, text);
        std::thread::spawn(move || {
            loop {
                let step = builder.step();
                let done = matches!(step, BuildStep::Done(_));
                if send.send(step).is_err() || done {
                    break;
                }
            }
        });
        Building { built, done: 0.0, steps: steps.into() }
    }

    /// The steps taken since the last frame.
    #[cfg(not(target_arch = "wasm32"))]
    fn steps(&mut self) -> Vec<BuildStep> {
        use std::sync::mpsc::TryRecvError;
        let steps = self.steps.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut taken = Vec::new();
        loop {
            match steps.try_recv() {
                Ok(step) => taken.push(step),
                Err(TryRecvError::Empty) => return taken,
                Err(TryRecvError::Disconnected) => {
                    let stopped = LexiconError::Damaged("the build stopped".into());
                    taken.push(BuildStep::Done(Err(stopped)));
                    return taken;
                }
            }
        }
    }

    #[cfg(target_arch = "wasm32")]
    fn start(built: Built, text: Vec<u8>) -> Building {
        Building { builder: LexiconBuilder::new(built.language, text), built, done: 0.0 }
    }

    /// A step a frame: the web has no threads.
    #[cfg(target_arch = "wasm32")]
    fn steps(&mut self) -> Vec<BuildStep> {
        vec![self.builder.step()]
    }
}

/// Starts building a list asked for, unless its name will not do or
/// another is being built.
fn start_import(mut asked: MessageReader<ImportWordList>, mut import: ResMut<Import>, lists: Res<WordLists>) {
    for ImportWordList { name, language, source, text } in asked.read().cloned() {
        if import.progress().is_some() {
            warn!("a word list is being built already: {name} waits to be asked for again");
            continue;
        }
        if let Err(e) = lists.check_name(&name) {
            *import = Import::Failed { name, error: e.to_string() };
            continue;
        }
        *import = Import::Building(Building::start(Built { name, language, source }, text));
    }
}

/// Follows the build under way, and keeps the list it makes.
fn build(
    mut import: ResMut<Import>,
    mut lists: ResMut<WordLists>,
    storage: Res<Storage>,
    mut progress: MessageWriter<ImportProgress>,
) {
    if let Import::Keeping { report, list } = &*import {
        let kept = match storage.is_kept(&list.file) {
            Ok(false) => return,
            Ok(true) => lists.add(&storage, list.clone()),
            Err(e) => Err(e.into()),
        };
        let name = list.name.clone();
        *import = match kept {
            Ok(()) => {
                info!(name, words = report.words, "word list built");
                Import::Built { name, report: report.clone() }
            }
            Err(e) => {
                storage.remove(&list.file);
                Import::Failed { name, error: e.to_string() }
            }
        };
        return;
    }
    let Import::Building(building) = &mut *import else { return };
    for step in building.steps() {
        let built = match step {
            BuildStep::Working(done) => {
                building.done = done;
                progress.write(ImportProgress { name: building.built.name.clone(), done });
                continue;
            }
            BuildStep::Done(built) => built,
        };
        let written = built.map_err(WordListError::from).and_then(|(lexicon, report)| {
            lists.write_file(&storage, &building.built, &lexicon).map(|list| Import::Keeping { report, list })
        });
        *import =
            written.unwrap_or_else(|e| Import::Failed { name: building.built.name.clone(), error: e.to_string() });
        return;
    }
}
