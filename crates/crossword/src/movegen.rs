//! Move generation: every legal placement of a rack on a board, with its
//! score, walked on the lexicon's GADDAG (see `wocable_lexicon::graph`).
//!
//! For each line of the board (rows for plays across, columns for plays
//! down) the generator computes, for every empty square, the letters
//! whose cross word is a word (a bit mask) and what that cross word's
//! other tiles are worth; then from each anchor it walks the graph left,
//! then right, placing rack tiles, and scores as it goes. The anchors are
//! the last tile of each run of tiles, so that a walk through tiles starts
//! with their letters, and the empty squares where a tile makes a cross
//! word (the centre of an empty board); a placement is found from the
//! rightmost anchor it covers only, so it is found once (as in wolges).

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
    /// An empty square where a tile makes a cross word (or the centre of
    /// an empty board): the anchor of the plays that touch no tile in line.
    hook: bool,
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

/// What the walk calls with each placement it finds, its score and the
/// way it reads.
type Visit<'a> = dyn FnMut(&[(Pos, PlacedTile)], u32, Direction) + 'a;

/// Calls `visit` with every legal placement of `rack` on `board` and its
/// score. A one-tile placement is visited once, whichever way it reads.
/// A family list's left-out words are words of its graph that no placement
/// may form: cross words are kept out by the cross checks, the main word
/// when it is found.
/// The rack is taken as given: one of more than seven tiles (never dealt)
/// would also give placements of more than seven.
pub fn generate(
    board: &Board,
    rack: &[Tile],
    lexicon: &Lexicon,
    scoring: &Scoring,
    visit: impl FnMut(&[(Pos, PlacedTile)], u32, Direction),
) {
    Prepared::new(board, lexicon, scoring).generate(rack, lexicon, scoring, visit);
}

/// A board read for move generation with its cross checks worked out,
/// kept up to date as a search puts tiles down and takes them back: only
/// the lines whose tiles have changed since have theirs worked out again,
/// when moves are next generated.
pub(crate) struct Prepared {
    grid: Grid,
    values: [u32; 32],
    /// The cross checks for plays down (from the rows) and across (from
    /// the columns), by the direction the cross words read, then line by
    /// line.
    checks: [[LineChecks; SIZE]; 2],
    /// The squares that have a cross check, a bit per square, kept as
    /// `checks` are: where a one-tile play may go.
    hooks: [[u32; SIZE]; 2],
    /// The lines changed since their cross checks were worked out, a bit
    /// per line; a hash of how each line's tiles differ from those it had
    /// at first (which names its tiles as well, and costs nothing to
    /// generate once), kept as they change; and the hash each had when its
    /// checks were worked out.
    changed: [u32; 2],
    line_keys: [[u64; SIZE]; 2],
    checked: [[u64; SIZE]; 2],
    /// Cross checks worked out before, in [`KNOWN_CHECKS_WAYS`] slots a
    /// line by the hash of its tiles: a search puts the same tiles on a
    /// line again and again (and takes each play back), and the line then
    /// has the same checks. Named by 64-bit hashes, as the search's table
    /// names positions. Empty until a line changes.
    known_checks: Vec<Option<(u64, LineChecks)>>,
    /// Each line's squares as the walk reads them, by the direction of
    /// the plays along it; the lines to be set up again before they are
    /// walked (a bit per line); whether the board was empty when they
    /// were set up.
    squares: [[[Square; SIZE]; SIZE]; 2],
    stale: [u32; 2],
    set_up_empty: bool,
    /// The placements found along lines, when they are kept.
    memo: Option<Box<LineMemo>>,
}

/// The placements found along each line for the racks and squares
/// walked there. A search's next position changes a few lines only, and
/// each other line gives the same placements for the same rack. Walks
/// are named by 64-bit hashes, as the search's table names positions,
/// and each has a slot of its line's by its hash, where it replaces the
/// one before.
struct LineMemo {
    /// The slots of each line (a power of two).
    ways: usize,
    walks: Vec<Walked>,
    /// A hash of how each line's squares, as the walk reads them
    /// ([`Prepared::square_fields`]), differ from those it had at first,
    /// by the direction of the plays, kept as squares change
    /// ([`square_hash`]).
    fingerprints: [[u64; SIZE]; 2],
}

/// One line's walk: the hash of its squares and rack (`None` before the
/// first), and its placements' tiles, one after another, with each
/// placement's tile count and score.
#[derive(Default)]
struct Walked {
    key: Option<u64>,
    tiles: Vec<(Pos, PlacedTile)>,
    placements: Vec<(usize, u32)>,
}

impl LineMemo {
    fn slot(&self, direction: Direction, line: usize, key: u64) -> usize {
        (direction_index(direction) * SIZE + line) * self.ways + (key as usize & (self.ways - 1))
    }

    /// Whether the walk of `line` with `key` is kept.
    fn holds(&self, direction: Direction, line: usize, key: u64) -> bool {
        self.walks[self.slot(direction, line, key)].key == Some(key)
    }

    /// The walk of `line` with `key`, which `walk` (given where to record
    /// its placements) makes when its slot holds another.
    fn walked(&mut self, direction: Direction, line: usize, key: u64, walk: impl FnOnce(&mut Walked)) -> &Walked {
        let slot = self.slot(direction, line, key);
        let walked = &mut self.walks[slot];
        if walked.key != Some(key) {
            walked.key = Some(key);
            walked.tiles.clear();
            walked.placements.clear();
            walk(walked);
        }
        walked
    }
}

/// A hash of what the `i`-th square of a line holds: a line's hash is its
/// squares' added up (xor), so that a change costs a square's hash, not a
/// line's (splitmix64's finaliser, with the square's place in its line).
fn square_hash(i: usize, fields: u64) -> u64 {
    let mut hash = fields.wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    hash = (hash ^ hash >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash = (hash ^ hash >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ hash >> 31
}

/// The cross checks kept for each line by the hash of its tiles (a power
/// of two): fewer on the web build, whose memory is kept small.
const KNOWN_CHECKS_WAYS: usize = if cfg!(target_arch = "wasm32") { 32 } else { 128 };

/// Mixes `value` into the hash `hash`.
fn mix(hash: u64, value: u64) -> u64 {
    let mixed = (hash ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    mixed ^ mixed >> 29
}

/// The cross checks of one line's squares, in order.
type LineChecks = [Option<(u32, u32)>; SIZE];

/// The places of the bits set in `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let bit = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(bit)
    })
}

/// The squares of a line that have a cross check, a bit per square.
fn hooks_of(checks: &LineChecks) -> u32 {
    (0..SIZE).filter(|i| checks[*i].is_some()).fold(0, |hooks, i| hooks | 1 << i)
}

const ALL_LINES: u32 = (1 << SIZE) - 1;

const DIRECTIONS: [Direction; 2] = [Direction::Across, Direction::Down];

fn direction_index(direction: Direction) -> usize {
    match direction {
        Direction::Across => 0,
        Direction::Down => 1,
    }
}

impl Prepared {
    pub(crate) fn new(board: &Board, lexicon: &Lexicon, scoring: &Scoring) -> Prepared {
        let mut values = [0u32; 32];
        for letter in lexicon.language().letters() {
            values[letter.0 as usize] = scoring.tiles.value(letter);
        }
        let grid = Grid::of(board, &values);
        let mut prepared = Prepared {
            grid,
            values,
            checks: [[[None; SIZE]; SIZE]; 2],
            hooks: [[0; SIZE]; 2],
            changed: [0; 2],
            line_keys: [[0; SIZE]; 2],
            checked: [[0; SIZE]; 2],
            known_checks: Vec::new(),
            squares: DIRECTIONS.map(|direction| {
                std::array::from_fn(|line| {
                    std::array::from_fn(|i| {
                        let premium = scoring.layout.premium(line_pos(direction, line, i));
                        let (letter_multiplier, word_multiplier) =
                            (premium.letter_multiplier(), premium.word_multiplier());
                        Square { letter_multiplier, word_multiplier, ..Square::default() }
                    })
                })
            }),
            stale: [ALL_LINES; 2],
            set_up_empty: false,
            memo: None,
        };
        for cross in DIRECTIONS {
            for line in 0..SIZE {
                prepared.work_out_line(lexicon, cross, line);
                let d = direction_index(cross);
                prepared.hooks[d][line] = hooks_of(&prepared.checks[d][line]);
            }
        }
        prepared
    }

    /// Keeps the placements found along each line, in `ways` slots a line
    /// (a power of two), to give them again without walking where the
    /// line and the rack are as they were: for a search, which generates
    /// again and again on boards a play apart.
    pub(crate) fn remembering(mut self, ways: usize) -> Prepared {
        let ways = ways.next_power_of_two();
        let walks = (0..2 * SIZE * ways).map(|_| Walked::default()).collect();
        self.memo = Some(Box::new(LineMemo { ways, walks, fingerprints: [[0; SIZE]; 2] }));
        self
    }

    /// What the walk reads of the square at `pos` for plays in
    /// `direction`, but its premium (which its line always has), in bits
    /// of their own: its tile, or its cross check and whether it is a hook.
    fn square_fields(&self, direction: Direction, pos: Pos) -> u64 {
        let (line, i) = line_of(direction.other(), pos);
        self.fields(pos, self.checks[direction_index(direction.other())][line][i])
    }

    /// [`Prepared::square_fields`] of the square at `pos`, read with the
    /// cross check `check`.
    fn fields(&self, pos: Pos, check: Option<(u32, u32)>) -> u64 {
        let square = self.square(pos, check, Square::default());
        u64::from(square.allowed)
            | u64::from(square.letter) << 32
            | u64::from(square.value) << 40
            | u64::from(square.hook) << 48
            | u64::from(square.cross_score) << 49
    }

    /// The square at `pos` as the walk reads it, with the cross check
    /// `check`, keeping the premiums of `premiums`.
    fn square(&self, pos: Pos, check: Option<(u32, u32)>, premiums: Square) -> Square {
        let (letter_multiplier, word_multiplier) = (premiums.letter_multiplier, premiums.word_multiplier);
        let mut square =
            Square { letter_multiplier, word_multiplier, letter: self.grid.letter(pos), ..Square::default() };
        if square.letter != 0 {
            square.value = self.grid.value(pos);
            return square;
        }
        square.allowed = ALL_LETTERS;
        square.hook = self.set_up_empty && pos == CENTRE;
        if let Some((allowed, cross_score)) = check {
            square.allowed = allowed;
            square.cross_score = cross_score;
            square.cross_multiplier = square.word_multiplier;
            square.hook = true;
        }
        square
    }

    /// Keeps the fingerprint of the line of plays in `direction` through
    /// `pos`, when walks are kept: its square read `before` and reads
    /// `after`.
    fn refingerprint(&mut self, direction: Direction, pos: Pos, before: u64, after: u64) {
        if let Some(memo) = &mut self.memo {
            let (line, i) = line_of(direction, pos);
            memo.fingerprints[direction_index(direction)][line] ^= square_hash(i, before) ^ square_hash(i, after);
        }
    }

    /// Makes `change` to what the square at `pos` holds, keeping the
    /// fingerprints of both its lines.
    fn change_square(&mut self, pos: Pos, change: impl FnOnce(&mut Prepared)) {
        let before = DIRECTIONS.map(|direction| self.square_fields(direction, pos));
        change(self);
        for (direction, before) in DIRECTIONS.into_iter().zip(before) {
            let after = self.square_fields(direction, pos);
            self.refingerprint(direction, pos, before, after);
        }
    }

    /// Puts `tiles` down (`Some`) or takes them back (`None`) on the
    /// squares given.
    pub(crate) fn change(&mut self, tiles: impl Iterator<Item = (Pos, Option<PlacedTile>)>) {
        for (pos, tile) in tiles {
            let before = self.grid.tile(pos);
            self.change_square(pos, |prepared| prepared.grid.set(pos, tile, &prepared.values));
            for direction in DIRECTIONS {
                let (line, i) = line_of(direction, pos);
                let d = direction_index(direction);
                self.line_keys[d][line] ^= square_hash(i, before) ^ square_hash(i, self.grid.tile(pos));
                self.changed[d] |= 1 << line;
                self.stale[d] |= 1 << line;
            }
        }
    }

    /// Works out again the cross checks of the lines whose letters differ
    /// from when they were last worked out.
    fn refresh(&mut self, lexicon: &Lexicon) {
        for cross in DIRECTIONS {
            let changed = std::mem::take(&mut self.changed[direction_index(cross)]);
            for line in (0..SIZE).filter(|l| changed & 1 << l != 0) {
                if self.line_keys[direction_index(cross)][line] != self.checked[direction_index(cross)][line] {
                    self.check_line(lexicon, cross, line);
                }
            }
        }
    }

    /// Gives one line of cross words its cross checks again, now that its
    /// tiles changed (those kept for its tiles, else worked out), and marks
    /// the lines of plays whose squares' checks changed.
    fn check_line(&mut self, lexicon: &Lexicon, cross: Direction, line: usize) {
        let at = |i: usize| line_pos(cross, line, i);
        let d = direction_index(cross);
        let before = self.checks[d][line];
        let key = self.line_keys[d][line];
        self.checked[d][line] = key;
        if self.known_checks.is_empty() {
            self.known_checks = vec![None; 2 * SIZE * KNOWN_CHECKS_WAYS];
        }
        let slot = (d * SIZE + line) * KNOWN_CHECKS_WAYS + (key as usize & (KNOWN_CHECKS_WAYS - 1));
        match self.known_checks[slot] {
            Some((known, checks)) if known == key => self.checks[d][line] = checks,
            _ => {
                self.work_out_line(lexicon, cross, line);
                self.known_checks[slot] = Some((key, self.checks[d][line]));
            }
        }
        self.hooks[d][line] = hooks_of(&self.checks[d][line]);
        // The i-th square of this line is on the i-th line of the plays
        // these checks serve.
        for (i, check) in before.iter().enumerate() {
            let now = self.checks[d][line][i];
            if now != *check {
                self.stale[direction_index(cross.other())] |= 1 << i;
                let (read, reads) = (self.fields(at(i), *check), self.fields(at(i), now));
                self.refingerprint(cross.other(), at(i), read, reads);
            }
        }
    }

    /// Works out the cross checks of one line of cross words.
    fn work_out_line(&mut self, lexicon: &Lexicon, cross: Direction, line: usize) {
        let checks = &mut self.checks[direction_index(cross)][line];
        *checks = [None; SIZE];
        cross_checks(lexicon.graph(), &self.grid, cross, line, checks);
        if lexicon.is_family() {
            leave_out_cross_words(checks, &self.grid, cross, line, lexicon);
        }
    }

    /// The lines that may have plays, a bit per line, by direction: those
    /// with a tile on them or beside them (the centre row of an empty
    /// board).
    fn playable_lines(&mut self) -> [u32; 2] {
        let with_tiles = self.grid.lines_with_tiles();
        let empty_board = with_tiles == [0; 2];
        if empty_board != self.set_up_empty {
            self.stale = [ALL_LINES; 2];
            // The centre is a hook of an empty board only.
            self.change_square(CENTRE, |prepared| prepared.set_up_empty = empty_board);
        }
        let centre = if empty_board { 1 << CENTRE.row } else { 0 };
        with_tiles.map(|tiles| (tiles | tiles << 1 | tiles >> 1 | centre) & ALL_LINES)
    }

    /// Sets up a line's squares again, if its tiles or cross checks
    /// changed since they were (their premiums, set when the board was
    /// prepared, do not change).
    fn set_up(&mut self, direction: Direction, line: usize) {
        let stale = &mut self.stale[direction_index(direction)];
        if *stale & 1 << line == 0 {
            return;
        }
        *stale &= !(1 << line);
        // The i-th square of this line is the line-th of the i-th line of
        // cross words.
        let d = direction_index(direction);
        for i in 0..SIZE {
            let check = self.checks[direction_index(direction.other())][i][line];
            self.squares[d][line][i] = self.square(line_pos(direction, line, i), check, self.squares[d][line][i]);
        }
    }

    /// Calls `visit` with every legal placement of a rack of one `tile`,
    /// read off the cross checks: the tile makes the word across and the
    /// word down through its square, and each is checked there. Searches
    /// near the end of a game generate for one tile often, and the walk
    /// would read every line for it.
    fn generate_one(&self, tile: Tile, mut visit: impl FnMut(&[(Pos, PlacedTile)], u32, Direction)) {
        let (letters, blank) = match tile {
            Tile::Letter(letter) => (1 << (letter.0 & 31), false),
            Tile::Blank => (ALL_LETTERS, true),
        };
        let [across_hooks, down_hooks] = self.hooks;
        // The squares with a word down, row by row as those with a word
        // across are.
        let mut down_by_row = [0; SIZE];
        for (col, rows) in down_hooks.into_iter().enumerate() {
            bits(rows).for_each(|row| down_by_row[row] |= 1 << col);
        }
        let [across_checks, down_checks] = &self.checks;
        let letters_of = |check: Option<(u32, u32)>| check.map_or(ALL_LETTERS, |(allowed, _)| allowed);
        for row in 0..SIZE {
            for col in bits(across_hooks[row] | down_by_row[row]) {
                // The word across is checked by the cross checks of the
                // plays down, and the other way round.
                let (across, down) = (across_checks[row][col], down_checks[col][row]);
                let allowed = letters & letters_of(across) & letters_of(down);
                let Square { letter_multiplier, word_multiplier, .. } =
                    self.squares[direction_index(Direction::Across)][row][col];
                let pos = line_pos(Direction::Across, row, col);
                // Found across whenever it makes a word across, as the walk
                // finds it.
                let direction = if across.is_some() { Direction::Across } else { Direction::Down };
                for letter in bits(allowed) {
                    let value = if blank { 0 } else { self.values[letter] * letter_multiplier };
                    let word =
                        |check: Option<(u32, u32)>| check.map_or(0, |(_, tiles)| (tiles + value) * word_multiplier);
                    let tile = PlacedTile { letter: Letter(letter as u8), blank };
                    visit(&[(pos, tile)], word(across) + word(down), direction);
                }
            }
        }
    }

    /// Calls `visit` with every legal placement of `rack`, as [`generate`].
    pub(crate) fn generate(
        &mut self,
        rack: &[Tile],
        lexicon: &Lexicon,
        scoring: &Scoring,
        mut visit: impl FnMut(&[(Pos, PlacedTile)], u32, Direction),
    ) {
        self.refresh(lexicon);
        if let [tile] = rack {
            self.generate_one(*tile, visit);
            return;
        }
        let lines = self.playable_lines();
        let graph = lexicon.graph();
        let values = self.values;
        let mut counts = [0u8; 32];
        let mut blanks = 0u8;
        for tile in rack {
            match tile {
                Tile::Letter(l) => counts[l.0 as usize & 31] = counts[l.0 as usize & 31].saturating_add(1),
                Tile::Blank => blanks = blanks.saturating_add(1),
            }
        }
        let rack_letters = (1..32).filter(|l| counts[*l] > 0).fold(0, |mask, l| mask | 1 << l);
        let rack_key = counts.iter().fold(u64::from(blanks), |hash, count| mix(hash, u64::from(*count)));
        let family = lexicon.is_family().then_some(lexicon);
        for direction in DIRECTIONS {
            for line in (0..SIZE).filter(|l| lines[direction_index(direction)] & 1 << l != 0) {
                let key =
                    self.memo.as_ref().map(|memo| mix(memo.fingerprints[direction_index(direction)][line], rack_key));
                // A line whose walk is kept is not read.
                if !self.memo.as_ref().zip(key).is_some_and(|(memo, key)| memo.holds(direction, line, key)) {
                    self.set_up(direction, line);
                }
                let squares = &self.squares[direction_index(direction)][line];
                let walk = |visit: &mut Visit| {
                    Walk {
                        graph,
                        squares,
                        empty: (0..SIZE).filter(|i| squares[*i].letter == 0).fold(0, |mask, i| mask | 1 << i),
                        counts,
                        rack_letters,
                        blanks,
                        values: &values,
                        anchor: 0,
                        lo: 0,
                        hi: SIZE,
                        multiplier: 1,
                        laid: [PlacedTile { letter: Letter(0), blank: false }; SIZE],
                        placed: [(CENTRE, PlacedTile { letter: Letter(0), blank: false }); SIZE],
                        start: 0,
                        line,
                        bingo_bonus: scoring.bingo_bonus,
                        // One-tile plays that also read across are found across.
                        skip_single_with_cross: direction == Direction::Down,
                        family,
                        direction,
                        visit,
                    }
                    .line()
                };
                let (Some(memo), Some(key)) = (&mut self.memo, key) else {
                    walk(&mut visit);
                    continue;
                };
                let walked = memo.walked(direction, line, key, |walked| {
                    walk(&mut |tiles, score, _| {
                        walked.tiles.extend_from_slice(tiles);
                        walked.placements.push((tiles.len(), score));
                    })
                });
                let mut tiles = walked.tiles.as_slice();
                for (count, score) in &walked.placements {
                    let (placed, rest) = tiles.split_at(*count);
                    visit(placed, *score, direction);
                    tiles = rest;
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

/// The line of `direction` that `pos` is on, and its place along it.
fn line_of(direction: Direction, pos: Pos) -> (usize, usize) {
    match direction {
        Direction::Across => (pos.row as usize, pos.col as usize),
        Direction::Down => (pos.col as usize, pos.row as usize),
    }
}

fn line_pos(direction: Direction, line: usize, i: usize) -> Pos {
    match direction {
        Direction::Across => Pos { row: line as u8, col: i as u8 },
        Direction::Down => Pos { row: i as u8, col: line as u8 },
    }
}

/// The board's tiles as letter codes (0: empty) with their values, and
/// how many tiles each row and each column has (by the direction of the
/// plays along them).
struct Grid {
    letters: [[u8; SIZE]; SIZE],
    values: [[u32; SIZE]; SIZE],
    counts: [[u8; SIZE]; 2],
}

impl Grid {
    fn of(board: &Board, values: &[u32; 32]) -> Grid {
        let mut grid = Grid { letters: [[0; SIZE]; SIZE], values: [[0; SIZE]; SIZE], counts: [[0; SIZE]; 2] };
        for (pos, tile) in board.tiles() {
            grid.set(pos, Some(tile), values);
        }
        grid
    }

    /// Puts `tile` on the square at `pos` (`None`: takes it off).
    fn set(&mut self, pos: Pos, tile: Option<PlacedTile>, values: &[u32; 32]) {
        let (row, col) = (pos.row as usize, pos.col as usize);
        let had = self.letters[row][col] != 0;
        self.letters[row][col] = tile.map_or(0, |t| t.letter.0);
        self.values[row][col] = tile.filter(|t| !t.blank).map_or(0, |t| values[t.letter.0 as usize & 31]);
        let change = |count: &mut u8| *count = *count + u8::from(tile.is_some()) - u8::from(had);
        change(&mut self.counts[direction_index(Direction::Across)][row]);
        change(&mut self.counts[direction_index(Direction::Down)][col]);
    }

    fn letter(&self, pos: Pos) -> u8 {
        self.letters[pos.row as usize][pos.col as usize]
    }

    fn value(&self, pos: Pos) -> u32 {
        self.values[pos.row as usize][pos.col as usize]
    }

    /// The square's letter and value in bits of their own (a blank is a
    /// letter worth nothing): what cross checks are worked out from.
    fn tile(&self, pos: Pos) -> u64 {
        u64::from(self.letter(pos)) | u64::from(self.value(pos)) << 8
    }

    /// The rows and the columns that have a tile, a bit per line, indexed
    /// by the direction of the plays along them.
    fn lines_with_tiles(&self) -> [u32; 2] {
        self.counts.map(|counts| (0..SIZE).filter(|line| counts[*line] > 0).fold(0, |lines, line| lines | 1 << line))
    }
}

/// A cross word's letters and tiles' value for each empty square beside a
/// tile in `cross` direction (`None` for the others): the letters that
/// make it a word (bit per letter code) and what its tiles are worth.
/// Each run of tiles is walked once, backwards from its last tile, which
/// serves the square before it and the square after it.
fn cross_checks(graph: WordGraph, grid: &Grid, cross: Direction, line: usize, checks: &mut LineChecks) {
    let accepted = |node: u32| graph.arcs(node).filter(|a| a.accepts()).fold(0, |mask, a| mask | 1 << a.letter());
    let letter = |i: usize| grid.letter(line_pos(cross, line, i));
    let mut set = |i: usize, allowed: u32, score: u32| {
        checks[i] = Some((allowed & ALL_LETTERS, score));
    };
    // The run of tiles that ended last: where it ends, its letters
    // walked backwards from there, and their value.
    let mut previous: Option<(usize, Option<Arc>, u32)> = None;
    let mut i = 0;
    while i < SIZE {
        if letter(i) == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < SIZE && letter(i) != 0 {
            i += 1;
        }
        let end = i - 1;
        let walked = graph.walk(ROOT, (start..=end).rev().map(letter));
        let value = (start..=end).map(|j| grid.value(line_pos(cross, line, j))).sum::<u32>();
        if start > 0 {
            match previous {
                // A square between two runs: "reversed BEFORE · L AFTER",
                // BEFORE walked once and AFTER once per letter.
                Some((previous_end, before, before_value)) if previous_end + 2 == start => {
                    let allowed = before.and_then(|a| graph.separator(a.child())).map_or(0, |separator| {
                        graph
                            .arcs(separator.child())
                            .filter(|arc| {
                                graph.walk(arc.child(), (start..=end).map(letter)).is_some_and(|a| a.accepts())
                            })
                            .fold(0, |mask, arc| mask | 1 << arc.letter())
                    });
                    set(start - 1, allowed, before_value + value);
                }
                // "reversed RUN, L": the whole word reversed.
                _ => set(start - 1, walked.map_or(0, |a| accepted(a.child())), value),
            }
        }
        // "reversed RUN · L", unless a run follows the square.
        if end + 1 < SIZE && (end + 2 == SIZE || letter(end + 2) == 0) {
            let allowed = walked.and_then(|a| graph.separator(a.child())).map_or(0, |sep| accepted(sep.child()));
            set(end + 1, allowed, value);
        }
        previous = Some((end, walked, value));
    }
}

/// Takes out of the cross checks each letter whose cross word `lexicon`
/// (a family list) leaves out.
fn leave_out_cross_words(checks: &mut LineChecks, grid: &Grid, cross: Direction, line: usize, lexicon: &Lexicon) {
    let tiles_from = |pos: Pos, forward: bool| {
        std::iter::successors(pos.step(cross, forward), move |p| p.step(cross, forward))
            .map(|p| grid.letter(p))
            .take_while(|letter| *letter != 0)
            .map(Letter)
    };
    for (i, check) in checks.iter_mut().enumerate() {
        let pos = line_pos(cross, line, i);
        let Some((allowed, _)) = check else { continue };
        let mut before: Vec<Letter> = tiles_from(pos, false).collect();
        before.reverse();
        let after: Vec<Letter> = tiles_from(pos, true).collect();
        let letters = *allowed;
        for letter in (1..32u8).filter(|l| letters & 1 << l != 0) {
            if lexicon.leaves_out(&[&before[..], &[Letter(letter)], &after[..]].concat()) {
                *allowed &= !(1 << letter);
            }
        }
    }
}

struct Walk<'a> {
    graph: WordGraph<'a>,
    squares: &'a [Square; SIZE],
    counts: [u8; 32],
    /// The letters with a tile left on the rack, as a bit mask.
    rack_letters: u32,
    blanks: u8,
    values: &'a [u32; 32],
    /// The square the walk starts from: the last tile of a run of tiles,
    /// or a hook.
    anchor: usize,
    /// The line's empty squares, a bit per square.
    empty: u32,
    /// The squares the placements from this anchor may cover: `lo..hi`.
    /// Right of the anchor they are all empty.
    lo: usize,
    hi: usize,
    /// The main word's multiplier so far.
    multiplier: u32,
    /// The tile laid on each empty square on the way walked.
    laid: [PlacedTile; SIZE],
    /// The placement to visit, in board order.
    placed: [(Pos, PlacedTile); SIZE],
    /// Where the word starts, once the walk has turned right.
    start: usize,
    /// The line walked, which reads in `direction`.
    line: usize,
    bingo_bonus: u32,
    skip_single_with_cross: bool,
    /// A family list, whose left-out words are no main word.
    family: Option<&'a Lexicon>,
    direction: Direction,
    visit: &'a mut Visit<'a>,
}

impl Walk<'_> {
    /// Walks from every anchor of the line. A placement is found from the
    /// rightmost anchor it covers: a run of tiles when it covers one (from
    /// the run's last tile, so the walk starts with those letters, not with
    /// every rack letter), else a hook. Runs of empty squares are taken
    /// from right to left; `end` is where the squares left to anchors
    /// further right begin.
    fn line(&mut self) {
        let mut end = SIZE;
        loop {
            let mut left = end;
            while left > 0 && self.squares[left - 1].letter == 0 {
                left -= 1;
            }
            if left > 0 {
                self.walk_from_tiles(left - 1, end);
            }
            // The square right of the run of tiles belongs to the run.
            let first = left + usize::from(left > 0);
            let mut hi = end;
            for anchor in (first..end).rev() {
                if self.squares[anchor].hook {
                    // No room left for a word of two letters.
                    if hi - first < 2 {
                        break;
                    }
                    self.walk_from_hook(anchor, first, hi);
                    hi = anchor;
                }
            }
            if left == 0 {
                return;
            }
            let mut start = left - 1;
            while start > 0 && self.squares[start - 1].letter != 0 {
                start -= 1;
            }
            // The square left of the run belongs to the run too.
            if start == 0 {
                return;
            }
            end = start - 1;
        }
    }

    /// The placements through the run of tiles that ends on square
    /// `last`, reaching right as far as `hi` (not included).
    fn walk_from_tiles(&mut self, last: usize, hi: usize) {
        let square = &self.squares[last];
        let Some(arc) = self.graph.find(ROOT, square.letter) else { return };
        (self.anchor, self.lo, self.hi) = (last, 0, hi);
        self.go_left(last, arc, Tally { main: square.value, cross: 0 });
    }

    /// The placements on empty squares `lo..hi` that cover the hook
    /// `anchor` and no hook right of it.
    fn walk_from_hook(&mut self, anchor: usize, lo: usize, hi: usize) {
        (self.anchor, self.lo, self.hi) = (anchor, lo, hi);
        self.place_each(anchor, ROOT, Tally { main: 0, cross: 0 }, true);
    }

    /// Goes on leftwards after `arc` took the letter on square `i`: takes
    /// the tiles on the board further left, records the word (it ends at
    /// the anchor), turns right at the separator, and places rack tiles on
    /// the next square left.
    fn go_left(&mut self, mut i: usize, mut arc: Arc, mut tally: Tally) {
        while i > 0 && self.squares[i - 1].letter != 0 {
            i -= 1;
            let Some(next) = self.graph.find(arc.child(), self.squares[i].letter) else { return };
            tally.main += self.squares[i].value;
            arc = next;
        }
        if arc.accepts() {
            self.record(i, self.anchor, tally);
        }
        let child = arc.child();
        if child == 0 {
            return;
        }
        if self.anchor + 1 < self.hi
            && let Some(separator) = self.graph.separator(child)
        {
            self.start = i;
            self.go_right(self.anchor, separator, tally);
        }
        if i > self.lo {
            self.place_each(i - 1, child, tally, true);
        }
    }

    /// Goes on rightwards after `arc` took the letter on square `i` (or
    /// the separator, at the anchor): records the word, and places rack
    /// tiles on the next square, which is empty.
    fn go_right(&mut self, i: usize, arc: Arc, tally: Tally) {
        if arc.accepts() {
            self.record(self.start, i, tally);
        }
        let child = arc.child();
        if i + 1 < self.hi && child != 0 {
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

    /// Visits the placement whose main word covers squares `start..=end`,
    /// if it lays a tile.
    fn record(&mut self, start: usize, end: usize, tally: Tally) {
        let covered = self.empty & ((2 << end) - (1 << start));
        let mut count = 0;
        let mut laid = covered;
        while laid != 0 {
            let i = laid.trailing_zeros() as usize;
            laid &= laid - 1;
            self.placed[count] = (line_pos(self.direction, self.line, i), self.laid[i]);
            count += 1;
        }
        let first = covered.trailing_zeros() as usize;
        if count == 0 || count == 1 && self.skip_single_with_cross && self.squares[first].cross_multiplier > 0 {
            return;
        }
        if let Some(lexicon) = self.family {
            let letter = |i: usize| match self.squares[i].letter {
                0 => self.laid[i].letter,
                on_board => Letter(on_board),
            };
            if lexicon.leaves_out(&(start..=end).map(letter).collect::<Vec<_>>()) {
                return;
            }
        }
        let bingo = if count == RACK_SIZE { self.bingo_bonus } else { 0 };
        (self.visit)(&self.placed[..count], tally.main * self.multiplier + tally.cross + bingo, self.direction);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::{LeaveModel, Level, choose};
    use crate::game::{Game, GameConfig, Intent};
    use crate::rules::RuleSetKind;

    /// Placements with their scores and whether they read across.
    type Found = Vec<(Vec<(Pos, PlacedTile)>, u32, bool)>;

    fn found(mut generate: impl FnMut(&mut dyn FnMut(&[(Pos, PlacedTile)], u32, Direction))) -> Found {
        let mut found = Vec::new();
        generate(&mut |tiles, score, direction| found.push((tiles.to_vec(), score, direction == Direction::Across)));
        found.sort();
        found
    }

    /// A rack of one tile, read off the cross checks, has the one-tile
    /// placements that the walk finds for a rack of two such tiles, with
    /// their scores and the way they read: for every letter and the blank,
    /// through a game (on a board kept up to date), on a whole list and on
    /// a family list.
    #[test]
    fn one_tile_gives_the_one_tile_placements_of_the_walk() {
        let whole = Lexicon::bundled(Language::En);
        for lexicon in [whole.clone(), whole.family()] {
            let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 5);
            let mut game = Game::new(config, lexicon.clone()).expect("a game");
            let tiles: Vec<Tile> = Language::En.letters().map(Tile::Letter).chain([Tile::Blank]).collect();
            let mut prepared = Prepared::new(game.board(), &lexicon, &game.scoring()).remembering(4);
            let mut placements = 0;
            for _ in 0..12 {
                let intent = choose(&game, Level::Strong, &LeaveModel::zero(Language::En), 0);
                if let Intent::Play { tiles, .. } = &intent {
                    prepared.change(tiles.iter().map(|(pos, tile)| (*pos, Some(*tile))));
                }
                game.apply(intent).expect("a move");
                let scoring = game.scoring();
                for tile in &tiles {
                    let one = found(|visit| prepared.generate(&[*tile], &lexicon, &scoring, visit));
                    let walked = found(|visit| prepared.generate(&[*tile; 2], &lexicon, &scoring, visit));
                    let walked: Vec<_> = walked.into_iter().filter(|(tiles, ..)| tiles.len() == 1).collect();
                    assert_eq!(one, walked, "{tile:?}");
                    placements += one.len();
                }
            }
            assert!(placements > 1000, "too few placements to prove anything: {placements}");
        }
    }

    /// A prepared board kept up to date through tiles put down and taken
    /// back, a real tile and then a blank of the same letter on the same
    /// squares, generates what a board read afresh does, for either rack,
    /// whether it keeps what it found along its lines or not.
    #[test]
    fn a_prepared_board_kept_up_to_date_generates_as_a_fresh_one() {
        let lexicons = [Lexicon::bundled(Language::En), Lexicon::bundled(Language::En).family()];
        for (lexicon, remembering) in lexicons.iter().flat_map(|l| [(l.clone(), false), (l.clone(), true)]) {
            let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 3);
            let mut game = Game::new(config, lexicon.clone()).expect("a game");
            for _ in 0..8 {
                game.apply(choose(&game, Level::Strong, &LeaveModel::zero(Language::En), 0)).expect("a move");
            }
            let scoring = game.scoring();
            let mut prepared = Prepared::new(game.board(), &lexicon, &scoring);
            if remembering {
                prepared = prepared.remembering(4);
            }
            let mut board = game.board().clone();
            let (rack, other) = (game.rack(game.turn()).to_vec(), game.rack(1 - game.turn()).to_vec());
            let same = |board: &Board, prepared: &mut Prepared| {
                for tiles in [&other[..], &rack[..], &rack[..1]] {
                    let kept = found(|visit| prepared.generate(tiles, &lexicon, &scoring, visit));
                    assert_eq!(kept, found(|visit| generate(board, tiles, &lexicon, &scoring, visit)));
                }
            };
            for placed in all_moves(game.board(), &rack, &lexicon, &scoring).iter().step_by(5).take(30) {
                for blank in [false, true] {
                    let tiles: Vec<(Pos, PlacedTile)> =
                        placed.tiles.iter().map(|(pos, tile)| (*pos, PlacedTile { blank, ..*tile })).collect();
                    tiles.iter().for_each(|(pos, tile)| board.set(*pos, *tile));
                    prepared.change(tiles.iter().map(|(pos, tile)| (*pos, Some(*tile))));
                    same(&board, &mut prepared);
                    tiles.iter().for_each(|(pos, _)| board.remove(*pos));
                    prepared.change(tiles.iter().map(|(pos, _)| (*pos, None)));
                }
                same(&board, &mut prepared);
            }
        }
    }
}
