//! Seeded puzzles (§7.4, §7.6): letters on a wheel or a grid, and for
//! Circle and Grid a crossword of ten familiar words to find, each
//! traceable in the letters. The same seed and language give the same
//! puzzle.

use crate::shape::Shape;
use crate::solver::{self, MIN_LETTERS};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use thiserror::Error;
use wocable_lexicon::{Language, Letter, Lexicon, Offensive, TileSet, TileSetKind};

/// How many words the crossword hides.
pub const WORDS_TO_FIND: usize = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A wheel of 6–7 letters, 2 minutes.
    Circle,
    /// A grid, 4×4 by default, 3 minutes.
    Grid,
    /// A grid with no crossword, 6 minutes: only time ends it.
    Score,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Circle, Mode::Grid, Mode::Score];

    pub fn time_limit_ms(self) -> u64 {
        match self {
            Mode::Circle => 120_000,
            Mode::Grid => 180_000,
            Mode::Score => 360_000,
        }
    }

    /// The fewest bonus words a drawn puzzle offers (§7.6: a healthy number).
    pub fn min_bonus_words(self) -> usize {
        match self {
            Mode::Circle => 15,
            Mode::Grid | Mode::Score => 60,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Circle => "circle",
            Mode::Grid => "grid",
            Mode::Score => "score",
        }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name.to_ascii_lowercase())
    }
}

/// A word of the crossword and where it lies (0-based row and column of its
/// first letter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedWord {
    pub word: Vec<Letter>,
    pub row: i32,
    pub col: i32,
    pub across: bool,
}

impl PlacedWord {
    /// The squares of its letters.
    pub fn squares(&self) -> impl Iterator<Item = ((i32, i32), Letter)> + '_ {
        let (dr, dc) = if self.across { (0, 1) } else { (1, 0) };
        self.word.iter().enumerate().map(move |(k, l)| ((self.row + dr * k as i32, self.col + dc * k as i32), *l))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    pub mode: Mode,
    pub language: Language,
    pub seed: u64,
    pub shape: Shape,
    pub letters: Vec<Letter>,
    /// The crossword's words to find (none in Score), rows and columns
    /// counted from the crossword's top-left corner.
    pub targets: Vec<PlacedWord>,
    /// Every word traceable in the letters, sorted: targets and bonus words.
    pub solutions: Vec<Vec<Letter>>,
}

impl Puzzle {
    pub fn bonus_count(&self) -> usize {
        self.solutions.len().saturating_sub(self.targets.len())
    }

    /// Whether the puzzle holds together as [`generate`] makes them (one
    /// read from a file may not): a letter for each cell of a grid of 4 or
    /// 5 or a wheel of 6 or 7, the language's letters, sorted solutions,
    /// and words to find that are distinct solutions in a crossword of at
    /// most 64 squares a side.
    pub fn is_sound(&self) -> bool {
        let shape_fits = match self.shape {
            Shape::Grid { side } => (4..=5).contains(&side),
            Shape::Wheel { letters } => (6..=7).contains(&letters),
        };
        let letters_known = self.letters.iter().all(|l| self.language.letters().any(|known| known == *l));
        let sorted = self.solutions.windows(2).all(|w| w[0] < w[1]);
        let mut targets: Vec<&Vec<Letter>> = self.targets.iter().map(|t| &t.word).collect();
        targets.sort();
        targets.dedup();
        shape_fits
            && self.letters.len() == self.shape.cells()
            && letters_known
            && sorted
            && targets.len() == self.targets.len()
            && self.targets.iter().all(|t| self.solutions.binary_search(&t.word).is_ok())
            && self
                .targets
                .iter()
                .flat_map(PlacedWord::squares)
                .all(|((row, col), _)| (0..64).contains(&row) && (0..64).contains(&col))
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum PuzzleError {
    #[error("a grid is 4×4 or 5×5, not {0}×{0}")]
    GridSize(usize),
    #[error("no puzzle could be drawn from this seed with this lexicon")]
    NoPuzzle,
}

/// Familiar words (a frequency list), most familiar first.
#[derive(Clone, Debug, Default)]
pub struct Familiar {
    rank: HashMap<Vec<Letter>, usize>,
    /// By rank.
    words: Vec<Vec<Letter>>,
}

impl Familiar {
    /// Reads one word a line, most familiar first; words the language
    /// cannot spell are skipped.
    pub fn parse(language: Language, text: &str) -> Familiar {
        let mut familiar = Familiar::default();
        for line in text.lines() {
            let Some(word) = language.normalise(line).and_then(|w| language.tokenise(&w).ok()) else { continue };
            if word.len() >= MIN_LETTERS && !familiar.rank.contains_key(&word) {
                familiar.rank.insert(word.clone(), familiar.words.len());
                familiar.words.push(word);
            }
        }
        familiar
    }

    /// The list shipped for `language` (`lexicons/familiar/`).
    pub fn bundled(language: Language) -> Familiar {
        match language {
            Language::En => Familiar::parse(language, include_str!("../../../lexicons/familiar/en.txt")),
            Language::Fr => Familiar::parse(language, include_str!("../../../lexicons/familiar/fr.txt")),
            Language::Es => Familiar::parse(language, include_str!("../../../lexicons/familiar/es.txt")),
        }
    }

    fn rank(&self, word: &[Letter]) -> Option<usize> {
        if self.words.is_empty() { Some(0) } else { self.rank.get(word).copied() }
    }
}

/// Draws the puzzle of `seed`.
pub fn generate(
    mode: Mode,
    grid_side: usize,
    lexicon: &Lexicon,
    familiar: &Familiar,
    seed: u64,
) -> Result<Puzzle, PuzzleError> {
    if mode != Mode::Circle && !(4..=5).contains(&grid_side) {
        return Err(PuzzleError::GridSize(grid_side));
    }
    let language = lexicon.language();
    let offensive = Offensive::bundled(language);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _attempt in 0..200 {
        let (shape, letters) = match mode {
            Mode::Circle => wheel_letters(lexicon, familiar, offensive, &mut rng),
            Mode::Grid | Mode::Score => {
                (Shape::Grid { side: grid_side }, grid_letters(lexicon, familiar, offensive, grid_side, &mut rng))
            }
        };
        let Some(letters) = letters else { continue };
        let solutions: Vec<Vec<Letter>> = solver::solve(lexicon, shape, &letters).into_iter().collect();
        if solutions.len() < mode.min_bonus_words() + if mode == Mode::Score { 0 } else { WORDS_TO_FIND } {
            continue;
        }
        let targets = if mode == Mode::Score {
            Vec::new()
        } else {
            // Never a word to find that a child should not be asked for.
            let mut candidates: Vec<&Vec<Letter>> =
                solutions.iter().filter(|w| familiar.rank(w).is_some() && !offensive.contains(w)).collect();
            candidates.sort_by_key(|w| (familiar.rank(w), w.len()));
            match crossword(&candidates, &mut rng) {
                Some(targets) => targets,
                None => continue,
            }
        };
        // A family list's puzzle is its whole list's, less the words it
        // leaves out: the same letters and words to find for everybody.
        let solutions = solutions.into_iter().filter(|w| !lexicon.leaves_out(w)).collect();
        return Ok(Puzzle { mode, language, seed, shape, letters, targets, solutions });
    }
    Err(PuzzleError::NoPuzzle)
}

/// The letters of a familiar word of six or seven letters (never an
/// offensive one), shuffled.
fn wheel_letters(
    lexicon: &Lexicon,
    familiar: &Familiar,
    offensive: &Offensive,
    rng: &mut ChaCha8Rng,
) -> (Shape, Option<Vec<Letter>>) {
    let length = rng.random_range(6..=7usize);
    let usable = |w: &&Vec<Letter>| w.len() == length && lexicon.contains(w) && !offensive.contains(w);
    let pool: Vec<&Vec<Letter>> =
        if familiar.words.is_empty() { Vec::new() } else { familiar.words.iter().filter(usable).take(3000).collect() };
    let shape = Shape::Wheel { letters: length };
    let Some(word) = pool.get(rng.random_range(0..pool.len().max(1))) else {
        // No frequency list: letters drawn like tiles from the bag.
        return (shape, Some(random_letters(lexicon.language(), length, rng)));
    };
    let mut letters = (*word).clone();
    letters.shuffle(rng);
    (shape, Some(letters))
}

/// A grid seeded with familiar words (never offensive ones) laid along
/// random paths, the rest drawn like tiles from the bag.
fn grid_letters(
    lexicon: &Lexicon,
    familiar: &Familiar,
    offensive: &Offensive,
    side: usize,
    rng: &mut ChaCha8Rng,
) -> Option<Vec<Letter>> {
    let shape = Shape::Grid { side };
    let cells = shape.cells();
    let mut grid: Vec<Option<Letter>> = vec![None; cells];
    let usable = |w: &&Vec<Letter>| (4..=side + 3).contains(&w.len()) && lexicon.contains(w) && !offensive.contains(w);
    let pool: Vec<&Vec<Letter>> = familiar.words.iter().filter(usable).take(4000).collect();
    for _ in 0..40 {
        if grid.iter().all(Option::is_some) || pool.is_empty() {
            break;
        }
        let word = pool[rng.random_range(0..pool.len())];
        let start = rng.random_range(0..cells);
        let mut path = Vec::new();
        if lay(shape, &grid, word, start, &mut path, rng) {
            for (cell, letter) in path.iter().zip(word) {
                grid[*cell] = Some(*letter);
            }
        }
    }
    let filler = random_letters(lexicon.language(), cells, rng);
    Some(grid.iter().zip(filler).map(|(cell, fill)| cell.unwrap_or(fill)).collect())
}

/// Finds a path for `word` from `cell` over empty cells or cells already
/// holding the same letter.
fn lay(
    shape: Shape,
    grid: &[Option<Letter>],
    word: &[Letter],
    cell: usize,
    path: &mut Vec<usize>,
    rng: &mut ChaCha8Rng,
) -> bool {
    let fits = grid[cell].is_none_or(|l| l == word[path.len()]) && !path.contains(&cell);
    if !fits {
        return false;
    }
    path.push(cell);
    if path.len() == word.len() {
        return true;
    }
    let mut next: Vec<usize> = (0..shape.cells()).filter(|n| shape.adjacent(cell, *n)).collect();
    next.shuffle(rng);
    for n in next {
        if lay(shape, grid, word, n, path, rng) {
            return true;
        }
    }
    path.pop();
    false
}

/// `count` letters drawn like tiles from a full bag (so common letters
/// come up most).
fn random_letters(language: Language, count: usize, rng: &mut ChaCha8Rng) -> Vec<Letter> {
    let set = TileSet::new(language, TileSetKind::Classic);
    let bag: Vec<Letter> = language.letters().flat_map(|l| std::iter::repeat_n(l, set.count(l) as usize)).collect();
    (0..count).map(|_| bag[rng.random_range(0..bag.len())]).collect()
}

/// Lays out ten of the candidate words (most familiar first) as a
/// connected crossword, or `None`.
fn crossword(candidates: &[&Vec<Letter>], rng: &mut ChaCha8Rng) -> Option<Vec<PlacedWord>> {
    if candidates.len() < WORDS_TO_FIND {
        return None;
    }
    // The most familiar words, a little shuffled so seeds differ.
    let mut order: Vec<&Vec<Letter>> = candidates.iter().take(60).copied().collect();
    for _ in 0..8 {
        order.shuffle(rng);
        order[..].sort_by_key(|w| std::cmp::Reverse(w.len().min(6)));
        let mut layout = Layout::default();
        for word in &order {
            if layout.words.len() == WORDS_TO_FIND {
                break;
            }
            layout.place(word, rng);
        }
        if layout.words.len() == WORDS_TO_FIND {
            return Some(layout.normalised());
        }
    }
    None
}

#[derive(Default)]
struct Layout {
    cells: HashMap<(i32, i32), Letter>,
    words: Vec<PlacedWord>,
}

impl Layout {
    /// Places `word` crossing the layout (or anywhere if empty); false if
    /// it cannot go anywhere, or is already in.
    fn place(&mut self, word: &[Letter], rng: &mut ChaCha8Rng) -> bool {
        if self.words.iter().any(|w| w.word == word) {
            return false;
        }
        if self.words.is_empty() {
            self.add(PlacedWord { word: word.to_vec(), row: 0, col: 0, across: true });
            return true;
        }
        let mut spots = Vec::new();
        for ((r, c), letter) in &self.cells {
            for (k, l) in word.iter().enumerate() {
                if l != letter {
                    continue;
                }
                for across in [true, false] {
                    let (row, col) = if across { (*r, c - k as i32) } else { (r - k as i32, *c) };
                    let spot = PlacedWord { word: word.to_vec(), row, col, across };
                    if self.fits(&spot) {
                        spots.push(spot);
                    }
                }
            }
        }
        if spots.is_empty() {
            return false;
        }
        spots.sort_by_key(|s| (s.row, s.col, s.across));
        let spot = spots.swap_remove(rng.random_range(0..spots.len()));
        self.add(spot);
        true
    }

    fn add(&mut self, word: PlacedWord) {
        for (square, letter) in word.squares() {
            self.cells.insert(square, letter);
        }
        self.words.push(word);
    }

    /// Whether `spot` crosses the layout only where letters agree, runs in
    /// no other word's direction, and touches no other letter.
    fn fits(&self, spot: &PlacedWord) -> bool {
        let (dr, dc) = if spot.across { (0, 1) } else { (1, 0) };
        let len = spot.word.len() as i32;
        let before = (spot.row - dr, spot.col - dc);
        let after = (spot.row + dr * len, spot.col + dc * len);
        if self.cells.contains_key(&before) || self.cells.contains_key(&after) {
            return false;
        }
        let mut crossings = 0;
        for ((r, c), letter) in spot.squares() {
            match self.cells.get(&(r, c)) {
                Some(existing) if *existing != letter => return false,
                Some(_) => {
                    // A crossing must cross: no word here runs the same way.
                    if self.words.iter().any(|w| w.across == spot.across && w.squares().any(|(sq, _)| sq == (r, c))) {
                        return false;
                    }
                    crossings += 1;
                }
                None => {
                    let sides = [(r + dc, c + dr), (r - dc, c - dr)];
                    if sides.iter().any(|s| self.cells.contains_key(s)) {
                        return false;
                    }
                }
            }
        }
        crossings > 0 && crossings < spot.word.len()
    }

    /// The words with rows and columns counted from the top-left corner.
    fn normalised(self) -> Vec<PlacedWord> {
        let top = self.cells.keys().map(|(r, _)| *r).min().unwrap_or(0);
        let left = self.cells.keys().map(|(_, c)| *c).min().unwrap_or(0);
        self.words.into_iter().map(|w| PlacedWord { row: w.row - top, col: w.col - left, ..w }).collect()
    }
}
