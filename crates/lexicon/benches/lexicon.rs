use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wocable_lexicon::{Language, Lexicon};

/// The English list shipped, as a player might bring a list of their own.
const ENGLISH: &str = include_str!("../../../lexicons/en.txt");

fn load(c: &mut Criterion) {
    c.bench_function("lexicon/load en", |b| b.iter(|| Lexicon::bundled(black_box(Language::En))));
    c.bench_function("lexicon/load es", |b| b.iter(|| Lexicon::bundled(black_box(Language::Es))));
}

/// A list brought by a player: built once, then opened from its file.
fn built(c: &mut Criterion) {
    let (lexicon, _) = Lexicon::import(Language::En, ENGLISH.as_bytes()).expect("the list builds");
    let file = lexicon.to_file("English", "en.txt");
    let bundled = Lexicon::bundled(Language::En);
    eprintln!(
        "lexicon/memory: built en {} bytes, bundled en {} bytes; file {} bytes",
        lexicon.held_bytes(),
        bundled.held_bytes(),
        file.len()
    );
    c.bench_function("lexicon/open built en", |b| b.iter(|| Lexicon::open_file(black_box(&file))));
    let mut group = c.benchmark_group("lexicon/build");
    group.sample_size(10);
    group.bench_function("en", |b| b.iter(|| Lexicon::import(Language::En, black_box(ENGLISH.as_bytes()))));
    group.finish();
}

fn lookup(c: &mut Criterion) {
    let lexicon = Lexicon::bundled(Language::En);
    let words: Vec<_> = ["QUIXOTIC", "ZZZ", "AARDVARK", "STREWN", "XYLOPHONES", "QI"]
        .iter()
        .map(|w| Language::En.tokenise(w).expect("ASCII word"))
        .collect();
    c.bench_function("lexicon/lookup", |b| b.iter(|| words.iter().filter(|w| lexicon.contains(black_box(w))).count()));
}

criterion_group!(benches, load, built, lookup);
criterion_main!(benches);
