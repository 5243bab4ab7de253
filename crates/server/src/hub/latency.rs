//! The referee's own time for a move: from the message read to its events
//! stored and sent, whatever the client and the network add; the database
//! write inside it (one commit for the moves that came together); and
//! every step the hub takes (the messages waiting, a command from the
//! lobby, a tick), since a message waits for the steps before it. Kept as histograms of powers of two, and logged now and then, so
//! that a slow server cannot hide behind slow clients (or be blamed for
//! them).

use std::time::Duration;
use tracing::info;

/// Buckets of 2^k µs for k = 0..BUCKETS: the last one, from 2^25 µs
/// (about 34 s), holds everything slower.
const BUCKETS: usize = 26;

#[derive(Clone, Copy, Default)]
pub struct Histogram {
    counts: [u64; BUCKETS],
    max: Duration,
}

impl Histogram {
    pub fn record(&mut self, took: Duration) {
        let micros = took.as_micros().max(1);
        let bucket = (u128::BITS - 1 - micros.leading_zeros()) as usize;
        self.counts[bucket.min(BUCKETS - 1)] += 1;
        self.max = self.max.max(took);
    }

    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The time under which a share `p` (0 to 1) took: the upper end of
    /// its bucket, so at most twice the truth.
    pub fn percentile(&self, p: f64) -> Duration {
        let wanted = (p * self.count() as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (bucket, count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= wanted && bucket < BUCKETS - 1 {
                return Duration::from_micros(1 << (bucket + 1)).min(self.max);
            }
        }
        self.max
    }

    /// How many took `at_least` or more, counted by whole buckets: those
    /// from the bucket `at_least` is in.
    pub fn slower_than(&self, at_least: Duration) -> u64 {
        let micros = at_least.as_micros().max(1);
        let from = (u128::BITS - 1 - micros.leading_zeros()) as usize;
        self.counts.iter().skip(from).sum()
    }
}

#[derive(Default)]
pub struct Latencies {
    /// A move: its message read to its events stored and sent.
    pub moves: Histogram,
    /// Each commit of the events that came together.
    pub writes: Histogram,
    /// The rooms' steps those commits stored.
    pub stored: u64,
    /// Each step of the hub's loop, whatever it was.
    pub steps: Histogram,
    /// The slowest step, and what it was.
    pub slowest: Option<(Duration, &'static str)>,
}

impl Latencies {
    /// A step of the hub's loop, named.
    pub fn step(&mut self, what: &'static str, took: Duration) {
        self.steps.record(took);
        if self.slowest.is_none_or(|(slowest, _)| took > slowest) {
            self.slowest = Some((took, what));
        }
    }

    /// Logs the moves since the last time, if any, and starts again.
    pub fn log_and_reset(&mut self) {
        if self.moves.count() == 0 {
            return;
        }
        let figures = |h: &Histogram| (h.count(), h.percentile(0.5), h.percentile(0.99), h.max);
        let (moves, p50, p99, max) = figures(&self.moves);
        info!(moves, ?p50, ?p99, ?max, "the referee's own time for a move");
        let (writes, p50, p99, max) = figures(&self.writes);
        let steps = self.stored;
        info!(writes, steps, ?p50, ?p99, ?max, "the database's time to store the events that came together");
        let (steps, p50, p99, max) = figures(&self.steps);
        let over_16ms = self.steps.slower_than(Duration::from_micros(1 << 14));
        let slowest = self.slowest.map_or("", |(_, what)| what);
        info!(steps, ?p50, ?p99, ?max, slowest, over_16ms, "the hub's time for each step");
        *self = Latencies::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_the_upper_end_of_their_power_of_two() {
        let mut latencies = Histogram::default();
        assert_eq!(latencies.percentile(0.99), Duration::ZERO);
        for _ in 0..98 {
            latencies.record(Duration::from_micros(300));
        }
        latencies.record(Duration::from_millis(40));
        latencies.record(Duration::from_millis(90));
        assert_eq!(latencies.count(), 100);
        assert_eq!(latencies.percentile(0.5), Duration::from_micros(512), "300 µs is in [256, 512)");
        assert_eq!(latencies.percentile(0.99), Duration::from_micros(1 << 16), "40 ms is in [32.8, 65.5) ms");
        assert_eq!(latencies.percentile(1.0), Duration::from_millis(90), "never above the slowest");
        assert_eq!(latencies.slower_than(Duration::from_millis(33)), 2);
        assert_eq!(latencies.slower_than(Duration::from_millis(70)), 1, "90 ms is in [65.5, 131) ms");
        latencies.record(Duration::from_secs(3600));
        assert_eq!(latencies.percentile(1.0), Duration::from_secs(3600));
    }

    #[test]
    fn the_slowest_step_is_named_and_a_log_starts_again() {
        let mut latencies = Latencies::default();
        latencies.step("tick", Duration::from_millis(3));
        latencies.step("message", Duration::from_millis(30));
        latencies.step("command", Duration::from_millis(2));
        assert_eq!(latencies.slowest, Some((Duration::from_millis(30), "message")));
        latencies.moves.record(Duration::from_millis(1));
        latencies.log_and_reset();
        assert_eq!((latencies.moves.count(), latencies.steps.count()), (0, 0));
    }
}
