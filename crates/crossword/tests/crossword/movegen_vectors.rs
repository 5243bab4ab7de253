//! The move generator finds exactly the placements of the reference
//! positions (`tests/data/vectors-*.txt`): their number, the best score,
//! how many reach it, the sum of all scores, and for 30 English positions
//! every placement with its score. The Spanish positions exercise the
//! digraph tiles CH, LL, RR and Ñ.

use crate::support::{MOVES, POSITIONS, WORDS};
use std::collections::BTreeMap;
use wocable_crossword::Layout;
use wocable_crossword::movegen::generate;
use wocable_crossword::notation::{parse_board, parse_rack};
use wocable_crossword::{Scoring, check_words, score_placement};
use wocable_lexicon::{Language, Lexicon, TileSet, TileSetKind};

fn lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split(' ').collect())
}

const SPANISH_POSITIONS: &str = include_str!("../data/vectors-es.txt");
const SPANISH_WORDS: &[u8] = include_bytes!("../data/es-words.txt.gz");

fn square_name(pos: wocable_crossword::Pos, letter: &str, blank: bool) -> String {
    let letter = if blank { letter.to_lowercase() } else { letter.to_string() };
    format!("{}{}{letter}", pos.column_name(), pos.row + 1)
}

#[test]
fn generator_matches_every_english_reference_position() {
    let (lexicon, _) = Lexicon::import(Language::En, WORDS.as_bytes()).unwrap();
    assert_minimal(&lexicon);
    let mut expected_moves: BTreeMap<usize, BTreeMap<String, u32>> = BTreeMap::new();
    for fields in lines(MOVES) {
        expected_moves
            .entry(fields[0].parse().unwrap())
            .or_default()
            .insert(fields[2].to_string(), fields[1].parse().unwrap());
    }
    assert_eq!(check_positions(&lexicon, POSITIONS, &expected_moves), 200);
}

#[test]
fn generator_matches_every_spanish_reference_position() {
    let mut words = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(SPANISH_WORDS), &mut words).unwrap();
    let (lexicon, report) = Lexicon::import(Language::Es, &words).unwrap();
    assert_eq!(report.words, 603_622);
    assert_eq!(check_positions(&lexicon, SPANISH_POSITIONS, &BTreeMap::new()), 120);
}

/// Checks every position of a vectors file; the number of positions.
fn check_positions(lexicon: &Lexicon, text: &str, expected_moves: &BTreeMap<usize, BTreeMap<String, u32>>) -> usize {
    let language = lexicon.language();
    let layout = Layout::classic();
    let tiles = TileSet::new(language, TileSetKind::Classic);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: 50 };
    let mut positions = 0;
    for fields in lines(text) {
        let id: usize = fields[0].parse().unwrap();
        let board = parse_board(language, fields[1]).unwrap();
        let rack = parse_rack(language, fields[2]).unwrap();
        let expected: Vec<u64> = fields[4..8].iter().map(|f| f.parse().unwrap()).collect();
        let mut found: BTreeMap<String, u32> = BTreeMap::new();
        let mut first_few_checked = 0;
        generate(&board, &rack, lexicon, &scoring, |placed, score, _| {
            let mut squares: Vec<_> = placed.to_vec();
            squares.sort_by_key(|(pos, _)| *pos);
            let key = squares
                .iter()
                .map(|(pos, t)| square_name(*pos, language.label(t.letter), t.blank))
                .collect::<Vec<_>>()
                .join(",");
            // The rules engine agrees with the generator (spot checks).
            if first_few_checked < 20 {
                let play = score_placement(&board, placed, &scoring).unwrap_or_else(|e| panic!("{id} {key}: {e}"));
                check_words(&play, lexicon).unwrap_or_else(|e| panic!("{id} {key}: {e}"));
                assert_eq!(play.score, score, "{id} {key}");
                first_few_checked += 1;
            }
            assert!(found.insert(key.clone(), score).is_none(), "{id}: {key} found twice");
        });
        let best = found.values().copied().max().unwrap_or(0);
        let summary = [
            found.len() as u64,
            best as u64,
            found.values().filter(|s| **s == best).count() as u64,
            found.values().map(|s| *s as u64).sum(),
        ];
        if let Some(moves) = expected_moves.get(&id) {
            let missing: Vec<_> = moves.iter().filter(|(k, _)| !found.contains_key(*k)).take(5).collect();
            let extra: Vec<_> = found.iter().filter(|(k, _)| !moves.contains_key(*k)).take(5).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{id}: missing {missing:?}, extra {extra:?}");
            assert_eq!(&found, moves, "{id}");
        }
        assert_eq!(summary.as_slice(), expected.as_slice(), "position {id}: nplace best nbest sumscore");
        positions += 1;
    }
    positions
}

/// No two nodes of the word graph are equal (the fst builder alone leaves
/// many: its cache of nodes to share is bounded).
fn assert_minimal(lexicon: &Lexicon) {
    use wocable_lexicon::graph::ROOT;
    let graph = lexicon.graph();
    let (mut seen, mut nodes) = (std::collections::HashSet::new(), std::collections::HashSet::new());
    let mut todo = vec![ROOT];
    while let Some(node) = todo.pop() {
        if node == 0 || !seen.insert(node) {
            continue;
        }
        let arcs: Vec<(u8, bool, u32)> = graph.arcs(node).map(|a| (a.letter(), a.accepts(), a.child())).collect();
        todo.extend(arcs.iter().map(|(_, _, child)| *child));
        nodes.insert(arcs);
    }
    assert_eq!(nodes.len(), seen.len(), "equal nodes stored twice");
}
