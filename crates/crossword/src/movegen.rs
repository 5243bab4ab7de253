//! Move generation: every legal placement of a rack on a board, with its
//! score, walked on the lexicon's GADDAG (see `wocable_lexicon::graph`).
//!
//! For each line of the board (rows for plays across, columns for plays
//! down) the generator computes, for every empty square, the letters
//! whose cross word is a word (a bit mask) and what that cross word's
//! other tiles are worth; then from each anchor (an empty square next to
//! a tile, or the centre of an empty board) it walks the graph left, then
//! right, placing rack tiles, and scores as it goes. A placement is found
//! from the leftmost anchor it covers only, so it is found once.

use crate::board::{Board, CENTRE, Direction, PlacedTile, Pos, SIZE};
use crate::notation::{format_position, format_word};
use crate::play::Scoring;
use crate::rules::RACK_SIZE;
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use wocable_lexicon::graph::{Arc, ROOT, SEPARATOR, WordGraph};
use wocable_lexicon::{Language, Letter, Lexicon};

/// A placement found by the generator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// New tiles in board order.
    pub tiles: Vec<(Pos, PlacedTile)>,
    pub score: u32,
    pub direction: Direction,
}

/// Every letter code but the separator's.
const ALL_LETTERS: u32 = !(1 << SEPARATOR);

#[derive(Clone, Copy, Default)]
struct Square {
    /// Letter code of the tile on this square (0: empty).
    letter: u8,
    /// Value of the tile on this square.
    value: u32,
    /// Letters allowed here by the cross word (bit per letter code).
    allowed: u32,
    /// Value of the cross word's tiles already on the board.
    cross_score: u32,
    /// The word multiplier that a tile here applies to its cross word: 0
    /// when it forms none.
    cross_multiplier: u32,
    anchor: bool,
    letter_multiplier: u32,
    word_multiplier: u32,
}

/// The score of the placement walked so far: the main word's tiles (before
/// its word multiplier) and the cross words made. Eight bytes, so that it
/// goes from call to call in a register.
#[derive(Clone, Copy)]
struct Tally {
    main: u32,
    cross: u32,
}

/// Calls `visit` with every legal placement of `rack` on `board` and its
/// score. A one-tile placement is visited once, whichever way it reads.
/// The rack is taken as given: one of more than seven tiles (never dealt)
/// would also give placements of more than seven.
pub fn generate(
    board: &Board,
    rack: &[Tile],
    lexicon: &Lexicon,
    scoring: &Scoring,
    mut visit: impl FnMut(&[(Pos, PlacedTile)], u32, Direction),
) {
    let graph = lexicon.graph();
    let language = lexicon.language();
    let mut values = [0u32; 32];
    for letter in language.letters() {
        values[letter.0 as usize] = scoring.tiles.value(letter);
    }
    let mut counts = [0u8; 32];
    let mut blanks = 0u8;
    for tile in rack {
        match tile {
            Tile::Letter(l) => counts[l.0 as usize & 31] = counts[l.0 as usize & 31].saturating_add(1),
            Tile::Blank => blanks = blanks.saturating_add(1),
        }
    }
    let rack_letters = (1..32).filter(|l| counts[*l] > 0).fold(0, |mask, l| mask | 1 << l);
    let grid = Grid::of(board, &values);
    let empty_board = board.is_empty();
    // Empty squares next to a tile (the centre of an empty board).
    let is_anchor = |pos: Pos| grid.letter(pos) == 0 && if empty_board { pos == CENTRE } else { grid.touches(pos) };
    let mut anchors = [[false; SIZE]; SIZE];
    for (row, line) in anchors.iter_mut().enumerate() {
        for (col, anchor) in line.iter_mut().enumerate() {
            *anchor = is_anchor(Pos { row: row as u8, col: col as u8 });
        }
    }
    let is_anchor = |pos: Pos| anchors[pos.row as usize][pos.col as usize];
    for direction in [Direction::Across, Direction::Down] {
        for line in 0..SIZE {
            let at = |i: usize| line_pos(direction, line, i);
            if !(0..SIZE).any(|i| is_anchor(at(i))) {
                continue;
            }
            let mut squares = [Square::default(); SIZE];
            for (i, square) in squares.iter_mut().enumerate() {
                let pos = at(i);
                let premium = scoring.layout.premium(pos);
                square.letter_multiplier = premium.letter_multiplier();
                square.word_multiplier = premium.word_multiplier();
                square.letter = grid.letter(pos);
                if square.letter != 0 {
                    square.value = grid.value(pos);
                    continue;
                }
                square.anchor = is_anchor(pos);
                square.allowed = ALL_LETTERS;
                if let Some((allowed, cross_score)) = cross_check(graph, &grid, pos, direction.other()) {
                    square.allowed = allowed;
                    square.cross_score = cross_score;
                    square.cross_multiplier = square.word_multiplier;
                }
            }
            let mut walk = Walk {
                graph,
                squares,
                counts,
                rack_letters,
                blanks,
                values,
                anchor: 0,
                ends_at_anchor: false,
                multiplier: 1,
                laid: [PlacedTile { letter: Letter(0), blank: false }; SIZE],
                start: 0,
                positions: std::array::from_fn(at),
                bingo_bonus: scoring.bingo_bonus,
                // One-tile plays that also read across are found across.
                skip_single_with_cross: direction == Direction::Down,
                direction,
                visit: &mut visit,
            };
            let nothing = Tally { main: 0, cross: 0 };
            for anchor in 0..SIZE {
                if walk.squares[anchor].anchor {
                    walk.anchor = anchor;
                    walk.ends_at_anchor = anchor + 1 == SIZE || walk.squares[anchor + 1].letter == 0;
                    walk.place_each(anchor, ROOT, nothing, true);
                }
            }
        }
    }
}

impl Move {
    /// The move in GCG notation on `board`: its position and its word.
    pub fn notation(&self, board: &Board, language: Language) -> (String, String) {
        let start = self.start(board);
        (format_position(start, self.direction), format_word(language, board, &self.tiles, start, self.direction))
    }

    /// The first square of the main word.
    fn start(&self, board: &Board) -> Pos {
        let mut start = self.tiles.first().map_or(CENTRE, |(pos, _)| *pos);
        while let Some(before) = start.step(self.direction, false).filter(|p| board.get(*p).is_some()) {
            start = before;
        }
        start
    }

    /// How many tiles the main word has, those on the board included.
    pub fn word_length(&self, board: &Board) -> usize {
        let covered = |p: Pos| board.get(p).is_some() || self.tiles.iter().any(|(q, _)| *q == p);
        std::iter::successors(Some(self.start(board)), |p| p.step(self.direction, true))
            .take_while(|p| covered(*p))
            .count()
    }
}

/// The number of placements, the best score, how many reach it and the sum
/// of all scores: a summary that pins a generator down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub placements: u64,
    pub best: u32,
    pub best_count: u64,
    pub score_sum: u64,
}

impl Summary {
    pub fn add(&mut self, score: u32) {
        self.placements += 1;
        self.score_sum += score as u64;
        if score > self.best || self.placements == 1 {
            self.best = score;
            self.best_count = 0;
        }
        if score == self.best {
            self.best_count += 1;
        }
    }
}

/// Every legal placement with its score.
pub fn all_moves(board: &Board, rack: &[Tile], lexicon: &Lexicon, scoring: &Scoring) -> Vec<Move> {
    let mut moves = Vec::new();
    generate(board, rack, lexicon, scoring, |tiles, score, direction| {
        let mut tiles = tiles.to_vec();
        tiles.sort_by_key(|(pos, _)| *pos);
        moves.push(Move { tiles, score, direction });
    });
    moves
}

fn line_pos(direction: Direction, line: usize, i: usize) -> Pos {
    match direction {
        Direction::Across => Pos { row: line as u8, col: i as u8 },
        Direction::Down => Pos { row: i as u8, col: line as u8 },
    }
}

/// The board's tiles as letter codes (0: empty) with their values, read
/// once per generation.
struct Grid {
    letters: [[u8; SIZE]; SIZE],
    values: [[u32; SIZE]; SIZE],
}

impl Grid {
    fn of(board: &Board, values: &[u32; 32]) -> Grid {
        let mut grid = Grid { letters: [[0; SIZE]; SIZE], values: [[0; SIZE]; SIZE] };
        for row in 0..SIZE {
            for col in 0..SIZE {
                if let Some(tile) = board.get(Pos { row: row as u8, col: col as u8 }) {
                    grid.letters[row][col] = tile.letter.0;
                    grid.values[row][col] = if tile.blank { 0 } else { values[tile.letter.0 as usize & 31] };
                }
            }
        }
        grid
    }

    fn letter(&self, pos: Pos) -> u8 {
        self.letters[pos.row as usize][pos.col as usize]
    }

    fn value(&self, pos: Pos) -> u32 {
        self.values[pos.row as usize][pos.col as usize]
    }

    /// Whether a tile lies on the square after `pos` in `direction`
    /// (before it when not `forward`).
    fn beside(&self, pos: Pos, direction: Direction, forward: bool) -> bool {
        pos.step(direction, forward).is_some_and(|p| self.letter(p) != 0)
    }

    fn touches(&self, pos: Pos) -> bool {
        [Direction::Across, Direction::Down]
            .into_iter()
            .any(|d| self.beside(pos, d, true) || self.beside(pos, d, false))
    }
}

/// The letters that may go on `pos` given the tiles beside it in `cross`
/// direction, and what those tiles are worth; `None` when there are none.
fn cross_check(graph: WordGraph, grid: &Grid, pos: Pos, cross: Direction) -> Option<(u32, u32)> {
    if !grid.beside(pos, cross, false) && !grid.beside(pos, cross, true) {
        return None;
    }
    let mut score = 0;
    // The tiles' letters, nearest first.
    let mut run = |forward: bool| {
        let mut letters = [0u8; SIZE];
        let mut len = 0;
        let mut next = pos.step(cross, forward);
        while let Some(p) = next.filter(|p| grid.letter(*p) != 0) {
            letters[len] = grid.letter(p);
            len += 1;
            score += grid.value(p);
            next = p.step(cross, forward);
        }
        (letters, len)
    };
    let (before, before_len) = run(false);
    let (after, after_len) = run(true);
    let (before, after) = (&before[..before_len], &after[..after_len]);
    let accepted = |node: u32| graph.arcs(node).filter(|a| a.accepts()).fold(0, |mask, a| mask | 1 << a.letter());
    let allowed = match (before.is_empty(), after.is_empty()) {
        // Keys "reversed AFTER, L" (the whole word reversed).
        (true, _) => graph.walk(ROOT, after.iter().rev().copied()).map_or(0, |a| accepted(a.child())),
        // Keys "reversed BEFORE · L".
        (false, true) => graph
            .walk(ROOT, before.iter().copied())
            .and_then(|a| graph.separator(a.child()))
            .map_or(0, |sep| accepted(sep.child())),
        // Keys "reversed BEFORE · L AFTER": walk BEFORE once, AFTER per letter.
        (false, false) => {
            graph.walk(ROOT, before.iter().copied()).and_then(|a| graph.separator(a.child())).map_or(0, |sep| {
                graph
                    .arcs(sep.child())
                    .filter(|arc| graph.walk(arc.child(), after.iter().copied()).is_some_and(|a| a.accepts()))
                    .fold(0, |mask, arc| mask | 1 << arc.letter())
            })
        }
    };
    Some((allowed & ALL_LETTERS, score))
}

struct Walk<'a, F> {
    graph: WordGraph<'a>,
    squares: [Square; SIZE],
    counts: [u8; 32],
    /// The letters with a tile left on the rack, as a bit mask.
    rack_letters: u32,
    blanks: u8,
    values: [u32; 32],
    anchor: usize,
    /// Whether the square right of the anchor is free: a word read
    /// leftwards may end at the anchor.
    ends_at_anchor: bool,
    /// The main word's multiplier so far.
    multiplier: u32,
    /// The tile laid on each empty square on the way walked.
    laid: [PlacedTile; SIZE],
    /// Where the word starts, once the walk has turned right.
    start: usize,
    positions: [Pos; SIZE],
    bingo_bonus: u32,
    skip_single_with_cross: bool,
    direction: Direction,
    visit: &'a mut F,
}

impl<F: FnMut(&[(Pos, PlacedTile)], u32, Direction)> Walk<'_, F> {
    /// Goes on leftwards after `arc` took the letter on square `i`: takes
    /// the tiles on the board further left, records the word if it may
    /// end at the anchor, turns right at the separator, and places rack
    /// tiles on the next square left.
    fn go_left(&mut self, mut i: usize, mut arc: Arc, mut tally: Tally) {
        while i > 0 && self.squares[i - 1].letter != 0 {
            i -= 1;
            let Some(next) = self.graph.find(arc.child(), self.squares[i].letter) else { return };
            tally.main += self.squares[i].value;
            arc = next;
        }
        if arc.accepts() && self.ends_at_anchor {
            self.record(i, self.anchor, tally);
        }
        let child = arc.child();
        if child == 0 {
            return;
        }
        if self.anchor + 1 < SIZE
            && let Some(separator) = self.graph.separator(child)
        {
            self.start = i;
            self.go_right(self.anchor, separator, tally);
        }
        // Squares that are anchors of their own are left to them.
        if i > 0 && !self.squares[i - 1].anchor {
            self.place_each(i - 1, child, tally, true);
        }
    }

    /// Goes on rightwards after `arc` took the letter on square `i` (or
    /// the separator, at the anchor): takes the tiles on the board further
    /// right, records the word, and places rack tiles on the next square.
    fn go_right(&mut self, mut i: usize, mut arc: Arc, mut tally: Tally) {
        while i + 1 < SIZE && self.squares[i + 1].letter != 0 {
            i += 1;
            let Some(next) = self.graph.find(arc.child(), self.squares[i].letter) else { return };
            tally.main += self.squares[i].value;
            arc = next;
        }
        if arc.accepts() {
            self.record(self.start, i, tally);
        }
        let child = arc.child();
        if i + 1 < SIZE && child != 0 {
            self.place_each(i + 1, child, tally, false);
        }
    }

    /// Tries every rack tile (and blank) that the graph and the cross word
    /// allow on the empty square `i`, then goes on the same way.
    fn place_each(&mut self, i: usize, node: u32, tally: Tally, leftwards: bool) {
        let playable = if self.blanks > 0 { ALL_LETTERS } else { self.rack_letters };
        let wanted = self.squares[i].allowed & playable;
        // Nothing fits (or the rack is empty): spare the graph lookup.
        if wanted == 0 {
            return;
        }
        let (rack_letters, blanks) = (self.rack_letters, self.blanks > 0);
        for arc in self.graph.arcs_among(node, wanted) {
            let letter = arc.letter() as usize;
            if rack_letters & 1 << letter != 0 {
                self.counts[letter] -= 1;
                if self.counts[letter] == 0 {
                    self.rack_letters &= !(1 << letter);
                }
                self.place(i, arc, false, tally, leftwards);
                self.rack_letters = rack_letters;
                self.counts[letter] += 1;
            }
            if blanks {
                self.blanks -= 1;
                self.place(i, arc, true, tally, leftwards);
                self.blanks += 1;
            }
        }
    }

    /// Puts a tile (or a blank) with `arc`'s letter on the empty square `i`.
    fn place(&mut self, i: usize, arc: Arc, blank: bool, tally: Tally, leftwards: bool) {
        let letter = arc.letter();
        let square = &self.squares[i];
        let value = if blank { 0 } else { self.values[letter as usize] * square.letter_multiplier };
        let tally = Tally {
            main: tally.main + value,
            cross: tally.cross + (square.cross_score + value) * square.cross_multiplier,
        };
        let multiplier = self.multiplier;
        self.multiplier *= square.word_multiplier;
        self.laid[i] = PlacedTile { letter: Letter(letter), blank };
        if leftwards {
            self.go_left(i, arc, tally);
        } else {
            self.go_right(i, arc, tally);
        }
        self.multiplier = multiplier;
    }

    /// Visits the placement whose main word covers squares `start..=end`.
    fn record(&mut self, start: usize, end: usize, tally: Tally) {
        let mut placed = [(CENTRE, self.laid[start]); SIZE];
        let mut count = 0;
        for i in (start..=end).filter(|i| self.squares[*i].letter == 0) {
            placed[count] = (self.positions[i], self.laid[i]);
            count += 1;
        }
        if count == 1 && self.skip_single_with_cross && self.squares[self.anchor].cross_multiplier > 0 {
            return;
        }
        let bingo = if count == RACK_SIZE { self.bingo_bonus } else { 0 };
        (self.visit)(&placed[..count], tally.main * self.multiplier + tally.cross + bingo, self.direction);
    }
}
