//! The Champion with one tile left in the bag against one opponent. Any
//! play draws that tile, and then the bag is empty: each of its best
//! plays is weighed over every tile the bag may hold (each tile it cannot
//! see, the others being the opponent's rack), by searching the endgame
//! that follows, each tile counted as often as it is unseen.

use crate::endgame::EndgameSearch;
use crate::game::{Game, Intent, Setup};
use crate::movegen::{Move, all_moves};
use crate::tile::{Tile, take_from};

/// How many of its best plays by equity the Champion weighs.
pub const PRE_ENDGAME_PLAYS: usize = 8;

/// The positions each endgame after a draw may search before its best
/// line so far is taken: all of them together take about as long as the
/// endgame search itself ([`crate::computer::ENDGAME_NODES`]).
pub const PRE_ENDGAME_NODES: u64 = if cfg!(target_arch = "wasm32") { 300 } else { 1_200 };

pub(super) struct PreEndgame {
    seat: usize,
    /// Best first by equity, with the spread each leads to summed over the
    /// draws searched.
    plays: Vec<(Move, i64)>,
    /// What the player cannot see: the opponent's rack and the bag, which
    /// the player knows only together.
    unseen: Vec<Tile>,
    /// Each tile the bag may hold, and how many of it are unseen.
    draws: Vec<(Tile, i64)>,
    /// The play and the draw searched next.
    next: (usize, usize),
}

impl PreEndgame {
    /// `None` unless one tile is left in the bag, one opponent, and a play
    /// to make; `ranked` are the plays best first.
    pub(super) fn new(game: &Game, ranked: &[&Move]) -> Option<PreEndgame> {
        let seat = game.turn();
        if game.bag().len() != 1 || game.scores().len() != 2 || game.has_left(1 - seat) || ranked.is_empty() {
            return None;
        }
        let mut unseen: Vec<Tile> = game.rack(1 - seat).iter().chain(game.bag()).copied().collect();
        unseen.sort();
        let mut draws: Vec<(Tile, i64)> = Vec::new();
        for tile in &unseen {
            match draws.last_mut() {
                Some((last, count)) if last == tile => *count += 1,
                _ => draws.push((*tile, 1)),
            }
        }
        let plays = ranked.iter().take(PRE_ENDGAME_PLAYS).map(|m| ((*m).clone(), 0)).collect();
        Some(PreEndgame { seat, plays, unseen, draws, next: (0, 0) })
    }

    /// Searches the endgame after one more play and draw; whether more are
    /// left.
    pub(super) fn step(&mut self, game: &Game) -> bool {
        let (play, draw) = self.next;
        let Some((tiles, spread)) = self.plays.get_mut(play) else { return false };
        let (tile, count) = self.draws[draw];
        // A play the rules refuse here counts as the worst there is.
        *spread +=
            spread_after(game, self.seat, tiles, tile, &self.unseen).map_or(i64::from(i32::MIN), i64::from) * count;
        self.next = if draw + 1 < self.draws.len() { (play, draw + 1) } else { (play + 1, 0) };
        self.next.0 < self.plays.len()
    }

    /// The endgames searched so far.
    pub(super) fn searched(&self) -> usize {
        self.next.0 * self.draws.len() + self.next.1
    }

    /// The play with the best spread over every draw, among those weighed
    /// over all of them so far (the best by equity before any is).
    pub(super) fn choice(&self) -> Intent {
        let weighed = &self.plays[..self.next.0.max(1)];
        let best = weighed.iter().rev().max_by_key(|(_, spread)| *spread).map(|(m, _)| m);
        let tiles = best.map(|m| m.tiles.clone()).unwrap_or_default();
        Intent::Play { seat: self.seat, tiles }
    }
}

/// The spread `play` leads to (the player's points less the opponent's,
/// gained from here on) when the bag holds `drawn` and the opponent the
/// rest of `unseen`: what the play scores, less what the opponent gains in
/// the endgame that follows, searched within [`PRE_ENDGAME_NODES`].
pub(super) fn spread_after(game: &Game, seat: usize, play: &Move, drawn: Tile, unseen: &[Tile]) -> Option<i32> {
    let opponent = 1 - seat;
    let mut racks = vec![Vec::new(); 2];
    racks[seat] = game.rack(seat).to_vec();
    racks[opponent] = take_from(unseen, &[drawn])?;
    let setup = Setup {
        board: game.board().clone(),
        scores: game.scores().to_vec(),
        racks,
        bag: vec![drawn],
        turn: seat,
        pass_run: game.pass_run().to_vec(),
        scoreless_run: game.scoreless_run(),
    };
    let mut after = Game::set_up(game.config().clone(), game.lexicon().clone(), setup).ok()?;
    let spread = |g: &Game| g.scores()[seat] - g.scores()[opponent];
    let before = spread(&after);
    after.apply(Intent::Play { seat, tiles: play.tiles.clone() }).ok()?;
    let gained = spread(&after) - before;
    if after.is_over() {
        return Some(gained);
    }
    let replies = all_moves(after.board(), after.rack(opponent), after.lexicon(), &after.scoring());
    let mut search = EndgameSearch::new(&after, &replies, PRE_ENDGAME_NODES)?;
    while search.step(&after) {}
    Some(gained - search.answer().spread)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::{LeaveModel, Level, by_equity, choose, endgame};
    use crate::game::GameConfig;
    use crate::rules::RuleSetKind;
    use wocable_lexicon::{Language, Lexicon};

    /// Boards from games Strong plays, with one tile in the bag and racks
    /// cut to two tiles, so that every endgame after a draw is solved
    /// exactly.
    fn one_tile_in_the_bag(rules: RuleSetKind) -> Vec<Game> {
        let lexicon = Lexicon::bundled(Language::En);
        let strong = LeaveModel::zero(Language::En);
        (0..6)
            .filter_map(|seed| {
                let config = GameConfig::numbered(rules, Language::En, 2, seed);
                let mut game = Game::new(config, lexicon.clone()).unwrap();
                while game.bag().len() > 40 && !game.is_over() {
                    game.apply(choose(&game, Level::Strong, &strong, seed)).unwrap();
                }
                let me = game.turn();
                let mut racks = vec![Vec::new(); 2];
                racks[me] = game.rack(me)[..2].to_vec();
                racks[1 - me] = game.rack(1 - me)[..2].to_vec();
                let setup = Setup {
                    board: game.board().clone(),
                    scores: game.scores().to_vec(),
                    racks,
                    bag: game.bag()[..1].to_vec(),
                    turn: me,
                    pass_run: Vec::new(),
                    scoreless_run: 0,
                };
                Game::set_up(game.config().clone(), lexicon.clone(), setup).ok()
            })
            .collect()
    }

    /// What a play is worth over every unseen tile drawn in turn, each
    /// endgame that follows solved to the end.
    fn worth(game: &Game, play: &Move) -> i32 {
        let me = game.turn();
        let unseen: Vec<Tile> = game.rack(1 - me).iter().chain(game.bag()).copied().collect();
        let mut total = 0;
        for (i, drawn) in unseen.iter().enumerate() {
            let mut racks = vec![Vec::new(); 2];
            racks[me] = game.rack(me).to_vec();
            racks[1 - me] = unseen.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, t)| *t).collect();
            let setup = Setup {
                board: game.board().clone(),
                scores: game.scores().to_vec(),
                racks,
                bag: vec![*drawn],
                turn: me,
                pass_run: Vec::new(),
                scoreless_run: 0,
            };
            let mut after = Game::set_up(game.config().clone(), game.lexicon().clone(), setup).unwrap();
            after.apply(Intent::Play { seat: me, tiles: play.tiles.clone() }).unwrap();
            let gained = after.scores()[me] - after.scores()[1 - me] - (game.scores()[me] - game.scores()[1 - me]);
            let rest = endgame(&after, u64::MAX).map_or(0, |answer| {
                assert!(answer.exact);
                answer.spread
            });
            total += gained - rest;
        }
        total
    }

    #[test]
    fn with_one_tile_in_the_bag_the_champion_plays_its_best_spread_over_every_draw() {
        let leaves = LeaveModel::bundled(Language::En);
        let mut not_the_first = 0;
        for rules in [RuleSetKind::Wocable, RuleSetKind::Webfeud] {
            let positions = one_tile_in_the_bag(rules);
            assert!(positions.len() >= 5, "{rules}: positions to test");
            for game in positions {
                let moves = all_moves(game.board(), game.rack(game.turn()), game.lexicon(), &game.scoring());
                let ranked = by_equity(&game, &moves, &leaves);
                let weighed: Vec<&Move> = ranked.iter().take(PRE_ENDGAME_PLAYS).map(|(_, m)| *m).collect();
                let best = weighed.iter().map(|m| worth(&game, m)).max().expect("a play");
                let Intent::Play { tiles, .. } = choose(&game, Level::Champion, &leaves, 0) else {
                    panic!("{rules}: a play with one tile in the bag");
                };
                let chosen = weighed.iter().position(|m| m.tiles == tiles).expect("one of its best plays by equity");
                assert_eq!(worth(&game, weighed[chosen]), best, "{rules}: the best spread over every draw");
                not_the_first += usize::from(chosen > 0);
            }
        }
        assert!(not_the_first > 0, "the draws changed some choice from the best by equity");
    }
}
