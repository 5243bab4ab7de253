//! Any board string and move: parsing, checking and scoring never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wocable_crossword::notation::{parse_board, parse_move, parse_rack};
use wocable_crossword::{Scoring, check_words, score_placement};
use wocable_crossword::{Layout, RuleSetKind};
use wocable_lexicon::{Language, Lexicon, TileSet};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut parts = text.splitn(4, '\n');
    let (Some(board), Some(position), Some(word)) = (parts.next(), parts.next(), parts.next()) else { return };
    let language = Language::ALL[data.len() % 3];
    let rules = RuleSetKind::ALL[data.first().copied().unwrap_or(0) as usize % 3];
    let _ = parse_rack(language, word);
    let _ = Layout::parse(board, wocable_crossword::Premium::DoubleWord);
    let Ok(board) = parse_board(language, board) else { return };
    let Ok(placement) = parse_move(language, &board, position, word) else { return };
    let layout = rules.layout();
    let tiles = TileSet::new(language, rules.rules().tiles);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: rules.rules().bingo_bonus };
    if let Ok(play) = score_placement(&board, &placement, &scoring) {
        let _ = check_words(&play, &Lexicon::bundled(language));
    }
});
