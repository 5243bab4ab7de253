//! Any text as a GCG record: parsing and replaying never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wocable_crossword::{RuleSetKind, gcg};
use wocable_lexicon::{Language, Lexicon};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = gcg::parse(&text) {
        let rules = RuleSetKind::ALL[data.len() % 3];
        let language = Language::ALL[data.first().copied().unwrap_or(0) as usize % 3];
        if let Ok(game) = gcg::replay(&record, rules, Lexicon::bundled(language)) {
            let _ = gcg::export(&game);
        }
    }
});
