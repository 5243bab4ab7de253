//! The scorer agrees with the reference placements of
//! `tests/data/vectors-wamerican-moves.txt` (8,726 placements over 30
//! positions, each with its exact score).

use crate::support::{MOVES, POSITIONS, WORDS};
use wocable_crossword::notation::parse_board;
use wocable_crossword::{Board, PlacedTile, Pos};
use wocable_crossword::{Layout, RuleSetKind};
use wocable_crossword::{Scoring, check_words, score_placement};
use wocable_lexicon::{Language, Lexicon, TileSet, TileSetKind};

fn boards() -> Vec<Board> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse_board(Language::En, l.split(' ').nth(1).unwrap()).unwrap())
        .collect()
}

/// `D8A` → column D, row 8, tile A (lower case: a blank).
fn parse_square(text: &str) -> (Pos, PlacedTile) {
    let mut chars: Vec<char> = text.chars().collect();
    let letter = chars.pop().unwrap();
    let col = (chars[0] as u8 - b'A') as usize;
    let row: usize = chars[1..].iter().collect::<String>().parse().unwrap();
    let tile = PlacedTile {
        letter: Language::En.letter(&letter.to_ascii_uppercase().to_string()).unwrap(),
        blank: letter.is_ascii_lowercase(),
    };
    (Pos::new(row - 1, col).unwrap(), tile)
}

#[test]
fn every_reference_placement_scores_exactly() {
    let (lexicon, report) = Lexicon::import(Language::En, WORDS.as_bytes()).unwrap();
    assert_eq!(report.words, 63_612);
    let boards = boards();
    assert_eq!(boards.len(), 200);
    let layout = Layout::classic();
    let tiles = TileSet::new(Language::En, TileSetKind::Classic);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: RuleSetKind::Wocable.rules().bingo_bonus };
    let mut checked = 0;
    for line in MOVES.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(' ').collect();
        let id: usize = fields[0].parse().unwrap();
        let expected: u32 = fields[1].parse().unwrap();
        let placement: Vec<_> = fields[2].split(',').map(parse_square).collect();
        let play =
            score_placement(&boards[id], &placement, &scoring).unwrap_or_else(|e| panic!("{line}: refused: {e}"));
        check_words(&play, &lexicon).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(play.score, expected, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 8_726);
}

#[test]
fn best_moves_of_all_positions_are_legal_with_their_score() {
    let (lexicon, _) = Lexicon::import(Language::En, WORDS.as_bytes()).unwrap();
    let layout = Layout::classic();
    let tiles = TileSet::new(Language::En, TileSetKind::Classic);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: 50 };
    let mut checked = 0;
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(' ').collect();
        let board = parse_board(Language::En, fields[1]).unwrap();
        let (nplace, best): (usize, u32) = (fields[4].parse().unwrap(), fields[5].parse().unwrap());
        if nplace == 0 {
            continue;
        }
        let placement = wocable_crossword::notation::parse_move(Language::En, &board, fields[8], fields[9])
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        let play = score_placement(&board, &placement, &scoring).unwrap();
        check_words(&play, &lexicon).unwrap();
        assert_eq!(play.score, best, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 194, "every position with a legal placement");
}
