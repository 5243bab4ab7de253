use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wocable_lexicon::{Language, Lexicon};

fn load(c: &mut Criterion) {
    c.bench_function("lexicon/load en", |b| b.iter(|| Lexicon::bundled(black_box(Language::En))));
    c.bench_function("lexicon/load es", |b| b.iter(|| Lexicon::bundled(black_box(Language::Es))));
}

fn lookup(c: &mut Criterion) {
    let lexicon = Lexicon::bundled(Language::En);
    let words: Vec<_> = ["QUIXOTIC", "ZZZ", "AARDVARK", "STREWN", "XYLOPHONES", "QI"]
        .iter()
        .map(|w| Language::En.tokenise(w).expect("ASCII word"))
        .collect();
    c.bench_function("lexicon/lookup", |b| b.iter(|| words.iter().filter(|w| lexicon.contains(black_box(w))).count()));
}

criterion_group!(benches, load, lookup);
criterion_main!(benches);
