//! Games that last days at scale, on PostgreSQL, through the server's HTTP
//! API: 100,000 games in the database, and a member with 50 of them who
//! opens their list and makes moves. It prints the latency of each (the
//! median, the 99th percentile and the worst) and the server's memory
//! while it holds them. Needs a PostgreSQL server whose user may make
//! databases: `WOCABLE_BENCH_POSTGRES=postgres://…` (see README); without
//! it, the bench says so and measures nothing. Run with `cargo bench -p
//! wocable-server --bench days`.

mod support;

use serde_json::{Value, json};
use std::process::Child;
use std::time::{Duration, Instant};
use support::{BenchServer, fresh_server, psql};

const GAMES: u32 = 100_000;
const MINE: usize = 50;
const LISTS: usize = 200;
const DATABASE: &str = "wocable_days_bench";

/// The server's resident memory, in MiB.
fn memory_mib(server: &Child) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.id())).unwrap_or_default();
    let kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next().and_then(|kib| kib.parse::<f64>().ok()));
    kib.unwrap_or(0.0) / 1024.0
}

struct Api {
    url: String,
    http: reqwest::blocking::Client,
}

impl Api {
    fn post(&self, path: &str, body: Value) -> Value {
        let answer = self.http.post(format!("{}{path}", self.url)).json(&body).send().expect("answered");
        assert!(answer.status().is_success(), "{path}: {}", answer.status());
        answer.json().unwrap_or(Value::Null)
    }

    fn account(&self, nick: &str) -> String {
        self.post("/api/players", json!({ "nick": nick }))["key"].as_str().unwrap().to_string()
    }
}

/// Percentiles of `times`, in ms: the median, the 99th and the worst.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1000.0;
    format!("median {:.1} ms, p99 {:.1} ms, worst {:.1} ms ({} asked)", at(0.5), at(0.99), at(1.0), times.len())
}

fn main() {
    let Ok(admin) = std::env::var("WOCABLE_BENCH_POSTGRES") else {
        eprintln!("days: WOCABLE_BENCH_POSTGRES is not set: nothing measured");
        return;
    };
    let BenchServer { child: mut server, url, db } = fresh_server(&admin, DATABASE, &["--no-address-limits"]);
    let api = Api { url, http: Default::default() };
    let started = memory_mib(&server);

    // The member's 50 games, each against another member, made and joined
    // as the app makes them.
    let me = api.account("Me");
    let mut games = Vec::new();
    for n in 0..MINE {
        let other = api.account(&format!("Other{n}"));
        let settings = json!({ "rules": "wocable", "language": "en", "players": 2, "clock": null, "days": 3 });
        let code = api.post("/api/rooms", settings)["code"].as_str().unwrap().to_string();
        for key in [&me, &other] {
            api.post(&format!("/api/rooms/{code}/join"), json!({ "name": "x", "key": key }));
        }
        games.push((code, other));
    }
    // The others' 99,950, copies of the first of them between players of
    // their own, written straight into the database.
    let with_mine = memory_mib(&server);
    let template = &games[0].0;
    let others = GAMES as usize - MINE;
    let filled = Instant::now();
    psql(
        &db,
        &format!(
            "INSERT INTO players (id, nick, folded, key_hash, recovery_hash, created_ms) \
             SELECT -g, 'f' || g, 'f' || g, 'k' || g, 'r', 0 FROM generate_series(1, {players}) g; \
             INSERT INTO rooms (code, settings, seed, seed_text, seats, finished, created_ms, rules_edition) \
             SELECT 'F' || g, settings, seed, seed_text, seats, FALSE, created_ms, rules_edition \
             FROM rooms, generate_series(1, {others}) g WHERE code = '{template}'; \
             INSERT INTO events (code, seq, event) SELECT 'F' || g, seq, event \
             FROM events, generate_series(1, {others}) g WHERE code = '{template}'; \
             INSERT INTO correspondence (code, days, version, deadline_ms, turn_seat, summary, changed_ms) \
             SELECT 'F' || g, days, version, deadline_ms + g, turn_seat, summary, changed_ms \
             FROM correspondence, generate_series(1, {others}) g WHERE code = '{template}'; \
             INSERT INTO correspondence_seats (player, code, seat) \
             SELECT -(2 * g - 1 + s), 'F' || g, s FROM generate_series(1, {others}) g, generate_series(0, 1) s",
            players = 2 * others,
        ),
    );
    // As autovacuum leaves tables that have settled.
    psql(&db, "VACUUM ANALYZE");
    let count: Value = api.post("/api/games", json!({ "key": me }));
    assert_eq!(count["games"].as_array().map(Vec::len), Some(MINE), "the member's list holds their games");
    println!(
        "days: {GAMES} games in the database (the others' {others} written in {:.1} s)",
        filled.elapsed().as_secs_f64()
    );
    println!(
        "days: server memory {started:.1} MiB at start, {with_mine:.1} MiB with the member's 50, {:.1} MiB with all",
        memory_mib(&server)
    );

    // The member opens their list, again and again.
    let lists: Vec<Duration> = (0..LISTS)
        .map(|_| {
            let asked = Instant::now();
            let list = api.post("/api/games", json!({ "key": me }));
            let took = asked.elapsed();
            assert_eq!(list["games"].as_array().map(Vec::len), Some(MINE));
            took
        })
        .collect();
    println!("days: the list of {MINE} games: {}", summary(lists));

    // A move in each game where it is the member's turn (the other moving
    // first where it is theirs): a pass, twice round the games.
    let mut moves = Vec::new();
    for _ in 0..2 {
        for (code, other) in &games {
            let view = |key: &str| api.post(&format!("/api/games/{code}"), json!({ "key": key, "since": 0 }));
            let game = view(&me);
            if game["finished"].is_object() || game["finished"].is_array() {
                continue;
            }
            let (mine, turn) = (game["seat"].as_u64(), game["clock"]["seat"].as_u64());
            let mut at = game["next"].as_u64().unwrap();
            if turn != mine {
                let theirs = view(other);
                let pass = json!({ "Pass": { "seat": theirs["seat"] } });
                let moved =
                    api.post(&format!("/api/games/{code}/move"), json!({ "key": other, "at": at, "intent": pass }));
                at = moved["next"].as_u64().unwrap();
            }
            let pass = json!({ "Pass": { "seat": mine } });
            let asked = Instant::now();
            api.post(&format!("/api/games/{code}/move"), json!({ "key": me, "at": at, "intent": pass }));
            moves.push(asked.elapsed());
        }
    }
    println!("days: a move: {}", summary(moves));
    println!("days: server memory {:.1} MiB after the moves", memory_mib(&server));
    let _ = server.kill();
    let _ = server.wait();
    psql(&admin, &format!("DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"));
}
