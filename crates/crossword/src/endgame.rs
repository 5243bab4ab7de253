//! The endgame search (§4.2). Once the bag is empty against one opponent,
//! both racks are known and the game is one of perfect information: an
//! alpha-beta search over every play of both racks (and passes) finds the
//! move that leaves the best final spread. The search deepens a turn at a
//! time; a depth that completes without cutting any line short is exact,
//! and ends the search. It keeps its line on a stack of its own rather
//! than in recursive calls, so that it can stop after any position and go
//! on later: the web build searches a few positions a frame.

use crate::board::{Board, CENTRE, Direction, PlacedTile, Pos, SIZE};
use crate::game::{Game, Intent};
use crate::movegen::{Move, Prepared};
use crate::play::score_placement;
use crate::rules::{PassEnding, RACK_SIZE};
use crate::tile::Tile;
use std::cmp::Reverse;
use std::sync::OnceLock;
use wocable_lexicon::{Letter, TileSet};

/// How many positions the Champion's search may enter before it settles
/// for its deepest complete answer: under a second natively. The web
/// build searches a slice a frame on its one thread, more slowly: less
/// there, so that the move comes within a few seconds.
pub const ENDGAME_NODES: u64 = if cfg!(target_arch = "wasm32") { 20_000 } else { 100_000 };

/// What the search found: the move, the final spread it leads to (the
/// player's points less the opponent's, gained from here on), and whether
/// that is proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameAnswer {
    pub intent: Intent,
    pub spread: i32,
    /// Every line was searched to the end of the game.
    pub exact: bool,
    /// The turns searched ahead.
    pub depth: u32,
    /// The positions it entered, each settled by the best play of an
    /// earlier search or by generating its plays (the cost of a search).
    pub positions: u64,
}

/// The longest line searched: every tile of both racks one at a time, with
/// passes between.
const MAX_DEPTH: u32 = 4 * RACK_SIZE as u32;

/// The depth searched after a complete search `depth` turns deep: a turn
/// deeper at first, then two turns. That leaves fewer searches to go
/// through on the way to a proof, each of which (forced passes aside)
/// meets the horizon on the same player's turn as the last (measured with
/// `wocable-cli endgames`: English seeds 17, 31 and 34 about 15 % faster
/// for about as many positions; two turns from the third on was no better).
fn deeper(depth: u32) -> u32 {
    let step = if depth < 4 { 1 } else { 2 };
    (depth + step).min(MAX_DEPTH)
}

/// What a tile played is worth when the search orders plays: a play with
/// more tiles is nearer going out, and that matters more than most
/// differences in score (measured with `wocable-cli endgames`: English,
/// proven within 1 s 5 of 20 at 3, 9 of 20 from 20 up; face values
/// added gained nothing).
const TILE_BONUS: i32 = 25;

/// What having the turn is worth at the search's horizon, besides the
/// racks: about a play in an endgame. Without it, a depth that ends on one
/// player's turn and the next, on the other's, disagree by a play, and
/// each search orders the next one's plays worse (measured with
/// `wocable-cli endgames`: from 0 to 30, English, proven within 1 s 9 of 20
/// to 10, within 10 s 12 to 13; 40 to 60 did no better).
const TEMPO: i32 = 30;

/// The value of a position beyond the horizon for the player to move,
/// whose rack is worth `mine` against the other's `theirs`: the racks as
/// they stand, and the turn.
fn horizon(mine: i32, theirs: i32) -> i32 {
    theirs - mine + TEMPO
}

/// Where a play comes in the search: the less, the sooner.
pub(crate) type Place = Reverse<(bool, i32)>;

/// Where a play of `tiles` tiles scoring `score` comes in the search, from
/// a rack of `rack` tiles: those that go out first, then by score and
/// tiles played.
pub(crate) fn order(tiles: usize, score: i32, rack: usize) -> Place {
    Reverse((tiles == rack, score + TILE_BONUS * tiles as i32))
}

/// A play of the search, kept without allocating.
#[derive(Clone, Copy)]
struct Play {
    tiles: [(Pos, PlacedTile); RACK_SIZE],
    len: usize,
    score: i32,
}

impl Play {
    /// A placement of at most a rack of tiles, as the generator gives them.
    fn of(tiles: &[(Pos, PlacedTile)], score: u32) -> Play {
        let none = (CENTRE, PlacedTile { letter: Letter(0), blank: false });
        let mut play = Play { tiles: [none; RACK_SIZE], len: tiles.len(), score: score as i32 };
        play.tiles[..tiles.len()].copy_from_slice(tiles);
        play
    }

    /// A pass: no tiles. The search's plays end with it, unless it was
    /// tried first.
    fn pass() -> Play {
        Play::of(&[], 0)
    }

    fn tiles(&self) -> &[(Pos, PlacedTile)] {
        &self.tiles[..self.len]
    }

    /// The play in [`BEST_BITS`] bits, to be kept in the table: its
    /// first square, its direction and each new tile (letter and blank)
    /// in board order; never 0.
    fn pack(&self) -> u64 {
        let tiles = self.tiles();
        if tiles.is_empty() {
            return PASS;
        }
        let down = tiles.len() > 1 && tiles[0].0.col == tiles[1].0.col;
        let head = tiles[0].0.index() as u64 | (tiles.len() as u64) << 8 | (down as u64) << 11;
        tiles.iter().enumerate().fold(head, |code, (i, (_, tile))| {
            code | ((tile.letter.0 as u64 & 31) << 1 | tile.blank as u64) << (12 + 6 * i)
        })
    }
}

/// What a player gains by going out with a play scoring `score` while the
/// other keeps tiles worth `kept`: the play, and those tiles from the
/// other to the player.
fn going_out(score: i32, kept: i32) -> i32 {
    score + 2 * kept
}

/// What `tiles` placed are worth.
fn points(tiles: &[(Pos, PlacedTile)], tile_set: &TileSet) -> i32 {
    tiles.iter().map(|(_, t)| Tile::from(*t).value(tile_set) as i32).sum()
}

/// Squares of the board, a bit per square, row by row.
type Squares = [u16; SIZE];

/// The squares that the words of a play of `tiles` on `board` lie on,
/// with the square beyond each end of each: another play that puts no
/// tile there leaves the play as it was, its words and its score.
fn words_around(board: &Board, tiles: &[(Pos, PlacedTile)]) -> Squares {
    let taken = |pos: Pos| board.get(pos).is_some() || tiles.iter().any(|(placed, _)| *placed == pos);
    let mut squares = [0; SIZE];
    for (pos, _) in tiles {
        for (direction, forward) in
            [Direction::Across, Direction::Down].into_iter().flat_map(|d| [(d, false), (d, true)])
        {
            let mut square = Some(*pos);
            while let Some(at) = square {
                squares[at.row as usize] |= 1 << at.col;
                square = at.step(direction, forward).filter(|_| taken(at));
            }
        }
    }
    squares
}

/// The most tiles a rack may have for its plays that go out to be looked
/// for before the other player moves (see [`Threats`]).
const THREAT_TILES: usize = 2;

/// How many of those plays are kept, the best first.
const THREATS: usize = 4;

/// The best plays with which the other player can go out, each with the
/// squares around its words ([`words_around`]). A play of the player to
/// move that puts no tile there leaves such a play as it is, so the other
/// can still make it in reply: that bounds what the play gains, without
/// making it.
#[derive(Clone, Copy, Default)]
struct Threats {
    plays: [(i32, Squares); THREATS],
    len: usize,
}

impl Threats {
    /// The best of `plays` (which go out) on `board`.
    fn of(board: &Board, plays: &mut [Play]) -> Threats {
        plays.sort_unstable_by_key(|play| Reverse(play.score));
        let mut threats = Threats { len: plays.len().min(THREATS), ..Threats::default() };
        for (threat, play) in threats.plays.iter_mut().zip(plays.iter()) {
            *threat = (play.score, words_around(board, play.tiles()));
        }
        threats
    }

    /// What a play of `tiles` scoring `score`, after which its player
    /// keeps tiles worth `kept`, gains at most: the other can go out in
    /// reply with the best of these plays that it leaves as it is.
    fn bound(&self, tiles: &[(Pos, PlacedTile)], score: i32, kept: i32) -> Option<i32> {
        let left = |around: &Squares| tiles.iter().all(|(pos, _)| around[pos.row as usize] & 1 << pos.col == 0);
        let (out, _) = self.plays[..self.len].iter().find(|(_, around)| left(around))?;
        Some(score - going_out(*out, kept))
    }
}

/// A pass, packed: a play packs to more (its tiles are counted from bit 8).
const PASS: u64 = 1;

/// A pass that is the only move, packed.
const FORCED_PASS: u64 = 2;

/// The tiles of a packed play on `board`: from its first square on, one
/// to each empty square; `None` when they run off the board.
fn unpack(code: u64, board: &Board) -> Option<Play> {
    let first = (code & 0xff) as usize;
    let count = (code >> 8 & 7) as usize;
    (count > 0).then_some(())?;
    let direction = if code >> 11 & 1 == 1 { Direction::Down } else { Direction::Across };
    let mut square = Pos::new(first / SIZE, first % SIZE);
    let mut tiles = [(CENTRE, PlacedTile { letter: Letter(0), blank: false }); RACK_SIZE];
    for (i, tile) in tiles.iter_mut().take(count).enumerate() {
        while let Some(taken) = square.filter(|p| board.get(*p).is_some()) {
            square = taken.step(direction, true);
        }
        let bits = code >> (12 + 6 * i) & 63;
        *tile = (square?, PlacedTile { letter: Letter((bits >> 1) as u8), blank: bits & 1 == 1 });
        square = square?.step(direction, true);
    }
    Some(Play { tiles, len: count, score: 0 })
}

/// The least depth at which a position looks up its replies in the table
/// before searching them.
const ETC_DEPTH: u32 = 2;

/// Why a search stopped early.
struct OutOfNodes;

/// Random keys whose sums name a position (Zobrist hashing): one per tile
/// on each square, per tile on each rack, per side to move and per run of
/// passes.
struct Keys {
    squares: Vec<u64>,
    racks: [[u64; 64]; 2],
    side: u64,
    passes: [u64; 8],
}

impl Keys {
    /// The keys: the same for every search, so made once.
    fn get() -> &'static Keys {
        static KEYS: OnceLock<Keys> = OnceLock::new();
        KEYS.get_or_init(Keys::new)
    }

    fn new() -> Keys {
        // splitmix64: fixed, so that searches repeat exactly.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Keys {
            squares: (0..SIZE * SIZE * 64).map(|_| next()).collect(),
            racks: [std::array::from_fn(|_| next()), std::array::from_fn(|_| next())],
            side: next(),
            passes: std::array::from_fn(|_| next()),
        }
    }

    /// The key of a position from those of its board and racks.
    fn of(&self, board_key: u64, rack_keys: [u64; 2], side: usize, passes: usize) -> u64 {
        let side_key = if side == 1 { self.side } else { 0 };
        board_key ^ rack_keys[0] ^ rack_keys[1].rotate_left(1) ^ side_key ^ self.passes[passes & 7]
    }

    fn square(&self, pos: Pos, tile: PlacedTile) -> u64 {
        self.squares[pos.index() * 64 + (tile.letter.0 as usize & 31) * 2 + tile.blank as usize]
    }

    fn rack_tile(&self, side: usize, tile: Tile) -> u64 {
        self.racks[side][match tile {
            Tile::Letter(l) => l.0 as usize & 63,
            Tile::Blank => 0,
        }]
    }
}

/// What a finished search of a position found: its value, as a bound
/// when the window cut the search short, the best play (packed), and
/// how deep it searched, or that no line was cut short (valid at any depth).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: u64,
    value: i32,
    bound: Bound,
    depth: u8,
    proven: bool,
}

/// An [`Entry`] as the table keeps it, in 16 bytes: the high half of its
/// key (its group's place in the table gives the low bits, so that more
/// than half the key tells positions apart), its value, and the rest
/// packed in one word (the best play in the low [`BEST_BITS`]).
#[derive(Clone, Copy, Default)]
struct Slot {
    check: u32,
    value: i32,
    packed: u64,
}

/// The slots of a group: four of 16 bytes fill a cache line.
const GROUP_SLOTS: usize = 4;

/// A key names a group, and its position may be kept in any of its slots.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Group([Slot; GROUP_SLOTS]);

/// The bits of a packed play (see [`Play::pack`]).
const BEST_BITS: u32 = 12 + 6 * RACK_SIZE as u32;

// A slot keeps the depth in 5 bits.
const _: () = assert!(MAX_DEPTH < 32);

impl Slot {
    fn of(entry: &Entry) -> Slot {
        debug_assert!(entry.best >> BEST_BITS == 0, "a packed play");
        let packed = entry.best
            | u64::from(entry.depth) << BEST_BITS
            | (entry.bound as u64) << (BEST_BITS + 5)
            | u64::from(entry.proven) << (BEST_BITS + 7);
        Slot { check: (entry.key >> 32) as u32, value: entry.value, packed }
    }

    /// The depth searched and whether proven: depth 0 in an empty slot,
    /// as every entry is at least a turn deep.
    fn rank(&self) -> (u8, bool) {
        ((self.packed >> BEST_BITS & 31) as u8, self.packed >> (BEST_BITS + 7) & 1 == 1)
    }

    /// Whether the entry kept here is position `key`'s.
    fn holds(&self, key: u64) -> bool {
        self.rank().0 > 0 && self.check == (key >> 32) as u32
    }

    /// The entry kept here, when it is position `key`'s.
    fn entry(&self, key: u64) -> Option<Entry> {
        let (depth, proven) = self.rank();
        self.holds(key).then_some(Entry {
            key,
            best: self.packed & ((1 << BEST_BITS) - 1),
            value: self.value,
            bound: match self.packed >> (BEST_BITS + 5) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            depth,
            proven,
        })
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

impl Bound {
    /// What a value found within `window` says of the position's.
    fn of(value: i32, (alpha, beta): (i32, i32)) -> Bound {
        match value {
            v if v <= alpha => Bound::Upper,
            v if v >= beta => Bound::Lower,
            _ => Bound::Exact,
        }
    }
}

/// The most positions the table keeps, by key; a newer search of a
/// slot's position replaces the older. The web build's memory is kept
/// small.
const MAX_TABLE: usize = if cfg!(target_arch = "wasm32") { 1 << 16 } else { 1 << 21 };

/// A table for a search of at most `budget` positions: about two entries
/// a position, since a short search would spend more filling a large
/// table than searching.
fn table(budget: u64) -> Vec<Group> {
    let entries = usize::try_from(budget.saturating_mul(2)).unwrap_or(usize::MAX);
    vec![Group::default(); entries.clamp(1 << 10, MAX_TABLE).next_power_of_two() / GROUP_SLOTS]
}

/// The most walks the move generator keeps for each line: the more, the
/// fewer lines it walks again, and the more memory it takes; fewer on the
/// web build, whose memory is kept small.
const MAX_MEMO_WAYS: u64 = if cfg!(target_arch = "wasm32") { 64 } else { 256 };

/// The walks kept for each line in a search of at most `budget`
/// positions: a short search would spend more setting them up than it
/// saves.
fn memo_ways(budget: u64) -> usize {
    (budget / 64).clamp(4, MAX_MEMO_WAYS) as usize
}

/// The position searched: changed in place down a line and restored on the
/// way back. Side 0 is the player the search is for.
struct Position {
    board: Board,
    /// The board as the move generator reads it.
    prepared: Prepared,
    racks: [Vec<Tile>; 2],
    /// Consecutive passed turns so far.
    passes: usize,
    /// The plays generated at each depth, kept to be reused.
    plays: Vec<Vec<Play>>,
    /// The positions being searched, from the root up to the one searched
    /// now: the search goes on from them after a step.
    stack: Vec<Node>,
    nodes_left: u64,
    /// Whether the value just found for a position rests on a line cut
    /// short at the horizon.
    cut: bool,
    keys: &'static Keys,
    /// The key of the board and of each rack, kept as they change.
    board_key: u64,
    rack_keys: [u64; 2],
    table: Vec<Group>,
    /// Room for generated plays, kept to be reused.
    scratch: Vec<Play>,
}

fn pass_limit(game: &Game) -> usize {
    match game.rules().pass_ending {
        PassEnding::Consecutive(n) => n as usize,
        PassEnding::EachPlayerTwice => 4,
    }
}

/// A position on the search's stack: its plays and how far their search
/// has gone.
struct Node {
    side: usize,
    depth: u32,
    alpha: i32,
    beta: i32,
    /// The window it is searched with, which says what its value bounds.
    window: (i32, i32),
    /// Whether its window was narrowed by a table entry that is not
    /// proven, and whether a line of its plays searched so far was cut
    /// short.
    window_cut: bool,
    plays_cut: bool,
    key: u64,
    plays: Vec<Play>,
    /// The play searched now.
    next: usize,
    /// That play's null-window search found it inside the whole window:
    /// it is searched again, with the whole window.
    again: bool,
    state: State,
    /// The passes in a row up to this position, as they are again after
    /// each of its plays is taken back.
    passes: usize,
    value: i32,
    best_index: usize,
    /// Whether all its plays are generated, or only those tried first.
    generated: bool,
    /// Its only move is a pass.
    forced: bool,
    /// The other player's plays that go out, once looked for.
    threats: Option<Threats>,
}

impl Node {
    fn new(
        side: usize,
        depth: u32,
        window: (i32, i32),
        window_cut: bool,
        key: u64,
        passes: usize,
        plays: Vec<Play>,
    ) -> Node {
        Node {
            side,
            depth,
            alpha: window.0,
            beta: window.1,
            window,
            window_cut,
            plays_cut: false,
            key,
            plays,
            next: 0,
            again: false,
            state: State::Start,
            passes,
            value: i32::MIN,
            best_index: 0,
            generated: true,
            forced: false,
            threats: None,
        }
    }
}

#[derive(Clone, Copy)]
enum State {
    /// The next play is to be made.
    Start,
    /// The play is made; the reply's position is to be searched within
    /// this window.
    Reply(i32, i32),
    /// The reply's position is above on the stack.
    Waiting,
}

/// What the search of the position at the bottom of the stack found.
struct Finished {
    value: i32,
    best_index: usize,
    /// No line was cut short at the horizon.
    proven: bool,
}

impl Position {
    fn rack_points(&self, game: &Game, side: usize) -> i32 {
        self.racks[side].iter().map(|t| t.value(game.tile_set()) as i32).sum()
    }

    /// What `side` gains by going out with a play scoring `score`.
    fn going_out(&self, game: &Game, side: usize, score: i32) -> i32 {
        going_out(score, self.rack_points(game, 1 - side))
    }

    /// What `side` gains by the pass that ends the game.
    fn last_pass(&self, game: &Game, side: usize) -> i32 {
        let deducted = game.rules().deduct_racks_on_passes;
        if deducted { self.rack_points(game, 1 - side) - self.rack_points(game, side) } else { 0 }
    }

    /// Starts the search of `side`'s position (to move), `depth` turns
    /// deep within (`alpha`, `beta`): its value at once when the horizon,
    /// the table or its last turn before the horizon gives it, else `None`
    /// with the position pushed on the stack. Out of positions, it changes
    /// nothing. `other_stuck`: the other has just passed because it could
    /// not play, so it has no play that goes out here either.
    fn enter(
        &mut self,
        game: &Game,
        side: usize,
        depth: u32,
        (alpha, beta): (i32, i32),
        other_stuck: bool,
    ) -> Result<Option<i32>, OutOfNodes> {
        if depth == 0 {
            self.cut = true;
            return Ok(Some(horizon(self.rack_points(game, side), self.rack_points(game, 1 - side))));
        }
        let key = self.key(side);
        let known = self.probe(key);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut window_cut = false;
        if known.key == key && (known.proven || u32::from(known.depth) >= depth) {
            // A value found with a horizon brings that horizon here.
            window_cut = !known.proven;
            match known.bound {
                Bound::Exact => alpha = known.value,
                Bound::Lower => alpha = alpha.max(known.value),
                Bound::Upper => beta = beta.min(known.value),
            }
            if known.bound == Bound::Exact || alpha >= beta {
                self.cut = window_cut;
                return Ok(Some(known.value));
            }
        }
        if self.nodes_left == 0 {
            return Err(OutOfNodes);
        }
        self.nodes_left -= 1;
        if depth == 1 {
            let (value, bound, best, proven) = self.last_turn(game, side, (alpha, beta), other_stuck);
            self.store(Entry { key, best, value, bound, depth: 1, proven });
            self.cut = !proven;
            return Ok(Some(value));
        }
        // First the best play of an earlier search of this position: it
        // often settles it, and then its plays need not be generated.
        let mut plays = std::mem::take(&mut self.plays[depth as usize]);
        plays.clear();
        let forced = known.key == key && known.best == FORCED_PASS;
        if forced {
            plays.push(Play::pass());
        } else if known.key == key
            && let Some(play) = self.legal(game, side, known.best)
        {
            plays.push(play);
        }
        let mut node = Node::new(side, depth, (alpha, beta), window_cut, key, self.passes, plays);
        (node.generated, node.forced) = (forced, forced);
        node.threats = other_stuck.then(Threats::default);
        self.stack.push(node);
        Ok(None)
    }

    /// The value of `side`'s position a turn before the horizon, worked out
    /// as its plays are generated (each ends the game or meets the
    /// horizon, so none is made), within (`alpha`, `beta`), with its bound,
    /// its best play and whether it is proven. It is what the search would
    /// find, trying the plays that go out first, then the others in
    /// [`order`], the pass last: the first that reaches `beta`, else the
    /// best. (The best of all would be no worse a value, but the first
    /// makes the better play to try first when the position is searched
    /// deeper.) A pass that ends the game comes before the plays meeting
    /// the horizon when it reaches `beta`: it proves the bound, which they
    /// cannot. `other_stuck` as for [`Position::enter`].
    fn last_turn(
        &mut self,
        game: &Game,
        side: usize,
        (alpha, beta): (i32, i32),
        other_stuck: bool,
    ) -> (i32, Bound, u64, bool) {
        let (mine, theirs) = (self.rack_points(game, side), self.rack_points(game, 1 - side));
        let rack = self.racks[side].len();
        let (out_bonus, tile_set) = (self.going_out(game, side, 0), game.tile_set());
        let pass_ends = self.passes + 1 >= pass_limit(game);
        // The best play going out, the best other move (the pass first),
        // the first other play reaching `beta`, whether a play leaves tiles
        // (and so meets the horizon), and whether there is no play.
        let mut out = (i32::MIN, 0);
        // A pass counts for no more than ending the game (see `Position::replied`).
        let ending = self.last_pass(game, side);
        let pass = if pass_ends { ending } else { (-horizon(theirs, mine)).min(ending) };
        let mut other = (pass, PASS);
        let mut first: Option<(Place, i32, u64)> = None;
        let (mut plays_open, mut stuck) = (false, true);
        // The most a play refuted by the other's going out gains (see below).
        let mut refuted = i32::MIN;
        // Of use only to a player whose plays may leave tiles; looked for
        // at every position here, so only where the other has one tile,
        // which is read off the cross checks (more cost more than they
        // save).
        let threats = if rack > 1 && !other_stuck { self.threats(game, 1 - side, 1) } else { Threats::default() };
        self.prepared.generate(&self.racks[side], game.lexicon(), &game.scoring(), |tiles, score, _| {
            let code = || Play::of(tiles, score).pack();
            let score = score as i32;
            stuck = false;
            if tiles.len() == rack {
                if score + out_bonus > out.0 {
                    out = (score + out_bonus, code());
                }
                return;
            }
            let played = points(tiles, tile_set);
            let value = score - horizon(theirs, mine - played);
            // The other going out in reply proves that the play gains no
            // more than alpha, when the horizon says so too (a search a
            // turn deep does not see the reply).
            match threats.bound(tiles, score, mine - played) {
                Some(bound) if value <= alpha && bound <= alpha => refuted = refuted.max(value.max(bound)),
                _ => plays_open = true,
            }
            if value > other.0 {
                other = (value, code());
            }
            let place = order(tiles.len(), score, rack);
            if value >= beta && first.is_none_or(|(before, _, _)| place < before) {
                first = Some((place, value, code()));
            }
        });
        if out.0 >= beta {
            return (out.0, Bound::Lower, out.1, true);
        }
        // A pass that ends the game reaching beta proves it, as no play
        // meeting the horizon does.
        if pass_ends && pass >= beta {
            return (pass, Bound::Lower, PASS, true);
        }
        if let Some((_, value, best)) = first {
            return (value, Bound::Lower, best, false);
        }
        // Every play goes out or is refuted: the pass gains no more than
        // the best play or ending the game (see `Position::replied`), and
        // going out gains more than ending the game.
        if !stuck && !plays_open {
            let most = refuted.max(ending);
            if out.0 >= most {
                return (out.0, Bound::Exact, out.1, true);
            }
            if most <= alpha {
                return (most, Bound::Upper, other.1, true);
            }
        }
        // A player who cannot play gains no more than ending the game: that
        // proves the bound when the search wants more. Else the pass, all
        // the player can do, costs no turn of the depth (as in `run`): the
        // other's last turn before the horizon follows.
        if stuck && !pass_ends {
            if ending <= alpha {
                return (ending, Bound::Upper, FORCED_PASS, true);
            }
            self.passes += 1;
            let window = (beta.saturating_neg(), alpha.saturating_neg());
            let (reply, _, _, proven) = self.last_turn(game, 1 - side, window, true);
            self.passes -= 1;
            let value = reply.saturating_neg().min(ending);
            return (value, Bound::of(value, (alpha, beta)), FORCED_PASS, proven);
        }
        let (value, best) = if out.0 > other.0 { out } else { other };
        let best = if stuck { FORCED_PASS } else { best };
        let open = plays_open || !pass_ends;
        (value, if value >= beta { Bound::Lower } else { Bound::Exact }, best, !open)
    }

    /// The place of the group of slots that position `key` is kept in.
    fn group(&self, key: u64) -> usize {
        key as usize & (self.table.len() - 1)
    }

    /// What the table knows of position `key`: the entry with its key in
    /// its group (an empty one when none has it).
    fn probe(&self, key: u64) -> Entry {
        self.table[self.group(key)].0.iter().find_map(|slot| slot.entry(key)).unwrap_or_default()
    }

    /// Keeps `entry` in its group: in the slot of its position, else in
    /// place of the shallowest search there (an unproven one first), so
    /// that costly answers are not lost to the many shallow ones
    /// (measured with `wocable-cli endgames`: English seeds 17, 31 and 34
    /// 7 to 22 % fewer positions than two slots, the first for the
    /// deeper).
    fn store(&mut self, entry: Entry) {
        let group = self.group(entry.key);
        let slots = &mut self.table[group].0;
        let slot = match slots.iter().position(|slot| slot.holds(entry.key)) {
            Some(same) => same,
            None => (0..slots.len()).min_by_key(|i| slots[*i].rank()).expect("slots in a group"),
        };
        slots[slot] = Slot::of(&entry);
    }

    /// The play `code` names for `side` here, when it is legal: its tiles
    /// on the rack, its words all words.
    fn legal(&self, game: &Game, side: usize, code: u64) -> Option<Play> {
        if code == PASS {
            return Some(Play::pass());
        }
        let mut play = unpack(code, &self.board)?;
        let slot = |letter: Letter, blank: bool| if blank { 0 } else { letter.0 as usize & 31 };
        let mut counts = [0u8; 32];
        for tile in &self.racks[side] {
            match tile {
                Tile::Letter(l) => counts[slot(*l, false)] += 1,
                Tile::Blank => counts[0] += 1,
            }
        }
        for (_, tile) in play.tiles() {
            let count = &mut counts[slot(tile.letter, tile.blank)];
            *count = count.checked_sub(1)?;
        }
        let scored = score_placement(&self.board, play.tiles(), &game.scoring()).ok()?;
        scored.words.iter().all(|word| game.lexicon().contains(word)).then_some(())?;
        play.score = scored.score as i32;
        Some(play)
    }

    /// Generates the plays of the top position after those tried first,
    /// which it leaves where they are.
    fn generate_rest(&mut self, game: &Game) {
        let top = self.stack.len() - 1;
        let mut all = std::mem::take(&mut self.scratch);
        self.generate(game, self.stack[top].side, &mut all);
        let node = &mut self.stack[top];
        let tried = node.plays.len();
        for play in &all {
            if !node.plays[..tried].iter().any(|p| p.tiles() == play.tiles()) {
                node.plays.push(*play);
            }
        }
        node.generated = true;
        node.forced = node.plays.len() == 1 && node.plays[0].len == 0;
        self.scratch = all;
        self.bring_forward_known_cutoff(game, tried);
    }

    /// Moves to the front of the top position's untried plays (from
    /// `untried` on) one whose reply the table already knows to be a
    /// cutoff, so that it settles the position at once (an enhanced
    /// transposition cutoff).
    fn bring_forward_known_cutoff(&mut self, game: &Game, untried: usize) {
        let node = self.stack.last().expect("a position being searched");
        if node.depth < ETC_DEPTH {
            return;
        }
        let (side, rack) = (node.side, self.racks[node.side].len());
        let found = node.plays[untried..].iter().position(|play| {
            if play.len == rack || play.len == 0 && self.passes + 1 >= pass_limit(game) {
                return false;
            }
            let key = self.key_after(side, play);
            let known = self.probe(key);
            known.key == key
                && (known.proven || u32::from(known.depth) + 1 >= node.depth)
                && known.bound != Bound::Lower
                && play.score - known.value >= node.beta
        });
        if let Some(found) = found {
            let node = self.stack.last_mut().expect("a position being searched");
            node.plays[untried..=untried + found].rotate_right(1);
        }
    }

    /// Pushes the search of the root, whose plays are given (neither looked
    /// up in the table nor stored there: its best move is wanted).
    fn push_root(&mut self, depth: u32, plays: Vec<Play>) {
        let window = (i32::MIN + 1, i32::MAX);
        self.stack.push(Node::new(0, depth, window, false, self.key(0), self.passes, plays));
        // What the last search found is not this one's.
        self.cut = false;
    }

    /// Searches on until the position at the bottom of the stack has its
    /// value. Out of positions, the search stops where it is, to go on
    /// from there at the next call.
    fn run(&mut self, game: &Game) -> Result<Finished, OutOfNodes> {
        loop {
            let top = self.stack.len() - 1;
            let Node { side, depth, alpha, beta, next, again, state, .. } = self.stack[top];
            let found = match state {
                State::Start if next == self.stack[top].plays.len() => {
                    if !self.stack[top].generated {
                        self.generate_rest(game);
                        continue;
                    }
                    // Those tried first were all there is: nothing more to
                    // count.
                    i32::MIN
                }
                State::Start => {
                    // The first play gets the whole window; the others first a
                    // null window, which is cheaper and enough to show that
                    // they are no better.
                    let (low, high) = if next == 0 || again { (alpha, beta) } else { (alpha, alpha.saturating_add(1)) };
                    let passes = self.passes;
                    let play = self.stack[top].plays[next];
                    let last = next + 1 == self.stack[top].plays.len() && self.stack[top].generated;
                    let ending = if play.len == 0 { self.last_pass(game, side) } else { 0 };
                    match play.len {
                        0 if passes + 1 >= pass_limit(game) => ending,
                        // Once every play is searched, a pass worth no more
                        // than alpha need not be (see `Position::replied`):
                        // what ending the game gains still bounds the
                        // position's worth, but the pass is no move to try
                        // first.
                        0 if last && ending <= alpha => {
                            let node = &mut self.stack[top];
                            node.value = node.value.max(ending);
                            i32::MIN
                        }
                        0 => {
                            self.passes += 1;
                            self.stack[top].state = State::Reply(high.saturating_neg(), low.saturating_neg());
                            continue;
                        }
                        len if len == self.racks[side].len() => self.going_out(game, side, play.score),
                        _ => match self.refuted(game, &play, alpha) {
                            Some(bound) => bound,
                            None => {
                                self.make(side, &play);
                                self.passes = 0;
                                // score − reply lies in (low, high) when the
                                // reply lies in (score − high, score − low).
                                let window = (play.score.saturating_sub(high), play.score.saturating_sub(low));
                                self.stack[top].state = State::Reply(window.0, window.1);
                                continue;
                            }
                        },
                    }
                }
                State::Reply(low, high) => {
                    self.stack[top].state = State::Waiting;
                    // A pass that is all a player can do costs no turn of
                    // the depth: a player stuck for a few turns would
                    // otherwise take the search as many turns deeper.
                    let forced = self.stack[top].forced;
                    let depth = if forced { depth } else { depth - 1 };
                    match self.enter(game, 1 - side, depth, (low, high), forced) {
                        Ok(Some(reply)) => self.replied(game, reply),
                        Ok(None) => continue,
                        Err(OutOfNodes) => {
                            self.stack[top].state = State::Reply(low, high);
                            return Err(OutOfNodes);
                        }
                    }
                }
                State::Waiting => unreachable!("the position on top of the stack is being searched"),
            };
            if let Some(finished) = self.settle(game, found) {
                return Ok(finished);
            }
        }
    }

    /// The plays with which `side` can go out, when it has few enough
    /// tiles for them to be looked for (see [`Threats`]).
    fn threats(&mut self, game: &Game, side: usize, most: usize) -> Threats {
        let rack = self.racks[side].len();
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        if rack <= most {
            self.prepared.generate(&self.racks[side], game.lexicon(), &game.scoring(), |tiles, score, _| {
                if tiles.len() == rack {
                    out.push(Play::of(tiles, score));
                }
            });
        }
        let threats = Threats::of(&self.board, &mut out);
        self.scratch = out;
        threats
    }

    /// What the top position's `play` (which leaves tiles) gains at most,
    /// when the other going out in reply makes that no more than `alpha`:
    /// then the play need not be made. (The other's position after the
    /// play is searched at least a turn deep, where that reply is found:
    /// the bound holds for a search to any depth.)
    fn refuted(&mut self, game: &Game, play: &Play, alpha: i32) -> Option<i32> {
        let top = self.stack.len() - 1;
        let side = self.stack[top].side;
        let threats = match self.stack[top].threats {
            Some(threats) => threats,
            None => {
                let threats = self.threats(game, 1 - side, THREAT_TILES);
                *self.stack[top].threats.insert(threats)
            }
        };
        let kept = self.rack_points(game, side) - points(play.tiles(), game.tile_set());
        threats.bound(play.tiles(), play.score, kept).filter(|bound| *bound <= alpha)
    }

    /// Takes back the play the top position is searching and returns what
    /// it gains, `reply` being the value of the position it led to.
    ///
    /// A pass gains no more than the better of the best play and the pass
    /// that ends the game: the other can pass back, leaving the same
    /// position two passes on with the same plays (each leads where it led
    /// before), and so on until a pass ends the game. So a pass counts for
    /// at most what ending the game gains, and is worth searching only when
    /// that is more than every play.
    fn replied(&mut self, game: &Game, reply: i32) -> i32 {
        let top = self.stack.len() - 1;
        let (side, passes) = (self.stack[top].side, self.stack[top].passes);
        self.passes = passes;
        let play = self.stack[top].plays[self.stack[top].next];
        self.unmake(side, &play);
        match play.len {
            0 => (-reply).min(self.last_pass(game, side)),
            _ => play.score - reply,
        }
    }

    /// Gives the top position the value `found` of the play it searches,
    /// and finishes the positions whose search that completes; the result
    /// when the bottom one is done.
    fn settle(&mut self, game: &Game, mut found: i32) -> Option<Finished> {
        loop {
            let play_cut = std::mem::take(&mut self.cut);
            let node = self.stack.last_mut().expect("a position being searched");
            node.state = State::Start;
            // The search again with the whole window gives the play's value.
            if node.next > 0 && !node.again && found > node.alpha && found < node.beta {
                node.again = true;
                return None;
            }
            node.again = false;
            if found > node.value {
                (node.value, node.best_index) = (found, node.next);
            }
            node.alpha = node.alpha.max(found);
            // A play reaching beta settles the position by itself, however
            // the lines of those before were cut.
            let cutoff = node.alpha >= node.beta;
            node.plays_cut = if cutoff { play_cut } else { node.plays_cut || play_cut };
            if !cutoff && (node.next + 1 < node.plays.len() || !node.generated) {
                node.next += 1;
                return None;
            }
            let node = self.stack.pop().expect("a position being searched");
            let bound = Bound::of(node.value, node.window);
            let proven = !node.window_cut && !node.plays_cut;
            self.cut = !proven;
            let Node { key, value, depth, best_index, .. } = node;
            // The root's value is the search's answer, not the table's.
            if self.stack.is_empty() {
                return Some(Finished { value, best_index, proven });
            }
            let best = if node.forced { FORCED_PASS } else { node.plays[best_index].pack() };
            let depth = depth as u8; // at most MAX_DEPTH
            self.store(Entry { key, best, value, bound, depth, proven });
            self.plays[depth as usize] = node.plays;
            found = self.replied(game, value);
        }
    }

    fn make(&mut self, side: usize, play: &Play) {
        self.prepared.change(play.tiles().iter().map(|(pos, tile)| (*pos, Some(*tile))));
        for (pos, tile) in play.tiles() {
            self.board.set(*pos, *tile);
            self.board_key ^= self.keys.square(*pos, *tile);
            let rack = &mut self.racks[side];
            if let Some(i) = rack.iter().position(|t| *t == Tile::from(*tile)) {
                rack.swap_remove(i);
                self.rack_keys[side] = self.rack_keys[side].wrapping_sub(self.keys.rack_tile(side, Tile::from(*tile)));
            }
        }
    }

    fn unmake(&mut self, side: usize, play: &Play) {
        self.prepared.change(play.tiles().iter().map(|(pos, _)| (*pos, None)));
        for (pos, tile) in play.tiles() {
            self.board.remove(*pos);
            self.board_key ^= self.keys.square(*pos, *tile);
            self.racks[side].push(Tile::from(*tile));
            self.rack_keys[side] = self.rack_keys[side].wrapping_add(self.keys.rack_tile(side, Tile::from(*tile)));
        }
    }

    /// The position's key, with `side` to move.
    fn key(&self, side: usize) -> u64 {
        self.keys.of(self.board_key, self.rack_keys, side, self.passes)
    }

    /// The key of the position `side`'s `play` leads to, without making it.
    fn key_after(&self, side: usize, play: &Play) -> u64 {
        let (mut board_key, mut rack_keys) = (self.board_key, self.rack_keys);
        for (pos, tile) in play.tiles() {
            board_key ^= self.keys.square(*pos, *tile);
            rack_keys[side] = rack_keys[side].wrapping_sub(self.keys.rack_tile(side, Tile::from(*tile)));
        }
        let passes = if play.len == 0 { self.passes + 1 } else { 0 };
        self.keys.of(board_key, rack_keys, 1 - side, passes)
    }

    /// Every play of `side`, in [`order`], then the pass.
    fn generate(&mut self, game: &Game, side: usize, plays: &mut Vec<Play>) {
        plays.clear();
        self.prepared.generate(&self.racks[side], game.lexicon(), &game.scoring(), |tiles, score, _| {
            plays.push(Play::of(tiles, score))
        });
        let rack = self.racks[side].len();
        plays.sort_by_key(|p| order(p.len, p.score, rack));
        plays.push(Play::pass());
    }
}

/// An iterative-deepening search from the root, within a budget of
/// positions in all (counted as in [`EndgameAnswer::positions`]; the
/// Champion's is [`ENDGAME_NODES`]), in steps
/// of at most `step_nodes` positions: a step stops where its positions run
/// out, and the next goes on from there.
pub struct EndgameSearch {
    seat: usize,
    position: Position,
    /// The root's plays (in [`order`]); the first is the best at the
    /// deepest depth searched completely, unless that is a pass.
    candidates: Vec<Move>,
    pass_is_best: bool,
    spread: i32,
    searched: u32,
    /// The depth being searched.
    depth: u32,
    /// The positions searched, and the most one step may search.
    positions: u64,
    pub(crate) step_nodes: u64,
    exact: bool,
    done: bool,
}

impl EndgameSearch {
    /// The search, when the bag is empty and one opponent is left, of at
    /// most `budget` positions in all; `moves` are those of the player on
    /// turn.
    pub(crate) fn new(game: &Game, moves: &[Move], budget: u64) -> Option<EndgameSearch> {
        let seat = game.turn();
        let others: Vec<usize> = (0..game.scores().len()).filter(|s| *s != seat && !game.has_left(*s)).collect();
        let [opponent] = others[..] else { return None };
        if !game.bag().is_empty() {
            return None;
        }
        let passes = game.pass_run().len();
        let racks = [game.rack(seat).to_vec(), game.rack(opponent).to_vec()];
        let mut candidates: Vec<Move> = moves.to_vec();
        candidates.sort_by_key(|m| order(m.tiles.len(), m.score as i32, racks[0].len()));
        let keys = Keys::get();
        let board_key = game.board().tiles().fold(0, |key, (pos, tile)| key ^ keys.square(pos, tile));
        let rack_keys =
            [0, 1].map(|side| racks[side].iter().fold(0u64, |key, tile| key.wrapping_add(keys.rack_tile(side, *tile))));
        let position = Position {
            board: game.board().clone(),
            prepared: Prepared::new(game.board(), game.lexicon(), &game.scoring()).remembering(memo_ways(budget)),
            racks,
            passes,
            plays: vec![Vec::new(); MAX_DEPTH as usize + 1],
            stack: Vec::with_capacity(MAX_DEPTH as usize + 1),
            nodes_left: budget,
            cut: false,
            keys,
            board_key,
            rack_keys,
            table: table(budget),
            scratch: Vec::new(),
        };
        Some(EndgameSearch {
            seat,
            position,
            candidates,
            pass_is_best: false,
            spread: 0,
            searched: 0,
            depth: 0,
            positions: 0,
            step_nodes: budget,
            exact: false,
            done: false,
        })
    }

    /// The search for the player on turn, without a budget: the caller
    /// decides how long it goes on, a [`EndgameSearch::search`] at a time
    /// (it keeps the clock). `None` unless the bag is empty and one
    /// opponent is left.
    pub fn of(game: &Game) -> Option<EndgameSearch> {
        let moves = crate::movegen::all_moves(game.board(), game.rack(game.turn()), game.lexicon(), &game.scoring());
        EndgameSearch::new(game, &moves, u64::MAX)
    }

    /// Searches on `game` (the game it started on) for at most `nodes`
    /// more positions; whether the search goes on. Its answer after any
    /// call is the best found so far.
    pub fn search(&mut self, game: &Game, nodes: u64) -> bool {
        self.step_nodes = nodes.max(1);
        self.step(game)
    }

    /// Searches on, at most `step_nodes` positions (starting the next depth
    /// when one is complete); whether more steps are left. When the budget
    /// runs out, the search ends with the best move of the deepest
    /// complete depth (and its position is left as the search stopped in
    /// it).
    pub(crate) fn step(&mut self, game: &Game) -> bool {
        if self.done {
            return false;
        }
        if self.position.stack.is_empty() {
            self.depth = deeper(self.depth);
            let plays = self.candidates.iter().map(|m| Play::of(&m.tiles, m.score)).chain([Play::pass()]).collect();
            self.position.push_root(self.depth, plays);
        }
        let budget = self.position.nodes_left;
        self.position.nodes_left = budget.min(self.step_nodes);
        let unspent = budget - self.position.nodes_left;
        let searched = self.position.run(game);
        self.positions += budget.min(self.step_nodes) - self.position.nodes_left;
        self.position.nodes_left += unspent;
        match searched {
            Ok(Finished { value, best_index, proven }) => {
                (self.spread, self.searched) = (value, self.depth);
                // The best move first: it is the answer, and at the next
                // depth it narrows the window for the others from the start.
                self.pass_is_best = best_index == self.candidates.len();
                if !self.pass_is_best {
                    self.candidates[..=best_index].rotate_right(1);
                }
                self.exact = proven;
                self.done = self.exact || self.depth >= MAX_DEPTH;
            }
            // The step's share is spent: the next goes on.
            Err(OutOfNodes) if unspent > 0 => {}
            Err(OutOfNodes) => self.done = true,
        }
        !self.done
    }

    pub(crate) fn choice(&self) -> Intent {
        match self.candidates.first() {
            Some(m) if !self.pass_is_best => Intent::Play { seat: self.seat, tiles: m.tiles.clone() },
            _ => Intent::Pass { seat: self.seat },
        }
    }

    /// The best move found so far, and what it is worth.
    pub fn answer(&self) -> EndgameAnswer {
        EndgameAnswer {
            intent: self.choice(),
            spread: self.spread,
            exact: self.exact,
            depth: self.searched,
            positions: self.positions,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::{LeaveModel, Level, choose, endgame};
    use crate::game::GameConfig;
    use crate::movegen::all_moves;
    use crate::rules::RuleSetKind;
    use std::collections::HashMap;
    use wocable_lexicon::{Language, Lexicon};

    /// Every intent of the player on turn, each with the game it leads to
    /// under the real rules and the spread it gains them.
    fn turns(game: &Game) -> Vec<(Game, i32)> {
        let me = game.turn();
        let spread = |g: &Game| g.scores()[me] - g.scores()[1 - me];
        let moves = all_moves(game.board(), game.rack(me), game.lexicon(), &game.scoring());
        let plays = moves.into_iter().map(|m| Intent::Play { seat: me, tiles: m.tiles });
        plays
            .chain([Intent::Pass { seat: me }])
            .map(|intent| {
                let mut next = game.clone();
                next.apply(intent).expect("a legal move");
                let gained = spread(&next) - spread(game);
                (next, gained)
            })
            .collect()
    }

    fn rack_points(game: &Game, seat: usize) -> i32 {
        game.rack(seat).iter().map(|t| t.value(game.tile_set()) as i32).sum()
    }

    /// Plain minimax over `depth` turns, racks counted as they stand
    /// beyond; a pass that is all a player can do costs no turn, but on
    /// the last. `forced` counts those passes.
    fn minimax(game: &Game, depth: u32, forced: &mut usize) -> i32 {
        let me = game.turn();
        if depth == 0 {
            return rack_points(game, 1 - me) - rack_points(game, me) + TEMPO;
        }
        let mut turns = turns(game);
        let next_depth = if turns.len() == 1 { depth } else { depth - 1 };
        *forced += usize::from(next_depth == depth);
        let mut value = |(next, gained): (Game, i32)| {
            if next.is_over() { gained } else { gained - minimax(&next, next_depth, forced) }
        };
        // A pass gains no more than ending the game by passes (see
        // `Position::replied`).
        let pass = value(turns.pop().expect("a pass"));
        let ending =
            if game.rules().deduct_racks_on_passes { rack_points(game, 1 - me) - rack_points(game, me) } else { 0 };
        turns.into_iter().map(&mut value).chain([pass.min(ending)]).max().expect("a pass at least")
    }

    /// What the game is worth to the player on turn, every line played to
    /// its end (positions met again are looked up).
    fn solve(game: &Game, known: &mut HashMap<String, i32>) -> i32 {
        let mut racks: Vec<Vec<Tile>> = (0..2).map(|s| game.rack(s).to_vec()).collect();
        racks.iter_mut().for_each(|r| r.sort());
        let key = format!("{:?}{racks:?}{}{}", game.board(), game.turn(), game.pass_run().len());
        if let Some(value) = known.get(&key) {
            return *value;
        }
        let value = |(next, gained): (Game, i32)| if next.is_over() { gained } else { gained - solve(&next, known) };
        let best = turns(game).into_iter().map(value).max().expect("a pass at least");
        known.insert(key, best);
        best
    }

    /// Strong against Strong into the endgame, until `small` holds.
    fn endgames(rules: RuleSetKind, seeds: std::ops::Range<u64>, small: impl Fn(&Game) -> bool) -> Vec<Game> {
        let lexicon = Lexicon::bundled(Language::En);
        let leaves = LeaveModel::zero(Language::En);
        let mut found = Vec::new();
        for seed in seeds {
            let mut game = Game::new(GameConfig::numbered(rules, Language::En, 2, seed), lexicon.clone()).unwrap();
            while !(game.is_over() || game.bag().is_empty() && small(&game)) {
                game.apply(choose(&game, Level::Strong, &leaves, seed)).unwrap();
            }
            if !game.is_over() {
                found.push(game);
            }
        }
        found
    }

    /// Endgames (Wocable rules) with eight tiles left on the racks or fewer.
    fn eight_tiles_left() -> Vec<Game> {
        let few_left = |game: &Game| game.rack(0).len() + game.rack(1).len() <= 8;
        let games = endgames(RuleSetKind::Wocable, 0..6, few_left);
        assert!(games.len() >= 3, "only {} endgames", games.len());
        games
    }

    #[test]
    fn the_search_agrees_with_plain_minimax() {
        let few_left = |game: &Game| game.rack(0).len() + game.rack(1).len() <= 4;
        let mut forced = 0;
        let deeper = endgames(RuleSetKind::Wocable, 0..8, few_left).into_iter().map(|game| (game, 4));
        for (game, deepest) in eight_tiles_left().into_iter().map(|game| (game, 2)).chain(deeper) {
            let game = &game;
            let mut search = EndgameSearch::new(game, &[], ENDGAME_NODES).expect("an endgame");
            for depth in 1..=deepest {
                search.position.nodes_left = u64::MAX;
                let position = &mut search.position;
                let searched = match position.enter(game, 0, depth, (i32::MIN + 1, i32::MAX), false) {
                    Ok(None) => position.run(game).ok().map(|finished| finished.value),
                    entered => entered.ok().flatten(),
                };
                let value = searched.expect("a search without a budget");
                // Or the game's worth: a position the search has settled
                // is worth that at any depth (one whose plays all go out
                // is settled a turn before the end, see
                // `Position::last_turn`), so the table can show it the end
                // of a line that minimax cuts at this depth.
                let plain = minimax(game, depth, &mut forced);
                let worth = || solve(game, &mut HashMap::new());
                assert!(value == plain || value == worth(), "depth {depth}: {value}, minimax {plain}");
            }
        }
        assert!(forced > 0, "no line met a pass that was all a player could do");
    }

    /// A play that puts no tile on the squares around another's words
    /// leaves that play as it was: still legal, with the same words and
    /// score. What makes a threat refute a play without making it.
    #[test]
    fn a_play_clear_of_the_words_around_another_leaves_it_as_it_was() {
        let (mut clear, mut near) = (0, 0);
        for game in endgames(RuleSetKind::Wocable, 0..3, |game| game.rack(0).len() + game.rack(1).len() <= 10) {
            let (board, scoring) = (game.board(), game.scoring());
            let plays = |seat: usize| all_moves(board, game.rack(seat), game.lexicon(), &scoring);
            let (others, mine) = (plays(1 - game.turn()), plays(game.turn()));
            for other in others.iter().step_by(3) {
                let before = score_placement(board, &other.tiles, &scoring).expect("a legal play");
                let around = words_around(board, &other.tiles);
                for play in &mine {
                    if play.tiles.iter().any(|(pos, _)| around[pos.row as usize] & 1 << pos.col != 0) {
                        near += 1;
                        continue;
                    }
                    clear += 1;
                    let mut after = board.clone();
                    play.tiles.iter().for_each(|(pos, tile)| after.set(*pos, *tile));
                    let then = score_placement(&after, &other.tiles, &scoring).expect("still legal");
                    assert_eq!((then.words, then.score), (before.words.clone(), before.score));
                }
            }
        }
        assert!(clear > 1000 && near > 100, "{clear} plays clear, {near} near: too few to prove anything");
    }

    #[test]
    fn an_exact_answer_is_what_the_game_is_worth() {
        // Webfeud deducts the racks when passes end the game; Wocable does
        // not. Five tiles take the search through lines cut at the horizon
        // before it proves them. A player down to one tile can often go
        // out next, which refutes many plays of the other's without their
        // being made (see `Threats`). Each case: the rules, the seeds, the
        // most tiles on both racks, and whether one rack has one tile.
        let cases = [
            (RuleSetKind::Wocable, 0..8, 4, false),
            (RuleSetKind::Webfeud, 0..8, 4, false),
            (RuleSetKind::Wocable, 0..8, 5, false),
            (RuleSetKind::Wocable, 8..40, 5, true),
        ];
        for (rules, seeds, tiles, one_tile) in cases {
            let small = |game: &Game| {
                let racks = [game.rack(0).len(), game.rack(1).len()];
                racks[0] + racks[1] <= tiles && (!one_tile || racks.contains(&1))
            };
            let games = endgames(rules, seeds, small);
            assert!(games.len() >= 4, "only {} endgames", games.len());
            for game in &games {
                let answer = endgame(game, 1_000_000).expect("an endgame");
                let mut known = HashMap::new();
                let worth = solve(game, &mut known);
                assert!(answer.exact, "{answer:?}");
                assert_eq!(answer.spread, worth, "{rules:?}");
                // The move it names is worth that much.
                let mut next = game.clone();
                let me = game.turn();
                let spread = |g: &Game| g.scores()[me] - g.scores()[1 - me];
                next.apply(answer.intent.clone()).unwrap();
                let after = if next.is_over() { 0 } else { -solve(&next, &mut known) };
                assert_eq!(spread(&next) - spread(game) + after, worth, "{rules:?}");
            }
        }
    }

    #[test]
    fn a_slot_keeps_its_entry() {
        // A rack's worth of blanks down the last column: the longest play,
        // whose last tile takes the highest bits.
        let tile = PlacedTile { letter: Letter(26), blank: true };
        let column: Vec<_> = (8..15).map(|row| (Pos { row, col: 14 }, tile)).collect();
        let longest = Play::of(&column, 0).pack();
        assert_eq!(longest >> (BEST_BITS - 1), 1, "the highest bit of a packed play is set");
        let plays = [longest, PASS, FORCED_PASS];
        for (i, (best, bound)) in plays.into_iter().zip([Bound::Exact, Bound::Lower, Bound::Upper]).enumerate() {
            let key = 0x9e37_79b9_7f4a_7c15u64.rotate_left(i as u32 * 7);
            for (depth, proven) in [(1, false), (MAX_DEPTH as u8, true)] {
                let value = [-1000, 0, 1000][i];
                let entry = Entry { key, best, value, bound, depth, proven };
                let kept = Slot::of(&entry).entry(key).expect("its entry");
                assert_eq!(
                    (kept.best, kept.value, kept.bound, kept.depth, kept.proven),
                    (best, value, bound, depth, proven)
                );
                assert!(Slot::of(&entry).entry(key ^ 1 << 40).is_none(), "another position's key");
            }
        }
        assert!(Slot::default().entry(0).is_none(), "an empty slot");
    }

    /// A group keeps the deepest searches of its positions: a new one
    /// takes the place of its own position's entry, else of the
    /// shallowest, an unproven one first.
    #[test]
    fn a_group_keeps_the_deepest_searches() {
        let game = &eight_tiles_left()[0];
        let position = &mut EndgameSearch::new(game, &[], 1).expect("an endgame").position;
        // Keys of one group, told apart by their high half.
        let key = |i: u64| i << 40 | 7;
        let entry = |i: u64, depth: u8, proven: bool| Entry {
            key: key(i),
            best: PASS,
            value: i as i32,
            bound: Bound::Exact,
            depth,
            proven,
        };
        let kept = |position: &Position| (1..=6).filter(|i| position.probe(key(*i)).key == key(*i)).collect::<Vec<_>>();
        for (i, depth, proven) in [(1, 3, false), (2, 5, false), (3, 2, true), (4, 2, false)] {
            position.store(entry(i, depth, proven));
        }
        assert_eq!(kept(position), [1, 2, 3, 4]);
        position.store(entry(5, 1, false));
        assert_eq!(kept(position), [1, 2, 3, 5], "the shallowest, unproven first, gives way");
        position.store(entry(2, 1, false));
        assert_eq!(kept(position), [1, 2, 3, 5], "a position's entry replaces its own");
        assert_eq!(position.probe(key(2)).depth, 1);
        position.store(entry(6, 4, false));
        assert_eq!(kept(position), [1, 3, 5, 6], "of two as shallow, the first gives way");
    }

    /// The web build searches a few positions a frame: in steps that stop
    /// anywhere, the search goes exactly as in one.
    #[test]
    fn a_search_in_steps_goes_as_one_search() {
        for game in &eight_tiles_left() {
            let moves = all_moves(game.board(), game.rack(game.turn()), game.lexicon(), &game.scoring());
            let whole = EndgameSearch::new(game, &moves, 20_000).expect("an endgame");
            let mut stepped = EndgameSearch::new(game, &moves, 20_000).expect("an endgame");
            stepped.step_nodes = 3;
            let mut steps = 0;
            while stepped.step(game) {
                steps += 1;
            }
            let (mut whole, stepped) = (whole, stepped.answer());
            while whole.step(game) {}
            let whole = whole.answer();
            assert_eq!(stepped, whole);
            assert!(steps as u64 >= whole.positions / 3, "{steps} steps for {} positions", whole.positions);
        }
    }
}
