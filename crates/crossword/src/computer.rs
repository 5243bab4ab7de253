//! Computer players (§4.2), hints (§4.3), and the self-play that teaches
//! the strongest level what the tiles it keeps are worth.
//!
//! - Beginner plays short words, none of its best, and never a blank.
//! - Casual plays one of its better moves, words of up to six letters.
//! - Strong plays the highest score.
//! - Champion plays the highest equity: score plus the value of the tiles
//!   kept (a linear model learned by self-play, `data/leaves-*.txt`), less
//!   the opponent's best reply averaged over racks it might hold (Monte
//!   Carlo, as long as the caller lets a [`Thinker`] step), and exchanges
//!   when keeping better tiles is worth more than scoring now. With the
//!   bag empty against one opponent, it searches the endgame instead
//!   (against two or three, a paranoid search: see `paranoid`), and with
//!   one tile left it weighs its best plays over every tile the bag may
//!   hold, searching the endgame after each draw.

mod paranoid;
mod pre_endgame;

use crate::board::Board;
pub use crate::endgame::{ENDGAME_NODES, EndgameAnswer, EndgameSearch};
use crate::game::{Event, Game, GameConfig, Intent};
use crate::movegen::{Move, all_moves};
use crate::rules::RuleSetKind;
use crate::tile::{Tile, take_from, tiles_used};
pub use paranoid::PARANOID_NODES;
use paranoid::ParanoidSearch;
use pre_endgame::PreEndgame;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use wocable_lexicon::{Language, Letter, Lexicon};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Beginner,
    Casual,
    Strong,
    Champion,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Champion];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Champion => "champion",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name.to_ascii_lowercase())
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the tiles left on a rack are worth, in points: a weight per letter
/// (and for the blank), less a penalty per repeated tile and for an
/// unbalanced mix of vowels and consonants.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaveModel {
    /// Indexed by letter code; index 0 is the blank.
    pub tile: Vec<f64>,
    pub repeat: f64,
    pub imbalance: f64,
}

/// The features of a leave, in the order of the model's weights.
fn features(language: Language, leave: &[Tile]) -> Vec<f64> {
    let mut x = vec![0.0; language.letter_count() + 3];
    let mut counts = [0u8; 32];
    let (mut vowels, mut consonants) = (0i32, 0i32);
    for tile in leave {
        match tile {
            Tile::Blank => x[0] += 1.0,
            Tile::Letter(l) => {
                x[l.0 as usize] += 1.0;
                counts[l.0 as usize & 31] += 1;
                if is_vowel(language, *l) { vowels += 1 } else { consonants += 1 }
            }
        }
    }
    let n = language.letter_count();
    x[n + 1] = counts.iter().map(|c| c.saturating_sub(1) as f64).sum();
    x[n + 2] = ((vowels - consonants).abs() as f64).powi(2);
    x
}

fn is_vowel(language: Language, letter: Letter) -> bool {
    matches!(language.label(letter), "A" | "E" | "I" | "O" | "U")
}

impl LeaveModel {
    /// A model that values every leave at zero.
    pub fn zero(language: Language) -> LeaveModel {
        LeaveModel { tile: vec![0.0; language.letter_count() + 1], repeat: 0.0, imbalance: 0.0 }
    }

    /// The model shipped for `language`.
    pub fn bundled(language: Language) -> LeaveModel {
        let text = match language {
            Language::En => include_str!("../data/leaves-en.txt"),
            Language::Es => include_str!("../data/leaves-es.txt"),
            Language::Fr => include_str!("../data/leaves-fr.txt"),
        };
        LeaveModel::parse(language, text).unwrap_or_else(|| LeaveModel::zero(language))
    }

    pub fn value(&self, language: Language, leave: &[Tile]) -> f64 {
        let x = features(language, leave);
        let n = language.letter_count();
        x[..=n].iter().zip(&self.tile).map(|(a, b)| a * b).sum::<f64>()
            + x[n + 1] * self.repeat
            + x[n + 2] * self.imbalance
    }

    /// Reads `LABEL VALUE` lines (`?` the blank, `repeat`, `imbalance`);
    /// `#` starts a comment.
    pub fn parse(language: Language, text: &str) -> Option<LeaveModel> {
        let mut model = LeaveModel::zero(language);
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (label, value) = line.split_once(' ')?;
            let value: f64 = value.trim().parse().ok()?;
            match label {
                "?" => model.tile[0] = value,
                "repeat" => model.repeat = value,
                "imbalance" => model.imbalance = value,
                label => model.tile[language.letter(label)?.0 as usize] = value,
            }
        }
        Some(model)
    }

    pub fn to_text(&self, language: Language, header: &str) -> String {
        let mut out = format!("# {header}\n? {:.3}\n", self.tile[0]);
        for letter in language.letters() {
            out.push_str(&format!("{} {:.3}\n", language.label(letter), self.tile[letter.0 as usize]));
        }
        out + &format!("repeat {:.3}\nimbalance {:.3}\n", self.repeat, self.imbalance)
    }
}

/// The tiles a move takes from the rack.
fn used(m: &Move) -> Vec<Tile> {
    tiles_used(&m.tiles)
}

/// Every move of the player on turn, best score first (ties in board order).
fn ranked_moves(game: &Game) -> Vec<Move> {
    let mut moves = all_moves(game.board(), game.rack(game.turn()), game.lexicon(), &game.scoring());
    moves.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.tiles.cmp(&b.tiles)));
    moves
}

/// How many moves a hint shows.
pub const HINTS: usize = 5;

/// The best moves for the player on turn by score, best first (§4.3).
pub fn hints(game: &Game, count: usize) -> Vec<Move> {
    let mut moves = ranked_moves(game);
    moves.truncate(count);
    moves
}

/// One turn of a finished game beside the best move there was (§4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReview {
    pub seat: usize,
    /// What the player did.
    pub intent: Intent,
    /// What it scored.
    pub score: u32,
    /// The highest-scoring move the player had (`None`: no move at all).
    pub best: Option<Move>,
    /// The main word played, as (position, word) in GCG notation.
    pub played_notation: Option<(String, String)>,
    /// The best move, as (position, word) in GCG notation.
    pub best_notation: Option<(String, String)>,
}

/// Every turn of a game beside the best move available then.
pub fn review(game: &Game) -> Vec<TurnReview> {
    let mut reviewer = Reviewer::new(game);
    while reviewer.step() {}
    reviewer.turns
}

/// A game's [`review`] made a turn at a time, each a move generation, so
/// that a caller with one thread can spread it over frames.
pub struct Reviewer {
    /// The game replayed up to the turn to review next (`None`: its
    /// record did not replay, and there is nothing to review).
    replay: Option<Game>,
    intents: std::vec::IntoIter<Intent>,
    total: usize,
    turns: Vec<TurnReview>,
}

impl Reviewer {
    pub fn new(game: &Game) -> Reviewer {
        let saved = game.save();
        let replay = Game::replaying(&saved, game.lexicon().clone()).ok();
        let intents: Vec<Intent> = match replay {
            Some(_) => saved.events.iter().filter_map(Event::intent).collect(),
            None => Vec::new(),
        };
        Reviewer { replay, total: intents.len(), intents: intents.into_iter(), turns: Vec::new() }
    }

    /// Reviews the next turn; whether any turn is left.
    pub fn step(&mut self) -> bool {
        let (Some(replay), Some(intent)) = (self.replay.as_mut(), self.intents.next()) else { return false };
        let seat = match &intent {
            Intent::Resign { .. } | Intent::TimeOut { .. } => None,
            Intent::Play { seat, .. } | Intent::Exchange { seat, .. } | Intent::Pass { seat } => Some(*seat),
        };
        let best = seat.and_then(|_| hints(replay, 1).pop());
        let language = replay.settings().language;
        let best_notation = best.as_ref().map(|m| m.notation(replay.board(), language));
        let Ok(events) = replay.apply(intent.clone()) else {
            // A record that replayed once replays again; were it not to,
            // the turns before are still a review.
            self.intents = Vec::new().into_iter();
            return false;
        };
        if let Some(seat) = seat {
            let played = events.iter().find_map(|e| if let Event::Played { play, .. } = e { Some(play) } else { None });
            let played_notation = played.map(|play| {
                let word = play.spelt(language).into_iter().next().unwrap_or_default();
                (crate::notation::format_position(play.start, play.direction), word)
            });
            let score = played.map_or(0, |play| play.score);
            self.turns.push(TurnReview { seat, intent, score, best, played_notation, best_notation });
        }
        self.intents.len() > 0
    }

    /// The turns reviewed and all there are, to show progress.
    pub fn progress(&self) -> (usize, usize) {
        (self.total - self.intents.len(), self.total)
    }

    /// The turns reviewed so far, in order.
    pub fn turns(&self) -> &[TurnReview] {
        &self.turns
    }
}

/// Chooses what the computer player on turn does. `seed` makes the
/// choice of the weaker levels repeatable. The Champion looks ahead over
/// [`SIMULATIONS`] racks of its opponent's; [`Thinker`] does the same a
/// step at a time.
pub fn choose(game: &Game, level: Level, leaves: &LeaveModel, seed: u64) -> Intent {
    let mut thinker = Thinker::new(game, level, leaves, seed);
    while thinker.step(game) {}
    thinker.choice()
}

/// The moves a level picks from, without looking ahead.
fn choose_now(game: &Game, level: Level, moves: &[Move], seed: u64) -> Intent {
    let seat = game.turn();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let chosen = match level {
        Level::Strong | Level::Champion => moves.first(),
        Level::Casual => {
            let fitting: Vec<&Move> = moves.iter().filter(|m| m.word_length(game.board()) <= 6).collect();
            let top = fitting.len().div_ceil(5).clamp(1, 8);
            fitting.get(rng.random_range(0..top.min(fitting.len()).max(1))).copied()
        }
        Level::Beginner => {
            let fitting: Vec<&Move> = moves
                .iter()
                .filter(|m| m.word_length(game.board()) <= 5 && m.tiles.iter().all(|(_, t)| !t.blank))
                .collect();
            // From the middle of its moves: plausible, far from the best
            // (which it plays only when it is the one move that fits).
            let low = (fitting.len() / 4).max(1).min(fitting.len().saturating_sub(1));
            let high = fitting.len().div_ceil(2).max(low + 1);
            fitting.get(rng.random_range(low..high)).copied()
        }
    };
    match chosen {
        Some(m) => Intent::Play { seat, tiles: m.tiles.clone() },
        None => fallback(game),
    }
}

/// A computer player's choice made in steps, so that the caller never
/// waits on one long computation (the web build takes steps each frame) and
/// may stop early. After any step, [`Thinker::choice`] is the best intent
/// found so far.
///
/// The weaker levels choose at once. The Champion ranks its moves by
/// equity, then each step either draws one more rack its opponent might
/// hold and scores the best reply to each of its best moves (Monte Carlo
/// look-ahead), or, with the bag empty against one opponent, searches the
/// endgame further (at most the positions set by
/// [`Thinker::with_step_nodes`]), or against more, searches the endgame
/// after one more of its moves, or, with one tile in the bag against one
/// opponent, searches the endgame after one of its best plays and one tile
/// the bag may hold.
pub struct Thinker {
    plan: Plan,
}

enum Plan {
    Chosen(Intent),
    LookAhead(Box<LookAhead>),
    Endgame(Box<EndgameSearch>),
    Paranoid(Box<ParanoidSearch>),
    PreEndgame(Box<PreEndgame>),
}

impl Thinker {
    /// Starts thinking for the player on turn in `game`: one move
    /// generation, so cheap enough for any frame.
    pub fn new(game: &Game, level: Level, leaves: &LeaveModel, seed: u64) -> Thinker {
        let moves = ranked_moves(game);
        let plan = match level {
            Level::Champion => {
                let ranked = by_equity(game, &moves, leaves);
                let best: Vec<&Move> = ranked.iter().map(|(_, m)| *m).collect();
                EndgameSearch::new(game, &moves, ENDGAME_NODES)
                    .map(|search| Plan::Endgame(Box::new(search)))
                    .or_else(|| {
                        ParanoidSearch::new(game, &moves, PARANOID_NODES).map(|search| Plan::Paranoid(Box::new(search)))
                    })
                    .or_else(|| PreEndgame::new(game, &best).map(|pre| Plan::PreEndgame(Box::new(pre))))
                    .unwrap_or_else(|| Plan::LookAhead(Box::new(LookAhead::new(game, &ranked, leaves, seed))))
            }
            _ => Plan::Chosen(choose_now(game, level, &moves, seed)),
        };
        Thinker { plan }
    }

    /// Limits each step of an endgame search to `nodes` positions (each at
    /// most a move generation), for callers that must return quickly; the next
    /// step goes on where one stopped, so the search ends as it would in
    /// one step.
    pub fn with_step_nodes(mut self, nodes: u64) -> Thinker {
        if let Plan::Endgame(search) = &mut self.plan {
            // A step must search something to get anywhere.
            search.step_nodes = nodes.max(1);
        }
        self
    }

    /// Thinks one step further on `game` (the game it started on): one
    /// more of the [`SIMULATIONS`] racks, or of the endgame search;
    /// whether more steps are left.
    pub fn step(&mut self, game: &Game) -> bool {
        match &mut self.plan {
            Plan::Chosen(_) => false,
            Plan::LookAhead(look) => look.step(game),
            Plan::Endgame(search) => search.step(game),
            Plan::Paranoid(search) => search.step(game),
            Plan::PreEndgame(pre) => pre.step(game),
        }
    }

    /// The opponent racks looked ahead over so far (with one tile in the
    /// bag, the endgames searched after a play and a draw).
    pub fn samples(&self) -> usize {
        match &self.plan {
            Plan::LookAhead(look) => look.samples,
            Plan::PreEndgame(pre) => pre.searched(),
            _ => 0,
        }
    }

    /// The best intent found so far.
    pub fn choice(&self) -> Intent {
        match &self.plan {
            Plan::Chosen(intent) => intent.clone(),
            Plan::LookAhead(look) => look.choice(),
            Plan::Endgame(search) => search.choice(),
            Plan::Paranoid(search) => search.choice(),
            Plan::PreEndgame(pre) => pre.choice(),
        }
    }
}

/// With no move to play: exchange everything if the rules allow, else pass.
fn fallback(game: &Game) -> Intent {
    let seat = game.turn();
    let rack = game.rack(seat).to_vec();
    let needed = game.rules().bag_needed_to_exchange(rack.len());
    if !rack.is_empty() && game.bag().len() >= needed {
        Intent::Exchange { seat, tiles: rack }
    } else {
        Intent::Pass { seat }
    }
}

/// The Champion's look-ahead. Equity: the score, plus what the tiles
/// kept are worth while the bag can refill the rack; once it is empty,
/// less twice the kept tiles' points, which an opponent going out would
/// collect. Its best moves by equity, and an exchange when keeping better
/// tiles is worth more than scoring now, are then compared less the
/// average best reply over the racks drawn so far.
struct LookAhead {
    seat: usize,
    /// The best moves by equity, with the board each leaves.
    candidates: Vec<Candidate>,
    /// The best exchange by equity, with the tiles it returns.
    exchange: Option<(f64, Vec<Tile>)>,
    /// The opponent's replies to the board as it stands (an exchange).
    stay_replies: u64,
    /// The tiles the player cannot see, which the opponent's racks are drawn from.
    unseen: Vec<Tile>,
    rng: ChaCha8Rng,
    samples: usize,
}

struct Candidate {
    equity: f64,
    tiles: Vec<(crate::board::Pos, crate::board::PlacedTile)>,
    board: Board,
    /// The opponent's best scores summed over the racks drawn.
    replies: u64,
}

/// How many of its best moves the Champion looks ahead with, and over how
/// many racks of the opponent's (60 were measured no stronger).
pub const SIMULATED_MOVES: usize = 6;
pub const SIMULATIONS: usize = 12;

/// What the tiles kept are worth: while the bag can refill the rack, the
/// leave model's value; once it is empty, less twice their points, which
/// an opponent going out would collect.
fn leave_equity(game: &Game, leaves: &LeaveModel, leave: &[Tile]) -> f64 {
    if game.bag().is_empty() {
        -2.0 * leave.iter().map(|t| t.value(game.tile_set()) as f64).sum::<f64>()
    } else {
        leaves.value(game.settings().language, leave)
    }
}

/// The moves of the player on turn with their equity (score plus
/// [`leave_equity`]), best first.
fn by_equity<'a>(game: &Game, moves: &'a [Move], leaves: &LeaveModel) -> Vec<(f64, &'a Move)> {
    let rack = game.rack(game.turn());
    let mut ranked: Vec<(f64, &Move)> = moves
        .iter()
        .map(|m| (m.score as f64 + leave_equity(game, leaves, &take_from(rack, &used(m)).unwrap_or_default()), m))
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked
}

impl LookAhead {
    /// `ranked`: the moves by equity, best first.
    fn new(game: &Game, ranked: &[(f64, &Move)], leaves: &LeaveModel, seed: u64) -> LookAhead {
        let seat = game.turn();
        let rack = game.rack(seat);
        let bag = game.bag().len();
        let tiles = game.tile_set();
        // With the bag empty there is nothing to draw from: the best equity.
        let looked_at = if bag > 0 { SIMULATED_MOVES } else { 1 };
        let candidates = ranked
            .iter()
            .take(looked_at)
            .map(|&(equity, m)| {
                let mut board = game.board().clone();
                for (pos, tile) in &m.tiles {
                    board.set(*pos, *tile);
                }
                Candidate { equity, tiles: m.tiles.clone(), board, replies: 0 }
            })
            .collect();
        let rules = game.rules();
        let exchange = (bag >= rules.bag_needed_to_exchange(1))
            .then(|| {
                // Every choice of tiles to keep (a rack has at most 7 tiles).
                (0u32..(1 << rack.len()) - 1)
                    .filter(|keep| bag >= rules.bag_needed_to_exchange(rack.len() - keep.count_ones() as usize))
                    .map(|keep| {
                        let (kept, returned): (Vec<_>, Vec<_>) =
                            rack.iter().enumerate().partition(|(i, _)| keep & (1 << i) != 0);
                        let kept: Vec<Tile> = kept.into_iter().map(|(_, t)| *t).collect();
                        (
                            leave_equity(game, leaves, &kept),
                            returned.into_iter().map(|(_, t)| *t).collect::<Vec<Tile>>(),
                        )
                    })
                    .max_by(|a, b| a.0.total_cmp(&b.0))
            })
            .flatten();
        let seen: Vec<Tile> = game.board().tiles().map(|(_, t)| Tile::from(t)).chain(rack.iter().copied()).collect();
        let unseen =
            if bag > 0 { take_from(&crate::tile::full_bag(tiles), &seen).unwrap_or_default() } else { Vec::new() };
        LookAhead {
            seat,
            candidates,
            exchange,
            stay_replies: 0,
            unseen,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed),
            samples: 0,
        }
    }

    /// Draws one more rack the opponent might hold and scores its best
    /// reply to each candidate and to the board as it stands.
    fn step(&mut self, game: &Game) -> bool {
        if self.unseen.is_empty() || self.samples >= SIMULATIONS {
            return false;
        }
        let mut pool = self.unseen.clone();
        let size = crate::rules::RACK_SIZE.min(pool.len());
        let rack: Vec<Tile> = (0..size).map(|_| pool.swap_remove(self.rng.random_range(0..pool.len()))).collect();
        for candidate in &mut self.candidates {
            candidate.replies += best_score(game, &candidate.board, &rack) as u64;
        }
        self.stay_replies += best_score(game, game.board(), &rack) as u64;
        self.samples += 1;
        self.samples < SIMULATIONS
    }

    fn choice(&self) -> Intent {
        let seat = self.seat;
        let average = |replies: u64| replies as f64 / self.samples.max(1) as f64;
        let best_play =
            self.candidates.iter().map(|c| (c.equity - average(c.replies), c)).max_by(|a, b| a.0.total_cmp(&b.0));
        let stay_reply = average(self.stay_replies);
        match (best_play, &self.exchange) {
            (Some((play, _)), Some((exchange, tiles))) if exchange - stay_reply > play => {
                Intent::Exchange { seat, tiles: tiles.clone() }
            }
            (Some((_, c)), _) => Intent::Play { seat, tiles: c.tiles.clone() },
            (None, Some((_, tiles))) => Intent::Exchange { seat, tiles: tiles.clone() },
            (None, None) => Intent::Pass { seat },
        }
    }
}

/// The best score `rack` can make on `board`.
fn best_score(game: &Game, board: &Board, rack: &[Tile]) -> u32 {
    let mut best = 0;
    crate::movegen::generate(board, rack, game.lexicon(), &game.scoring(), |_, score, _| best = best.max(score));
    best
}

/// The move that leaves the best final spread when the bag is empty and
/// one opponent is left, searched within `node_budget` positions; `None`
/// when that is not the situation.
pub fn endgame(game: &Game, node_budget: u64) -> Option<EndgameAnswer> {
    let mut search = EndgameSearch::new(game, &ranked_moves(game), node_budget)?;
    while search.step(game) {}
    Some(search.answer())
}

/// Plays a whole game between computer players, one level per seat; the
/// seed decides the bag and the weaker levels' choices.
pub fn play_game(config: GameConfig, lexicon: Lexicon, levels: &[Level], leaves: &LeaveModel) -> Game {
    let seed = config.seed.low_bits();
    let mut game = Game::new(config, lexicon).expect("a valid configuration");
    play_out(&mut game, levels, leaves, seed, |_, _, _| {});
    game
}

/// Plays until the game ends, telling `watch` each turn's leave (the tiles
/// kept, for a play or an exchange) and the points it scored.
fn play_out(
    game: &mut Game,
    levels: &[Level],
    leaves: &LeaveModel,
    seed: u64,
    mut watch: impl FnMut(usize, Option<Vec<Tile>>, u32),
) {
    for turn in 0u64.. {
        if game.is_over() {
            break;
        }
        let seat = game.turn();
        let level = levels.get(seat).copied().unwrap_or(Level::Strong);
        let intent = choose(game, level, leaves, seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(turn));
        let rack = game.rack(seat).to_vec();
        let (leave, intent) = match intent {
            Intent::Play { seat, tiles } => (take_from(&rack, &tiles_used(&tiles)), Intent::Play { seat, tiles }),
            Intent::Exchange { seat, tiles } => (take_from(&rack, &tiles), Intent::Exchange { seat, tiles }),
            other => (None, other),
        };
        let events = game.apply(intent).unwrap_or_else(|_| game.apply(Intent::Pass { seat }).unwrap_or_default());
        let score =
            events.iter().find_map(|e| if let Event::Played { play, .. } = e { Some(play.score) } else { None });
        watch(seat, leave, score.unwrap_or(0));
    }
}

/// Learns leave values by self-play (§4.2): Champions using `start` play
/// `games` games; each leave kept while the bag still had tiles is paired
/// with what its player scored on their next turn, and a ridge regression
/// of those points on the leave's features gives the new weights.
pub fn learn_leaves(rules: RuleSetKind, lexicon: &Lexicon, games: usize, seed: u64, start: &LeaveModel) -> LeaveModel {
    let language = lexicon.language();
    let mut samples: Vec<(Vec<f64>, f64)> = Vec::new();
    for g in 0..games {
        let config = GameConfig::numbered(rules, language, 2, seed.wrapping_add(g as u64));
        let mut game = Game::new(config, lexicon.clone()).expect("a valid configuration");
        let mut pending: [Option<Vec<f64>>; 2] = [None, None];
        play_out(&mut game, &[Level::Champion; 2], start, seed ^ g as u64, |seat, leave, score| {
            if let Some(x) = pending[seat].take() {
                samples.push((x, score as f64));
            }
            pending[seat] = leave.map(|l| features(language, &l));
        });
    }
    let weights = ridge_regression(&samples, 1.0);
    let n = language.letter_count();
    LeaveModel { tile: weights[1..=n + 1].to_vec(), repeat: weights[n + 2], imbalance: weights[n + 3] }
}

/// Weights `w` (intercept first) minimising Σ(y − w·[1, x])² + λ|w|².
fn ridge_regression(samples: &[(Vec<f64>, f64)], lambda: f64) -> Vec<f64> {
    let dim = samples.first().map_or(0, |(x, _)| x.len()) + 1;
    let mut a = vec![vec![0.0; dim + 1]; dim];
    for (x, y) in samples {
        let row: Vec<f64> = std::iter::once(1.0).chain(x.iter().copied()).collect();
        for i in 0..dim {
            for j in 0..dim {
                a[i][j] += row[i] * row[j];
            }
            a[i][dim] += row[i] * y;
        }
    }
    for (i, r) in a.iter_mut().enumerate().skip(1) {
        r[i] += lambda;
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..dim {
        let pivot = (col..dim).max_by(|p, q| a[*p][col].abs().total_cmp(&a[*q][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        let lead = a[col][col];
        if lead.abs() < 1e-12 {
            continue;
        }
        let pivot_row = a[col].clone();
        for (_, row) in a.iter_mut().enumerate().filter(|(r, _)| *r != col) {
            let factor = row[col] / lead;
            for (cell, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                *cell -= factor * p;
            }
        }
    }
    (0..dim).map(|i| if a[i][i].abs() < 1e-12 { 0.0 } else { a[i][dim] / a[i][i] }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ridge_regression_recovers_known_weights() {
        // y = 3 + 2·x0 − x1, exactly.
        let samples: Vec<(Vec<f64>, f64)> = (0..50)
            .map(|i| {
                let x = vec![(i % 7) as f64, (i % 5) as f64];
                let y = 3.0 + 2.0 * x[0] - x[1];
                (x, y)
            })
            .collect();
        let w = ridge_regression(&samples, 1e-9);
        for (got, want) in w.iter().zip([3.0, 2.0, -1.0]) {
            assert!((got - want).abs() < 1e-6, "{w:?}");
        }
    }

    #[test]
    fn leave_models_read_back_what_they_write() {
        let mut model = LeaveModel::zero(Language::Es);
        model.tile[0] = 25.5;
        model.tile[Language::Es.letter("CH").unwrap().0 as usize] = -3.25;
        model.repeat = -2.0;
        model.imbalance = -0.75;
        let text = model.to_text(Language::Es, "test");
        assert_eq!(LeaveModel::parse(Language::Es, &text), Some(model.clone()));
        let blank_and_two_a = [Tile::Blank, Tile::Letter(Letter(1)), Tile::Letter(Letter(1))];
        // 25.5 for the blank, −2 for the repeated A, −0.75·(2 − 0)².
        assert!((model.value(Language::Es, &blank_and_two_a) - 20.5).abs() < 1e-9);
        assert_eq!(LeaveModel::parse(Language::En, "Q not-a-number"), None);
    }
}
