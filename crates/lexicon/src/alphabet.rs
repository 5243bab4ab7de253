//! Languages, their tile alphabets and word normalisation (§1.4).
//!
//! The build script includes this file to build the bundled lexicons with
//! exactly the same rules, so it depends on nothing but `std` and serde.

use std::fmt;

/// A letter of a language's tile alphabet, numbered from 1 in alphabet
/// order (0 is kept free for word-graph separators). Lexicon keys are
/// sequences of these codes, so sorting keys sorts words in the language's
/// own tile order (Spanish: C < CH < D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Letter(pub u8);

/// A language with a tile alphabet and a bundled lexicon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    En,
    Es,
    Fr,
}

const LATIN: &[&str] = &[
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W",
    "X", "Y", "Z",
];

// K and W have no tiles in the Spanish sets, but a blank may stand for them.
const SPANISH: &[&str] = &[
    "A", "B", "C", "CH", "D", "E", "F", "G", "H", "I", "J", "K", "L", "LL", "M", "N", "Ñ", "O", "P", "Q", "R", "RR",
    "S", "T", "U", "V", "W", "X", "Y", "Z",
];

/// The longest word a 15×15 board can hold, in tiles.
pub const MAX_WORD_TILES: usize = 15;

impl Language {
    pub const ALL: [Language; 3] = [Language::En, Language::Es, Language::Fr];

    /// The two-letter code used on the command line and in files.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Es => "es",
            Language::Fr => "fr",
        }
    }

    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code.to_ascii_lowercase())
    }

    /// Tile labels in alphabet order; `labels()[i]` is `Letter(i + 1)`.
    pub fn labels(self) -> &'static [&'static str] {
        match self {
            Language::Es => SPANISH,
            Language::En | Language::Fr => LATIN,
        }
    }

    pub fn letter_count(self) -> usize {
        self.labels().len()
    }

    pub fn letters(self) -> impl Iterator<Item = Letter> {
        (1..=self.letter_count() as u8).map(Letter)
    }

    /// The printed label of a letter (`"CH"`, `"Ñ"`, `"A"`), or `"?"` for a
    /// code outside the alphabet.
    pub fn label(self, letter: Letter) -> &'static str {
        (letter.0 as usize).checked_sub(1).and_then(|i| self.labels().get(i)).copied().unwrap_or("?")
    }

    /// The letter whose label is exactly `label` (upper case).
    pub fn letter(self, label: &str) -> Option<Letter> {
        self.labels().iter().position(|l| *l == label).map(|i| Letter(i as u8 + 1))
    }

    /// Splits an upper-case, normalised word into tiles, taking the longest
    /// label at each step (CHARRO = CH·A·RR·O).
    pub fn tokenise(self, word: &str) -> Result<Vec<Letter>, TokeniseError> {
        let mut tiles = Vec::with_capacity(word.len());
        let mut rest = word;
        while !rest.is_empty() {
            let (letter, len) = self
                .labels()
                .iter()
                .enumerate()
                .filter(|(_, label)| rest.starts_with(**label))
                .max_by_key(|(_, label)| label.len())
                .map(|(i, label)| (Letter(i as u8 + 1), label.len()))
                .ok_or_else(|| TokeniseError { found: rest.chars().next().unwrap_or(' '), language: self })?;
            tiles.push(letter);
            rest = &rest[len..];
        }
        Ok(tiles)
    }

    /// Writes tiles back as text (`CH` `A` `RR` `O` → `CHARRO`).
    pub fn spell(self, letters: &[Letter]) -> String {
        letters.iter().map(|l| self.label(*l)).collect()
    }

    /// Normalises one entry of a word list (§1.4): upper case, accents
    /// removed (Spanish keeps Ñ), Œ/Æ spelt out. Returns `None` for entries
    /// with anything but letters (digits, spaces, apostrophes, hyphens …).
    pub fn normalise(self, entry: &str) -> Option<String> {
        let mut out = String::with_capacity(entry.len());
        for c in entry.trim().chars() {
            match fold(c, self) {
                Some(folded) => out.push_str(folded),
                None => return None,
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// Normalises and tokenises an entry, keeping it only if it is 2–15 tiles.
    pub fn crossword_word(self, entry: &str) -> Option<Vec<Letter>> {
        let word = self.normalise(entry)?;
        let tiles = self.tokenise(&word).ok()?;
        (2..=MAX_WORD_TILES).contains(&tiles.len()).then_some(tiles)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A word holds a character that is no tile of the language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokeniseError {
    pub found: char,
    pub language: Language,
}

impl fmt::Display for TokeniseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a letter of the {} alphabet", self.found, self.language)
    }
}

impl std::error::Error for TokeniseError {}

/// One character to its upper-case tile spelling, or `None` when it is not
/// a letter.
fn fold(c: char, language: Language) -> Option<&'static str> {
    let upper = c.to_uppercase().next()?;
    Some(match upper {
        'A'..='Z' => LATIN[(upper as u8 - b'A') as usize],
        'Á' | 'À' | 'Â' | 'Ä' | 'Ã' | 'Å' => "A",
        'É' | 'È' | 'Ê' | 'Ë' => "E",
        'Í' | 'Ì' | 'Î' | 'Ï' => "I",
        'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' => "O",
        'Ú' | 'Ù' | 'Û' | 'Ü' => "U",
        'Ý' | 'Ÿ' => "Y",
        'Ç' => "C",
        'Œ' => "OE",
        'Æ' => "AE",
        'Ñ' if language == Language::Es => "Ñ",
        'Ñ' => "N",
        _ => return None,
    })
}
