//! A lexicon: an `fst::Set` whose keys are words spelt as tile codes.

use crate::builder::{BuildStep, LexiconBuilder};
use crate::file::{self, LexiconInfo};
use crate::graph::{self, WordGraph};
use crate::{Language, Letter, MAX_WORD_TILES, Offensive};
use fst::{IntoStreamer, Streamer};
use std::sync::Arc;
#[cfg(feature = "bundled")]
use std::sync::OnceLock;
use thiserror::Error;

/// The bytes of an fst: embedded in the binary, or owned (imported or
/// fetched by the web build).
#[derive(Clone)]
enum Bytes {
    #[cfg(feature = "bundled")]
    Static(&'static [u8]),
    Shared(Arc<[u8]>),
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            #[cfg(feature = "bundled")]
            Bytes::Static(bytes) => bytes,
            Bytes::Shared(bytes) => bytes,
        }
    }
}

/// Errors of loading or importing a lexicon, worded for the player.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LexiconError {
    #[error("the file is not a word list: it holds binary data")]
    Binary,
    #[error("the word list holds no usable word ({skipped} lines skipped)")]
    Empty { skipped: usize },
    #[error("the lexicon data is damaged: {0}")]
    Damaged(String),
    #[error("the word list is too large to play with")]
    TooLarge,
    #[error("the lexicon was built by another version of Wocable (format {0}): build it again from its word list")]
    Version(u32),
    #[error("the lexicon was built for the language '{found}', not '{wanted}'")]
    Language { found: Language, wanted: Language },
}

/// What an import kept and skipped, for the player to read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub words: usize,
    pub duplicates: usize,
    /// Lines with characters that are not letters of the language
    /// (digits, spaces, apostrophes, hyphens, other scripts).
    pub bad_characters: usize,
    /// Words shorter than 2 or longer than 15 tiles.
    pub bad_length: usize,
    pub blank_lines: usize,
}

impl ImportReport {
    pub fn skipped(&self) -> usize {
        self.duplicates + self.bad_characters + self.bad_length + self.blank_lines
    }
}

/// The name of the family word lists (§1.3): a language's bundled list
/// less its offensive words. No list of a player's or a server's may take
/// it.
pub const FAMILY_LIST: &str = "family";

/// Whether a list a player or a server brings may not be called `name`:
/// a language's code or the family lists' name, which name the bundled
/// lists.
pub fn reserved_list_name(name: &str) -> bool {
    Language::from_code(name).is_some() || name.eq_ignore_ascii_case(FAMILY_LIST)
}

/// A set of words over a language's tiles, opened zero-copy from fst bytes,
/// with its word graph for move generation.
#[derive(Clone)]
pub struct Lexicon {
    language: Language,
    set: fst::Set<Bytes>,
    /// The word graph's arcs (see [`graph`]), decoded once.
    graph: Arc<[u32]>,
    /// Words of the set that are not words of this list (a family list's
    /// offensive words): the set and the graph are shared with the list
    /// that has them.
    left_out: Option<&'static Offensive>,
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("language", &self.language)
            .field("words", &self.len())
            .field("family", &self.is_family())
            .finish()
    }
}

impl Lexicon {
    /// The lexicon shipped with the game for `language`, built from
    /// `lexicons/` at compile time.
    #[cfg(feature = "bundled")]
    pub fn bundled(language: Language) -> Lexicon {
        // The graph is decoded once per language: the bytes embedded are
        // not aligned for reading as `u32`s in place.
        static DECODED: [OnceLock<Arc<[u32]>>; 3] = [const { OnceLock::new() }; 3];
        let (set, graph) = Lexicon::bundled_files(language);
        let decoded = &DECODED[language as usize];
        let graph = decoded.get_or_init(|| graph::from_bytes(graph).expect("bundled word graph is valid").into());
        Lexicon::open(language, Bytes::Static(set), graph.clone()).expect("bundled lexicon is valid")
    }

    /// The files of the lexicon shipped for `language`: its fst set and its
    /// word graph, which [`Lexicon::from_files`] opens again (the web
    /// build fetches them).
    #[cfg(feature = "bundled")]
    pub fn bundled_files(language: Language) -> (&'static [u8], &'static [u8]) {
        match language {
            Language::En => (
                include_bytes!(concat!(env!("OUT_DIR"), "/en.fst")),
                include_bytes!(concat!(env!("OUT_DIR"), "/en.gaddag")),
            ),
            Language::Es => (
                include_bytes!(concat!(env!("OUT_DIR"), "/es.fst")),
                include_bytes!(concat!(env!("OUT_DIR"), "/es.gaddag")),
            ),
            Language::Fr => (
                include_bytes!(concat!(env!("OUT_DIR"), "/fr.fst")),
                include_bytes!(concat!(env!("OUT_DIR"), "/fr.gaddag")),
            ),
        }
    }

    /// Opens a lexicon from the files of [`Lexicon::bundled_files`]
    /// (fetched: checked whole first).
    pub fn from_files(language: Language, set: Vec<u8>, graph: &[u8]) -> Result<Lexicon, LexiconError> {
        let damaged = || LexiconError::Damaged("its word graph is cut short".into());
        let graph = graph::from_bytes(graph).ok_or_else(damaged)?;
        let lexicon = Lexicon::open(language, Bytes::Shared(set.into()), graph.into())?;
        lexicon.set.as_fst().verify().map_err(|e| LexiconError::Damaged(e.to_string()))?;
        Ok(lexicon)
    }

    /// Opens a built lexicon file ([`Lexicon::to_file`]), checked whole:
    /// nothing is built again.
    pub fn open_file(bytes: &[u8]) -> Result<(Lexicon, LexiconInfo), LexiconError> {
        let parts = file::read(bytes)?;
        let damaged = || LexiconError::Damaged("its word graph is cut short".into());
        let graph = graph::from_bytes(&bytes[parts.graph]).ok_or_else(damaged)?;
        let lexicon = Lexicon::from_parts(parts.info.language, bytes[parts.set].to_vec(), graph)?;
        if lexicon.len() != parts.info.words {
            return Err(LexiconError::Damaged("its word count is wrong".into()));
        }
        Ok((lexicon, parts.info))
    }

    /// The lexicon as a built lexicon file, named `name`, from the word
    /// list `source`.
    pub fn to_file(&self, name: &str, source: &str) -> Vec<u8> {
        let info = LexiconInfo {
            language: self.language,
            name: name.to_string(),
            source: source.to_string(),
            words: self.len(),
        };
        file::write(self, &graph::to_bytes(&self.graph), &info)
    }

    pub(crate) fn from_parts(language: Language, set: Vec<u8>, graph: Vec<u32>) -> Result<Lexicon, LexiconError> {
        Lexicon::open(language, Bytes::Shared(set.into()), graph.into())
    }

    fn open(language: Language, set: Bytes, graph: Arc<[u32]>) -> Result<Lexicon, LexiconError> {
        let set = fst::Set::new(set).map_err(|e| LexiconError::Damaged(e.to_string()))?;
        Ok(Lexicon { language, set, graph, left_out: None })
    }

    /// This list less `words`.
    pub fn leaving_out(self, words: &'static Offensive) -> Lexicon {
        Lexicon { left_out: Some(words), ..self }
    }

    /// The family list made from this one: less the language's offensive
    /// words.
    pub fn family(self) -> Lexicon {
        let words = Offensive::bundled(self.language);
        self.leaving_out(words)
    }

    /// Whether words are left out of this list.
    pub fn is_family(&self) -> bool {
        self.left_out.is_some()
    }

    /// Whether `word` is a word of the set left out of this list: not a
    /// word here, for its own reason.
    pub fn leaves_out(&self, word: &[Letter]) -> bool {
        self.left_out.is_some_and(|words| words.contains(word))
    }

    /// Loads a lexicon file a player brings: one built by `wocable-cli
    /// lexicon build` (or the app), or a plain word list, built here.
    pub fn load_file_bytes(language: Language, bytes: Vec<u8>) -> Result<(Lexicon, ImportReport), LexiconError> {
        if !file::is_built(&bytes) {
            if fst::Set::new(bytes.as_slice()).is_ok() {
                return Err(LexiconError::Damaged(
                    "it is a lexicon file of an older kind: build it again from its word list".into(),
                ));
            }
            return Lexicon::import(language, &bytes);
        }
        let (lexicon, info) = Lexicon::open_file(&bytes)?;
        if info.language != language {
            return Err(LexiconError::Language { found: info.language, wanted: language });
        }
        Ok((lexicon, ImportReport { words: info.words, ..ImportReport::default() }))
    }

    /// Builds a lexicon from a word list (§1.3) at once: see
    /// [`LexiconBuilder`] to build it a step at a time. Binary or empty
    /// input is refused; every skipped line is counted in the report by
    /// reason.
    pub fn import(language: Language, text: &[u8]) -> Result<(Lexicon, ImportReport), LexiconError> {
        let mut builder = LexiconBuilder::new(language, text.to_vec());
        loop {
            if let BuildStep::Done(built) = builder.step() {
                return built;
            }
        }
    }

    /// The word set's bytes (an fst).
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.set.as_fst().as_bytes()
    }

    /// The word graph (a GADDAG) for move generation.
    pub fn graph(&self) -> WordGraph<'_> {
        WordGraph::new(&self.graph)
    }

    /// The memory its word set and word graph hold.
    pub fn held_bytes(&self) -> usize {
        self.as_bytes().len() + self.graph.len() * 4
    }

    pub fn language(&self) -> Language {
        self.language
    }

    pub fn len(&self) -> usize {
        self.set.len()
    }

    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// The raw word graph, for move generation and trace solving.
    pub fn fst(&self) -> &fst::raw::Fst<impl AsRef<[u8]>> {
        self.set.as_fst()
    }

    /// Whether these tiles spell a word of the lexicon.
    pub fn contains(&self, word: &[Letter]) -> bool {
        let mut key = [0u8; MAX_WORD_TILES];
        if word.len() > MAX_WORD_TILES {
            return false;
        }
        for (slot, letter) in key.iter_mut().zip(word) {
            *slot = letter.0;
        }
        self.set.contains(&key[..word.len()]) && !self.leaves_out(word)
    }

    /// Whether the set's key `key` is left out of this list.
    pub(crate) fn leaves_out_key(&self, key: &[u8]) -> bool {
        self.left_out.is_some() && self.leaves_out(&key.iter().map(|b| Letter(*b)).collect::<Vec<_>>())
    }

    /// Whether a written word (any case, accents allowed) is in the lexicon.
    pub fn contains_word(&self, word: &str) -> bool {
        self.language
            .normalise(word)
            .and_then(|w| self.language.tokenise(&w).ok())
            .is_some_and(|tiles| self.contains(&tiles))
    }

    /// Every word, in tile order.
    pub fn words(&self) -> impl Iterator<Item = String> + '_ {
        let mut stream = self.set.stream();
        std::iter::from_fn(move || {
            while let Some(key) = stream.next() {
                if !self.leaves_out_key(key) {
                    return Some(self.spell_key(key));
                }
            }
            None
        })
    }

    pub(crate) fn spell_key(&self, key: &[u8]) -> String {
        key.iter().map(|b| self.language.label(Letter(*b))).collect()
    }

    pub(crate) fn search(&self, pattern: &crate::search::Pattern, limit: usize) -> Vec<String> {
        let mut stream = self.set.search(pattern).into_stream();
        let mut out = Vec::new();
        while let Some(key) = stream.next() {
            if out.len() == limit {
                break;
            }
            if !self.leaves_out_key(key) {
                out.push(self.spell_key(key));
            }
        }
        out
    }
}
