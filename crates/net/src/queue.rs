//! Random games (§5.3): players wait in a queue per rule set, language and
//! player count; a queue that holds enough players makes a game, and one
//! whose first player has waited as long as they chose is filled with
//! computer players.

use crate::room::Player;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use wocable_crossword::rules::RuleSetKind;
use wocable_lexicon::Language;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QueueKey {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: usize,
}

/// A player waiting for a game; the ticket is the caller's to match
/// them with their answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub ticket: u64,
    pub name: String,
    pub player: Player,
    pub since: u64,
    /// How long they wait for people before a computer fills in (ms).
    pub wait_ms: u64,
}

/// Players to seat together, and how many computer players join them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matched {
    pub key: QueueKey,
    pub players: Vec<Waiting>,
    pub computers: usize,
}

#[derive(Debug, Default)]
pub struct Queues {
    waiting: HashMap<QueueKey, Vec<Waiting>>,
}

impl Queues {
    /// Adds a player; if the queue now holds a game's worth, they are
    /// matched at once. A member already waiting is not added again (they
    /// would meet themselves): `Err` gives their entry back.
    pub fn push(&mut self, key: QueueKey, waiting: Waiting) -> Result<Option<Matched>, Waiting> {
        let member = matches!(waiting.player, Player::Member(_));
        if member && self.waiting.values().flatten().any(|w| w.player == waiting.player) {
            return Err(waiting);
        }
        let queue = self.waiting.entry(key).or_default();
        queue.push(waiting);
        Ok((queue.len() >= key.players).then(|| Matched {
            key,
            players: queue.drain(..key.players).collect(),
            computers: 0,
        }))
    }

    /// Takes a player out of their queue (they gave up); whether they were in one.
    pub fn remove(&mut self, ticket: u64) -> bool {
        let mut found = false;
        for queue in self.waiting.values_mut() {
            let before = queue.len();
            queue.retain(|w| w.ticket != ticket);
            found |= queue.len() != before;
        }
        found
    }

    /// Games filled with computer players for those who waited long enough.
    pub fn tick(&mut self, now: u64) -> Vec<Matched> {
        let mut matched = Vec::new();
        for (key, queue) in &mut self.waiting {
            while queue.first().is_some_and(|first| now.saturating_sub(first.since) >= first.wait_ms) {
                let players: Vec<Waiting> = queue.drain(..queue.len().min(key.players - 1)).collect();
                matched.push(Matched { key: *key, computers: key.players - players.len(), players });
            }
        }
        matched
    }

    pub fn len(&self) -> usize {
        self.waiting.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(players: usize) -> QueueKey {
        QueueKey { rules: RuleSetKind::Wocable, language: Language::En, players }
    }

    fn player(ticket: u64, since: u64, wait_ms: u64) -> Waiting {
        Waiting { ticket, name: format!("p{ticket}"), player: Player::Human, since, wait_ms }
    }

    #[test]
    fn a_full_queue_makes_a_game_and_a_long_wait_gets_a_computer() {
        let mut queues = Queues::default();
        assert_eq!(queues.push(key(2), player(1, 0, 10_000)), Ok(None));
        assert_eq!(queues.push(key(3), player(2, 0, 5_000)), Ok(None), "another queue");
        let matched = queues.push(key(2), player(3, 100, 10_000)).unwrap().unwrap();
        assert_eq!((matched.players.len(), matched.computers), (2, 0));
        assert_eq!(queues.len(), 1);
        assert!(queues.tick(4_999).is_empty());
        let filled = queues.tick(5_000);
        assert_eq!(filled.len(), 1);
        assert_eq!((filled[0].players[0].ticket, filled[0].computers), (2, 2));
        assert!(queues.is_empty());
        queues.push(key(2), player(4, 0, 1_000)).unwrap();
        assert!(queues.remove(4) && !queues.remove(4));
        assert!(queues.tick(2_000).is_empty(), "a player who gave up is not matched");
    }

    #[test]
    fn a_member_waits_in_one_queue_at_a_time() {
        use crate::room::AccountId;
        let mut queues = Queues::default();
        let member = |ticket| Waiting { player: Player::Member(AccountId(7)), ..player(ticket, 0, 10_000) };
        assert_eq!(queues.push(key(2), member(1)), Ok(None));
        assert_eq!(queues.push(key(2), member(2)), Err(member(2)), "they would meet themselves");
        assert_eq!(queues.push(key(3), member(3)), Err(member(3)));
        assert_eq!(queues.push(key(2), player(4, 0, 10_000)).map(|m| m.is_some()), Ok(true));
        assert_eq!(queues.push(key(2), member(5)), Ok(None), "matched: free to wait again");
    }
}
