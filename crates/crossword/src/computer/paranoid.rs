//! The Champion's endgame against two or three opponents. With the bag
//! empty every rack is known, as against one, but the turns of three or
//! four players make no two-sided game: what one opponent gives up another
//! may take. The search is *paranoid*: the opponents are taken to play
//! together against the player on turn, who plays for the widest margin
//! over the best of them. That keeps alpha-beta's pruning on both sides
//! (max^n, where each player plays for their own score, can prune only
//! shallowly, and searches less deep in the same time), and the move it
//! finds holds its margin whatever the others do. It deepens a turn at a
//! time, a depth that reaches the end of the game on every line being
//! exact, and searches one of its own moves a step.

use crate::endgame::order;
use crate::game::{Game, Intent};
use crate::movegen::{Move, all_moves};
use crate::tile::rack_value;

/// How many positions the search may enter (each a move applied to a
/// copy of the game) before it settles for its deepest complete depth:
/// under a second natively. A step may take all of them, so the web
/// build, which steps within a frame, allows few.
pub const PARANOID_NODES: u64 = if cfg!(target_arch = "wasm32") { 2_000 } else { 60_000 };

/// The longest line searched, in turns: passes end the game well before.
const MAX_DEPTH: u32 = 64;

/// Why a search stopped early.
struct OutOfNodes;

pub(super) struct ParanoidSearch {
    seat: usize,
    /// The player's moves, a pass last; the first is the best of the
    /// deepest complete depth.
    candidates: Vec<Intent>,
    /// The depth being searched, the candidate searched next, and the best
    /// so far at this depth (its index and margin).
    depth: u32,
    next: usize,
    depth_best: (usize, i32),
    /// A line at this depth stopped before the end of the game.
    cut: bool,
    nodes_left: u64,
    exact: bool,
    done: bool,
}

impl ParanoidSearch {
    /// `None` unless the bag is empty and two or more opponents are left;
    /// `moves` are those of the player on turn, best first.
    pub(super) fn new(game: &Game, moves: &[Move], budget: u64) -> Option<ParanoidSearch> {
        let seat = game.turn();
        let opponents = (0..game.scores().len()).filter(|s| *s != seat && !game.has_left(*s)).count();
        if !game.bag().is_empty() || opponents < 2 || game.is_over() {
            return None;
        }
        let mut ordered: Vec<&Move> = moves.iter().collect();
        let rack = game.rack(seat).len();
        ordered.sort_by_key(|m| order(m.tiles.len(), m.score as i32, rack));
        let candidates = ordered
            .into_iter()
            .map(|m| Intent::Play { seat, tiles: m.tiles.clone() })
            .chain([Intent::Pass { seat }])
            .collect();
        Some(ParanoidSearch {
            seat,
            candidates,
            depth: 0,
            next: 0,
            depth_best: (0, i32::MIN),
            cut: false,
            nodes_left: budget,
            exact: false,
            done: false,
        })
    }

    /// Searches one more of the player's moves at the depth being searched
    /// (starting the next depth when all are); whether more steps are left.
    pub(super) fn step(&mut self, game: &Game) -> bool {
        if self.done {
            return false;
        }
        if self.next == 0 {
            self.depth += 1;
            self.depth_best = (0, i32::MIN);
            self.cut = false;
        }
        let mut after = game.clone();
        let margin = match after.apply(self.candidates[self.next].clone()) {
            Ok(_) => self.margin(&after, self.depth - 1, self.depth_best.1, i32::MAX),
            // A move the rules refuse is never chosen.
            Err(_) => Ok(i32::MIN),
        };
        let Ok(margin) = margin else {
            self.done = true;
            return false;
        };
        if margin > self.depth_best.1 {
            self.depth_best = (self.next, margin);
        }
        self.next += 1;
        if self.next == self.candidates.len() {
            self.candidates[..=self.depth_best.0].rotate_right(1);
            self.next = 0;
            self.exact = !self.cut;
            self.done = self.exact || self.depth >= MAX_DEPTH;
        }
        !self.done
    }

    /// The best move of the deepest complete depth (before any, the best
    /// by score).
    pub(super) fn choice(&self) -> Intent {
        self.candidates[0].clone()
    }

    /// The margin of the player over the best of the others that `game`
    /// leads to with `depth` turns searched ahead, between `alpha` and
    /// `beta` (beyond them, a bound).
    fn margin(&mut self, game: &Game, depth: u32, mut alpha: i32, mut beta: i32) -> Result<i32, OutOfNodes> {
        if game.is_over() || depth == 0 {
            self.cut |= !game.is_over();
            return Ok(margin_of(game, self.seat));
        }
        let mover = game.turn();
        let mut moves = all_moves(game.board(), game.rack(mover), game.lexicon(), &game.scoring());
        let rack = game.rack(mover).len();
        moves.sort_by_key(|m| order(m.tiles.len(), m.score as i32, rack));
        let intents = moves
            .into_iter()
            .map(|m| Intent::Play { seat: mover, tiles: m.tiles })
            .chain([Intent::Pass { seat: mover }]);
        let maximising = mover == self.seat;
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for intent in intents {
            if self.nodes_left == 0 {
                return Err(OutOfNodes);
            }
            self.nodes_left -= 1;
            let mut after = game.clone();
            if after.apply(intent).is_err() {
                continue;
            }
            let value = self.margin(&after, depth - 1, alpha, beta)?;
            if maximising {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

/// The margin of `seat` over the best of the other players still in the
/// game: final scores once it is over, before that each score less the
/// tiles its player still holds.
fn margin_of(game: &Game, seat: usize) -> i32 {
    let standing = |s: usize| {
        let held = if game.is_over() { 0 } else { rack_value(game.rack(s), game.tile_set()) as i32 };
        game.scores()[s] - held
    };
    let best_other = (0..game.scores().len()).filter(|s| *s != seat && !game.has_left(*s)).map(standing).max();
    standing(seat) - best_other.unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::{LeaveModel, Level, choose};
    use crate::game::{GameConfig, Setup};
    use crate::rules::RuleSetKind;
    use wocable_lexicon::{Language, Lexicon};

    /// Boards from games Strong plays among `players`, with the bag
    /// emptied and racks cut short (`mover` tiles for the player on turn
    /// and `other` for each other), so that plain minimax can search them.
    fn small_endgames(rules: RuleSetKind, players: usize, (mover, other): (usize, usize)) -> Vec<Game> {
        let lexicon = Lexicon::bundled(Language::En);
        let strong = LeaveModel::zero(Language::En);
        (0..4)
            .filter_map(|seed| {
                let config = GameConfig::numbered(rules, Language::En, players, seed);
                let mut game = Game::new(config, lexicon.clone()).unwrap();
                while game.bag().len() > 30 && !game.is_over() {
                    game.apply(choose(&game, Level::Strong, &strong, seed)).unwrap();
                }
                let turn = game.turn();
                let racks =
                    (0..players).map(|s| game.rack(s)[..if s == turn { mover } else { other }].to_vec()).collect();
                let setup = Setup {
                    board: game.board().clone(),
                    scores: game.scores().to_vec(),
                    racks,
                    bag: Vec::new(),
                    turn,
                    pass_run: Vec::new(),
                    scoreless_run: 0,
                };
                Game::set_up(game.config().clone(), lexicon.clone(), setup).ok()
            })
            .collect()
    }

    /// Every intent of the player on turn with the game it leads to.
    fn turns(game: &Game) -> Vec<(Intent, Game)> {
        let mover = game.turn();
        let moves = all_moves(game.board(), game.rack(mover), game.lexicon(), &game.scoring());
        moves
            .into_iter()
            .map(|m| Intent::Play { seat: mover, tiles: m.tiles })
            .chain([Intent::Pass { seat: mover }])
            .map(|intent| {
                let mut after = game.clone();
                after.apply(intent.clone()).expect("a legal move");
                (intent, after)
            })
            .collect()
    }

    /// Plain paranoid minimax for `seat` over `depth` turns.
    fn minimax(game: &Game, seat: usize, depth: u32) -> i32 {
        if game.is_over() || depth == 0 {
            return margin_of(game, seat);
        }
        let values = turns(game).into_iter().map(|(_, after)| minimax(&after, seat, depth - 1));
        if game.turn() == seat { values.max() } else { values.min() }.expect("a pass at least")
    }

    fn search(game: &Game, budget: u64) -> (ParanoidSearch, Intent) {
        let moves = all_moves(game.board(), game.rack(game.turn()), game.lexicon(), &game.scoring());
        let mut search = ParanoidSearch::new(game, &moves, budget).expect("an endgame of three or more");
        while search.step(game) {}
        let choice = search.choice();
        (search, choice)
    }

    /// What `intent` is worth to the player on turn over `depth` turns.
    fn worth(game: &Game, intent: &Intent, depth: u32) -> i32 {
        let mut after = game.clone();
        after.apply(intent.clone()).unwrap();
        minimax(&after, game.turn(), depth - 1)
    }

    #[test]
    fn searched_to_the_end_it_plays_what_plain_paranoid_minimax_finds_best() {
        for (rules, players) in [(RuleSetKind::Wocable, 3), (RuleSetKind::Remote, 4)] {
            // Every line to the end of the game: two tiles against one.
            let positions = small_endgames(rules, players, (2, 1));
            assert!(positions.len() >= 3, "{rules}: positions to test");
            for game in positions {
                let (searched, choice) = search(&game, u64::MAX);
                assert!(searched.exact, "{rules}: searched to the end");
                let depth = MAX_DEPTH;
                let best = turns(&game).iter().map(|(intent, _)| worth(&game, intent, depth)).max().unwrap();
                assert_eq!(worth(&game, &choice, depth), best, "{rules}: the best margin");
                assert_eq!(searched.depth_best.1, best, "{rules}: the margin it finds");
                assert_eq!(search(&game, u64::MAX).1, choice, "{rules}: the same answer every time");
            }
        }
    }

    #[test]
    fn out_of_positions_it_plays_the_best_move_of_its_deepest_complete_depth() {
        let game = small_endgames(RuleSetKind::Wocable, 3, (3, 3)).remove(0);
        let (whole, _) = search(&game, u64::MAX);
        assert!(whole.exact && whole.depth >= 2, "a search of more than one depth");
        // One position fewer than the whole search takes.
        let (searched, choice) = search(&game, u64::MAX - whole.nodes_left - 1);
        assert!(!searched.exact, "a search one position short is cut");
        let complete = searched.depth - 1;
        assert!(complete >= 1, "it completes a depth within its positions");
        let best = turns(&game).iter().map(|(intent, _)| worth(&game, intent, complete)).max().unwrap();
        assert_eq!(worth(&game, &choice, complete), best);
    }
}
