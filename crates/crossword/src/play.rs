//! Checking a placement of tiles against the board and the lexicon, and
//! scoring it (§2.4, §2.5).

use crate::board::{Board, CENTRE, Direction, Layout, PlacedTile, Pos};
use crate::error::RuleError;
use serde::{Deserialize, Serialize};
use wocable_lexicon::{Language, Letter, Lexicon, TileSet};

/// New tiles put on the board in one turn.
pub type Placement = Vec<(Pos, PlacedTile)>;

/// A placement that fits on the board, with what it scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoredPlay {
    pub direction: Direction,
    /// First square of the main word.
    pub start: Pos,
    /// Every word formed, main word first.
    pub words: Vec<Vec<Letter>>,
    pub score: u32,
    pub bingo: bool,
}

/// What scoring needs to know besides the board.
pub struct Scoring<'a> {
    pub layout: &'a Layout,
    pub tiles: &'a TileSet,
    pub bingo_bonus: u32,
}

/// Checks the geometry of a placement (§2.4) and scores it. Words are
/// only looked up by [`check_words`], so that a rule set can treat an
/// unknown word differently from a misplaced tile.
pub fn score_placement(
    board: &Board,
    placement: &[(Pos, PlacedTile)],
    scoring: &Scoring,
) -> Result<ScoredPlay, RuleError> {
    let (first, _) = *placement.first().ok_or(RuleError::NoTiles)?;
    // Intents come from players (and saves, and the network): check them.
    if placement.iter().any(|(p, _)| Pos::new(p.row as usize, p.col as usize).is_none()) {
        return Err(RuleError::OffBoard);
    }
    let letters = scoring.tiles.language.letter_count();
    if placement.iter().any(|(_, t)| t.letter.0 == 0 || t.letter.0 as usize > letters) {
        return Err(RuleError::NotALetter);
    }
    let mut squares: Vec<Pos> = placement.iter().map(|(p, _)| *p).collect();
    squares.sort();
    if let Some(pair) = squares.windows(2).find(|w| w[0] == w[1]) {
        return Err(RuleError::SameSquare(pair[0]));
    }
    if let Some(taken) = squares.iter().find(|p| board.get(**p).is_some()) {
        return Err(RuleError::CellTaken(*taken));
    }
    let direction = if squares.iter().all(|p| p.row == first.row)
        && (squares.len() > 1 || has_neighbour(board, first, Direction::Across))
    {
        Direction::Across
    } else if squares.iter().all(|p| p.col == first.col) {
        Direction::Down
    } else {
        return Err(RuleError::NotInLine);
    };

    let new_at = |pos: Pos| placement.iter().find(|(p, _)| *p == pos).map(|(_, t)| *t);
    let tile_at = |pos: Pos| board.get(pos).or_else(|| new_at(pos));

    // Every square between the first and last new tile must hold a tile.
    let last = *squares.last().unwrap_or(&first);
    let mut pos = squares[0];
    while pos != last {
        pos = pos.step(direction, true).ok_or(RuleError::Gap)?;
        if tile_at(pos).is_none() {
            return Err(RuleError::Gap);
        }
    }

    let word_at = |pos: Pos, direction: Direction| -> (Pos, Vec<(Pos, PlacedTile)>) {
        let mut start = pos;
        while let Some(prev) = start.step(direction, false).filter(|p| tile_at(*p).is_some()) {
            start = prev;
        }
        let mut word = Vec::new();
        let mut cursor = Some(start);
        while let Some((p, tile)) = cursor.and_then(|p| tile_at(p).map(|t| (p, t))) {
            word.push((p, tile));
            cursor = p.step(direction, true);
        }
        (start, word)
    };

    let (start, main) = word_at(squares[0], direction);
    let mut words = Vec::new();
    if main.len() >= 2 {
        words.push(main);
    }
    for square in &squares {
        let (_, cross) = word_at(*square, direction.other());
        if cross.len() >= 2 {
            words.push(cross);
        }
    }

    if board.is_empty() {
        if !squares.contains(&CENTRE) {
            return Err(RuleError::FirstMoveMissesCentre);
        }
        if squares.len() < 2 {
            return Err(RuleError::FirstMoveTooShort);
        }
    } else if !squares.iter().any(|p| touches_board(board, *p)) {
        return Err(RuleError::NotConnected);
    }

    let score_word = |word: &[(Pos, PlacedTile)]| -> u32 {
        let mut sum = 0;
        let mut multiplier = 1;
        for (pos, tile) in word {
            let value = if tile.blank { 0 } else { scoring.tiles.value(tile.letter) };
            if new_at(*pos).is_some() {
                let premium = scoring.layout.premium(*pos);
                sum += value * premium.letter_multiplier();
                multiplier *= premium.word_multiplier();
            } else {
                sum += value;
            }
        }
        sum * multiplier
    };
    let bingo = placement.len() == crate::rules::RACK_SIZE;
    let score = words.iter().map(|w| score_word(w)).sum::<u32>() + if bingo { scoring.bingo_bonus } else { 0 };
    Ok(ScoredPlay {
        direction,
        start,
        words: words.iter().map(|w| w.iter().map(|(_, t)| t.letter).collect()).collect(),
        score,
        bingo,
    })
}

fn has_neighbour(board: &Board, pos: Pos, direction: Direction) -> bool {
    [true, false].into_iter().any(|forward| pos.step(direction, forward).and_then(|p| board.get(p)).is_some())
}

fn touches_board(board: &Board, pos: Pos) -> bool {
    has_neighbour(board, pos, Direction::Across) || has_neighbour(board, pos, Direction::Down)
}

impl ScoredPlay {
    /// The words formed, spelt in upper case.
    pub fn spelt(&self, language: Language) -> Vec<String> {
        self.words.iter().map(|w| language.spell(w)).collect()
    }
}

/// Refuses a play any of whose words is not in the lexicon, naming them:
/// words unknown first, else words a family list leaves out.
pub fn check_words(play: &ScoredPlay, lexicon: &Lexicon) -> Result<(), RuleError> {
    let language = lexicon.language();
    let (left_out, unknown): (Vec<&Vec<Letter>>, Vec<&Vec<Letter>>) =
        play.words.iter().filter(|w| !lexicon.contains(w)).partition(|w| lexicon.leaves_out(w));
    let spelt = |words: Vec<&Vec<Letter>>| words.into_iter().map(|w| language.spell(w)).collect();
    match (unknown.is_empty(), left_out.is_empty()) {
        (true, true) => Ok(()),
        (false, _) => Err(RuleError::NotInLexicon(spelt(unknown))),
        (true, false) => Err(RuleError::LeftOut(spelt(left_out))),
    }
}
