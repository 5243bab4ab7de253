//! The hub's random games (§5.3). The queues are in the database, so that
//! instances sharing one pair their players together: the instance that
//! pairs a game makes its room, and a player who asked another instance
//! is answered there, with this one's address to connect to.

use super::{COMPUTER_NAME, FILL_LEVEL, Hub, SeatReply};
use crate::db::{STALE_MS, Waited, WaitingSummary};
use crate::error::ApiError;
use std::collections::HashMap;
use tracing::{error, info, warn};
use wocable_net::{Joined, Matched, Player, QueueKey, RoomSettings, Waiting};

/// How often the queues are looked at when nobody new comes here: others
/// may have come to other instances, and computer players fill the games
/// of those who waited long enough.
const PAIRING_EVERY_MS: u64 = 1000;

/// The queues are paired at least this often, changed or not: the waits
/// of instances that are gone are cleared then.
const PAIRING_AT_LEAST_MS: u64 = 30_000;

/// Players who may wait at once, in all the database: every wait is read
/// at each pairing, and the per-address limits alone do not bound them.
const MAX_WAITING: u64 = 10_000;

/// Seconds a turn in a random game.
const RANDOM_TURN_SECONDS: u32 = 120;

/// The players waiting here, each answered once paired, or when no game
/// came by the time they no longer wait for.
#[derive(Default)]
pub struct Queues {
    tickets: HashMap<u64, (SeatReply, u64)>,
    /// When the queues were last looked at, and paired.
    looked_ms: u64,
    paired_ms: u64,
    /// The waits as they were when last paired.
    paired: Option<WaitingSummary>,
}

/// Whether pairing the queues can give anything new: waits came or went
/// since they were last paired, or one ran out. Pairing reads every wait
/// and takes the writer (SQLite's only one): not every second for
/// nothing.
fn worth_pairing(now: u64, summary: &WaitingSummary, queues: &Queues) -> bool {
    if now.saturating_sub(queues.paired_ms) >= PAIRING_AT_LEAST_MS {
        return true;
    }
    if summary.count == 0 {
        return false;
    }
    queues.paired.as_ref() != Some(summary) || summary.first_deadline.is_some_and(|deadline| now >= deadline)
}

impl Hub {
    /// A player asks for a random game.
    pub(super) async fn random(&mut self, key: QueueKey, waiting: Waiting, reply: SeatReply) {
        info!(rules = %key.rules, language = %key.language, players = key.players, "a player asks for a random game");
        match self.db.wait(key, &waiting, MAX_WAITING).await {
            Ok(Waited::Waiting) => {
                let given_up = waiting.since + waiting.wait_ms + STALE_MS;
                self.queues.tickets.insert(waiting.ticket, (reply, given_up));
                self.pair_waiting(waiting.since).await;
            }
            Ok(Waited::Already) => {
                let _ = reply.send(Err(ApiError::AlreadyWaiting));
            }
            Ok(Waited::Full) => {
                warn!("a player was not let wait: the random queues are full");
                let _ = reply.send(Err(ApiError::NoGameMade));
            }
            Err(e) => {
                error!("a player's wait not stored: {e}");
                let _ = reply.send(Err(ApiError::Database(e)));
            }
        }
    }

    /// Lets go of the players who gave up waiting, pairs the queues now
    /// and then, and hands over the answers other instances left.
    pub(super) async fn run_queues(&mut self, now: u64) {
        // Those who gave up (their request closed), and those whose game
        // never came (the instance that paired them is gone).
        let gone: Vec<u64> = self
            .queues
            .tickets
            .iter()
            .filter(|(_, (reply, given_up))| reply.is_closed() || now >= *given_up)
            .map(|(ticket, _)| *ticket)
            .collect();
        for ticket in gone {
            if let Some((reply, _)) = self.queues.tickets.remove(&ticket) {
                let _ = reply.send(Err(ApiError::NoGameMade));
            }
            if let Err(e) = self.db.stop_waiting(ticket).await {
                error!("a player who gave up still waits: {e}");
            }
        }
        if now.saturating_sub(self.queues.looked_ms) >= PAIRING_EVERY_MS {
            self.queues.looked_ms = now;
            match self.db.waiting_summary().await {
                Ok(summary) if worth_pairing(now, &summary, &self.queues) => {
                    self.queues.paired = Some(summary);
                    self.pair_waiting(now).await;
                }
                Ok(_) => {}
                Err(e) => error!("the random queues not read: {e}"),
            }
        }
        if self.queues.tickets.is_empty() {
            return;
        }
        match self.db.answers().await {
            Ok(answers) => {
                for (ticket, answer) in answers {
                    if let Some((reply, _)) = self.queues.tickets.remove(&ticket) {
                        let _ = reply.send(answer.map_err(ApiError::PassedOn));
                    }
                }
            }
            Err(e) => error!("answers not read: {e}"),
        }
    }

    async fn pair_waiting(&mut self, now: u64) {
        self.queues.paired_ms = now;
        match self.db.pair_waiting(now).await {
            Ok(games) => {
                for matched in games {
                    self.seat_match(matched).await;
                }
            }
            Err(e) => warn!("random games not paired: {e}"),
        }
    }

    /// Seats matched players (and computers) in a new room.
    async fn seat_match(&mut self, matched: Matched) {
        let settings = RoomSettings {
            rules: matched.key.rules,
            language: matched.key.language,
            players: matched.key.players,
            clock: Some(RANDOM_TURN_SECONDS),
            word_list: matched.key.word_list(),
            hints: false,
            days: None,
        };
        let code = match self.create(settings).await {
            Ok(code) => code,
            Err(e) => {
                let refusal = e.body();
                for waiting in matched.players {
                    self.answer(waiting.ticket, Err(ApiError::PassedOn(refusal.clone()))).await;
                }
                return;
            }
        };
        self.matched.insert(code);
        for waiting in matched.players {
            let joined = self.join_as_free_name(code, &waiting.name, waiting.player).await;
            self.answer(waiting.ticket, joined).await;
        }
        for _ in 0..matched.computers {
            let _ = self.join_as_free_name(code, COMPUTER_NAME, Player::Computer(FILL_LEVEL)).await;
        }
    }

    /// Answers a paired player here, or leaves the answer for the
    /// instance they asked, with this one's address.
    async fn answer(&mut self, ticket: u64, answer: Result<Joined, ApiError>) {
        let stored = match self.queues.tickets.remove(&ticket) {
            Some((reply, _)) => {
                let _ = reply.send(answer);
                self.db.stop_waiting(ticket).await
            }
            None => {
                let server = Some(self.db.instance().to_string());
                self.db.answer(ticket, &answer.map(|joined| Joined { server, ..joined }).map_err(|e| e.body())).await
            }
        };
        if let Err(e) = stored {
            error!("a paired player's wait not updated: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queues_are_paired_when_waits_change_or_run_out_and_now_and_then() {
        let queues = |paired: Option<WaitingSummary>| Queues { paired_ms: 1_000, paired, ..Queues::default() };
        let two = WaitingSummary { count: 2, latest_ms: 900, highest_ticket: 8, first_deadline: Some(20_000) };
        assert!(!worth_pairing(2_000, &WaitingSummary::default(), &queues(None)), "nobody waits");
        assert!(worth_pairing(2_000, &two, &queues(None)), "waits came");
        assert!(!worth_pairing(2_000, &two, &queues(Some(two))), "as they were");
        let three = WaitingSummary { count: 3, latest_ms: 1_500, highest_ticket: 9, ..two };
        assert!(worth_pairing(2_000, &three, &queues(Some(two))), "one more");
        let swapped = WaitingSummary { latest_ms: 1_900, ..two };
        assert!(worth_pairing(2_000, &swapped, &queues(Some(two))), "one left, another came");
        assert!(worth_pairing(20_000, &two, &queues(Some(two))), "a wait ran out: computers fill in");
        assert!(worth_pairing(31_000, &WaitingSummary::default(), &queues(None)), "now and then");
    }
}
