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

    /// A limit for what is rarer than once a second.
    pub fn per_hour(burst: u32, per_hour: u32, now: u64) -> RateLimit {
        RateLimit { per_second: f64::from(per_hour) / 3600.0, ..RateLimit::new(burst, 0, now) }
    }

    /// Whether the bucket has refilled: it then says no more than a new one.
    pub fn is_full(&self, now: u64) -> bool {
        self.tokens + now.saturating_sub(self.last) as f64 / 1000.0 * self.per_second >= self.burst
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

    #[test]
    fn an_hourly_limit_refills_slowly_and_says_when_it_is_full() {
        let mut limit = RateLimit::per_hour(2, 60, 0);
        assert!(limit.is_full(0));
        assert_eq!(
            (limit.check(0), limit.check(0), limit.check(0)),
            (Verdict::Accept, Verdict::Accept, Verdict::Refuse)
        );
        assert_eq!(limit.check(59_000), Verdict::Refuse, "one a minute");
        assert_eq!(limit.check(61_000), Verdict::Accept);
        assert!(!limit.is_full(100_000) && limit.is_full(181_000));
    }
}
