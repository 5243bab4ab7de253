//! Building a lexicon from a word list (§1.3) a step at a time: each step
//! does a bounded share of the work and says how far the build has gone,
//! so that a caller can show it, and the web build, which has no threads,
//! can build between frames.

use crate::graph;
use crate::{ImportReport, Language, Lexicon, LexiconError, MAX_WORD_TILES};
use std::collections::BTreeSet;

/// Work done by one step, at most.
const LINES_A_STEP: usize = 50_000;
const WORDS_A_STEP: usize = 20_000;
const KEYS_A_STEP: usize = 200_000;

/// Where each stage ends, as a share of the whole build: the word graph
/// takes most of the time.
const READ: f32 = 0.1;
const SPLIT: f32 = 0.25;
const SORT: f32 = 0.35;
const GRAPH: f32 = 0.8;

/// What a step of a build did.
#[derive(Debug)]
pub enum BuildStep {
    /// How far the build has gone, from 0 to 1.
    Working(f32),
    Done(Result<(Lexicon, ImportReport), LexiconError>),
}

/// A word list being built into a lexicon: call [`LexiconBuilder::step`]
/// until it is done.
pub struct LexiconBuilder {
    language: Language,
    report: ImportReport,
    stage: Stage,
}

enum Stage {
    Start(Vec<u8>),
    /// The list's lines, read up to byte `at`, into words spelt as tiles.
    Reading {
        text: String,
        at: usize,
        words: BTreeSet<Vec<u8>>,
    },
    /// The word graph's keys: every split of each word (see [`graph`]).
    Splitting {
        words: Vec<Vec<u8>>,
        next: usize,
        keys: Vec<Vec<u8>>,
    },
    Sorting {
        words: Vec<Vec<u8>>,
        keys: Vec<Vec<u8>>,
    },
    Graphing {
        words: Vec<Vec<u8>>,
        keys: Vec<Vec<u8>>,
        next: usize,
        graph: fst::SetBuilder<Vec<u8>>,
    },
    LayingOut {
        words: Vec<Vec<u8>>,
        graph: fst::Set<Vec<u8>>,
    },
    Done,
}

impl LexiconBuilder {
    /// A build of the word list `text`: one word a line, any case, accents
    /// allowed.
    pub fn new(language: Language, text: Vec<u8>) -> LexiconBuilder {
        LexiconBuilder { language, report: ImportReport::default(), stage: Stage::Start(text) }
    }

    /// Does the next share of the work.
    pub fn step(&mut self) -> BuildStep {
        let (stage, step) = match std::mem::replace(&mut self.stage, Stage::Done) {
            Stage::Start(text) => match start(text) {
                Ok(text) => (Stage::Reading { text, at: 0, words: BTreeSet::new() }, BuildStep::Working(0.0)),
                Err(e) => (Stage::Done, BuildStep::Done(Err(e))),
            },
            Stage::Reading { text, at, mut words } => {
                let at = self.read(&text, at, &mut words);
                if at < text.len() {
                    let done = READ * at as f32 / text.len() as f32;
                    (Stage::Reading { text, at, words }, BuildStep::Working(done))
                } else if words.is_empty() {
                    (Stage::Done, BuildStep::Done(Err(LexiconError::Empty { skipped: self.report.skipped() })))
                } else {
                    self.report.words = words.len();
                    let words: Vec<Vec<u8>> = words.into_iter().collect();
                    let keys = Vec::with_capacity(words.len() * 8);
                    (Stage::Splitting { words, next: 0, keys }, BuildStep::Working(READ))
                }
            }
            Stage::Splitting { words, next, mut keys } => {
                let end = (next + WORDS_A_STEP).min(words.len());
                for word in &words[next..end] {
                    graph::add_keys(word, &mut keys);
                }
                let done = READ + (SPLIT - READ) * end as f32 / words.len() as f32;
                let stage = match end < words.len() {
                    true => Stage::Splitting { words, next: end, keys },
                    false => Stage::Sorting { words, keys },
                };
                (stage, BuildStep::Working(done))
            }
            Stage::Sorting { words, mut keys } => {
                keys.sort_unstable();
                keys.dedup();
                (Stage::Graphing { words, keys, next: 0, graph: fst::SetBuilder::memory() }, BuildStep::Working(SORT))
            }
            Stage::Graphing { words, keys, next, mut graph } => {
                let end = (next + KEYS_A_STEP).min(keys.len());
                for key in &keys[next..end] {
                    graph.insert(key).expect("keys are sorted and unique");
                }
                let done = SORT + (GRAPH - SORT) * end as f32 / keys.len() as f32;
                let stage = match end < keys.len() {
                    true => Stage::Graphing { words, keys, next: end, graph },
                    false => {
                        let bytes = graph.into_inner().expect("a graph in memory");
                        Stage::LayingOut { words, graph: fst::Set::new(bytes).expect("the graph just built") }
                    }
                };
                (stage, BuildStep::Working(done))
            }
            Stage::LayingOut { words, graph } => (Stage::Done, BuildStep::Done(self.finish(words, &graph))),
            Stage::Done => (Stage::Done, BuildStep::Done(Err(LexiconError::Damaged("built already".into())))),
        };
        self.stage = stage;
        step
    }

    /// Reads lines from byte `at` on, a step's worth; where it stopped.
    fn read(&mut self, text: &str, at: usize, words: &mut BTreeSet<Vec<u8>>) -> usize {
        let language = self.language;
        let mut end = at;
        for line in text[at..].split_inclusive('\n').take(LINES_A_STEP) {
            end += line.len();
            let line = line.strip_suffix('\n').unwrap_or(line);
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                self.report.blank_lines += 1;
                continue;
            }
            let Some(tiles) = language.normalise(line).and_then(|w| language.tokenise(&w).ok()) else {
                self.report.bad_characters += 1;
                continue;
            };
            if !(2..=MAX_WORD_TILES).contains(&tiles.len()) {
                self.report.bad_length += 1;
                continue;
            }
            if !words.insert(tiles.into_iter().map(|l| l.0).collect()) {
                self.report.duplicates += 1;
            }
        }
        end
    }

    fn finish(&self, words: Vec<Vec<u8>>, graph: &fst::Set<Vec<u8>>) -> Result<(Lexicon, ImportReport), LexiconError> {
        let graph = graph::flatten(graph.as_fst()).map_err(|_| LexiconError::TooLarge)?;
        let set = fst::Set::from_iter(words).map_err(|e| LexiconError::Damaged(e.to_string()))?;
        let lexicon = Lexicon::from_parts(self.language, set.into_fst().into_inner(), graph)?;
        Ok((lexicon, self.report.clone()))
    }
}

/// The list as text: binary data is refused, and a byte order mark dropped.
fn start(text: Vec<u8>) -> Result<String, LexiconError> {
    if text.contains(&0) {
        return Err(LexiconError::Binary);
    }
    let text = String::from_utf8(text).map_err(|_| LexiconError::Binary)?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}
