//! Per-peer rate limits (§5.6): a bucket of messages that refills with
//! time. Past the bucket a message is refused; far past it, the peer is
//! flooding and is dropped.

/// What to do with a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept,
    Refuse,
    Flood,
}

#[derive(Clone, Debug)]
pub struct RateLimit {
    /// Messages that may come at once.
    burst: f64,
    per_second: f64,
    tokens: f64,
    /// Messages refused since the last accepted one.
    refused: u32,
    last: u64,
}

/// Refused messages in a row after which a peer is dropped.
const FLOOD: u32 = 50;

impl RateLimit {
    pub fn new(burst: u32, per_second: u32, now: u64) -> RateLimit {
        RateLimit { burst: burst.into(), per_second: per_second.into(), tokens: burst.into(), refused: 0, last: now }
    }

    pub fn check(&mut self, now: u64) -> Verdict {
        let elapsed = now.saturating_sub(self.last) as f64 / 1000.0;
        self.last = now.max(self.last);
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused = 0;
            Verdict::Accept
        } else {
            self.refused += 1;
            if self.refused >= FLOOD { Verdict::Flood } else { Verdict::Refuse }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_a_flood_is_dropped_and_time_refills() {
        let mut limit = RateLimit::new(5, 10, 0);
        assert!((0..5).all(|_| limit.check(0) == Verdict::Accept));
        assert_eq!(limit.check(0), Verdict::Refuse);
        assert_eq!(limit.check(100), Verdict::Accept, "a tenth of a second brings one more");
        let verdicts: Vec<Verdict> = (0..FLOOD).map(|_| limit.check(100)).collect();
        assert_eq!(verdicts.last(), Some(&Verdict::Flood));
        assert_eq!(limit.check(1_000), Verdict::Accept);
    }
}
