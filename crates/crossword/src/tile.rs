//! Tiles in the bag and on racks.

use crate::board::PlacedTile;
use serde::{Deserialize, Serialize};
use wocable_lexicon::{Language, Letter, TileSet};

/// A tile off the board: a letter, or a blank that has no letter yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tile {
    Letter(Letter),
    Blank,
}

impl Tile {
    /// Points for this tile (a blank scores 0).
    pub fn value(self, tiles: &TileSet) -> u32 {
        match self {
            Tile::Letter(letter) => tiles.value(letter),
            Tile::Blank => 0,
        }
    }
}

impl From<PlacedTile> for Tile {
    /// The rack tile that was put down: a blank, whatever it stands for.
    fn from(placed: PlacedTile) -> Tile {
        if placed.blank { Tile::Blank } else { Tile::Letter(placed.letter) }
    }
}

/// The rack tiles a placement uses.
pub fn tiles_used(placement: &[(crate::board::Pos, PlacedTile)]) -> Vec<Tile> {
    placement.iter().map(|(_, t)| Tile::from(*t)).collect()
}

/// Every tile of a full bag, in alphabet order, blanks last.
pub fn full_bag(tiles: &TileSet) -> Vec<Tile> {
    let mut bag: Vec<Tile> =
        tiles.language.letters().flat_map(|l| std::iter::repeat_n(Tile::Letter(l), tiles.count(l) as usize)).collect();
    bag.extend(std::iter::repeat_n(Tile::Blank, tiles.blanks as usize));
    bag
}

/// Sum of the values of some tiles.
pub fn rack_value(rack: &[Tile], tiles: &TileSet) -> u32 {
    rack.iter().map(|t| t.value(tiles)).sum()
}

/// Writes tiles as a GCG rack: letters in alphabet order, `?` for
/// blanks, brackets around multi-letter tiles (`[CH]`).
pub fn format_rack(language: Language, rack: &[Tile]) -> String {
    let mut sorted = rack.to_vec();
    sorted.sort();
    sorted
        .iter()
        .map(|tile| match tile {
            Tile::Blank => "?".to_string(),
            Tile::Letter(l) => bracketed(language.label(*l)),
        })
        .collect()
}

/// A tile label as written in GCG and board strings: `[CH]` for digraphs.
pub fn bracketed(label: &str) -> String {
    if label.chars().count() > 1 { format!("[{label}]") } else { label.to_string() }
}

/// Removes `tiles` from `rack` (one each); `None` if the rack lacks any.
pub fn take_from(rack: &[Tile], tiles: &[Tile]) -> Option<Vec<Tile>> {
    let mut left = rack.to_vec();
    for tile in tiles {
        let i = left.iter().position(|t| t == tile)?;
        left.swap_remove(i);
    }
    Some(left)
}
