//! Any bytes as a player's word list or lexicon file: import and search
//! never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wocable_lexicon::{AnagramMode, Language, Lexicon};

fuzz_target!(|data: &[u8]| {
    let language = Language::ALL[data.len() % 3];
    if let Ok((lexicon, report)) = Lexicon::load_file_bytes(language, data.to_vec()) {
        assert_eq!(lexicon.len(), report.words);
        let text = String::from_utf8_lossy(data);
        let _ = lexicon.matching(&text, 10);
        let _ = lexicon.prefixed(&text, 10);
        let _ = lexicon.containing(&text, 10);
        let _ = lexicon.anagrams(&text, AnagramMode::Exact, 10);
    }
});
