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

#[derive(Clone, Copy, Default)]
struct Square {
    /// Letter code and value of the tile on this square.
    tile: Option<(u8, u32)>,
    /// Letters allowed here by the cross word (bit per letter code).
    allowed: u32,
    /// Whether a tile here forms a cross word.
    has_cross: bool,
    /// Value of the cross word's tiles already on the board.
    cross_score: u32,
    anchor: bool,
    letter_multiplier: u32,
    word_multiplier: u32,
}

/// Calls `visit` with every legal placement of `rack` on `board` and its
/// score. A one-tile placement is visited once, whichever way it reads.
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
    let empty_board = board.is_empty();
    // Empty squares next to a tile (the centre of an empty board).
    let mut anchors = [[false; SIZE]; SIZE];
    for (row, line) in anchors.iter_mut().enumerate() {
        for (col, anchor) in line.iter_mut().enumerate() {
            let pos = Pos { row: row as u8, col: col as u8 };
            *anchor = board.get(pos).is_none() && if empty_board { pos == CENTRE } else { touches(board, pos) };
        }
    }
    let is_anchor = |pos: Pos| anchors[pos.row as usize][pos.col as usize];
    for direction in [Direction::Across, Direction::Down] {
        for line in 0..SIZE {
            let at = |i: usize| line_pos(direction, line, i);
            let anchors = (0..SIZE)
                .map(at)
                .filter(|p| board.get(*p).is_none())
                .any(|p| if empty_board { p == CENTRE } else { touches(board, p) });
            if !anchors {
                continue;
            }
            let mut squares = [Square::default(); SIZE];
            for (i, square) in squares.iter_mut().enumerate() {
                let pos = at(i);
                let premium = scoring.layout.premium(pos);
                square.letter_multiplier = premium.letter_multiplier();
                square.word_multiplier = premium.word_multiplier();
                if let Some(tile) = board.get(pos) {
                    square.tile = Some((tile.letter.0, if tile.blank { 0 } else { values[tile.letter.0 as usize] }));
                    continue;
                }
                square.anchor = is_anchor(pos);
                (square.allowed, square.has_cross, square.cross_score) =
                    cross_check(graph, board, pos, direction.other(), &values);
            }
            let mut walk = Walk {
                graph,
                squares,
                counts,
                rack_letters: (0..32).filter(|l| counts[*l] > 0).fold(0, |mask, l| mask | 1 << l),
                blanks,
                values,
                anchor: 0,
                ends_at_anchor: false,
                placed: [(CENTRE, PlacedTile { letter: Letter(0), blank: false }); RACK_SIZE],
                placed_count: 0,
                positions: std::array::from_fn(at),
                main_sum: 0,
                word_multiplier: 1,
                cross_total: 0,
                bingo_bonus: scoring.bingo_bonus,
                // One-tile plays that also read across are found across.
                skip_single_with_cross: direction == Direction::Down,
                direction,
                visit: &mut visit,
            };
            for anchor in 0..SIZE {
                if walk.squares[anchor].anchor {
                    walk.anchor = anchor;
                    walk.ends_at_anchor = anchor + 1 == SIZE || walk.squares[anchor + 1].tile.is_none();
                    walk.left(anchor, ROOT);
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

fn touches(board: &Board, pos: Pos) -> bool {
    [Direction::Across, Direction::Down]
        .into_iter()
        .flat_map(|d| [pos.step(d, true), pos.step(d, false)])
        .flatten()
        .any(|p| board.get(p).is_some())
}

/// The letters that may go on `pos` given the tiles beside it in `cross`
/// direction, whether there are such tiles, and what they are worth.
fn cross_check<B: AsRef<[u8]>>(
    graph: &WordGraph<B>,
    board: &Board,
    pos: Pos,
    cross: Direction,
    values: &[u32; 32],
) -> (u32, bool, u32) {
    let run = |forward: bool| {
        let mut letters = Vec::new();
        let mut next = pos.step(cross, forward);
        while let Some(tile) = next.and_then(|p| board.get(p)) {
            letters.push(tile);
            next = next.and_then(|p| p.step(cross, forward));
        }
        letters
    };
    // `before` is nearest first, i.e. already reversed.
    let (before, after) = (run(false), run(true));
    if before.is_empty() && after.is_empty() {
        return (u32::MAX, false, 0);
    }
    let score = before.iter().chain(&after).map(|t| if t.blank { 0 } else { values[t.letter.0 as usize] }).sum();
    let ends_word = |arc: Arc| -> bool {
        if after.is_empty() {
            return arc.accepts();
        }
        graph.walk(arc.child(), after.iter().map(|t| t.letter.0)).is_some_and(|a| a.accepts())
    };
    let mut allowed = 0;
    if before.is_empty() {
        // Keys "L · AFTER": each first letter, then the separator.
        for arc in graph.arcs(ROOT).filter(|a| a.letter() != SEPARATOR) {
            if graph.separator(arc.child()).is_some_and(ends_word) {
                allowed |= 1 << arc.letter();
            }
        }
    } else {
        // Keys "reversed BEFORE · L AFTER": walk BEFORE once.
        let Some(sep) = graph.walk(ROOT, before.iter().map(|t| t.letter.0)).and_then(|a| graph.separator(a.child()))
        else {
            return (0, true, score);
        };
        for arc in graph.arcs(sep.child()) {
            if ends_word(arc) {
                allowed |= 1 << arc.letter();
            }
        }
    }
    (allowed, true, score)
}

struct Walk<'a, B, F> {
    graph: &'a WordGraph<B>,
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
    placed: [(Pos, PlacedTile); RACK_SIZE],
    placed_count: usize,
    positions: [Pos; SIZE],
    main_sum: u32,
    word_multiplier: u32,
    cross_total: u32,
    bingo_bonus: u32,
    skip_single_with_cross: bool,
    direction: Direction,
    visit: &'a mut F,
}

impl<B: AsRef<[u8]>, F: FnMut(&[(Pos, PlacedTile)], u32, Direction)> Walk<'_, B, F> {
    /// Extends the word leftwards onto square `i` from graph `node`.
    fn left(&mut self, i: usize, node: u32) {
        let square = self.squares[i];
        match square.tile {
            Some((letter, value)) => {
                if let Some(arc) = self.graph.find(node, letter) {
                    self.main_sum += value;
                    self.after_left(i, arc);
                    self.main_sum -= value;
                }
            }
            // Squares that are anchors of their own are left to them.
            None if i != self.anchor && square.anchor => {}
            None => self.place_each(i, node, true),
        }
    }

    fn after_left(&mut self, i: usize, arc: Arc) {
        let starts_here = i == 0 || self.squares[i - 1].tile.is_none();
        if arc.accepts() && starts_here && self.ends_at_anchor {
            self.record();
        }
        let child = arc.child();
        if child == 0 {
            return;
        }
        if i > 0 {
            self.left(i - 1, child);
        }
        if starts_here
            && self.anchor + 1 < SIZE
            && let Some(separator) = self.graph.separator(child)
        {
            self.right(self.anchor + 1, separator.child());
        }
    }

    /// Extends the word rightwards onto square `i` from graph `node`.
    fn right(&mut self, i: usize, node: u32) {
        if node == 0 {
            return;
        }
        match self.squares[i].tile {
            Some((letter, value)) => {
                if let Some(arc) = self.graph.find(node, letter) {
                    self.main_sum += value;
                    self.after_right(i, arc);
                    self.main_sum -= value;
                }
            }
            None => self.place_each(i, node, false),
        }
    }

    fn after_right(&mut self, i: usize, arc: Arc) {
        let ends_here = i + 1 == SIZE || self.squares[i + 1].tile.is_none();
        if arc.accepts() && ends_here {
            self.record();
        }
        if i + 1 < SIZE {
            self.right(i + 1, arc.child());
        }
    }

    /// Tries every rack tile (and blank) that the graph and the cross word
    /// allow on the empty square `i`.
    fn place_each(&mut self, i: usize, node: u32, leftwards: bool) {
        let playable = if self.blanks > 0 { u32::MAX } else { self.rack_letters };
        let wanted = self.squares[i].allowed & playable & !(1 << SEPARATOR);
        // Nothing fits: spare the graph lookup, the costly part of the walk.
        if wanted == 0 || self.placed_count == RACK_SIZE {
            return;
        }
        let graph = self.graph;
        for arc in graph.arcs_among(node, wanted) {
            let letter = arc.letter();
            if self.counts[letter as usize] > 0 {
                self.counts[letter as usize] -= 1;
                let rack_letters = self.rack_letters;
                if self.counts[letter as usize] == 0 {
                    self.rack_letters &= !(1 << letter);
                }
                self.place(i, arc, false, leftwards);
                self.rack_letters = rack_letters;
                self.counts[letter as usize] += 1;
            }
            if self.blanks > 0 {
                self.blanks -= 1;
                self.place(i, arc, true, leftwards);
                self.blanks += 1;
            }
        }
    }

    fn place(&mut self, i: usize, arc: Arc, blank: bool, leftwards: bool) {
        let square = self.squares[i];
        let letter = arc.letter();
        let value = if blank { 0 } else { self.values[letter as usize] } * square.letter_multiplier;
        let cross = if square.has_cross { (square.cross_score + value) * square.word_multiplier } else { 0 };
        let (main_sum, word_multiplier, cross_total) = (self.main_sum, self.word_multiplier, self.cross_total);
        self.main_sum += value;
        self.word_multiplier *= square.word_multiplier;
        self.cross_total += cross;
        self.placed[self.placed_count] = (self.positions[i], PlacedTile { letter: Letter(letter), blank });
        self.placed_count += 1;
        if leftwards {
            self.after_left(i, arc);
        } else {
            self.after_right(i, arc);
        }
        self.placed_count -= 1;
        (self.main_sum, self.word_multiplier, self.cross_total) = (main_sum, word_multiplier, cross_total);
    }

    fn record(&mut self) {
        let placed = &self.placed[..self.placed_count];
        if let [(pos, _)] = placed
            && self.skip_single_with_cross
        {
            let i = self.positions.iter().position(|p| p == pos).unwrap_or(0);
            if self.squares[i].has_cross {
                return;
            }
        }
        let bingo = if placed.len() == RACK_SIZE { self.bingo_bonus } else { 0 };
        let score = self.main_sum * self.word_multiplier + self.cross_total + bingo;
        (self.visit)(placed, score, self.direction);
    }
}
