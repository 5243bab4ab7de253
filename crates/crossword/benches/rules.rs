//! Validating and scoring moves, on the reference positions.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wocable_crossword::notation::{parse_board, parse_move};
use wocable_crossword::{Board, Game, GameConfig, Intent, Layout, Placement, RuleSetKind, gcg};
use wocable_crossword::{Scoring, check_words, score_placement};
use wocable_lexicon::{Language, Lexicon, TileSet, TileSetKind};

const POSITIONS: &str = include_str!("../tests/data/vectors-wamerican.txt");

/// The best move of each reference position, ready to score.
fn positions() -> Vec<(Board, Placement)> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let board = parse_board(Language::En, fields.get(1)?).ok()?;
            let placement = parse_move(Language::En, &board, fields.get(8)?, fields.get(9)?).ok()?;
            Some((board, placement))
        })
        .collect()
}

fn validate_and_score(c: &mut Criterion) {
    let positions = positions();
    let lexicon = Lexicon::bundled(Language::En);
    let layout = Layout::classic();
    let tiles = TileSet::new(Language::En, TileSetKind::Classic);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: 50 };
    c.bench_function(&format!("crossword/score {} moves", positions.len()), |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|(board, placement)| score_placement(board, black_box(placement), &scoring).map_or(0, |p| p.score))
                .sum::<u32>()
        })
    });
    c.bench_function(&format!("crossword/validate and score {} moves", positions.len()), |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|(board, placement)| score_placement(board, black_box(placement), &scoring).ok())
                .filter(|play| check_words(play, &lexicon).is_ok())
                .count()
        })
    });
}

fn game_log(c: &mut Criterion) {
    let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 1);
    let mut game = Game::new(config, Lexicon::bundled(Language::En)).expect("valid configuration");
    for _ in 0..3 {
        let seat = game.turn();
        let tiles = game.rack(seat)[..2].to_vec();
        game.apply(Intent::Exchange { seat, tiles }).expect("the bag is full");
    }
    let text = gcg::export(&game);
    c.bench_function("crossword/restore a saved game", |b| {
        b.iter(|| Game::restore(black_box(&game.save()), game.lexicon().clone()).map(|g| g.scores().len()))
    });
    c.bench_function("crossword/gcg parse", |b| b.iter(|| gcg::parse(black_box(&text)).map(|r| r.entries.len())));
}

criterion_group!(benches, validate_and_score, game_log);
criterion_main!(benches);
