//! The leaderboard of a rating list with 1,000,000 settled players, on
//! PostgreSQL, through the server's HTTP API: the first page, a page deep
//! down, and a player's own place among them. Needs a PostgreSQL server
//! whose user may make databases: `WOCABLE_BENCH_POSTGRES=postgres://…`
//! (`cargo xtask test` starts one for the tests; see README). Without it,
//! the bench says so and measures nothing.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use std::process::Child;
use std::time::Duration;
use support::{BenchServer, fresh_server, psql};

const PLAYERS: u32 = 1_000_000;
const DATABASE: &str = "wocable_leaderboard_bench";

/// The server on a fresh database, which its migrations made, filled
/// with players whose ratings spread over 800–2200, counted as games
/// count them.
fn server(admin: &str) -> (Child, String) {
    let BenchServer { child, url, db } = fresh_server(admin, DATABASE, &[]);
    psql(
        &db,
        &format!(
            "INSERT INTO players (id, nick, folded, key_hash, recovery_hash, created_ms) \
             SELECT g, 'p' || g, 'p' || g, 'k' || g, 'r', 0 FROM generate_series(1, {PLAYERS}) g; \
             INSERT INTO ratings (player, rules, language, rating, deviation, volatility, games, wins, draws, \
             losses, turns, points, bingos) \
             SELECT g, 'wocable', 'en', 1500 + 700 * sin(g), 50 + g % 60, 0.06, 20, 10, 0, 10, 200, 4000, 3 \
             FROM generate_series(1, {PLAYERS}) g; \
             INSERT INTO rating_counts (rules, language, rating_point, players) \
             SELECT 'wocable', 'en', floor(rating), COUNT(*) FROM ratings WHERE deviation <= 110 GROUP BY 3"
        ),
    );
    // As autovacuum leaves a table that has settled.
    psql(&db, "VACUUM ANALYZE");
    (child, url)
}

fn leaderboard(c: &mut Criterion) {
    let Ok(admin) = std::env::var("WOCABLE_BENCH_POSTGRES") else {
        eprintln!("leaderboard: WOCABLE_BENCH_POSTGRES is not set: nothing measured");
        return;
    };
    let (mut child, url) = server(&admin);
    let http = reqwest::blocking::Client::new();
    let get = |query: &str| {
        let answer = http.get(format!("{url}/api/leaderboard?rules=wocable&lang=en{query}")).send().expect("answered");
        assert!(answer.status().is_success());
        answer.bytes().expect("read")
    };
    let mut group = c.benchmark_group("leaderboard of 1,000,000");
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("first page", |b| b.iter(|| get("")));
    group.bench_function("page 10,000", |b| b.iter(|| get("&page=10000")));
    group.bench_function("first page and a player's place", |b| b.iter(|| get("&me=p500000")));
    group.finish();
    let _ = child.kill();
    let _ = child.wait();
    psql(&admin, &format!("DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"));
}

criterion_group!(benches, leaderboard);
criterion_main!(benches);
