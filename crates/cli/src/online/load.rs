//! `online load`: many rooms of bots at once, and the turn latency (a move
//! sent → every client in the room has it).

use super::bot::{Bot, Watch};
use super::lobby::Lobby;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::Language;
use wocable_net::{RoomCode, RoomSettings};

/// When each turn was sent, and when each client saw it.
struct Turn {
    sent: Option<Instant>,
    seen: Vec<Instant>,
}

pub struct Latencies {
    players: usize,
    turns: Mutex<HashMap<(RoomCode, usize), Turn>>,
}

impl Latencies {
    fn turn(&self, code: RoomCode, turn: usize, change: impl FnOnce(&mut Turn)) {
        let mut turns = self.turns.lock().unwrap_or_else(|p| p.into_inner());
        change(turns.entry((code, turn)).or_insert(Turn { sent: None, seen: Vec::new() }));
    }

    /// Milliseconds from sending to the last client seeing it, per turn
    /// every client saw.
    fn measured(&self) -> Vec<f64> {
        let turns = self.turns.lock().unwrap_or_else(|p| p.into_inner());
        let mut out: Vec<f64> = turns
            .values()
            .filter(|t| t.seen.len() == self.players)
            .filter_map(|t| Some(t.seen.iter().max()?.duration_since(t.sent?).as_secs_f64() * 1000.0))
            .collect();
        out.sort_by(f64::total_cmp);
        out
    }
}

impl Watch for Latencies {
    fn sent(&self, code: RoomCode, turn: usize, at: Instant) {
        self.turn(code, turn, |t| t.sent = Some(at));
    }

    fn seen(&self, code: RoomCode, turn: usize, at: Instant) {
        self.turn(code, turn, |t| t.seen.push(at));
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(((sorted.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0)
}

pub async fn run(server: &str, rooms: usize, players: usize, level: Level, pause: Duration) -> Result<(), String> {
    let lobby = Lobby::new(server);
    let latencies = Arc::new(Latencies { players, turns: Mutex::default() });
    let started = Instant::now();
    let mut bots = Vec::new();
    for _ in 0..rooms {
        let settings = RoomSettings {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players,
            clock: None,
            word_list: None,
            hints: false,
            days: None,
        };
        let code = lobby.create(&settings, &[]).await?;
        for seat in 0..players {
            let joined = lobby.join(code, &format!("player{seat}")).await?;
            let watch: Arc<dyn Watch> = latencies.clone();
            let bot = Bot { lobby: lobby.clone(), joined, level, pause, watch: Some(watch) };
            bots.push(tokio::spawn(bot.play()));
        }
    }
    let mut finished = 0;
    let mut failed = Vec::new();
    for bot in bots {
        match bot.await {
            Ok(Ok(_)) => finished += 1,
            Ok(Err(e)) => failed.push(e),
            Err(e) => failed.push(e.to_string()),
        }
    }
    let measured = latencies.measured();
    println!("rooms held: {rooms} of {players} players ({} of {} bots finished)", finished, rooms * players);
    println!(
        "turn latency over {} turns: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        measured.len(),
        percentile(&measured, 0.5),
        percentile(&measured, 0.99),
        measured.last().copied().unwrap_or(0.0)
    );
    println!("wall time: {:.1} s", started.elapsed().as_secs_f64());
    if let Some(first) = failed.first() {
        return Err(format!("{} bots failed; the first: {first}", failed.len()));
    }
    Ok(())
}
