//! Solving a 5×5 grid (goal ≤ 1 ms) and drawing a puzzle with its
//! crossword (goal ≤ 50 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wocable_lexicon::{Language, Lexicon};
use wocable_trace::solver::solve;
use wocable_trace::{Familiar, Mode, Shape, generate};

fn solving(c: &mut Criterion) {
    let lexicon = Lexicon::bundled(Language::En);
    let grid = Language::En.tokenise("SERSPATGLINESERSPATGLINES").expect("ASCII letters");
    c.bench_function("trace/solve 5x5 grid", |b| {
        b.iter(|| solve(&lexicon, Shape::Grid { side: 5 }, black_box(&grid)).len())
    });
    let wheel = Language::En.tokenise("STRAINE").expect("ASCII letters");
    c.bench_function("trace/solve wheel of 7", |b| {
        b.iter(|| solve(&lexicon, Shape::Wheel { letters: 7 }, black_box(&wheel)).len())
    });
}

fn puzzles(c: &mut Criterion) {
    for language in [Language::En, Language::Fr] {
        let lexicon = Lexicon::bundled(language);
        let familiar = Familiar::bundled(language);
        for mode in [Mode::Circle, Mode::Grid] {
            let mut seed = 0;
            c.bench_function(&format!("trace/puzzle {} {language}", mode.name()), |b| {
                b.iter(|| {
                    seed += 1;
                    generate(mode, 4, &lexicon, &familiar, seed).map(|p| p.targets.len())
                })
            });
        }
    }
}

criterion_group!(benches, solving, puzzles);
criterion_main!(benches);
