//! The move being composed: where the player has put their rack tiles
//! before sending the play. Pure data, so input systems stay small and
//! the rules are only asked once the player acts.

use bevy::prelude::Resource;
use rand::Rng;
use rand::seq::SliceRandom;
use std::sync::atomic::{AtomicU64, Ordering};
use wocable_crossword::Placement;
use wocable_crossword::Tile;
use wocable_crossword::movegen::Move;
use wocable_crossword::{Board, PlacedTile, Pos};
use wocable_lexicon::Letter;

/// Where a rack tile lies while the move is composed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Rack,
    Board(Pos),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComposedTile {
    pub tile: Tile,
    pub spot: Spot,
    /// The letter chosen for a blank put on the board.
    pub blank_letter: Option<Letter>,
}

impl ComposedTile {
    /// The tile as it would lie on the board; `None` for a blank whose
    /// letter is not chosen yet.
    pub fn placed(&self) -> Option<PlacedTile> {
        match self.tile {
            Tile::Letter(letter) => Some(PlacedTile { letter, blank: false }),
            Tile::Blank => self.blank_letter.map(|letter| PlacedTile { letter, blank: true }),
        }
    }
}

/// The rack of the seat on screen and the tiles it has put down.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Composer {
    pub seat: usize,
    tiles: Vec<ComposedTile>,
    /// Indices into `tiles` in the order the player arranged the rack;
    /// tiles on the board keep their place here for when they come back.
    order: Vec<usize>,
    generation: u64,
}

static GENERATIONS: AtomicU64 = AtomicU64::new(1);

impl Composer {
    pub fn new(seat: usize, rack: &[Tile]) -> Composer {
        let tiles = rack.iter().map(|&tile| ComposedTile { tile, spot: Spot::Rack, blank_letter: None }).collect();
        let generation = GENERATIONS.fetch_add(1, Ordering::Relaxed);
        Composer { seat, tiles, order: (0..rack.len()).collect(), generation }
    }

    /// Different for every rack made: tile indices kept from another
    /// generation mean nothing here.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The same seat's new rack, keeping the player's arrangement of the
    /// tiles they still hold; new tiles go to the right.
    pub fn refilled(&self, seat: usize, rack: &[Tile]) -> Composer {
        if seat != self.seat {
            return Composer::new(seat, rack);
        }
        let mut pool: Vec<Option<Tile>> = rack.iter().copied().map(Some).collect();
        let mut arranged = Vec::with_capacity(rack.len());
        for &index in &self.order {
            let tile = self.tiles[index].tile;
            if let Some(slot) = pool.iter_mut().find(|t| **t == Some(tile)) {
                arranged.push(tile);
                *slot = None;
            }
        }
        arranged.extend(pool.into_iter().flatten());
        Composer::new(seat, &arranged)
    }

    pub fn tiles(&self) -> &[ComposedTile] {
        &self.tiles
    }

    /// Indices of the tiles on the rack, left to right.
    pub fn rack(&self) -> impl Iterator<Item = usize> + '_ {
        self.order.iter().copied().filter(|&i| self.tiles[i].spot == Spot::Rack)
    }

    pub fn rack_len(&self) -> usize {
        self.rack().count()
    }

    /// Where tile `index` shows on the rack, if it is there.
    pub fn rack_slot(&self, index: usize) -> Option<usize> {
        self.rack().position(|i| i == index)
    }

    /// The tile put down on `pos`.
    pub fn at(&self, pos: Pos) -> Option<usize> {
        self.tiles.iter().position(|t| t.spot == Spot::Board(pos))
    }

    /// Tiles put down, with their squares.
    pub fn placed(&self) -> impl Iterator<Item = (usize, Pos)> + '_ {
        self.tiles.iter().enumerate().filter_map(|(i, t)| match t.spot {
            Spot::Board(pos) => Some((i, pos)),
            Spot::Rack => None,
        })
    }

    pub fn has_placed(&self) -> bool {
        self.placed().next().is_some()
    }

    /// Puts tile `index` on `pos`. A square holding a played tile refuses
    /// it; a tile put down this turn there goes back to the rack.
    pub fn place(&mut self, index: usize, pos: Pos, board: &Board) -> bool {
        if index >= self.tiles.len() || board.get(pos).is_some() {
            return false;
        }
        if let Some(other) = self.at(pos).filter(|&other| other != index) {
            self.tiles[other].spot = Spot::Rack;
            self.tiles[other].blank_letter = None;
        }
        self.tiles[index].spot = Spot::Board(pos);
        true
    }

    /// Takes tile `index` back to the rack, shown at `slot`.
    pub fn to_rack(&mut self, index: usize, slot: usize) {
        if index >= self.tiles.len() {
            return;
        }
        self.tiles[index].spot = Spot::Rack;
        self.tiles[index].blank_letter = None;
        self.order.retain(|&i| i != index);
        // `slot` counts tiles on the rack; find where that is in `order`.
        let before = self.rack().nth(slot);
        let at = before.and_then(|b| self.order.iter().position(|&i| i == b)).unwrap_or(self.order.len());
        self.order.insert(at, index);
    }

    /// Takes every tile put down back to the rack.
    pub fn recall(&mut self) {
        for tile in &mut self.tiles {
            tile.spot = Spot::Rack;
            tile.blank_letter = None;
        }
    }

    pub fn shuffle(&mut self, rng: &mut impl Rng) {
        self.recall();
        self.order.shuffle(rng);
    }

    pub fn set_blank_letter(&mut self, index: usize, letter: Letter) {
        if let Some(tile) = self.tiles.get_mut(index).filter(|t| t.tile == Tile::Blank) {
            tile.blank_letter = Some(letter);
        }
    }

    /// A blank on the board still waiting for its letter.
    pub fn blank_without_letter(&self) -> Option<usize> {
        self.placed().map(|(i, _)| i).find(|&i| self.tiles[i].placed().is_none())
    }

    /// The tiles put down as a placement for the rules; `None` while a
    /// blank has no letter.
    pub fn placement(&self) -> Option<Placement> {
        self.placed().map(|(i, pos)| Some((pos, self.tiles[i].placed()?))).collect()
    }

    /// The tiles at `indices`, for an exchange.
    pub fn tiles_at(&self, indices: &[usize]) -> Vec<Tile> {
        indices.iter().filter_map(|&i| self.tiles.get(i)).map(|t| t.tile).collect()
    }

    /// Lays a suggested move's tiles from the rack onto the board.
    pub fn lay(&mut self, suggestion: &Move, board: &Board) {
        self.recall();
        for &(pos, placed) in &suggestion.tiles {
            let wanted = if placed.blank { Tile::Blank } else { Tile::Letter(placed.letter) };
            let free = self.rack().find(|&i| self.tiles[i].tile == wanted);
            if let Some(index) = free {
                self.place(index, pos, board);
                if placed.blank {
                    self.set_blank_letter(index, placed.letter);
                }
            }
        }
    }

    /// The rack tile showing `letter`: the letter itself, else a blank.
    pub fn rack_tile_for(&self, letter: Letter) -> Option<usize> {
        let holding = |tile: Tile| self.rack().find(|&i| self.tiles[i].tile == tile);
        holding(Tile::Letter(letter)).or_else(|| holding(Tile::Blank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use wocable_lexicon::Language;

    fn rack(text: &str) -> Vec<Tile> {
        text.chars()
            .map(|c| match c {
                '?' => Tile::Blank,
                c => Tile::Letter(Language::En.letter(&c.to_string()).expect("a letter")),
            })
            .collect()
    }

    fn pos(row: usize, col: usize) -> Pos {
        Pos::new(row, col).expect("on the board")
    }

    #[test]
    fn placing_and_recalling_keeps_the_arrangement() {
        let board = Board::default();
        let mut composer = Composer::new(0, &rack("CAT?"));
        assert!(composer.place(1, pos(7, 7), &board));
        assert_eq!(composer.rack().collect::<Vec<_>>(), vec![0, 2, 3]);
        assert_eq!(composer.rack_slot(2), Some(1));
        // Another tile on the same square sends the first one home.
        assert!(composer.place(0, pos(7, 7), &board));
        assert_eq!(composer.at(pos(7, 7)), Some(0));
        assert_eq!(composer.rack().collect::<Vec<_>>(), vec![1, 2, 3]);
        composer.recall();
        assert!(!composer.has_placed());
        assert_eq!(composer.rack().collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_played_square_refuses_a_tile() {
        let mut board = Board::default();
        let letter = Language::En.letter("A").expect("A");
        board.set(pos(7, 7), PlacedTile { letter, blank: false });
        let mut composer = Composer::new(0, &rack("CAT"));
        assert!(!composer.place(0, pos(7, 7), &board));
        assert!(!composer.has_placed());
    }

    #[test]
    fn tiles_move_along_the_rack() {
        let mut composer = Composer::new(0, &rack("ABCD"));
        composer.to_rack(3, 0);
        assert_eq!(composer.rack().collect::<Vec<_>>(), vec![3, 0, 1, 2]);
        composer.to_rack(3, 9);
        assert_eq!(composer.rack().collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_blank_needs_its_letter_before_it_can_be_played() {
        let board = Board::default();
        let mut composer = Composer::new(0, &rack("A?"));
        composer.place(0, pos(7, 7), &board);
        composer.place(1, pos(7, 8), &board);
        assert_eq!(composer.blank_without_letter(), Some(1));
        assert_eq!(composer.placement(), None);
        let t = Language::En.letter("T").expect("T");
        composer.set_blank_letter(1, t);
        let placement = composer.placement().expect("complete");
        assert_eq!(placement[1], (pos(7, 8), PlacedTile { letter: t, blank: true }));
        // Back on the rack, the blank forgets its letter.
        composer.to_rack(1, 0);
        assert_eq!(composer.tiles()[1].blank_letter, None);
    }

    #[test]
    fn a_refill_keeps_the_tiles_still_held_in_place() {
        let mut composer = Composer::new(0, &rack("ABCD"));
        composer.to_rack(3, 0); // D A B C
        let next = composer.refilled(0, &rack("ABDXY"));
        assert_ne!(next.generation(), composer.generation());
        let letters: Vec<Tile> = next.rack().map(|i| next.tiles()[i].tile).collect();
        assert_eq!(letters, rack("DABXY"));
        assert_eq!(composer.refilled(1, &rack("XY")).rack().count(), 2);
    }

    #[test]
    fn shuffling_recalls_and_keeps_the_tiles() {
        let board = Board::default();
        let mut composer = Composer::new(0, &rack("ABCDEFG"));
        composer.place(0, pos(7, 7), &board);
        composer.shuffle(&mut ChaCha8Rng::seed_from_u64(3));
        assert!(!composer.has_placed());
        let mut order: Vec<usize> = composer.rack().collect();
        order.sort();
        assert_eq!(order, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn typed_letters_use_the_letter_before_a_blank() {
        let composer = Composer::new(0, &rack("?A"));
        let a = Language::En.letter("A").expect("A");
        let z = Language::En.letter("Z").expect("Z");
        assert_eq!(composer.rack_tile_for(a), Some(1));
        assert_eq!(composer.rack_tile_for(z), Some(0));
    }
}
