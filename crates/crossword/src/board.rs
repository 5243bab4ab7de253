//! The 15×15 board, its premium layouts and the tiles on it (§2.1).

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;
use wocable_lexicon::Letter;

pub const SIZE: usize = 15;
pub const CENTRE: Pos = Pos { row: 7, col: 7 };

/// A square, 0-based from the top-left corner. GCG names it `8H` (row 8,
/// column H) for plays across and `H8` for plays down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub row: u8,
    pub col: u8,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Option<Pos> {
        (row < SIZE && col < SIZE).then_some(Pos { row: row as u8, col: col as u8 })
    }

    pub(crate) fn index(self) -> usize {
        self.row as usize * SIZE + self.col as usize
    }

    /// The next square in `direction`, if still on the board.
    pub fn step(self, direction: Direction, forward: bool) -> Option<Pos> {
        let (row, col) = (self.row as isize, self.col as isize);
        let delta = if forward { 1 } else { -1 };
        let (row, col) = match direction {
            Direction::Across => (row, col + delta),
            Direction::Down => (row + delta, col),
        };
        (row >= 0 && col >= 0).then(|| Pos::new(row as usize, col as usize)).flatten()
    }

    /// Column letter (A–O).
    pub fn column_name(self) -> char {
        (b'A' + self.col) as char
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_name(), self.row + 1)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    Across,
    Down,
}

impl Direction {
    pub fn other(self) -> Direction {
        match self {
            Direction::Across => Direction::Down,
            Direction::Down => Direction::Across,
        }
    }
}

/// A tile on the board: its letter, and whether it is a blank standing for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlacedTile {
    pub letter: Letter,
    pub blank: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Premium {
    None,
    DoubleLetter,
    TripleLetter,
    DoubleWord,
    TripleWord,
}

impl Premium {
    pub fn letter_multiplier(self) -> u32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            _ => 1,
        }
    }

    pub fn word_multiplier(self) -> u32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            _ => 1,
        }
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum LayoutError {
    #[error("a layout has 15 rows of 15 squares; found {0} rows")]
    Rows(usize),
    #[error("row {row} has {len} squares instead of 15")]
    RowLength { row: usize, len: usize },
    #[error("'{0}' is not a square: use T D t d * or .")]
    Square(char),
}

/// The premium of every square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    premiums: Vec<Premium>,
}

/// The standard tournament board; the centre is a double word.
pub const CLASSIC: &str = "
T..d...T...d..T
.D...t...t...D.
..D...d.d...D..
d..D...d...D..d
....D.....D....
.t...t...t...t.
..d...d.d...d..
T..d...*...d..T
..d...d.d...d..
.t...t...t...t.
....D.....D....
d..D...d...D..d
..D...d.d...D..
.D...t...t...D.
T..d...T...d..T";

/// The Wordfeud default board; the centre is a plain start square.
pub const WEBFEUD: &str = "
t...T..d..T...t
.d...t...t...d.
..D...d.d...D..
...t...D...t...
T...D.d.d.D...T
.t...t...t...t.
..d.d.....d.d..
d..D...*...D..d
..d.d.....d.d..
.t...t...t...t.
T...D.d.d.D...T
...t...D...t...
..D...d.d...D..
.d...t...t...d.
t...T..d..T...t";

impl Layout {
    /// Parses 15 lines of 15 squares: `T` W3, `D` W2, `t` L3, `d` L2, `.`
    /// plain, `*` the centre (a W2 in `centre_premium` boards).
    pub fn parse(text: &str, centre_premium: Premium) -> Result<Layout, LayoutError> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if rows.len() != SIZE {
            return Err(LayoutError::Rows(rows.len()));
        }
        let mut premiums = Vec::with_capacity(SIZE * SIZE);
        for (row, line) in rows.iter().enumerate() {
            let len = line.chars().count();
            if len != SIZE {
                return Err(LayoutError::RowLength { row: row + 1, len });
            }
            for c in line.chars() {
                premiums.push(match c {
                    'T' => Premium::TripleWord,
                    'D' => Premium::DoubleWord,
                    't' => Premium::TripleLetter,
                    'd' => Premium::DoubleLetter,
                    '.' => Premium::None,
                    '*' => centre_premium,
                    other => return Err(LayoutError::Square(other)),
                });
            }
        }
        Ok(Layout { premiums })
    }

    pub fn classic() -> Layout {
        Layout::parse(CLASSIC, Premium::DoubleWord).expect("the classic layout is well formed")
    }

    pub fn webfeud() -> Layout {
        Layout::parse(WEBFEUD, Premium::None).expect("the Webfeud layout is well formed")
    }

    pub fn premium(&self, pos: Pos) -> Premium {
        self.premiums.get(pos.index()).copied().unwrap_or(Premium::None)
    }

    /// Whether it has a premium for every square (a deserialised layout
    /// may not).
    pub fn is_complete(&self) -> bool {
        self.premiums.len() == SIZE * SIZE
    }
}

/// The tiles on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    cells: Vec<Option<PlacedTile>>,
}

impl Default for Board {
    fn default() -> Board {
        Board { cells: vec![None; SIZE * SIZE] }
    }
}

impl Board {
    pub fn get(&self, pos: Pos) -> Option<PlacedTile> {
        self.cells[pos.index()]
    }

    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(Option::is_none)
    }

    pub fn set(&mut self, pos: Pos, tile: PlacedTile) {
        self.cells[pos.index()] = Some(tile);
    }

    /// Takes a tile back off (a search undoing a play it tried).
    pub(crate) fn remove(&mut self, pos: Pos) {
        self.cells[pos.index()] = None;
    }

    /// Every occupied square with its tile, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Pos, PlacedTile)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| cell.map(|tile| (Pos { row: (i / SIZE) as u8, col: (i % SIZE) as u8 }, tile)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(layout: &Layout, premium: Premium) -> usize {
        (0..SIZE * SIZE).filter(|i| layout.premium(Pos::new(i / SIZE, i % SIZE).unwrap()) == premium).count()
    }

    #[test]
    fn classic_layout_counts() {
        let layout = Layout::classic();
        assert_eq!(count(&layout, Premium::TripleWord), 8);
        assert_eq!(count(&layout, Premium::DoubleWord), 17);
        assert_eq!(count(&layout, Premium::TripleLetter), 12);
        assert_eq!(count(&layout, Premium::DoubleLetter), 24);
        assert_eq!(layout.premium(CENTRE), Premium::DoubleWord);
    }

    #[test]
    fn webfeud_layout_counts() {
        let layout = Layout::webfeud();
        assert_eq!(count(&layout, Premium::TripleWord), 8);
        assert_eq!(count(&layout, Premium::DoubleWord), 12);
        assert_eq!(count(&layout, Premium::TripleLetter), 20);
        assert_eq!(count(&layout, Premium::DoubleLetter), 24);
        assert_eq!(layout.premium(CENTRE), Premium::None);
    }

    #[test]
    fn bad_layouts_are_refused() {
        assert_eq!(Layout::parse("T..", Premium::None), Err(LayoutError::Rows(1)));
        let short = CLASSIC.replacen("T..d...T...d..T", "T..d...T...d..", 1);
        assert_eq!(Layout::parse(&short, Premium::None), Err(LayoutError::RowLength { row: 1, len: 14 }));
        let odd = CLASSIC.replacen('T', "X", 1);
        assert_eq!(Layout::parse(&odd, Premium::None), Err(LayoutError::Square('X')));
    }

    #[test]
    fn steps_stay_on_the_board() {
        let corner = Pos::new(0, 0).unwrap();
        assert_eq!(corner.step(Direction::Across, false), None);
        assert_eq!(corner.step(Direction::Down, true), Pos::new(1, 0));
        assert_eq!(Pos::new(14, 14).unwrap().step(Direction::Across, true), None);
    }
}
