//! Text forms of boards, squares, moves and racks: GCG notation (`8D WORD`
//! across, `D8 WORD` down) and the one-line board of the command line.

use crate::board::{Board, Direction, PlacedTile, Pos, SIZE};
use crate::play::Placement;
use crate::tile::{Tile, bracketed};
use thiserror::Error;
use wocable_lexicon::{Language, Letter};

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NotationError {
    #[error("a board is 15 rows joined by '/'; found {0} rows")]
    BoardRows(usize),
    #[error("board row {row} has {len} squares instead of 15")]
    BoardRowLength { row: usize, len: usize },
    #[error("'{0}' is not a square name: write 8D for a play across, D8 for a play down")]
    BadPosition(String),
    #[error("'{0}' is not a tile of this language")]
    BadTile(String),
    #[error("unbalanced brackets in '{0}'")]
    Brackets(String),
    #[error("the word runs off the board")]
    OffBoard,
    #[error("square {0} is empty, but the move marks a tile already there")]
    NoTileThere(Pos),
    #[error("square {pos} holds {found}, not {written}")]
    DifferentTile { pos: Pos, found: String, written: String },
    #[error("the move places no tile")]
    NoNewTile,
    #[error("the word goes on onto {0}: write it whole")]
    WordContinues(Pos),
}

/// One written tile of a move or board row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Written {
    /// `None` for `.`: whatever tile is on the board.
    letter: Option<Letter>,
    blank: bool,
    /// Inside parentheses: a tile already on the board.
    existing: bool,
}

/// Splits text into written tiles: `[CH]`, `(AB)`, `.`, and letters. With
/// `merge`, neighbouring letters of one case that spell a digraph are one
/// tile (a word: CHARRO is CH·A·RR·O, the only reading a lexicon can
/// hold); without, every letter is a tile (a board row, a rack).
fn written_tiles(language: Language, text: &str, merge: bool) -> Result<Vec<Written>, NotationError> {
    struct Unit {
        /// Empty for `.`.
        label: String,
        lower: bool,
        existing: bool,
        /// Written in brackets: never joined with a neighbour.
        bracketed: bool,
    }
    let mut units: Vec<Unit> = Vec::new();
    let mut existing = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '(' if !existing => existing = true,
            ')' if existing => existing = false,
            '(' | ')' => return Err(NotationError::Brackets(text.to_string())),
            '.' => units.push(Unit { label: String::new(), lower: false, existing: true, bracketed: true }),
            '[' => {
                let inner: String = chars.by_ref().take_while(|c| *c != ']').collect();
                let lower = inner.chars().all(char::is_lowercase);
                units.push(Unit { label: inner.to_uppercase(), lower, existing, bracketed: true });
            }
            c if c.is_alphabetic() => {
                let label = language.normalise(&c.to_string()).ok_or_else(|| NotationError::BadTile(c.to_string()))?;
                units.push(Unit { label, lower: c.is_lowercase(), existing, bracketed: false });
            }
            c => return Err(NotationError::BadTile(c.to_string())),
        }
    }
    if existing {
        return Err(NotationError::Brackets(text.to_string()));
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < units.len() {
        let unit = &units[i];
        if unit.label.is_empty() {
            out.push(Written { letter: None, blank: false, existing: true });
            i += 1;
            continue;
        }
        // Greedy: join with the next unit when together they are one tile.
        let joined = units
            .get(i + 1)
            .filter(|next| {
                merge
                    && !unit.bracketed
                    && !next.bracketed
                    && !next.label.is_empty()
                    && next.lower == unit.lower
                    && next.existing == unit.existing
            })
            .and_then(|next| language.letter(&format!("{}{}", unit.label, next.label)));
        let (letter, width) = match joined {
            Some(letter) => (letter, 2),
            None => (language.letter(&unit.label).ok_or_else(|| NotationError::BadTile(unit.label.clone()))?, 1),
        };
        out.push(Written { letter: Some(letter), blank: unit.lower && !unit.existing, existing: unit.existing });
        i += width;
    }
    Ok(out)
}

/// Reads a board: 15 rows joined by `/`; `.` empty, `A` a tile, `a` a blank
/// standing for A, `[CH]`/`[ch]` a digraph tile or blank.
pub fn parse_board(language: Language, text: &str) -> Result<Board, NotationError> {
    let rows: Vec<&str> = text.trim().split('/').collect();
    if rows.len() != SIZE {
        return Err(NotationError::BoardRows(rows.len()));
    }
    let mut board = Board::default();
    for (r, row) in rows.iter().enumerate() {
        let mut squares = Vec::new();
        for w in written_tiles(language, &row.replace(['(', ')'], ""), false)? {
            squares.push(w.letter.map(|letter| PlacedTile { letter, blank: w.blank }));
        }
        if squares.len() != SIZE {
            return Err(NotationError::BoardRowLength { row: r + 1, len: squares.len() });
        }
        for (c, square) in squares.into_iter().enumerate() {
            if let (Some(tile), Some(pos)) = (square, Pos::new(r, c)) {
                board.set(pos, tile);
            }
        }
    }
    Ok(board)
}

/// Writes a board in the form [`parse_board`] reads.
pub fn format_board(language: Language, board: &Board) -> String {
    (0..SIZE)
        .map(|r| {
            (0..SIZE)
                .map(|c| match Pos::new(r, c).and_then(|p| board.get(p)) {
                    None => ".".to_string(),
                    Some(tile) => written_label(language, tile),
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn written_label(language: Language, tile: PlacedTile) -> String {
    let label = bracketed(language.label(tile.letter));
    if tile.blank { label.to_lowercase() } else { label }
}

/// Reads a GCG square: `8D` starts a word across, `D8` a word down.
pub fn parse_position(text: &str) -> Result<(Pos, Direction), NotationError> {
    let bad = || NotationError::BadPosition(text.to_string());
    let text = text.trim();
    let digits = text.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
    let (across, row, col) = if digits > 0 {
        let (row, col) = text.split_at(digits);
        (true, row, col)
    } else {
        let split = text.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?;
        let (col, row) = text.split_at(split);
        (false, row, col)
    };
    let row: usize = row.parse().map_err(|_| bad())?;
    let mut col_chars = col.chars();
    let col = match (col_chars.next(), col_chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => (c.to_ascii_uppercase() as u8 - b'A') as usize,
        _ => return Err(bad()),
    };
    let pos = row.checked_sub(1).and_then(|row| Pos::new(row, col)).ok_or_else(bad)?;
    Ok((pos, if across { Direction::Across } else { Direction::Down }))
}

/// The GCG name of a word's first square.
pub fn format_position(pos: Pos, direction: Direction) -> String {
    match direction {
        Direction::Across => format!("{}{}", pos.row + 1, pos.column_name()),
        Direction::Down => format!("{}{}", pos.column_name(), pos.row + 1),
    }
}

/// Reads a move's position and word (`8D A(V)iATORS`) against the board:
/// tiles in parentheses, `.`, or letters matching the board are tiles
/// already there; the rest are placed.
pub fn parse_move(language: Language, board: &Board, position: &str, word: &str) -> Result<Placement, NotationError> {
    let (start, direction) = parse_position(position)?;
    if let Some(before) = start.step(direction, false).filter(|p| board.get(*p).is_some()) {
        return Err(NotationError::WordContinues(before));
    }
    let mut placement = Vec::new();
    let mut pos = Some(start);
    for written in written_tiles(language, word, true)? {
        let here = pos.ok_or(NotationError::OffBoard)?;
        match (board.get(here), written.letter) {
            (Some(_), None) => {}
            (Some(tile), Some(letter)) if tile.letter == letter => {}
            (Some(tile), Some(letter)) => {
                return Err(NotationError::DifferentTile {
                    pos: here,
                    found: language.label(tile.letter).to_string(),
                    written: language.label(letter).to_string(),
                });
            }
            (None, _) if written.existing => return Err(NotationError::NoTileThere(here)),
            (None, None) => return Err(NotationError::NoTileThere(here)),
            (None, Some(letter)) => placement.push((here, PlacedTile { letter, blank: written.blank })),
        }
        pos = here.step(direction, true);
    }
    if let Some(after) = pos.filter(|p| board.get(*p).is_some()) {
        return Err(NotationError::WordContinues(after));
    }
    if placement.is_empty() {
        return Err(NotationError::NoNewTile);
    }
    Ok(placement)
}

/// Writes a placed word in GCG: tiles already on the board in
/// parentheses, blanks in lower case.
pub fn format_word(
    language: Language,
    board: &Board,
    placement: &[(Pos, PlacedTile)],
    start: Pos,
    direction: Direction,
) -> String {
    let mut tiles = Vec::new();
    let mut pos = Some(start);
    while let Some(here) = pos {
        let tile = match placement.iter().find(|(p, _)| *p == here) {
            Some((_, tile)) => (*tile, false),
            None => match board.get(here) {
                Some(tile) => (tile, true),
                None => break,
            },
        };
        tiles.push(tile);
        pos = here.step(direction, true);
    }
    let mut out = String::new();
    let mut in_existing = false;
    for (i, (tile, existing)) in tiles.iter().enumerate() {
        if *existing != in_existing {
            out.push(if *existing { '(' } else { ')' });
            in_existing = *existing;
        }
        let mut label = written_label(language, *tile);
        // Two letters that read as a digraph (R, R as RR) keep apart.
        let joins_next = tiles.get(i + 1).is_some_and(|(next, next_existing)| {
            next_existing == existing
                && next.blank == tile.blank
                && language.letter(&format!("{}{}", language.label(tile.letter), language.label(next.letter))).is_some()
        });
        if joins_next && !label.starts_with('[') {
            label = format!("[{label}]");
        }
        out.push_str(&label);
    }
    if in_existing {
        out.push(')');
    }
    out
}

/// Reads a rack: letters, `?` for blanks, `[CH]` for digraphs (`CH` is two
/// tiles, C and H).
pub fn parse_rack(language: Language, text: &str) -> Result<Vec<Tile>, NotationError> {
    let blanks = text.chars().filter(|c| *c == '?').count();
    let letters: String = text.chars().filter(|c| *c != '?').collect::<String>().to_uppercase();
    let mut rack: Vec<Tile> = written_tiles(language, &letters, false)?
        .into_iter()
        .map(|w| w.letter.map(Tile::Letter).ok_or_else(|| NotationError::BadTile(".".into())))
        .collect::<Result<_, _>>()?;
    rack.extend(std::iter::repeat_n(Tile::Blank, blanks));
    Ok(rack)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_across_and_down() {
        assert_eq!(parse_position("8D"), Ok((Pos::new(7, 3).unwrap(), Direction::Across)));
        assert_eq!(parse_position("D8"), Ok((Pos::new(7, 3).unwrap(), Direction::Down)));
        assert_eq!(parse_position("15O"), Ok((Pos::new(14, 14).unwrap(), Direction::Across)));
        for bad in ["", "8", "D", "16A", "0A", "8P", "8DD", "A1B"] {
            assert!(parse_position(bad).is_err(), "{bad}");
        }
        assert_eq!(format_position(Pos::new(7, 3).unwrap(), Direction::Down), "D8");
    }

    #[test]
    fn spanish_digraphs_in_moves_and_racks() {
        let board = Board::default();
        let placement = parse_move(Language::Es, &board, "8D", "CHARRO").unwrap();
        let labels: Vec<_> = placement.iter().map(|(_, t)| Language::Es.label(t.letter)).collect();
        assert_eq!(labels, ["CH", "A", "RR", "O"]);
        let apart = parse_move(Language::Es, &board, "8D", "CA[R]RO").unwrap();
        assert_eq!(apart.len(), 5, "a bracket keeps R and R apart");
        assert_eq!(parse_move(Language::Es, &board, "8D", "C[H]A").unwrap().len(), 3, "on both sides");
        let start = Pos::new(7, 3).unwrap();
        assert_eq!(format_word(Language::Es, &board, &apart, start, Direction::Across), "CA[R]RO");
        let bracketed = parse_move(Language::Es, &board, "8D", "[ch]A[RR]O").unwrap();
        assert!(bracketed[0].1.blank && !bracketed[2].1.blank);
        assert_eq!(
            format_word(Language::Es, &board, &bracketed, Pos::new(7, 3).unwrap(), Direction::Across),
            "[ch]A[RR]O"
        );
        let rack = parse_rack(Language::Es, "[CH]AÑ?").unwrap();
        assert_eq!(rack.len(), 4);
        let rr = Language::Es.letter("RR").unwrap();
        assert_eq!(parse_rack(Language::Es, "RR").unwrap().len(), 2, "two R tiles");
        assert_eq!(parse_rack(Language::Es, "[RR]").unwrap(), [Tile::Letter(rr)]);
        let row = format!("CARRO{}", ".".repeat(10));
        let empty = vec![".".repeat(15); 14].join("/");
        let board = parse_board(Language::Es, &format!("{row}/{empty}")).unwrap();
        assert_eq!(board.tiles().count(), 5, "a board square is one letter unless bracketed");
    }

    #[test]
    fn boards_round_trip() {
        let empty = vec![".".repeat(15); 7].join("/");
        let text = format!("{empty}/...AGAVe......./{empty}");
        let board = parse_board(Language::En, &text).unwrap();
        assert_eq!(board.tiles().count(), 5);
        assert_eq!(format_board(Language::En, &board), text);
        assert_eq!(parse_board(Language::En, "..."), Err(NotationError::BoardRows(1)));
    }

    #[test]
    fn moves_through_tiles_on_the_board() {
        let row = |r: &str| r.to_string();
        let mut rows = vec![row("..............."); 15];
        rows[7] = row("...AGAVE.......");
        let board = parse_board(Language::En, &rows.join("/")).unwrap();
        let placement = parse_move(Language::En, &board, "G7", "A(V)iATORS").unwrap();
        assert_eq!(placement.len(), 7);
        assert!(placement[1].1.blank);
        assert_eq!(parse_move(Language::En, &board, "G7", "A.iATORS").unwrap(), placement);
        assert_eq!(parse_move(Language::En, &board, "G7", "AViATORS").unwrap(), placement);
        assert!(matches!(parse_move(Language::En, &board, "G7", "AXiATORS"), Err(NotationError::DifferentTile { .. })));
        assert_eq!(parse_move(Language::En, &board, "8D", "(AGAVE)"), Err(NotationError::NoNewTile));
        assert_eq!(parse_move(Language::En, &board, "8L", "ABCDE"), Err(NotationError::OffBoard));
        let continues = parse_move(Language::En, &board, "8E", "GAVEL");
        assert_eq!(continues, Err(NotationError::WordContinues(Pos::new(7, 3).unwrap())));
        assert!(matches!(parse_move(Language::En, &board, "8A", "BAD"), Err(NotationError::WordContinues(_))));
        let down = Pos::new(6, 6).unwrap();
        assert_eq!(format_word(Language::En, &board, &placement, down, Direction::Down), "A(V)iATORS");
    }
}
