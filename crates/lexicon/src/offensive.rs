//! Offensive words per language (§1.3): Trace never asks for one, and a
//! family word list leaves them out. Each list is a maintained, openly
//! licensed one, with the slurs it lacks added (`lexicons/offensive/`).

use crate::alphabet::{Language, Letter};
use std::collections::HashSet;
use std::sync::LazyLock;

/// One language's offensive words, as tiles: each entry of the list with
/// its plurals (+S, +ES). Entries the tile alphabet cannot spell (phrases,
/// hyphenated words) are left out: no word of a game can be one.
#[derive(Clone, Debug, Default)]
pub struct Offensive {
    words: HashSet<Vec<Letter>>,
}

static BUNDLED: LazyLock<[Offensive; 3]> = LazyLock::new(|| {
    Language::ALL.map(|language| {
        let (list, extra) = match language {
            Language::En => (
                include_str!("../../../lexicons/offensive/en.txt"),
                include_str!("../../../lexicons/offensive/extra-en.txt"),
            ),
            Language::Fr => (include_str!("../../../lexicons/offensive/fr.txt"), ""),
            Language::Es => (include_str!("../../../lexicons/offensive/es.txt"), ""),
        };
        Offensive::parse(language, &format!("{list}\n{extra}"))
    })
});

impl Offensive {
    /// Reads one entry a line.
    pub fn parse(language: Language, text: &str) -> Offensive {
        let mut words = HashSet::new();
        for line in text.lines() {
            let Some(word) = language.normalise(line).and_then(|w| language.tokenise(&w).ok()) else { continue };
            if word.len() < 2 {
                continue;
            }
            for suffix in ["S", "ES"] {
                if let Ok(ending) = language.tokenise(suffix) {
                    words.insert([&word[..], &ending].concat());
                }
            }
            words.insert(word);
        }
        Offensive { words }
    }

    /// The list shipped for `language`.
    pub fn bundled(language: Language) -> &'static Offensive {
        &BUNDLED[Language::ALL.iter().position(|l| *l == language).unwrap_or(0)]
    }

    pub fn contains(&self, word: &[Letter]) -> bool {
        self.words.contains(word)
    }

    /// Whether `text`, normalised as a word list's entry is, is listed.
    pub fn contains_word(&self, language: Language, text: &str) -> bool {
        language.normalise(text).and_then(|w| language.tokenise(&w).ok()).is_some_and(|word| self.contains(&word))
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_has_its_list_with_plurals_and_without_phrases() {
        for language in Language::ALL {
            assert!(Offensive::bundled(language).len() > 100, "{language:?}");
        }
        let en = Offensive::bundled(Language::En);
        for word in ["faggot", "FAGGOTS", "Chinks", "retard"] {
            assert!(en.contains_word(Language::En, word), "{word}");
        }
        for word in ["cat", "grass", "class", "cockpit", "scunthorpe"] {
            assert!(!en.contains_word(Language::En, word), "{word}");
        }
        let list = Offensive::parse(Language::En, "two words\nx\nab-cd\nfoo\n");
        assert_eq!(list.len(), 3, "foo, foos and fooes");
    }
}
