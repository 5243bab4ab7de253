//! Arenas (§6.2): tournaments that run back to back around the clock, one
//! per rating list. Players join and leave at any time; a free player is
//! paired as soon as another is free, with the closest by arena score
//! and rating, and not with the opponent of their last game while anyone
//! else can be found. A win scores 2, a draw 1, a loss 0, doubled once a
//! player has won two in a row, until they stop winning (as on Lichess).
//! Games that end after the arena has closed do not count. Time is passed
//! in; the server keeps the arenas, their games and their standings.

use crate::lobby::ErrorCode;
use crate::profile::PlayerKey;
use crate::room::AccountId;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use thiserror::Error;
use wocable_crossword::{Outcome, RuleSetKind};
use wocable_lexicon::Language;

/// How long a free player waits for someone new before meeting the
/// opponent of their last game again (two players alone in an arena
/// play on).
pub const REMATCH_AFTER_MS: u64 = 30_000;

/// Wins in a row after which wins and draws count double.
pub const FIRE_STREAK: u32 = 2;

/// What an arena is for: a rating list and the players a game seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArenaKind {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: usize,
}

/// An arena's name: its kind and when it starts (seconds since 1970),
/// e.g. `wocable-en-2-1796212800`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ArenaId(pub String);

impl ArenaId {
    pub fn new(kind: ArenaKind, starts_ms: u64) -> ArenaId {
        ArenaId(format!("{}-{}-{}-{}", kind.rules.name(), kind.language.code(), kind.players, starts_ms / 1000))
    }
}

impl fmt::Display for ArenaId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// When arenas run: one of each kind every `every_ms`, from each multiple
/// of it since 1970, for `length_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub every_ms: u64,
    pub length_ms: u64,
    pub kinds: Vec<ArenaKind>,
}

impl Schedule {
    /// An arena of two players for every rule set and language, every
    /// hour, back to back.
    pub fn hourly() -> Schedule {
        let hour = 60 * 60 * 1000;
        let kinds = RuleSetKind::ALL
            .into_iter()
            .flat_map(|rules| Language::ALL.into_iter().map(move |language| ArenaKind { rules, language, players: 2 }))
            .collect();
        Schedule { every_ms: hour, length_ms: hour, kinds }
    }

    /// The arenas that run at `now`: each kind's, and when it starts.
    pub fn running(&self, now: u64) -> Vec<(ArenaKind, u64)> {
        let every = self.every_ms.max(1);
        let starts = now - now % every;
        if now >= starts + self.length_ms {
            return Vec::new();
        }
        self.kinds.iter().map(|kind| (*kind, starts)).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntrantState {
    /// Waiting to be paired, since when (ms).
    Free {
        since: u64,
    },
    Playing {
        game: u64,
    },
    /// Left the arena; their points stay, and they may come back.
    Away,
}

/// A player in an arena.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub account: AccountId,
    pub nick: String,
    /// Their rating on the arena's list when they joined.
    pub rating: f64,
    pub score: u32,
    /// Wins in a row.
    pub streak: u32,
    /// The points of each game, in order.
    pub sheet: Vec<u32>,
    pub state: EntrantState,
    /// Leaves once their game is over.
    pub leaving: bool,
    /// Who they met in their last game.
    pub last_opponents: Vec<AccountId>,
}

impl Entrant {
    /// Wins and draws count double.
    pub fn on_fire(&self) -> bool {
        self.streak >= FIRE_STREAK
    }
}

/// Players to seat together in a new game of the arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub game: u64,
    pub players: Vec<AccountId>,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ArenaError {
    #[error("the arena has not started")]
    NotStarted,
    #[error("the arena is over")]
    Over,
    #[error("you are not in the arena")]
    NotIn,
}

impl ArenaError {
    /// The code the lobby's API answers it with.
    pub fn code(&self) -> ErrorCode {
        match self {
            ArenaError::NotStarted => ErrorCode::ArenaNotStarted,
            ArenaError::Over => ErrorCode::ArenaOver,
            ArenaError::NotIn => ErrorCode::NotInArena,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arena {
    pub id: ArenaId,
    pub kind: ArenaKind,
    pub starts_ms: u64,
    pub ends_ms: u64,
    entrants: Vec<Entrant>,
    index: HashMap<AccountId, usize>,
    /// The number of the next game.
    next_game: u64,
    /// Games being played, and who plays them.
    playing: HashMap<u64, Vec<AccountId>>,
    /// Bumped by every change of the standings: a client that saw one
    /// version waits for the next.
    pub version: u64,
}

impl Arena {
    pub fn new(kind: ArenaKind, starts_ms: u64, ends_ms: u64) -> Arena {
        Arena::restore(kind, starts_ms, ends_ms, Vec::new(), 1)
    }

    /// An arena as stored: its entrants are away (they come back by
    /// joining again) until [`Arena::resume_game`] says they play.
    pub fn restore(kind: ArenaKind, starts_ms: u64, ends_ms: u64, mut entrants: Vec<Entrant>, next_game: u64) -> Arena {
        for entrant in &mut entrants {
            entrant.state = EntrantState::Away;
            entrant.leaving = false;
        }
        Arena {
            id: ArenaId::new(kind, starts_ms),
            kind,
            starts_ms,
            ends_ms,
            index: entrants.iter().enumerate().map(|(i, e)| (e.account, i)).collect(),
            entrants,
            next_game,
            playing: HashMap::new(),
            version: 0,
        }
    }

    /// A game of the arena that was being played when it was stored.
    pub fn resume_game(&mut self, game: u64, players: Vec<AccountId>) {
        for account in &players {
            if let Some(i) = self.index_of(*account) {
                self.entrants[i].state = EntrantState::Playing { game };
            }
        }
        self.next_game = self.next_game.max(game + 1);
        self.playing.insert(game, players);
    }

    /// The number the next game will have.
    pub fn next_game(&self) -> u64 {
        self.next_game
    }

    pub fn is_running(&self, now: u64) -> bool {
        (self.starts_ms..self.ends_ms).contains(&now)
    }

    pub fn entrant(&self, account: AccountId) -> Option<&Entrant> {
        self.index_of(account).map(|i| &self.entrants[i])
    }

    /// The entrants, in the order they joined.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    fn index_of(&self, account: AccountId) -> Option<usize> {
        self.index.get(&account).copied()
    }

    /// A player joins, or comes back: free to be paired.
    pub fn join(&mut self, account: AccountId, nick: &str, rating: f64, now: u64) -> Result<(), ArenaError> {
        if now < self.starts_ms {
            return Err(ArenaError::NotStarted);
        }
        if now >= self.ends_ms {
            return Err(ArenaError::Over);
        }
        self.version += 1;
        match self.index_of(account) {
            Some(i) => {
                let entrant = &mut self.entrants[i];
                entrant.leaving = false;
                if entrant.state == EntrantState::Away {
                    entrant.state = EntrantState::Free { since: now };
                }
            }
            None => {
                self.index.insert(account, self.entrants.len());
                self.entrants.push(Entrant {
                    account,
                    nick: nick.to_string(),
                    rating,
                    score: 0,
                    streak: 0,
                    sheet: Vec::new(),
                    state: EntrantState::Free { since: now },
                    leaving: false,
                    last_opponents: Vec::new(),
                });
            }
        }
        Ok(())
    }

    /// A player leaves: at once when free, after their game otherwise.
    pub fn leave(&mut self, account: AccountId) -> Result<(), ArenaError> {
        let i = self.index_of(account).ok_or(ArenaError::NotIn)?;
        let entrant = &mut self.entrants[i];
        match entrant.state {
            EntrantState::Free { .. } => entrant.state = EntrantState::Away,
            EntrantState::Playing { .. } => entrant.leaving = true,
            EntrantState::Away => {}
        }
        self.version += 1;
        Ok(())
    }

    /// Pairs the free players: in order of arena score and rating, each
    /// with the next free players who were not in their last game (or
    /// anyone, once they have waited [`REMATCH_AFTER_MS`]), but never two
    /// `apart` (one blocked the other).
    pub fn pair(&mut self, now: u64, apart: impl Fn(AccountId, AccountId) -> bool) -> Vec<Pairing> {
        if !self.is_running(now) {
            return Vec::new();
        }
        let mut free: Vec<usize> =
            (0..self.entrants.len()).filter(|i| matches!(self.entrants[*i].state, EntrantState::Free { .. })).collect();
        let size = self.kind.players;
        if free.len() < size {
            return Vec::new();
        }
        free.sort_by(|a, b| {
            let (a, b) = (&self.entrants[*a], &self.entrants[*b]);
            b.score.cmp(&a.score).then(b.rating.total_cmp(&a.rating)).then(a.account.0.cmp(&b.account.0))
        });
        let mut taken = vec![false; free.len()];
        let mut pairings = Vec::new();
        for head in 0..free.len() {
            if taken[head] {
                continue;
            }
            let met = |a: usize, b: usize| {
                let (a, b) = (&self.entrants[free[a]], &self.entrants[free[b]]);
                a.last_opponents.contains(&b.account) || b.last_opponents.contains(&a.account)
            };
            let kept_apart = |a: usize, b: usize| {
                let (a, b) = (self.entrants[free[a]].account, self.entrants[free[b]].account);
                apart(a, b) || apart(b, a)
            };
            let mut group = vec![head];
            for (other, _) in taken.iter().enumerate().skip(head + 1).filter(|(_, taken)| !**taken) {
                if group.len() == size {
                    break;
                }
                if group.iter().all(|g| !met(*g, other) && !kept_apart(*g, other)) {
                    group.push(other);
                }
            }
            let waited = match self.entrants[free[head]].state {
                EntrantState::Free { since } => now.saturating_sub(since),
                _ => 0,
            };
            if group.len() < size && waited >= REMATCH_AFTER_MS {
                for (other, taken) in taken.iter().enumerate().skip(head + 1) {
                    let fits = !taken && !group.contains(&other) && group.len() < size;
                    if fits && group.iter().all(|g| !kept_apart(*g, other)) {
                        group.push(other);
                    }
                }
            }
            if group.len() < size {
                continue;
            }
            let game = self.next_game;
            self.next_game += 1;
            let players: Vec<AccountId> = group.iter().map(|g| self.entrants[free[*g]].account).collect();
            for g in group {
                taken[g] = true;
                self.entrants[free[g]].state = EntrantState::Playing { game };
            }
            self.playing.insert(game, players.clone());
            pairings.push(Pairing { game, players });
        }
        if !pairings.is_empty() {
            self.version += 1;
        }
        pairings
    }

    /// A game of the arena ended with these outcomes: its players score
    /// (unless the arena is over) and are free again. Whether it counted.
    pub fn finish(&mut self, game: u64, outcomes: &[(AccountId, Outcome)], now: u64) -> bool {
        let Some(players) = self.playing.remove(&game) else { return false };
        let counts = now < self.ends_ms;
        for account in &players {
            let Some(i) = self.index_of(*account) else { continue };
            let entrant = &mut self.entrants[i];
            if counts && let Some((_, outcome)) = outcomes.iter().find(|(a, _)| a == account) {
                let double = if entrant.on_fire() { 2 } else { 1 };
                let points = match outcome {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                } * double;
                entrant.streak = if *outcome == Outcome::Win { entrant.streak + 1 } else { 0 };
                entrant.score += points;
                entrant.sheet.push(points);
            }
            entrant.last_opponents = players.iter().copied().filter(|p| p != account).collect();
            entrant.state = if entrant.leaving { EntrantState::Away } else { EntrantState::Free { since: now } };
            entrant.leaving = false;
        }
        self.version += 1;
        counts
    }

    /// The games being played: their numbers and players.
    pub fn games(&self) -> impl Iterator<Item = (u64, &[AccountId])> {
        self.playing.iter().map(|(game, players)| (*game, players.as_slice()))
    }

    /// Entrants by rank: score, then rating, then account number (a
    /// steady order, the same as the database's).
    pub fn standings(&self) -> Vec<&Entrant> {
        let mut out: Vec<&Entrant> = self.entrants.iter().collect();
        out.sort_by(|a, b| {
            b.score.cmp(&a.score).then(b.rating.total_cmp(&a.rating)).then(a.account.0.cmp(&b.account.0))
        });
        out
    }
}

/// A place in an arena's standings, as the lobby's API gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaPlace {
    /// 1 for the leader.
    pub place: u64,
    pub nick: String,
    pub score: u32,
    pub rating: f64,
    /// The points of each game.
    pub sheet: Vec<u32>,
    /// Wins and draws count double.
    pub fire: bool,
}

/// An arena as listed, with its leaders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaSummary {
    pub id: ArenaId,
    #[serde(flatten)]
    pub kind: ArenaKind,
    pub starts_ms: u64,
    pub ends_ms: u64,
    pub entrants: u64,
    pub leaders: Vec<ArenaPlace>,
}

/// `GET /api/arenas[?page=N&per_page=N]`: those running, and a page of
/// those that ended, the latest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaList {
    /// Bumped by any change of any arena's standings (see
    /// [`ArenaStandings::version`]).
    pub version: u64,
    pub running: Vec<ArenaSummary>,
    pub recent: Vec<ArenaSummary>,
    pub page: u64,
    pub per_page: u64,
}

/// `GET /api/arenas/ID[?page=N&per_page=N&since=VERSION]`: a page of the
/// standings. With `since`, the answer waits (up to half a minute) until
/// the standings of some arena change after that version: live standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaStandings {
    pub version: u64,
    pub arena: ArenaSummary,
    pub page: u64,
    pub per_page: u64,
    pub standings: Vec<ArenaPlace>,
}

/// `POST /api/arenas/ID/join` and `…/leave`: a member, by their key. A
/// join is answered once the player is paired, with their seat
/// ([`crate::Joined`]); a player whose request is given up leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InArena {
    pub key: PlayerKey,
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: u64 = 3_600_000;

    fn kind(players: usize) -> ArenaKind {
        ArenaKind { rules: RuleSetKind::Wocable, language: Language::En, players }
    }

    fn arena(players: usize) -> Arena {
        Arena::new(kind(players), HOUR, 2 * HOUR)
    }

    fn join(arena: &mut Arena, ratings: &[f64], now: u64) {
        for (i, rating) in ratings.iter().enumerate() {
            arena.join(AccountId(i as i64), &format!("p{i}"), *rating, now).unwrap();
        }
    }

    fn ids(pairing: &Pairing) -> Vec<i64> {
        pairing.players.iter().map(|a| a.0).collect()
    }

    #[test]
    fn arenas_of_every_kind_run_back_to_back_every_hour() {
        let schedule = Schedule::hourly();
        assert_eq!(schedule.kinds.len(), 9);
        let now = 5 * HOUR + 1_234;
        let running = schedule.running(now);
        assert_eq!(running.len(), 9);
        assert!(running.iter().all(|(_, starts)| *starts == 5 * HOUR));
        assert!(schedule.running(6 * HOUR).iter().all(|(_, starts)| *starts == 6 * HOUR), "the next at once");
        let gaps = Schedule { every_ms: HOUR, length_ms: HOUR / 2, kinds: vec![kind(2)] };
        assert_eq!(gaps.running(HOUR / 2 - 1).len(), 1);
        assert!(gaps.running(HOUR / 2).is_empty(), "a break between arenas");
        assert_eq!(ArenaId::new(kind(2), 1_796_212_800_000).0, "wocable-en-2-1796212800");
    }

    #[test]
    fn players_join_only_while_it_runs() {
        let mut arena = arena(2);
        assert_eq!(arena.join(AccountId(1), "a", 1500.0, HOUR - 1), Err(ArenaError::NotStarted));
        assert_eq!(arena.join(AccountId(1), "a", 1500.0, 2 * HOUR), Err(ArenaError::Over));
        assert_eq!(arena.leave(AccountId(1)), Err(ArenaError::NotIn));
        assert_eq!(arena.join(AccountId(1), "a", 1500.0, HOUR), Ok(()));
        assert!(arena.pair(HOUR + 1, anyone).is_empty(), "alone");
    }

    #[test]
    fn the_free_are_paired_with_the_closest_by_score_and_rating() {
        let mut arena = arena(2);
        join(&mut arena, &[1500.0, 2100.0, 1300.0, 1800.0, 1600.0, 1000.0], HOUR);
        let pairings = arena.pair(HOUR, anyone);
        let pairs: Vec<Vec<i64>> = pairings.iter().map(ids).collect();
        assert_eq!(pairs, vec![vec![1, 3], vec![4, 0], vec![2, 5]], "by rating, as nobody has scored");
        assert!(arena.entrants.iter().all(|e| matches!(e.state, EntrantState::Playing { .. })));
        // 0 beats 4 and now leads with 2 points: paired first, with the
        // winner of 1–3 (score first), not their last opponent.
        arena.finish(pairings[1].game, &[(AccountId(0), Outcome::Win), (AccountId(4), Outcome::Loss)], HOUR + 10);
        arena.finish(pairings[0].game, &[(AccountId(1), Outcome::Loss), (AccountId(3), Outcome::Win)], HOUR + 20);
        let next: Vec<Vec<i64>> = arena.pair(HOUR + 20, anyone).iter().map(ids).collect();
        assert_eq!(next, vec![vec![3, 0], vec![1, 4]]);
    }

    #[test]
    fn no_immediate_rematch_unless_nobody_else_comes() {
        let mut arena = arena(2);
        join(&mut arena, &[1500.0, 1500.0], HOUR);
        let first = arena.pair(HOUR, anyone).remove(0);
        arena.finish(first.game, &[(AccountId(0), Outcome::Draw), (AccountId(1), Outcome::Draw)], HOUR + 1);
        assert!(arena.pair(HOUR + 2, anyone).is_empty(), "they just met");
        arena.join(AccountId(2), "p2", 1400.0, HOUR + 3).unwrap();
        let second = arena.pair(HOUR + 3, anyone);
        assert_eq!(second.len(), 1, "one of them meets the newcomer");
        assert!(second[0].players.contains(&AccountId(2)));
        let waiting = [AccountId(0), AccountId(1)].into_iter().find(|a| !second[0].players.contains(a)).unwrap();
        let finished: Vec<(AccountId, Outcome)> = second[0].players.iter().map(|a| (*a, Outcome::Loss)).collect();
        arena.finish(second[0].game, &finished, HOUR + 4);
        let third = arena.pair(HOUR + 4, anyone);
        assert_eq!(third.len(), 1);
        assert!(third[0].players.contains(&waiting), "{third:?}");
        // Two alone meet again once they have waited long enough.
        let mut two = arena_of_two_who_just_met();
        assert!(two.pair(HOUR + 1 + REMATCH_AFTER_MS - 1, anyone).is_empty());
        assert_eq!(two.pair(HOUR + 1 + REMATCH_AFTER_MS, anyone).len(), 1);
    }

    #[test]
    fn two_kept_apart_are_never_paired_however_long_they_wait() {
        let mut four = arena(2);
        join(&mut four, &[1500.0, 1490.0, 1000.0, 990.0], HOUR);
        // 0 blocked 1: by rating they would meet.
        let apart = |a: AccountId, b: AccountId| (a, b) == (AccountId(0), AccountId(1));
        let pairs: Vec<Vec<i64>> = four.pair(HOUR, apart).iter().map(ids).collect();
        assert_eq!(pairs, vec![vec![0, 2], vec![1, 3]]);
        let mut two = arena(2);
        join(&mut two, &[1500.0, 1500.0], HOUR);
        assert!(two.pair(HOUR + 2 * REMATCH_AFTER_MS, apart).is_empty(), "nobody else: no game");
    }

    /// Nobody kept apart.
    fn anyone(_: AccountId, _: AccountId) -> bool {
        false
    }

    fn arena_of_two_who_just_met() -> Arena {
        let mut arena = arena(2);
        join(&mut arena, &[1500.0, 1500.0], HOUR);
        let game = arena.pair(HOUR, anyone).remove(0).game;
        arena.finish(game, &[(AccountId(0), Outcome::Win), (AccountId(1), Outcome::Loss)], HOUR + 1);
        arena
    }

    #[test]
    fn wins_score_two_and_double_after_two_in_a_row() {
        let mut arena = arena(2);
        let mut now = HOUR;
        join(&mut arena, &[1500.0, 1500.0], now);
        let script =
            [Outcome::Win, Outcome::Win, Outcome::Win, Outcome::Draw, Outcome::Win, Outcome::Loss, Outcome::Draw];
        for outcome in script {
            now += REMATCH_AFTER_MS;
            let game = arena.pair(now, anyone).remove(0).game;
            let other = match outcome {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            };
            assert!(arena.finish(game, &[(AccountId(0), outcome), (AccountId(1), other)], now));
        }
        let player = arena.entrant(AccountId(0)).unwrap();
        assert_eq!(player.sheet, vec![2, 2, 4, 2, 2, 0, 1]);
        assert_eq!(player.score, 13);
        assert!(!player.on_fire());
        let standings = arena.standings();
        assert_eq!(standings[0].account, AccountId(0));
        assert_eq!(standings[1].sheet, vec![0, 0, 0, 1, 0, 2, 1]);
    }

    #[test]
    fn a_game_that_ends_after_the_close_does_not_count() {
        let mut arena = arena(2);
        join(&mut arena, &[1500.0, 1500.0], HOUR);
        let game = arena.pair(2 * HOUR - 1, anyone).remove(0).game;
        assert!(!arena.finish(game, &[(AccountId(0), Outcome::Win), (AccountId(1), Outcome::Loss)], 2 * HOUR));
        assert!(arena.entrants.iter().all(|e| e.score == 0 && e.sheet.is_empty()));
        assert!(arena.pair(2 * HOUR, anyone).is_empty(), "no pairing once closed");
        assert!(!arena.finish(game, &[], 2 * HOUR), "a game ends once");
    }

    #[test]
    fn a_player_who_leaves_mid_game_is_away_after_it_and_may_come_back() {
        let mut arena = arena(2);
        join(&mut arena, &[1500.0, 1500.0, 1500.0], HOUR);
        let game = arena.pair(HOUR, anyone).remove(0);
        let [a, b] = [game.players[0], game.players[1]];
        arena.leave(a).unwrap();
        assert!(arena.entrant(a).unwrap().leaving);
        arena.finish(game.game, &[(a, Outcome::Win), (b, Outcome::Loss)], HOUR + 1);
        assert_eq!(arena.entrant(a).unwrap().state, EntrantState::Away);
        assert_eq!(arena.entrant(a).unwrap().score, 2, "points stay");
        assert_eq!(arena.pair(HOUR + 1, anyone).len(), 1, "b with the third");
        arena.join(a, "again", 1500.0, HOUR + 2).unwrap();
        assert_eq!(arena.entrant(a).unwrap().state, EntrantState::Free { since: HOUR + 2 });
        assert_eq!(arena.entrant(a).unwrap().nick, "p0", "the same entrant");
    }

    #[test]
    fn arenas_of_three_group_three_who_did_not_just_meet() {
        let mut arena = arena(3);
        join(&mut arena, &[1900.0, 1800.0, 1700.0, 1600.0, 1500.0, 1400.0, 1300.0], HOUR);
        let groups: Vec<Vec<i64>> = arena.pair(HOUR, anyone).iter().map(ids).collect();
        assert_eq!(groups, vec![vec![0, 1, 2], vec![3, 4, 5]], "the seventh waits");
        let restored = {
            let entrants = arena.entrants.clone();
            let mut again = Arena::restore(kind(3), HOUR, 2 * HOUR, entrants, arena.next_game());
            again.resume_game(1, vec![AccountId(0), AccountId(1), AccountId(2)]);
            again
        };
        assert_eq!(restored.entrant(AccountId(6)).unwrap().state, EntrantState::Away, "back by joining");
        assert_eq!(restored.entrant(AccountId(0)).unwrap().state, EntrantState::Playing { game: 1 });
        assert_eq!(restored.next_game(), 3);
    }

    /// A busy arena: players come and go and games end at random. After
    /// each pairing round nobody free could have been paired, nobody
    /// waits longer than a game lasts plus the rematch wait, and scores
    /// are their sheets' sums.
    #[test]
    fn in_a_busy_arena_every_free_player_is_paired_soon() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut arena = arena(2);
        let longest_game = 20 * 60 * 1000;
        let mut ends: HashMap<u64, u64> = HashMap::new();
        let mut now = HOUR;
        let mut longest_wait = 0;
        while now < 2 * HOUR - 5_000 {
            now += 5_000;
            if rng.random_bool(0.3) {
                let who = AccountId(rng.random_range(0..40));
                let _ = arena.join(who, &format!("p{}", who.0), rng.random_range(1000.0..2200.0), now);
            }
            if rng.random_bool(0.05) {
                let _ = arena.leave(AccountId(rng.random_range(0..40)));
            }
            let over: Vec<u64> = ends.iter().filter(|(_, end)| **end <= now).map(|(g, _)| *g).collect();
            for game in over {
                ends.remove(&game);
                let players: Vec<AccountId> = arena.games().find(|(g, _)| *g == game).unwrap().1.to_vec();
                let first = if rng.random_bool(0.5) { Outcome::Win } else { Outcome::Draw };
                let second = if first == Outcome::Win { Outcome::Loss } else { Outcome::Draw };
                arena.finish(game, &[(players[0], first), (players[1], second)], now);
            }
            for pairing in arena.pair(now, anyone) {
                ends.insert(pairing.game, now + rng.random_range(60_000..longest_game));
            }
            let free: Vec<&Entrant> =
                arena.entrants.iter().filter(|e| matches!(e.state, EntrantState::Free { .. })).collect();
            for (i, a) in free.iter().enumerate() {
                for b in &free[i + 1..] {
                    assert!(a.last_opponents.contains(&b.account), "{} and {} could meet", a.nick, b.nick);
                }
                let EntrantState::Free { since } = a.state else { unreachable!() };
                // Alone, until a game ends; else only a rematch waits.
                let waited = now - since;
                assert!(free.len() == 1 || waited < REMATCH_AFTER_MS + 5_000, "{} waits", a.nick);
                longest_wait = longest_wait.max(waited);
            }
        }
        assert!(longest_wait <= longest_game + REMATCH_AFTER_MS, "{longest_wait} ms");
        assert!(arena.entrants.iter().all(|e| e.score == e.sheet.iter().sum::<u32>()));
        assert!(arena.entrants.iter().map(|e| e.sheet.len()).sum::<usize>() > 100);
    }
}
