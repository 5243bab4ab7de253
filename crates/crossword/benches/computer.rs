//! The Champion's move (`computer::choose`: equity, look-ahead over 12
//! racks, or the endgame search) at the start, the middle and the end of
//! a game, English, Wocable rules: the issue asks for at most a second.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wocable_crossword::computer::{LeaveModel, Level, choose};
use wocable_crossword::{Game, GameConfig, RuleSetKind};
use wocable_lexicon::{Language, Lexicon};

/// A game played by Strong until `stop` holds.
fn position(seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, seed);
    let mut game = Game::new(config, Lexicon::bundled(Language::En)).expect("a game");
    let zero = LeaveModel::zero(Language::En);
    while !game.is_over() && !stop(&game) {
        game.apply(choose(&game, Level::Strong, &zero, seed)).expect("a legal move");
    }
    game
}

fn champion(c: &mut Criterion) {
    let leaves = LeaveModel::bundled(Language::En);
    let positions = [
        ("opening", position(1, |_| true)),
        ("middle game", position(1, |g| g.bag().len() <= 50)),
        ("endgame", position(1, |g| g.bag().is_empty())),
    ];
    for (name, game) in &positions {
        c.bench_function(&format!("champion/{name}"), |b| {
            b.iter(|| choose(black_box(game), Level::Champion, &leaves, 7))
        });
    }
}

criterion_group!(benches, champion);
criterion_main!(benches);
