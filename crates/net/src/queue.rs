//! Random games (§5.3): players wait in a queue per rule set, language and
//! player count; a queue that holds enough players makes a game, and one
//! whose first player has waited as long as they chose is filled with
//! computer players.

use crate::room::Player;
use serde::{Deserialize, Serialize};
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QueueKey {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: usize,
    /// Played on the language's family word list (§1.3).
    #[serde(default)]
    pub family: bool,
}

impl QueueKey {
    /// The word list of the queue's games: the family list, or `None`
    /// for the language's bundled one.
    pub fn word_list(&self) -> Option<String> {
        self.family.then(|| wocable_lexicon::FAMILY_LIST.to_string())
    }
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

/// The games that the players waiting make at `now`, given in the order
/// they came: each queue seats its first players as soon as it holds a
/// game's worth, and fills with computer players the game of a first
/// player who waited as long as they chose. Two players `apart` (one
/// blocked the other) are never seated together: each is paired with
/// the first others they may be.
pub fn pair_queues(
    waiting: impl IntoIterator<Item = (QueueKey, Waiting)>,
    now: u64,
    apart: impl Fn(&Waiting, &Waiting) -> bool,
) -> Vec<Matched> {
    let mut queues: Vec<(QueueKey, Vec<Waiting>)> = Vec::new();
    for (key, waiting) in waiting {
        match queues.iter_mut().find(|(k, _)| *k == key) {
            Some((_, queue)) => queue.push(waiting),
            None => queues.push((key, vec![waiting])),
        }
    }
    let mut matched = Vec::new();
    for (key, mut queue) in queues {
        let mut first = 0;
        while first < queue.len() {
            let group = group_from(&queue, first, key.players, &apart);
            if group.len() == key.players {
                matched.push(Matched { key, players: take(&mut queue, &group), computers: 0 });
            } else {
                first += 1;
            }
        }
        if queue.first().is_some_and(|first| now.saturating_sub(first.since) >= first.wait_ms) {
            let group = group_from(&queue, 0, key.players, &apart);
            let players = take(&mut queue, &group);
            matched.push(Matched { key, computers: key.players - players.len(), players });
        }
    }
    matched
}

/// The places in `queue` of player `first` and of the first players after
/// them that may sit with them and each other, `most` at most.
fn group_from(queue: &[Waiting], first: usize, most: usize, apart: impl Fn(&Waiting, &Waiting) -> bool) -> Vec<usize> {
    let mut group = vec![first];
    for next in first + 1..queue.len() {
        if group.len() == most {
            break;
        }
        if group.iter().all(|&member| !apart(&queue[member], &queue[next]) && !apart(&queue[next], &queue[member])) {
            group.push(next);
        }
    }
    group
}

/// The players at `places` (in increasing order), taken out of `queue`.
fn take(queue: &mut Vec<Waiting>, places: &[usize]) -> Vec<Waiting> {
    let players = places.iter().map(|&place| queue[place].clone()).collect();
    for &place in places.iter().rev() {
        queue.remove(place);
    }
    players
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(players: usize) -> QueueKey {
        QueueKey { rules: RuleSetKind::Wocable, language: Language::En, players, family: false }
    }

    fn player(ticket: u64, since: u64, wait_ms: u64) -> Waiting {
        Waiting { ticket, name: format!("p{ticket}"), player: Player::Human, since, wait_ms }
    }

    fn never(_: &Waiting, _: &Waiting) -> bool {
        false
    }

    #[test]
    fn a_full_queue_makes_a_game_and_a_long_wait_gets_computers() {
        let waiting = [
            (key(2), player(1, 0, 10_000)),
            (key(3), player(2, 0, 5_000)),
            (key(2), player(3, 100, 10_000)),
            (key(2), player(4, 200, 10_000)),
        ];
        let matched = pair_queues(waiting.clone(), 4_999, never);
        assert_eq!(matched.len(), 1, "the first two of the 2-player queue, in the order they came");
        let tickets: Vec<u64> = matched[0].players.iter().map(|w| w.ticket).collect();
        assert_eq!((tickets, matched[0].computers), (vec![1, 3], 0));

        let matched = pair_queues(waiting.clone(), 5_000, never);
        assert_eq!(matched.len(), 2, "the 3-player queue's first waited long enough");
        assert_eq!((matched[1].players[0].ticket, matched[1].computers), (2, 2));

        let alone = pair_queues([waiting[3].clone()], 10_199, never);
        assert!(alone.is_empty(), "a lone player waits as long as they chose");
        let alone = pair_queues([waiting[3].clone()], 10_200, never);
        assert_eq!((alone[0].players.len(), alone[0].computers), (1, 1));
    }

    #[test]
    fn players_apart_are_never_seated_together_and_each_plays_with_others() {
        let waiting: Vec<(QueueKey, Waiting)> =
            (1..=4).map(|ticket| (key(2), player(ticket, ticket, 60_000))).collect();
        // 1 blocked 2, and 3 blocked 1.
        let apart = |a: &Waiting, b: &Waiting| matches!((a.ticket, b.ticket), (1, 2) | (3, 1));
        let games: Vec<Vec<u64>> = pair_queues(waiting.clone(), 10, apart)
            .iter()
            .map(|game| game.players.iter().map(|w| w.ticket).collect())
            .collect();
        assert_eq!(games, [vec![1, 4], vec![2, 3]]);
        let (one, two) = (waiting[0].clone(), waiting[1].clone());
        let filled = pair_queues([one, two], 60_001, apart);
        assert_eq!(filled.len(), 1, "the first, who waited long enough, plays computers");
        assert_eq!((filled[0].players.len(), filled[0].computers), (1, 1), "and not the one they blocked");
    }
}
