//! Final standings and pairwise results (§3.4).

use crate::game::Game;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub seat: usize,
    /// 1 for the winner(s); equal scores share a rank.
    pub rank: usize,
    pub score: i32,
    pub left: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The result between two seats, from the first one's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairResult {
    pub seat: usize,
    pub opponent: usize,
    pub outcome: Outcome,
}

impl Game {
    /// Players by rank: those still in the game by score (ties share a
    /// rank), then those who left, the last to leave first.
    pub fn standings(&self) -> Vec<Standing> {
        let scores = self.scores();
        let mut stayed: Vec<usize> = (0..scores.len()).filter(|s| !self.has_left(*s)).collect();
        stayed.sort_by_key(|s| (std::cmp::Reverse(scores[*s]), *s));
        let mut out: Vec<Standing> = stayed
            .iter()
            .map(|&seat| Standing {
                seat,
                rank: 1 + stayed.iter().filter(|o| scores[**o] > scores[seat]).count(),
                score: scores[seat],
                left: false,
            })
            .collect();
        for (i, &seat) in self.left().iter().rev().enumerate() {
            out.push(Standing { seat, rank: stayed.len() + i + 1, score: scores[seat], left: true });
        }
        out
    }

    /// Every pair of players once, with the result for the first of the
    /// pair: the better rank wins, equal ranks draw.
    pub fn pairwise_results(&self) -> Vec<PairResult> {
        let standings = self.standings();
        let rank = |seat: usize| standings.iter().find(|s| s.seat == seat).map_or(usize::MAX, |s| s.rank);
        let n = self.scores().len();
        let mut out = Vec::new();
        for seat in 0..n {
            for opponent in seat + 1..n {
                let outcome = match rank(seat).cmp(&rank(opponent)) {
                    std::cmp::Ordering::Less => Outcome::Win,
                    std::cmp::Ordering::Equal => Outcome::Draw,
                    std::cmp::Ordering::Greater => Outcome::Loss,
                };
                out.push(PairResult { seat, opponent, outcome });
            }
        }
        out
    }
}
