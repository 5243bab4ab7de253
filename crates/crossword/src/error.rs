//! Why a move was refused (§2.7). Every refused move changes nothing.

use crate::board::Pos;
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("there is no player {0} in this game")]
    NoSuchPlayer(usize),
    #[error("you have left this game")]
    PlayerLeft,
    #[error("place at least one tile")]
    NoTiles,
    #[error("a tile is off the board")]
    OffBoard,
    #[error("a tile stands for no letter of this language")]
    NotALetter,
    #[error("two tiles are on the same square {0}")]
    SameSquare(Pos),
    #[error("square {0} is already taken")]
    CellTaken(Pos),
    #[error("the tiles are not in one row or one column")]
    NotInLine,
    #[error("the tiles leave a gap")]
    Gap,
    #[error("the word must touch a tile already on the board")]
    NotConnected,
    #[error("the first word must cover the centre star")]
    FirstMoveMissesCentre,
    #[error("the first word needs at least two tiles")]
    FirstMoveTooShort,
    #[error("{} not in the lexicon", not_in_lexicon(.0))]
    NotInLexicon(Vec<String>),
    #[error("tile {0} is not on your rack")]
    TileNotOnRack(String),
    #[error("choose at least one tile to exchange")]
    NothingToExchange,
    #[error("exchange not allowed: the bag has {bag} tiles, {needed} needed")]
    ExchangeNotAllowed { bag: usize, needed: usize },
    /// Only when replaying a record whose racks do not follow from its moves.
    #[error("the racks do not follow from the moves: {0}")]
    ScriptedDraw(String),
    /// Words of the bundled list that a family list leaves out (§1.3).
    #[error("{} left out of the family word list", not_in_lexicon(.0))]
    LeftOut(Vec<String>),
}

fn not_in_lexicon(words: &[String]) -> String {
    match words {
        [word] => format!("word {word} is"),
        words => format!("words {} are", words.join(", ")),
    }
}
