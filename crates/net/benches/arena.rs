//! An arena of 10,000 players: a pairing round with everyone free (the
//! first of an arena, the worst), one with a tenth of them free (as play
//! goes on), and the standings.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use wocable_crossword::{Outcome, RuleSetKind};
use wocable_lexicon::Language;
use wocable_net::{AccountId, Arena, ArenaKind};

const PLAYERS: i64 = 10_000;
const START: u64 = 3_600_000;

/// Everyone joined; with `played`, a first round was played and every
/// tenth player is free again.
fn arena(played: bool) -> Arena {
    let kind = ArenaKind { rules: RuleSetKind::Wocable, language: Language::En, players: 2 };
    let mut arena = Arena::new(kind, START, 2 * START);
    for i in 0..PLAYERS {
        let rating = 1000.0 + (i * 7919 % 1200) as f64;
        arena.join(AccountId(i), &format!("p{i}"), rating, START).expect("running");
    }
    if played {
        let pairings = arena.pair(START, |_, _| false);
        for (n, pairing) in pairings.iter().enumerate() {
            if n % 10 == 0 {
                let [a, b] = [pairing.players[0], pairing.players[1]];
                arena.finish(pairing.game, &[(a, Outcome::Win), (b, Outcome::Loss)], START + 1);
            }
        }
    }
    arena
}

fn pairing(c: &mut Criterion) {
    for (name, played) in [("all free", false), ("a tenth free", true)] {
        let ready = arena(played);
        c.bench_function(&format!("arena/pair 10000 players, {name}"), |b| {
            b.iter_batched(
                || ready.clone(),
                |mut arena| arena.pair(START + 2, |_, _| false).len(),
                BatchSize::LargeInput,
            )
        });
    }
    let played = arena(true);
    c.bench_function("arena/standings of 10000 players", |b| b.iter(|| played.standings().len()));
}

criterion_group!(benches, pairing);
criterion_main!(benches);
