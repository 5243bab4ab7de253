//! Dictionary search (§1.5): pattern, prefix, contains and anagrams, all
//! walked on the fst.

use crate::{Language, Letter, Lexicon, MAX_WORD_TILES};
use fst::Automaton;
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SearchError {
    #[error("'{0}' is not a letter, '?' or '*'")]
    BadCharacter(char),
    #[error("the search is too long")]
    TooLong,
    #[error("type at least one letter")]
    Empty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Letter(u8),
    AnyOne,
    AnyRun,
}

/// A pattern over tiles: letters, `?` (one tile) and `*` (any run of
/// tiles), run as an NFA whose state is the set of pattern positions
/// reached, as bits.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    tokens: Vec<Token>,
}

const MAX_TOKENS: usize = 63;

impl Pattern {
    fn parse(language: Language, text: &str) -> Result<Pattern, SearchError> {
        let mut tokens = Vec::new();
        let mut letters = String::new();
        let flush = |letters: &mut String, tokens: &mut Vec<Token>| -> Result<(), SearchError> {
            if letters.is_empty() {
                return Ok(());
            }
            let bad = || SearchError::BadCharacter(letters.chars().find(|c| !c.is_alphabetic()).unwrap_or('?'));
            let word = language.normalise(letters).ok_or_else(bad)?;
            let tiles = language.tokenise(&word).map_err(|e| SearchError::BadCharacter(e.found))?;
            tokens.extend(tiles.into_iter().map(|l| Token::Letter(l.0)));
            letters.clear();
            Ok(())
        };
        for c in text.trim().chars() {
            match c {
                '?' | '*' => {
                    flush(&mut letters, &mut tokens)?;
                    tokens.push(if c == '?' { Token::AnyOne } else { Token::AnyRun });
                }
                c if c.is_alphabetic() => letters.push(c),
                c => return Err(SearchError::BadCharacter(c)),
            }
        }
        flush(&mut letters, &mut tokens)?;
        if tokens.iter().all(|t| *t == Token::AnyRun) {
            return Err(SearchError::Empty);
        }
        if tokens.len() > MAX_TOKENS {
            return Err(SearchError::TooLong);
        }
        Ok(Pattern { tokens })
    }

    /// Adds the positions reachable by letting `*` match nothing.
    fn closure(&self, mut state: u64) -> u64 {
        for (i, token) in self.tokens.iter().enumerate() {
            if *token == Token::AnyRun && state & (1 << i) != 0 {
                state |= 1 << (i + 1);
            }
        }
        state
    }
}

impl Automaton for Pattern {
    type State = u64;

    fn start(&self) -> u64 {
        self.closure(1)
    }

    fn is_match(&self, state: &u64) -> bool {
        state & (1 << self.tokens.len()) != 0
    }

    fn can_match(&self, state: &u64) -> bool {
        *state != 0
    }

    fn accept(&self, state: &u64, byte: u8) -> u64 {
        let mut next = 0;
        for (i, token) in self.tokens.iter().enumerate() {
            if state & (1 << i) == 0 {
                continue;
            }
            match *token {
                Token::Letter(l) if l == byte => next |= 1 << (i + 1),
                Token::AnyOne => next |= 1 << (i + 1),
                Token::AnyRun => next |= 1 << i,
                Token::Letter(_) => {}
            }
        }
        self.closure(next)
    }
}

/// Whether an anagram search must use every tile of the rack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnagramMode {
    /// Words that use all the tiles.
    Exact,
    /// Words that use some of the tiles (at least two).
    Subset,
}

impl Lexicon {
    /// Words matching a pattern of letters, `?` and `*` (e.g. `C?T*`).
    pub fn matching(&self, pattern: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        Ok(self.search(&Pattern::parse(self.language(), pattern)?, limit))
    }

    /// Words starting with `prefix`, at most `limit` of them.
    pub fn prefixed(&self, prefix: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let pattern = Pattern::parse(self.language(), &format!("{}*", no_wildcards(prefix)?))?;
        Ok(self.search(&pattern, limit))
    }

    /// Words containing `part` anywhere.
    pub fn containing(&self, part: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let pattern = Pattern::parse(self.language(), &format!("*{}*", no_wildcards(part)?))?;
        Ok(self.search(&pattern, limit))
    }

    /// Words made from the tiles of a rack (`?` is a blank; blank letters
    /// come back in lower case), in tile order.
    pub fn anagrams(&self, rack: &str, mode: AnagramMode, limit: usize) -> Result<Vec<String>, SearchError> {
        let language = self.language();
        let mut counts = [0u8; 64];
        let mut blanks = 0u8;
        let mut letters = String::new();
        for c in rack.trim().chars() {
            match c {
                '?' => blanks += 1,
                c if c.is_alphabetic() => letters.push(c),
                c => return Err(SearchError::BadCharacter(c)),
            }
        }
        let word = language.normalise(&letters).unwrap_or_default();
        for letter in language.tokenise(&word).map_err(|e| SearchError::BadCharacter(e.found))? {
            counts[letter.0 as usize] += 1;
        }
        let size = counts.iter().map(|c| *c as usize).sum::<usize>() + blanks as usize;
        if size == 0 {
            return Err(SearchError::Empty);
        }
        if size > MAX_WORD_TILES {
            return Err(SearchError::TooLong);
        }
        let mut walk =
            AnagramWalk { lexicon: self, counts, blanks, size, mode, limit, word: Vec::new(), found: Vec::new() };
        walk.visit(self.fst().root().addr());
        Ok(walk.found)
    }
}

fn no_wildcards(text: &str) -> Result<&str, SearchError> {
    match text.chars().find(|c| matches!(c, '?' | '*')) {
        Some(c) => Err(SearchError::BadCharacter(c)),
        None => Ok(text),
    }
}

struct AnagramWalk<'a> {
    lexicon: &'a Lexicon,
    counts: [u8; 64],
    blanks: u8,
    size: usize,
    mode: AnagramMode,
    limit: usize,
    /// The tiles so far, and whether each is a blank.
    word: Vec<(Letter, bool)>,
    found: Vec<String>,
}

impl AnagramWalk<'_> {
    fn visit(&mut self, addr: fst::raw::CompiledAddr) {
        let fst = self.lexicon.fst();
        let node = fst.node(addr);
        let complete = match self.mode {
            AnagramMode::Exact => self.word.len() == self.size,
            AnagramMode::Subset => self.word.len() >= 2,
        };
        let left_out = || {
            self.lexicon.is_family() && self.lexicon.leaves_out(&self.word.iter().map(|(l, _)| *l).collect::<Vec<_>>())
        };
        if node.is_final() && complete && self.found.len() < self.limit && !left_out() {
            let language = self.lexicon.language();
            self.found.push(
                self.word
                    .iter()
                    .map(|(l, blank)| {
                        let label = language.label(*l);
                        if *blank { label.to_lowercase() } else { label.to_string() }
                    })
                    .collect(),
            );
        }
        if self.word.len() == self.size || self.found.len() >= self.limit {
            return;
        }
        for transition in node.transitions() {
            let letter = transition.inp as usize;
            // Use the letter itself when the rack has it: a word is then
            // found once, with as few blanks as possible.
            let blank = if self.counts[letter] > 0 {
                self.counts[letter] -= 1;
                false
            } else if self.blanks > 0 {
                self.blanks -= 1;
                true
            } else {
                continue;
            };
            self.word.push((Letter(transition.inp), blank));
            self.visit(transition.addr);
            self.word.pop();
            if blank {
                self.blanks += 1;
            } else {
                self.counts[letter] += 1;
            }
        }
    }
}
