//! All-moves generation over the 200 reference positions (wamerican list),
//! the figure to compare with other engines: positions and moves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use wocable_crossword::Scoring;
use wocable_crossword::movegen::generate;
use wocable_crossword::notation::{parse_board, parse_rack};
use wocable_crossword::{Board, Layout, Tile};
use wocable_lexicon::{Language, Lexicon, TileSet, TileSetKind};

const WORDS: &str = include_str!("../tests/data/wamerican-2to15.txt");
const POSITIONS: &str = include_str!("../tests/data/vectors-wamerican.txt");

fn positions() -> Vec<(Board, Vec<Tile>)> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let board = parse_board(Language::En, fields[1]).expect("reference board");
            let rack = parse_rack(Language::En, fields[2]).expect("reference rack");
            (board, rack)
        })
        .collect()
}

fn all_moves(c: &mut Criterion) {
    let (lexicon, _) = Lexicon::import(Language::En, WORDS.as_bytes()).expect("word list");
    let layout = Layout::classic();
    let tiles = TileSet::new(Language::En, TileSetKind::Classic);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: 50 };
    let positions = positions();
    let run = || {
        let (mut moves, mut points) = (0u64, 0u64);
        for (board, rack) in &positions {
            generate(board, rack, &lexicon, &scoring, |_, score, _| {
                moves += 1;
                points += score as u64;
            });
        }
        black_box(points);
        moves
    };
    let total_moves = run();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(format!("all moves, {} positions ({total_moves} moves)", positions.len()), |b| b.iter(run));
    group.finish();
}

criterion_group!(benches, all_moves);
criterion_main!(benches);
