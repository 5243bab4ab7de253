//! The referee's own time for a move: from the message read to its events
//! stored and sent, whatever the client and the network add. Kept as a
//! histogram of powers of two, and logged now and then, so that a slow
//! server cannot hide behind slow clients (or be blamed for them).

use std::time::Duration;
use tracing::info;

/// Buckets of 2^k µs for k = 0..BUCKETS: the last one, from 2^25 µs
/// (about 34 s), holds everything slower.
const BUCKETS: usize = 26;

#[derive(Default)]
pub struct Latencies {
    counts: [u64; BUCKETS],
    max: Duration,
}

impl Latencies {
    pub fn record(&mut self, took: Duration) {
        let micros = took.as_micros().max(1);
        let bucket = (u128::BITS - 1 - micros.leading_zeros()) as usize;
        self.counts[bucket.min(BUCKETS - 1)] += 1;
        self.max = self.max.max(took);
    }

    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The time under which a share `p` (0 to 1) of the moves took: the
    /// upper end of its bucket, so at most twice the truth.
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

    /// Logs the moves since the last time, if any, and starts again.
    pub fn log_and_reset(&mut self) {
        if self.count() == 0 {
            return;
        }
        let (p50, p99, max) = (self.percentile(0.5), self.percentile(0.99), self.max);
        info!(moves = self.count(), ?p50, ?p99, ?max, "the referee's own time for a move");
        *self = Latencies::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_the_upper_end_of_their_power_of_two() {
        let mut latencies = Latencies::default();
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
        latencies.record(Duration::from_secs(3600));
        assert_eq!(latencies.percentile(1.0), Duration::from_secs(3600));
        latencies.log_and_reset();
        assert_eq!(latencies.count(), 0);
    }
}
